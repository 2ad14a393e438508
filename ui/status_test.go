package ui

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/padview/padview/api/fake"
)

// row is line i of the screen (the status bar is h-2, the message line 2).
func row(m Model, i int) string { return strings.Split(screen(m), "\n")[i] }

func statusRow(m Model) string { return row(m, m.layout.height-2) }

// What an action says ("Full view not opened.") goes at the next action:
// a pane switch, v, a click, the wheel. The status bar then shows the
// exchange's own line again, request id and all, while the message line
// named the exchange throughout.
func TestActionMessagesGoAtTheNextAction(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, clk := newModel(t, demoConfig(s), 120, 36)
	m = lookUpIn(t, m, "AB12CD")
	own := statusRow(m)
	requireContains(t, own, "200 · ", "request id fake-1")
	notOpened := func(m Model) Model {
		t.Helper()
		m = press(t, m, "f")
		clk.add(confirmArmDelay)
		m = press(t, m, "esc")
		requireContains(t, statusRow(m), "Full view not opened.")
		requireContains(t, row(m, 2), "Showing AB12CD · standard view")
		return m
	}
	pane := m.layout.paneInner()
	for _, next := range []struct {
		what string
		msg  tea.Msg
	}{
		{"tab", keyMsg("tab")},
		{"a pane's number", keyMsg("9")},
		{"v", keyMsg("v")},
		{"a click on a tab", tea.MouseClickMsg{X: 3, Y: m.layout.tabs.y, Button: tea.MouseLeft}},
		{"the wheel", tea.MouseWheelMsg{X: pane.x + 2, Y: pane.y + 2, Button: tea.MouseWheelDown}},
	} {
		m = notOpened(m)
		nm, cmd := m.Update(next.msg)
		m = settle(t, nm.(Model), cmd)
		if scr := screen(m); strings.Contains(scr, "Full view not opened") {
			t.Errorf("after %s the message stays:\n%s", next.what, scr)
		}
		requireContains(t, statusRow(m), "200 · ", "request id fake-1")
	}
}

// A lookup that failed before it reached the service (no exchange: the
// screen keeps the one before) says why, with how to retry, until the
// next answer: a pane switch does not take it away.
func TestFailureWithoutRequestStaysUntilTheNextAnswer(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 120, 36)
	m = lookUpIn(t, m, "AB12CD")
	m = press(t, m, "o")
	m.input.box.SetValue("XK9P2M")
	next, _ := m.Update(keyMsg("enter")) // sent, its answer not fed back
	m = next.(Model)
	p := m.sess.pending
	next, _ = m.Update(fetchResult{id: p.id, l: p.l, err: errors.New("the access log cannot be written")})
	m = press(t, next.(Model), "tab")
	requireContains(t, statusRow(m), "The access log cannot be written", "retries")
	requireContains(t, row(m, 2), "Showing AB12CD")
	m = lookUpIn(t, m, "TN2026")
	if st := statusRow(m); strings.Contains(st, "access log") || !strings.Contains(st, "200 · ") {
		t.Fatalf("after the next answer: %q", st)
	}
}

// = says what it did in the longest wording that fits beside the budget,
// whole: at 120, 80 and 60 columns.
func TestMarkMessageFits(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	for _, c := range []struct {
		w, h int
		want string
	}{
		{120, 36, "Marked AB12CD (standard view): the next lookup is compared with it · = or esc clears the mark."},
		{80, 24, "Marked AB12CD: the next lookup is compared with it."},
		{60, 15, "Marked AB12CD for comparing."},
	} {
		m, _ := newModel(t, demoConfig(s), c.w, c.h)
		m = lookUpIn(t, m, "AB12CD")
		m = press(t, m, "=")
		if st := statusRow(m); !strings.Contains(st, c.want) || strings.Contains(st, "…") {
			t.Errorf("%d×%d: the status bar reads %q; want %q whole", c.w, c.h, st, c.want)
		}
	}
}

