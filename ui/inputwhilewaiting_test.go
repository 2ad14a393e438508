package ui

import (
	"testing"

	"github.com/padview/padview/api/fake"
)

// The user goes to the input while an answer is on its way, to type
// another PAID: the answer, when it comes, leaves the focus there, so the
// PAID's letters and digits are typed, not taken for keys (a 2 for the
// Campaign tab). An answer to a lookup the input still names takes the
// focus to the panes, so every key offered works.
func TestAnswerLeavesTheInputTheUserOpenedWhileWaiting(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 120, 36)
	m = lookUpIn(t, m, "AB12CD")
	next, _ := m.Update(keyMsg("r")) // read again: its answer not fed back yet
	m = next.(Model)
	p := m.sess.pending
	if p == nil {
		t.Fatal("r started no lookup")
	}
	m = press(t, m, "o") // the user goes to type another
	next, _ = m.Update(fetchResult{id: p.id, l: p.l, doc: m.ex.doc, rec: m.ex.rec})
	m = next.(Model)
	if m.focus != focusInput {
		t.Fatalf("the answer took the focus from the input the user opened (focus %v)", m.focus)
	}
	m = press(t, m, "X", "K", "9", "P", "2", "M")
	if got := m.input.value(); got != "XK9P2M" {
		t.Fatalf("typed %q", got)
	}

	// a lookup typed and sent: its answer moves the focus to the panes
	m = lookUpIn(t, m, "TN2026")
	if m.focus != focusPane {
		t.Fatalf("after a typed lookup's answer the focus is %v", m.focus)
	}
}
