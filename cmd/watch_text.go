package cmd

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/padview/padview/api/notice"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/api/watch"
)

// lineChanges is how many changes an event's one line names; the rest
// are counted, and 'padview watch log' lists them all.
const lineChanges = 3

// lineValue is how many characters of a value an event's one line shows.
const lineValue = 60

// eventLine is an event on one line, as 'padview watch run' prints it.
func eventLine(ev watch.Event) string {
	head := fmt.Sprintf("%s  %s  %s", when(ev.At), text.CleanText(ev.PAID), ev.Kind)
	var parts []string
	switch ev.Kind {
	case watch.Vanished, watch.Failed:
		parts = append(parts, ev.FailureText())
	default:
		if ev.Warning != "" {
			parts = append(parts, "warning: "+text.CleanText(ev.Warning))
		}
		if v := ev.VerdictText(); v != "" {
			parts = append(parts, v)
		}
		var shown []string
		n := 0
		for _, c := range ev.Changes {
			if c.Path == watch.VerdictPath {
				continue // said as the verdict
			}
			n++
			if len(shown) < lineChanges {
				shown = append(shown, c.Text(lineValue))
			}
		}
		if n > 0 {
			more := ""
			if n > len(shown) {
				more = fmt.Sprintf("; and %d more", n-len(shown))
			}
			parts = append(parts, text.Plural(n, "change", "changes")+": "+strings.Join(shown, "; ")+more)
		}
	}
	if len(parts) == 0 {
		return head
	}
	return head + "  " + strings.Join(parts, " · ")
}

// writeEvent writes an event for 'padview watch log': its line, then each
// change on a line of its own, marked + added, - removed, ~ changed.
func writeEvent(w io.Writer, ev watch.Event) {
	head := fmt.Sprintf("%s  %s  %s", when(ev.At), text.CleanText(ev.PAID), ev.Kind)
	switch ev.Kind {
	case watch.Vanished, watch.Failed:
		head += "  " + ev.FailureText()
	default:
		if v := ev.VerdictText(); v != "" {
			head += "  " + v
		}
	}
	fmt.Fprintln(w, head)
	for _, c := range ev.Changes {
		if c.Path == watch.VerdictPath {
			continue
		}
		fmt.Fprintf(w, "    %s %s\n", c.Mark(), c.Text(0))
	}
}

// byPAID groups events (newest first) by advertisement, the one with the
// newest event first, each keeping its events' order.
func byPAID(evs []watch.Event) [][]watch.Event {
	var out [][]watch.Event
	at := map[string]int{}
	for _, ev := range evs {
		i, ok := at[ev.PAID]
		if !ok {
			i = len(out)
			at[ev.PAID] = i
			out = append(out, nil)
		}
		out[i] = append(out[i], ev)
	}
	return out
}

// stripWidth is the width a timeline is drawn in: the terminal's, within
// 60 to 120 columns, or 60 into a pipe or a file.
func stripWidth(w io.Writer) int {
	if f, ok := w.(*os.File); ok && isTerminal(f) {
		if tw := terminalWidth(f); tw > 0 {
			return min(max(tw, 60), 120)
		}
	}
	return 60
}

// writeTimelines writes each advertisement's timeline in width columns,
// then its events as 'padview watch log' lists them.
func writeTimelines(w io.Writer, evs []watch.Event, width int) {
	for i, group := range byPAID(evs) {
		if i > 0 {
			fmt.Fprintln(w)
		}
		for _, l := range watch.NewTimeline(group[0].PAID, group).Draw(width).Lines() {
			fmt.Fprintln(w, l)
		}
		fmt.Fprintln(w)
		for _, ev := range group {
			writeEvent(w, ev)
		}
	}
}

// historyPageWidth is the width of the timeline on a history page.
const historyPageWidth = 100

// writeHistoryPage writes the events as one standalone page: each
// advertisement's timeline and events, as --format text has them.
func writeHistoryPage(w io.Writer, evs []watch.Event, service, version string, now time.Time) error {
	page := notice.History{Service: service, MadeWith: version, WrittenAt: now}
	for _, group := range byPAID(evs) {
		ad := notice.HistoryAd{PAID: group[0].PAID, Timeline: watch.NewTimeline(group[0].PAID, group).Draw(historyPageWidth).Lines()}
		for _, ev := range group {
			e := notice.HistoryEvent{When: when(ev.At), Kind: string(ev.Kind)}
			switch ev.Kind {
			case watch.Vanished, watch.Failed:
				e.Outcome = ev.FailureText()
			default:
				e.Outcome = ev.VerdictText()
			}
			for _, c := range ev.Changes {
				if c.Path != watch.VerdictPath {
					e.Changes = append(e.Changes, c.Mark()+" "+c.Text(0))
				}
			}
			ad.Events = append(ad.Events, e)
		}
		page.Ads = append(page.Ads, ad)
	}
	return notice.HistoryHTML(w, page)
}
