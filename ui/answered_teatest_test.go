package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/padview/padview/api/fake"
)

// An answer for another PAID than the one asked for says so above the
// panes (issue 24 §2): SWAP1 is answered with ZZ9999's record, and the
// line over the tabs leads with it, at 100 columns and at 60.
func TestProgramSaysTheAnswerIsForAnotherPAID(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	const warning = "⚠ The service answered for ZZ9999, not SWAP1"
	for _, w := range []int{100, 60} {
		tm, _ := program(t, demoConfig(s), w, 24)
		waitFor(t, tm, "Look up a political advertisement")
		tm.Type(fake.SwappedPAID)
		send(tm, "enter")
		waitFor(t, tm, warning)
		redraw(tm, w, 24)
		out := ansi.Strip(waitFor(t, tm, warning))
		screen := lastScreen(out)
		at, tabs := strings.Index(screen, warning), strings.Index(screen, "Advertiser")
		if at < 0 || tabs < 0 || at > tabs {
			t.Errorf("%d columns: the warning is not above the panes:\n%s", w, screen)
		}
		if w == 100 && !strings.Contains(screen, warning+" · Showing SWAP1") {
			t.Errorf("%d columns: the line does not name what is shown:\n%s", w, screen)
		}

		send(tm, "o")
		tm.Type("AB12CD")
		send(tm, "enter")
		waitFor(t, tm, "Showing AB12CD")
		redraw(tm, w, 24)
		out = ansi.Strip(waitFor(t, tm, "Showing AB12CD"))
		if strings.Contains(lastScreen(out), "answered for") {
			t.Errorf("%d columns: the warning outlives its answer:\n%s", w, lastScreen(out))
		}
		finalModel(t, tm)
	}
}

// lastScreen is the last whole screen of out, stripped: from the last
// header on (all of out where no header was painted whole).
func lastScreen(out string) string {
	return out[max(0, strings.LastIndex(out, "padview  ")):]
}
