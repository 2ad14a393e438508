package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/padview/padview/api/fake"
)

// Issue 12's scenarios in a real Bubble Tea program: find, history,
// worklists and the mouse.

// TestProgramFilterToOneSponsor: one sponsor of MANY5000's 5,000, found by
// typing; esc keeps it selected in the whole table.
func TestProgramFilterToOneSponsor(t *testing.T) {
	t.Parallel() // each program has its own fake, clock and terminal
	s := startFake(t, fake.Options{})
	tm, _ := program(t, demoConfig(s), 120, 36)
	tm.Type(fake.ManySponsorsPAID)
	send(tm, "enter")
	waitFor(t, tm, "Showing MANY5000")
	send(tm, "3", "/")
	tm.Type("donor 4711")
	redraw(tm, 120, 36) // the count changes a few cells at a time otherwise
	waitFor(t, tm, "1 of 5,000 sponsors")
	send(tm, "enter", "esc")
	redraw(tm, 120, 36)
	waitFor(t, tm, "5,000 sponsors · entry 4711")
	m := finalModel(t, tm)
	p := m.deck.current().(partiesPane)
	if p.n() != 5000 || p.entry(p.cursor) != 4710 || !strings.Contains(screen(m), "Donor 4711") {
		t.Fatalf("after the find: %d rows, entry %d", p.n(), p.entry(p.cursor)+1)
	}
}

// TestProgramBackForwardAndHistoryList: [ and ] reopen without a request
// (the fake counts them), H lists the lookups and enter reopens one.
func TestProgramBackForwardAndHistoryList(t *testing.T) {
	t.Parallel() // each program has its own fake, clock and terminal
	s := startFake(t, fake.Options{})
	tm, _ := program(t, demoConfig(s), 100, 30)
	tm.Type("AB12CD")
	send(tm, "enter")
	waitFor(t, tm, "Riverside Civic Alliance")
	send(tm, "o")
	tm.Type("XK9P2M")
	send(tm, "enter")
	waitFor(t, tm, "Collectif")
	send(tm, "[")
	redraw(tm, 100, 30)
	waitFor(t, tm, "from this session, fetched")
	send(tm, "]", "H")
	waitFor(t, tm, "This session's lookups", "Advertiser", "Riverside Civic Alliance")
	send(tm, "down", "enter")
	// The reopen arrives as a message: wait for its screen before quitting.
	waitFor(t, tm, "Riverside Civic Alliance Ltd")
	m := finalModel(t, tm)
	if m.ex == nil || m.ex.paid != "AB12CD" || m.modal != nil || s.Stats().Requests != 2 {
		t.Fatalf("exchange %v, %d requests", m.ex, s.Stats().Requests)
	}
}

// TestProgramWorklist: the UI opens on the worklist's first PAID, says
// where it is, and ctrl+n opens the next.
func TestProgramWorklist(t *testing.T) {
	t.Parallel() // each program has its own fake, clock and terminal
	s := startFake(t, fake.Options{})
	cfg := demoConfig(s)
	cfg.Worklist = []string{"AB12CD", "XK9P2M"}
	tm, _ := program(t, cfg, 100, 30)
	waitFor(t, tm, "worklist 1/2", "Riverside Civic Alliance")
	send(tm, "ctrl+n")
	waitFor(t, tm, "Collectif")
	redraw(tm, 100, 30)
	waitFor(t, tm, "worklist 2/2")
	m := finalModel(t, tm)
	if m.ex.paid != "XK9P2M" || m.list.at != 1 || m.list.shown != 1 {
		t.Fatalf("on %s, item %d", m.ex.paid, m.list.at)
	}
}

// TestProgramRowClick: a click on a sponsor row selects it.
func TestProgramRowClick(t *testing.T) {
	t.Parallel() // each program has its own fake, clock and terminal
	s := startFake(t, fake.Options{})
	tm, _ := program(t, demoConfig(s), 120, 36)
	tm.Type(fake.ManySponsorsPAID)
	send(tm, "enter")
	waitFor(t, tm, "Showing MANY5000")
	send(tm, "3")
	waitFor(t, tm, "entry 1 ")
	// Rows start under the header, tab bar, count line and column heads.
	tm.Send(tea.MouseClickMsg{X: 10, Y: newLayout(120, 36).paneInner().y + 2 + 6, Button: tea.MouseLeft})
	redraw(tm, 120, 36)
	waitFor(t, tm, "entry 7 ")
	m := finalModel(t, tm)
	if scr := ansi.Strip(m.View().Content); !strings.Contains(scr, "Name          ◆ Donor 0007") {
		t.Fatalf("the details are not Donor 0007's:\n%s", scr)
	}
}
