package ui

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

type statusLevel int

const (
	levelInfo statusLevel = iota
	levelOK
	levelWarn
	levelError
)

// What padview says, where, and for how long: the rule, in one place.
//
//   - The message line, under the input, names the exchange on screen
//     (messageLine: "Showing AB12CD · standard view · worklist 1 of 3").
//     Two things go above it: what is wrong with the input, until the input
//     changes, and a notice padview gives on its own about a lookup (the
//     pasted URL was for another host, the service refused the full view,
//     the full view ended when idle, the keyring, the watch database),
//     until the next action (Model.seen).
//   - The status bar's left side says what the last action did (Model.status:
//     "Marked AB12CD…", "Copied…", "Full view not opened.", "Opened a
//     worklist of 3 PAIDs"), until the next action; then, or when nothing was
//     said, it shows the latest lookup's own line (Model.line: its status,
//     latency and request id, or why it did not reach the service), or the
//     fetch in flight.
//   - The copy toast stays until the next action or its time.
//
// An action is a key press, a paste, a click or the wheel: whatever it does
// next changes what is on screen. An answer arriving is not one: what the
// action that asked for it said stays until the user has done something.

// status is a line of the status bar: the latest lookup's own line, or what
// an action said.
type status struct {
	level     statusLevel
	text      string
	short     []string // shorter wordings of text, longest first: the bar shows the longest that fits
	retry     bool     // the bar adds how to retry, for the current focus
	requestID string   // the server's name for the request, kept longest
}

// wordings is the status's text and its shorter wordings, longest first.
func (s status) wordings() []string { return append([]string{s.text}, s.short...) }

// fitStatus lays the status bar out in w cells; mains are the message's
// wordings, longest first, each styled. When it is too narrow it gives up,
// in this order: the budget's gauge (its figure says the same), the time
// to the next slot, the retry hint, the longer wordings, the message
// beyond 16 cells, the budget, the rest of the message, and last of all
// the request id, which support staff need.
func fitStatus(w int, mains []string, hint, rid, budget, gauge, slot string) string {
	try := func(main, hint, rid, right string) (string, bool) {
		left := main + hint + rid
		gap := w - lipgloss.Width(left) - lipgloss.Width(right)
		if gap < 1 && right != "" || gap < 0 {
			return "", false
		}
		return fit(left+strings.Repeat(" ", max(0, gap))+right, w), true
	}
	cut := func(s string, n int) string { return ansi.Truncate(s, max(0, n), "…") }
	main := mains[0]
	if s, ok := try(main, hint, rid, budget+gauge+slot); gauge != "" && ok {
		return s
	}
	if s, ok := try(main, hint, rid, budget+slot); ok {
		return s
	}
	if s, ok := try(main, hint, rid, budget); ok {
		return s
	}
	for _, main = range mains {
		if s, ok := try(main, "", rid, budget); ok {
			return s
		}
	}
	room := w - lipgloss.Width(rid) - lipgloss.Width(budget) - 1
	if room >= min(16, lipgloss.Width(main)) {
		s, _ := try(cut(main, room), "", rid, budget)
		return s
	}
	room = w - lipgloss.Width(rid)
	if room >= 1 {
		return fit(cut(main, room)+rid, w)
	}
	return fit(strings.TrimPrefix(ansi.Strip(rid), " · "), w)
}
