package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/api/vocab"
)

// The Controllers tab says, on its first line, that its entries are data
// controllers and processors (GDPR) and not the entity controlling the
// sponsor; the longest wording that fits the width, at 120, 80 and 60
// columns. ES55MAD lists a controller and a processor: the count line
// says so, and the column of their roles is headed Role. The Sponsors tab
// has no such line, heads its column Kind, and a click still selects the
// row under the note.
func TestControllersSayTheyAreDataControllers(t *testing.T) {
	t.Parallel()
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
		if got := lines[pane.y+1]; !strings.HasPrefix(strings.TrimSpace(got), "1 controller, 1 processor · entry 1") {
			t.Errorf("%d columns: the count line is %q", w, got)
		}
		if head := strings.Fields(lines[pane.y+2]); len(head) < 2 || head[1] != "Role" {
			t.Errorf("%d columns: the table's head is %q", w, lines[pane.y+2])
		}
		// Rows start under the note, the count line and the column heads.
		next, _ := m.Update(tea.MouseClickMsg{X: pane.x + 2, Y: pane.y + 4, Button: tea.MouseLeft})
		if p := next.(Model).deck.current().(partiesPane); p.entry(p.cursor) != 1 {
			t.Errorf("%d columns: a click on the second row selects entry %d", w, p.entry(p.cursor)+1)
		}
		m = press(t, m, "3")
		if strings.Contains(screen(m), "controllers and processors") {
			t.Errorf("the Sponsors tab says its entries are data controllers:\n%s", screen(m))
		}
		lines = strings.Split(screen(m), "\n")
		if head := strings.Fields(lines[pane.y+1]); len(head) < 2 || head[1] != "Kind" || !strings.Contains(lines[pane.y], "4 sponsors · entry 1") {
			t.Errorf("%d columns: the sponsors' table starts %q, %q", w, lines[pane.y], lines[pane.y+1])
		}
	}
}

// The count line counts controllers by role when some are not
// controllers, and the role column is headed by the field its entries
// hold: role for the controllers, kind for the sponsors, the other when
// no entry has the first.
func TestPartyCountAndKindColumnByRole(t *testing.T) {
	t.Parallel()
	vc := vocab.Builtin()
	party := func(key, value string) advert.Value {
		return advert.NewObject(advert.Member{Key: "name", Value: advert.StringValue("X")}, advert.Member{Key: key, Value: advert.StringValue(value)})
	}
	controllers, sponsors := advert.Groups[3], advert.Groups[2]
	for _, c := range []struct {
		g          advert.GroupInfo
		list       []advert.Value
		head       string
		all, found string
	}{
		{controllers, []advert.Value{party("role", "controller"), party("role", "joint controller")}, "Role", "2 controllers", "2 controllers"},
		{controllers, []advert.Value{party("role", "controller"), party("role", "processor")}, "Role", "1 controller, 1 processor", "2 entries"},
		{controllers, []advert.Value{party("role", "Auftragsverarbeiter"), party("role", "sub-processor"), party("name", "Y")},
			"Role", "2 processors, 1 other", "3 entries"},
		{controllers, []advert.Value{party("kind", "association")}, "Kind", "1 controller", "1 controller"},
		{sponsors, []advert.Value{party("kind", "association"), party("role", "lead sponsor")}, "Kind", "2 sponsors", "2 sponsors"},
		{sponsors, []advert.Value{party("role", "lead sponsor")}, "Role", "1 sponsor", "1 sponsor"},
	} {
		kind := kindColumn(vc, c.g.Group, c.list)
		n := countParties(c.g, c.list, kind)
		if kind.title != c.head || n.all != c.all || n.entries != c.found {
			t.Errorf("%s %v: head %q, count %+v; want %q, %q, %q", c.g.Label, c.list, kind.title, n, c.head, c.all, c.found)
		}
	}
}
