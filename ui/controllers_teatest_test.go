package ui

import (
	"testing"

	"github.com/padview/padview/api/fake"
)

// TestProgramControllersNote: in a real program the Controllers tab opens
// on the line that says its entries are data controllers.
func TestProgramControllersNote(t *testing.T) {
	s := startFake(t, fake.Options{})
	tm, _ := program(t, demoConfig(s), 120, 36)
	tm.Type("ES55MAD")
	send(tm, "enter")
	waitFor(t, tm, "Showing ES55MAD")
	send(tm, "4")
	redraw(tm, 120, 36)
	waitFor(t, tm, controllersNote[0], "2 controllers · entry 1")
	send(tm, "tab") // Basic Information: the note is the Controllers tab's own
	redraw(tm, 120, 36)
	waitFor(t, tm, "Madrid respira")
	if m := finalModel(t, tm); m.deck.label() != "Basic Information" {
		t.Fatalf("on %s", m.deck.label())
	}
}