// The Compare tab's first line names both sides in the longest wording
// that fits the pane, whole: at 120, 80 and 60 columns.
func TestCompareHeaderFits(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	for _, c := range []struct {
		w, h int
		want string
	}{
		{120, 36, "Comparing AB12CD (marked) with XK9P2M (on screen) · = or esc clears the mark"},
		{80, 24, "Comparing AB12CD (marked) with XK9P2M (on screen) · = or esc clears the mark"},
		{60, 15, "Comparing AB12CD (marked) with XK9P2M (on screen)"},
	} {
		m, _ := newModel(t, demoConfig(s), c.w, c.h)
		m = lookUpIn(t, m, "AB12CD")
		m = press(t, m, "=")
		m = lookUpIn(t, m, "XK9P2M")
		if m.deck.label() != compareLabel {
			t.Fatalf("%d×%d: on %s", c.w, c.h, m.deck.label())
		}
		if got := strings.TrimSpace(row(m, m.layout.paneInner().y)); got != c.want {
			t.Errorf("%d×%d: the Compare tab starts %q; want %q", c.w, c.h, got, c.want)
		}
	}
}

// A pasted column says what it opened in the status bar, in the longest
// wording that fits, whole; the message line names the exchange once the
// first item's answer is in, with its place in the worklist.
func TestPasteMessageFits(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	for _, c := range []struct {
		w, h int
		want string
	}{
		{120, 36, `Opened a worklist of 3 PAIDs; skipped 1 word that is not a PAID: "PAID".`},
		{80, 24, `Opened a worklist of 3 PAIDs; skipped 1 word: "PAID".`},
		{60, 15, "Worklist of 3 PAIDs; 1 word skipped."},
	} {
		t.Run(fmt.Sprintf("%dx%d", c.w, c.h), func(t *testing.T) {
			m, _ := newModel(t, demoConfig(s), c.w, c.h)
			m = pasteIn(t, m, "PAID\r\nAB12CD\r\nXK9P2M\r\nTN2026\r\n")
			if st := statusRow(m); !strings.Contains(st, c.want) || strings.Contains(st, "…") {
				t.Errorf("the status bar reads %q; want %q whole", st, c.want)
			}
			requireContains(t, row(m, 2), "Showing AB12CD · standard view · worklist 1 of 3")
			m = press(t, m, "ctrl+n")
			requireContains(t, row(m, 2), "Showing XK9P2M · standard view · worklist 2 of 3")
			if strings.Contains(screen(m), "Opened a worklist") {
				t.Errorf("the paste's message outlived the next action:\n%s", screen(m))
			}
		})
	}
}

// The budget's gauge beside its figure: drawn in block characters on a
// colour terminal at 80 columns and more, given up first when the bar is
// short of room, and never drawn without colour (NO_COLOR lowers the
// profile to ASCII) or below 80 columns, where the figure says it alone.
func TestStatusBarBudgetGauge(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	for _, c := range []struct {
		w      int
		colour bool
		gauge  bool
	}{{120, true, true}, {79, true, false}, {60, true, false}, {120, false, false}} {
		m, _ := newModel(t, demoConfig(s), c.w, 24)
		next, _ := m.Update(tea.ColorProfileMsg{Profile: map[bool]colorprofile.Profile{true: colorprofile.ANSI256, false: colorprofile.ASCII}[c.colour]})
		m = lookUpIn(t, next.(Model), "AB12CD")
		bar := statusRow(m)
		has := regexp.MustCompile(`of 1,000 left [█▉▊▋▌▍▎▏]+░* · `).MatchString(bar)
		if has != c.gauge || lipgloss.Width(bar) != c.w {
			t.Errorf("%d columns, colour %v: gauge %v in %q", c.w, c.colour, has, bar)
		}
	}
	line := fitStatus(60, []string{"Showing AB12CD · standard view"}, "", " · request id fake-1", "≈999 of 1,000 left", " ███████▉", " · window resets in 59s")
	if strings.Contains(line, "█") || !strings.Contains(line, "≈999 of 1,000 left") {
		t.Errorf("the gauge stayed on a short bar: %q", line)
	}
}
