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

// status is the status bar's message.
type status struct {
	level     statusLevel
	text      string
	retry     bool   // the bar adds how to retry, for the current focus
	requestID string // the server's name for the request, kept longest
}

// fitStatus lays the status bar out in w cells. When it is too narrow it
// gives up, in this order: the time to the next slot, the retry hint, the
// message beyond 16 cells, the budget, the rest of the message, and last
// of all the request id, which support staff need.
func fitStatus(w int, main, hint, rid, budget, slot string) string {
	try := func(main, hint, rid, right string) (string, bool) {
		left := main + hint + rid
		gap := w - lipgloss.Width(left) - lipgloss.Width(right)
		if gap < 1 && right != "" || gap < 0 {
			return "", false
		}
		return fit(left+strings.Repeat(" ", max(0, gap))+right, w), true
	}
	cut := func(s string, n int) string { return ansi.Truncate(s, max(0, n), "…") }
	if s, ok := try(main, hint, rid, budget+slot); ok {
		return s
	}
	if s, ok := try(main, hint, rid, budget); ok {
		return s
	}
	if s, ok := try(main, "", rid, budget); ok {
		return s
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
