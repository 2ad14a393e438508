package ui

import (
	"fmt"
	"testing"

	"github.com/padview/padview/api/fake"
)

// TestProgramControllersNote: in a real program, at 120×36, 80×24 and
// 60×15, the Controllers tab opens on the line that says its entries are
// data controllers and processors, in the longest wording that fits; it
// counts ES55MAD's by role and heads their column Role; the Sponsors tab
// heads its column Kind.
func TestProgramControllersNote(t *testing.T) {
	t.Parallel() // each program has its own fake, clock and terminal
	for i, size := range [][2]int{{120, 36}, {80, 24}, {60, 15}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			w, h := size[0], size[1]
			s := startFake(t, fake.Options{})
			tm, _ := program(t, demoConfig(s), w, h)
			tm.Type("ES55MAD")
			send(tm, "enter")
			waitFor(t, tm, "Showing ES55MAD")
			send(tm, "4")
			redraw(tm, w, h)
			waitFor(t, tm, controllersNote[i], "1 controller, 1 processor · entry 1", "Name", "Role")
			send(tm, "3")
			redraw(tm, w, h)
			waitFor(t, tm, "4 sponsors · entry 1", "Kind")
			send(tm, "tab", "tab") // Basic Information: the note is the Controllers tab's own
			redraw(tm, w, h)
			waitFor(t, tm, "Madrid respira")
			if m := finalModel(t, tm); m.deck.label() != "Basic Information" {
				t.Fatalf("on %s", m.deck.label())
			}
		})
	}
}
