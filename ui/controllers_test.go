package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/padview/padview/api/fake"
)

// The Controllers tab says, on its first line, that its entries are data
// controllers (GDPR) and not the entity controlling the sponsor; the
// longest wording that fits the width, at 120, 80 and 60 columns. The
// Sponsors tab has no such line, and a click still selects the row under
// it.
func TestControllersSayTheyAreDataControllers(t *testing.T) {
	s := startFake(t, fake.Options{})
	for w, want := range map[int]string{120: controllersNote[0], 80: controllersNote[1], 60: controllersNote[2]} {
		m, _ := newModel(t, demoConfig(s), w, 36)
		m = lookUpIn(t, m, "ES55MAD")
		m = press(t, m, "4")
		lines := strings.Split(screen(m), "\n")
		pane := m.layout.paneInner()
		if got := strings.TrimSpace(lines[pane.y]); got != want {
			t.Errorf("%d columns: the pane's first line is %q; want %q", w, got, want)
		}
		// Rows start under the note, the count line and the column heads.
		next, _ := m.Update(tea.MouseClickMsg{X: pane.x + 2, Y: pane.y + 4, Button: tea.MouseLeft})
		if p := next.(Model).deck.current().(partiesPane); p.entry(p.cursor) != 1 {
			t.Errorf("%d columns: a click on the second row selects entry %d", w, p.entry(p.cursor)+1)
		}
		m = press(t, m, "3")
		if strings.Contains(screen(m), "Data controllers") {
			t.Errorf("the Sponsors tab says its entries are data controllers:\n%s", screen(m))
		}
	}
}
