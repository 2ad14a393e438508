package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/padview/padview/api/fake"
)

// Issue 19's input in a real Bubble Tea program: a pasted column opens as
// the worklist at 120×36 and at 60×15.
func TestProgramPastedColumn(t *testing.T) {
	t.Parallel() // each program has its own fake, clock and terminal
	for _, size := range [][2]int{{120, 36}, {60, 15}} {
		s := startFake(t, fake.Options{})
		tm, _ := program(t, demoConfig(s), size[0], size[1])
		waitFor(t, tm, "STANDARD")
		tm.Send(tea.PasteMsg{Content: "AB12CD\nXK9P2M\nTN2026\n"})
		waitFor(t, tm, "Opened a worklist of 3 PAIDs.")
		redraw(tm, size[0], size[1])
		waitFor(t, tm, "worklist 1/3", "Riverside Civic Alliance")
		send(tm, "ctrl+n")
		waitFor(t, tm, "Collectif") // XK9P2M's advertiser
		redraw(tm, size[0], size[1])
		waitFor(t, tm, "worklist 2/3", "Showing XK9P2M")
		m := finalModel(t, tm)
		if m.ex.paid != "XK9P2M" || len(m.list.items) != 3 || s.Stats().Requests != 2 {
			t.Fatalf("%v: on %s, worklist %q, %d requests", size, m.ex.paid, m.list.items, s.Stats().Requests)
		}
	}
}

// A paste that does not fit the input says what was dropped.
func TestProgramCutPaste(t *testing.T) {
	t.Parallel() // each program has its own fake, clock and terminal
	s := startFake(t, fake.Options{})
	tm, _ := program(t, demoConfig(s), 120, 36)
	waitFor(t, tm, "STANDARD")
	tm.Send(tea.PasteMsg{Content: strings.Repeat("Z9", 1500)})
	redraw(tm, 120, 36)
	waitFor(t, tm, "The paste was cut: 952 characters dropped (the input holds 2,048)", "padview --list FILE")
	send(tm, "ctrl+u")
	redraw(tm, 120, 36)
	waitFor(t, tm, "dvertisement PAID, e.g. AB12CD") // the placeholder (its a under the cursor): the input is empty
	if m := finalModel(t, tm); m.input.value() != "" {
		t.Fatalf("ctrl+u left %q", m.input.value())
	}
}

// A worklist item's full-view dialog, cancelled: input, message line,
// panes and the worklist's place go on naming the item on screen.
func TestProgramCancelledItemDialog(t *testing.T) {
	t.Parallel() // each program has its own fake, clock and terminal
	s := startFake(t, fake.Options{})
	cfg := demoConfig(s)
	cfg.Worklist = []string{"AB12CD", s.URL + "/advertisement-full/TN2026", "XK9P2M"}
	tm, clk := program(t, cfg, 120, 36)
	waitFor(t, tm, "worklist 1/3", "Riverside Civic Alliance")
	send(tm, "ctrl+n")
	waitFor(t, tm, "Show personal data", "TN2026")
	clk.add(confirmArmDelay)
	send(tm, "esc")
	waitFor(t, tm, "Full view not opened.")
	redraw(tm, 120, 36)
	scr := waitFor(t, tm, "worklist 1/3", "Showing AB12CD")
	if i := strings.LastIndex(scr, "worklist 1/3"); strings.Contains(scr[i:], "TN2026") {
		t.Fatalf("after the cancel the screen names TN2026:\n%s", scr[i:])
	}
	m := finalModel(t, tm)
	if m.ex.paid != "AB12CD" || m.input.value() != "AB12CD" || m.list.at != 0 || s.Stats().Full != 0 {
		t.Fatalf("on %s, input %q, item %d, %d full-view requests", m.ex.paid, m.input.value(), m.list.at, s.Stats().Full)
	}
}

// TestProgramPastedDuplicatesMerged: a PAID pasted twice, or once as its
// endpoint URL, is one item of the worklist, and the status bar says how
// many were merged; a paste of one PAID twice keeps it for enter.
func TestProgramPastedDuplicatesMerged(t *testing.T) {
	t.Parallel() // each program has its own fake, clock and terminal
	s := startFake(t, fake.Options{})
	tm, _ := program(t, demoConfig(s), 120, 36)
	waitFor(t, tm, "STANDARD")
	tm.Send(tea.PasteMsg{Content: "AB12CD\nXK9P2M\nAB12CD\n" + s.URL + "/advertisement/XK9P2M\nTN2026\n"})
	waitFor(t, tm, "Opened a worklist of 3 PAIDs; merged 2 PAIDs given again.")
	redraw(tm, 120, 36)
	waitFor(t, tm, "worklist 1/3", "Riverside Civic Alliance")
	m := finalModel(t, tm)
	if strings.Join(m.list.items, " ") != "AB12CD XK9P2M TN2026" {
		t.Fatalf("worklist %q", m.list.items)
	}

	m, _ = newModel(t, demoConfig(s), 120, 36)
	next, _ := m.Update(tea.PasteMsg{Content: "ZZ7Q1A, ZZ7Q1A"})
	m = next.(Model)
	if m.input.value() != "ZZ7Q1A" || m.input.problem != "Kept the paste's one PAID, ZZ7Q1A, for enter; merged 1 PAID given again." {
		t.Fatalf("input %q: %q", m.input.value(), m.input.problem)
	}
}
