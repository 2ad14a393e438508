package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/padview/padview/api/fake"
)

// headerLine is the header of the last whole screen in out (after a
// redraw): from the title to the end of its line, without escapes.
func headerLine(out string) string {
	plain := ansi.Strip(out)
	i := strings.LastIndex(plain, "padview  ")
	if i < 0 {
		return ""
	}
	line := plain[i:]
	if j := strings.IndexAny(line, "\r\n"); j >= 0 {
		line = line[:j]
	}
	return ansi.Strip(line)
}

// The badge says whenever personal data is on screen (issue 17 §1), and
// claims the full view only for the full view: a standard answer that
// holds personal data anyway (AB12CD's advertiser is a natural person,
// ◆ Maren ◆ Holt) reads "STANDARD · ◆ personal data", one that holds none
// (META24) "STANDARD", the full view "FULL · personal data". At 60 columns
// the badge stays whole; the profile and host give way.
func TestProgramBadgeSaysWhenPersonalDataIsOnScreen(t *testing.T) {
	t.Parallel() // each program has its own fake, clock and terminal
	s := startFake(t, fake.Options{})
	for _, w := range []int{100, 60} {
		tm, clk := program(t, demoConfig(s), w, 24)
		waitFor(t, tm, "Look up a political advertisement")
		tm.Type("AB12CD")
		send(tm, "enter")
		waitFor(t, tm, "◆ Maren", "STANDARD · ◆ personal data")
		redraw(tm, w, 24)
		out := waitFor(t, tm, "Showing AB12CD")
		if h := headerLine(out); !strings.HasSuffix(strings.TrimRight(h, " "), "STANDARD · ◆ personal data") || strings.Contains(h, "FULL") {
			t.Errorf("%d columns, AB12CD standard: header %q", w, h)
		}

		send(tm, "o")
		tm.Type("META24")
		send(tm, "enter")
		waitFor(t, tm, "998877665544")
		redraw(tm, w, 24)
		out = waitFor(t, tm, "Showing META24")
		if h := strings.TrimRight(headerLine(out), " "); !strings.HasSuffix(h, "STANDARD") || strings.Contains(h, "personal data") {
			t.Errorf("%d columns, META24 standard: header %q", w, h)
		}

		send(tm, "o")
		tm.Type("AB12CD")
		send(tm, "enter")
		waitFor(t, tm, "STANDARD · ◆ personal data")
		confirm(t, tm, clk)
		waitFor(t, tm, "FULL · personal data")
		redraw(tm, w, 24)
		out = waitFor(t, tm, "Showing AB12CD · full view")
		if h := headerLine(out); strings.Contains(h, "STANDARD") {
			t.Errorf("%d columns, full view: header %q", w, h)
		}
		finalModel(t, tm)
	}
}
