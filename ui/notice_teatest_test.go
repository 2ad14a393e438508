package ui

import (
	"fmt"
	"testing"

	"github.com/padview/padview/api/fake"
)

// TestProgramNoticeToggle: in a real program at each size, v on the
// Transparency tab shows the notice in the template's order and v again
// the checklist; the key line names what v shows next.
func TestProgramNoticeToggle(t *testing.T) {
	t.Parallel() // each program has its own fake, clock and terminal
	s := startFake(t, fake.Options{})
	for _, size := range noticeSizes {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			w, h := size[0], size[1]
			tm, _ := program(t, demoConfig(s), w, h)
			tm.Type("TN2026")
			send(tm, "enter")
			waitFor(t, tm, "Showing TN2026")
			send(tm, "9")
			waitFor(t, tm, "v notice")
			send(tm, "v")
			redraw(tm, w, h)
			waitFor(t, tm, "Transparency notice · TN2026", "v checklist", "Political advertisement")
			send(tm, "G")
			redraw(tm, w, h)
			waitFor(t, tm, "16. Means to exercise", "Check: undetermined")
			send(tm, "v")
			redraw(tm, w, h)
			waitFor(t, tm, "✓ present", "v notice")
			m := finalModel(t, tm)
			if m.kit.showNotice || tab(m) != "Transparency" {
				t.Fatalf("after v v: notice %v on %q", m.kit.showNotice, tab(m))
			}
		})
	}
}
