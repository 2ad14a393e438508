package ui

import (
	"strings"
	"testing"

	"github.com/padview/padview/api/fake"
)

// Issue 24, item 4: the confirmation keeps what was typed, and a purpose
// is tied to one advertisement.

// TestProgramTypedPurposeEnterEnter: 5, a purpose typed, enter, enter opens
// the full view with that purpose (the first enter moved the focus to
// Show personal data, not back to Cancel).
func TestProgramTypedPurposeEnterEnter(t *testing.T) {
	t.Parallel() // each program has its own fake, clock and terminal
	s := startFake(t, fake.Options{})
	tm, clk := program(t, demoConfig(s), 100, 30)
	tm.Type("AB12CD")
	send(tm, "enter")
	waitFor(t, tm, "Riverside Civic Alliance")
	send(tm, "f")
	waitFor(t, tm, "Show personal data")
	clk.add(confirmArmDelay)
	send(tm, "5")
	tm.Type("ticket 4711")
	send(tm, "enter", "enter")
	waitFor(t, tm, "FULL · personal data")
	m := finalModel(t, tm)
	if m.sess.reason != "ticket 4711" || s.Stats().Full != 1 {
		t.Fatalf("reason %q, %d full-view requests", m.sess.reason, s.Stats().Full)
	}
}

// TestProgramCancelKeepsThePurpose: a purpose picked and typed, then
// cancelled, is said to be kept, and the next f opens with it.
func TestProgramCancelKeepsThePurpose(t *testing.T) {
	t.Parallel() // each program has its own fake, clock and terminal
	s := startFake(t, fake.Options{})
	tm, clk := program(t, demoConfig(s), 100, 30)
	tm.Type("AB12CD")
	send(tm, "enter")
	waitFor(t, tm, "Riverside Civic Alliance")
	send(tm, "f")
	waitFor(t, tm, "Show personal data")
	clk.add(confirmArmDelay)
	send(tm, "3", "5")
	tm.Type("ticket 9")
	send(tm, "esc", "n")
	waitFor(t, tm, "Full view not opened; the purpose is kept for the next f.")
	send(tm, "f")
	waitFor(t, tm, "[3 Support request]", "ticket 9")
	m := finalModel(t, tm)
	if s.Stats().Full != 0 || m.draft.choice != 3 || m.draft.detail != "ticket 9" {
		t.Fatalf("%d full-view requests; draft %+v", s.Stats().Full, m.draft)
	}
}

// TestProgramPurposeIsForOnePAID: in the full view with a purpose given
// for AB12CD, a lookup of XK9P2M asks again, naming where the purpose came
// from; cancelling it requests nothing and AB12CD stays.
func TestProgramPurposeIsForOnePAID(t *testing.T) {
	t.Parallel() // each program has its own fake, clock and terminal
	s := startFake(t, fake.Options{})
	tm, clk := program(t, demoConfig(s), 120, 36)
	tm.Type("AB12CD")
	send(tm, "enter")
	waitFor(t, tm, "Riverside Civic Alliance")
	send(tm, "f")
	waitFor(t, tm, "Show personal data")
	clk.add(confirmArmDelay)
	send(tm, "1", "y")
	waitFor(t, tm, "FULL · personal data")
	send(tm, "o")
	tm.Type("XK9P2M")
	send(tm, "enter")
	waitFor(t, tm, "The purpose: Compliance review (from AB12CD). y confirms", "it for XK9P2M; change it below.")
	clk.add(confirmArmDelay)
	send(tm, "n")
	waitFor(t, tm, "Full view not opened")
	m := finalModel(t, tm)
	if s.Stats().Full != 1 || m.ex.paid != "AB12CD" || !strings.Contains(m.sess.reason, "Compliance review") {
		t.Fatalf("%d full-view requests; on %s", s.Stats().Full, m.ex.paid)
	}
}
