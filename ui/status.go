package ui

import (
	"fmt"
	"strings"
	"time"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
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

// statusBar is the latest answer (or the fetch in flight) on the left and
// the rate budget on the right.
func (m Model) statusBar(w int) string {
	st := m.kit.st
	now := m.kit.now()
	var main, hint, rid string
	switch p := m.sess.pending; {
	case p != nil:
		view := ""
		if p.l.view == advert.Full {
			view = " (full view)"
		}
		main = m.spinner.View() + " " + st.Text.Render(fmt.Sprintf("Fetching %s%s…", text.CleanText(p.l.paid), view))
		if b := m.sess.budget; b.Blocked.After(now) {
			main += st.StatusWarn.Render(" rate limited: retrying in " + countdown(b.Blocked.Sub(now)))
		} else if b.Waiting > 0 && b.WaitUntil.After(now) {
			main += st.StatusWarn.Render(" waiting for the rate budget: " + countdown(b.WaitUntil.Sub(now)))
		}
		hint = st.Muted.Render(" · esc cancels")
	case m.sess.retryAt.After(now):
		main = st.StatusWarn.Render(m.status.text + ": try again in " + countdown(m.sess.retryAt.Sub(now)))
		hint = st.Muted.Render(m.retryHint())
		rid = m.status.requestID
	default:
		style := map[statusLevel]lipgloss.Style{levelInfo: st.Text, levelOK: st.StatusOK, levelWarn: st.StatusWarn, levelError: st.StatusError}[m.status.level]
		main = style.Render(m.status.text)
		if m.status.retry {
			hint = st.Muted.Render(m.retryHint())
		}
		rid = m.status.requestID
	}
	if rid != "" {
		rid = st.Muted.Render(" · request id ") + st.Text.Render(text.CleanText(rid))
	}
	budget, slot := m.budgetText(now)
	return fitStatus(w, main, hint, rid, budget, slot)
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

// retryHint says how to retry with the key that works where focus is.
func (m Model) retryHint() string {
	if m.focus == focusInput {
		return " · enter retries"
	}
	return " · r retries"
}

// budgetText is the rate budget ("budget 987/1000", ≈ when it is the local
// estimate) and, apart, the time until the next slot frees.
func (m Model) budgetText(now time.Time) (string, string) {
	if m.sess.client == nil {
		return "", ""
	}
	b := m.sess.budget
	approx := "≈"
	if b.FromServer {
		approx = ""
	}
	style := m.kit.st.Budget
	if b.Limit > 0 && b.Remaining*10 < b.Limit {
		style = m.kit.st.BudgetLow
	}
	budget := style.Render(fmt.Sprintf("budget %s%d/%d", approx, b.Remaining, b.Limit))
	if b.Remaining < b.Limit && b.NextFree.After(now) {
		return budget, style.Render(" · next slot " + countdown(b.NextFree.Sub(now)))
	}
	return budget, ""
}
