package ui

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/padview/padview/api/stamp"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/api/watch"
)

// The History tab's bounds: it reads the newest maxHistoryEvents events
// of an advertisement and lays out at most maxEventChanges changes of
// one; `padview watch log PAID` lists everything.
const (
	maxHistoryEvents = 100
	maxEventChanges  = 500
)

// watchHistory is what the watch database holds of one watched
// advertisement: its place on the watchlist and its stored events,
// newest first, already in words. Each snapshot padview stored is the
// snapshot of an event (first, changed, reappeared), whose changes are
// those from the snapshot before; vanished and failed polls are events
// without one. It is read and worded in a command (readHistory), so the
// pane only lays it out.
type watchHistory struct {
	paid   string
	run    string // the command that polls it: "padview watch run"
	info   watch.Watch
	events []historyEvent
	more   bool       // older events were left out (maxHistoryEvents)
	hay    *lineIndex // an event a line, every word of it, for the find
	// timeline is the events read as marks over time, drawn as a strip
	// above the list (stripLines).
	timeline watch.Timeline
	// problem is why the database could not be read (or written, for w);
	// then nothing else is known, not even whether it is watched.
	problem string
}

// isWatched reports whether h says the advertisement is watched.
func (h *watchHistory) isWatched() bool { return h != nil && h.problem == "" }

// historyEvent is one event in words.
type historyEvent struct {
	id      int64
	at      time.Time
	kind    watch.Kind
	outcome string   // the verdict it leads to, or the failure's status
	count   int      // the changes it recorded, but the verdict's (which outcome and verdict say)
	verdict string   // "verdict complete → INCOMPLETE", or ""
	failure string   // vanished, failed: "410 · …"
	changes []change // at most maxEventChanges
}

// change is one change in words, with its mark: + added, - removed, ~
// changed.
type change struct{ mark, text string }

// readHistory reads the history of paid: nil when it is not watched. run
// is the command that polls it, for what the tab says.
func readHistory(ctx context.Context, s WatchStore, paid, run string) (*watchHistory, error) {
	w, ok, err := s.Watch(paid)
	if err != nil || !ok {
		return nil, err
	}
	evs, err := s.Events(ctx, watch.Query{PAIDs: []string{paid}, Limit: maxHistoryEvents + 1})
	if err != nil {
		return nil, err
	}
	h := &watchHistory{paid: paid, run: run, info: w, hay: &lineIndex{}}
	if len(evs) > maxHistoryEvents {
		evs, h.more = evs[:maxHistoryEvents], true
	}
	h.timeline = watch.NewTimeline(paid, evs)
	for _, ev := range evs {
		e := historyEvent{id: ev.ID, at: ev.At, kind: ev.Kind, verdict: ev.VerdictText()}
		switch ev.Kind {
		case watch.Vanished, watch.Failed:
			e.failure = ev.FailureText()
			e.outcome = "no answer"
			if ev.Status != 0 {
				e.outcome = fmt.Sprintf("HTTP %d", ev.Status)
			}
		default:
			e.outcome = watch.VerdictWord(ev.Verdict.After)
		}
		for _, c := range ev.Changes {
			if c.Path == watch.VerdictPath {
				continue // said as the verdict
			}
			e.count++
			if len(e.changes) < maxEventChanges {
				e.changes = append(e.changes, change{c.Mark(), c.Text(0)})
			}
		}
		h.events = append(h.events, e)
		h.hay.add(strings.Join(e.words(), "\x1f")) // the unit separator: cleaned out of every text
	}
	return h, nil
}

// what is how many changes the event recorded, for the list; nothing for
// an event that compares with nothing.
func (e historyEvent) what() string {
	switch e.kind {
	case watch.First, watch.Vanished, watch.Failed:
		return ""
	}
	if e.count == 0 && e.verdict != "" {
		return "verdict only"
	}
	return text.Plural(e.count, "change", "changes")
}

// row is the event as a line of the list.
func (e historyEvent) row() string {
	return strings.TrimRight(fmt.Sprintf("%s  %-10s  %-10s  %s", stamp.Minute(e.at), e.kind, e.outcome, e.what()), " ")
}

// head is the event's first line in full.
func (e historyEvent) head() string {
	parts := []string{string(e.kind), stamp.Second(e.at)}
	if e.verdict != "" {
		parts = append(parts, e.verdict)
	}
	if e.failure != "" {
		parts = append(parts, e.failure)
	}
	return strings.Join(parts, " · ")
}

// note says what an event without changes means.
func (e historyEvent) note() string {
	switch e.kind {
	case watch.First:
		return "The first snapshot: later polls are compared with it."
	case watch.Vanished:
		return "The service no longer has it; a later poll says when it reappears."
	case watch.Failed:
		return "No answer to keep: not a change. padview watch run tries again at its next sweep."
	case watch.Reappeared:
		return "Back as it was before it vanished."
	}
	if e.count == 0 {
		return "Only the transparency verdict changed."
	}
	return ""
}

// words is everything the event says, as the find seeks it.
func (e historyEvent) words() []string {
	out := []string{e.row(), e.head()}
	for _, c := range e.changes {
		out = append(out, c.mark+" "+c.text)
	}
	return out
}
