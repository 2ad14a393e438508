package ui

import (
	"regexp"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/padview/padview/api/fake"
)

// TestProgramTabBarScrollsOnArrowClick: at 60 columns the tab bar ends in
// ›; a click on it shows the first tab hidden beyond it, and the bar
// scrolls (‹ appears); a click on ‹ comes back.
func TestProgramTabBarScrollsOnArrowClick(t *testing.T) {
	t.Parallel() // each program has its own fake, clock and terminal
	s := startFake(t, fake.Options{})
	// Where › is, read from a model at the same size.
	m, _ := newModel(t, demoConfig(s), 60, 20)
	m = lookUpIn(t, m, "AB12CD")
	_, hits := m.deck.bar(m.kit, 60)
	next := hits[len(hits)-1]
	if next.index != hits[len(hits)-2].index+1 || next.to-next.from != 2 {
		t.Fatalf("the bar ends in no ›: %+v", hits)
	}
	m.deck.jump(next.index)
	_, hits = m.deck.bar(m.kit, 60)
	back := hits[0] // ‹, once the bar has scrolled
	if back.from != 0 || back.index >= next.index {
		t.Fatalf("the scrolled bar starts with no ‹: %+v", hits)
	}
	tm, _ := program(t, demoConfig(s), 60, 20)
	tm.Type("AB12CD")
	send(tm, "enter")
	waitFor(t, tm, "Showing AB12CD")
	y := newLayout(60, 20).tabs.y
	tm.Send(tea.MouseClickMsg{X: next.from + 1, Y: y, Button: tea.MouseLeft})
	waitFor(t, tm, "‹ ")
	tm.Send(tea.MouseClickMsg{X: 0, Y: y, Button: tea.MouseLeft})
	redraw(tm, 60, 20)
	got := finalModel(t, tm)
	if got.deck.active != back.index {
		t.Fatalf("after › and ‹: on tab %d, want %d", got.deck.active, back.index)
	}
}

// TestProgramSponsorContributionsColumn: the sponsors' contributions are
// a column of the table, beside the name; at 60 columns the columns are
// as wide as their entries need, so the names keep the room.
func TestProgramSponsorContributionsColumn(t *testing.T) {
	t.Parallel() // each program has its own fake, clock and terminal
	s := startFake(t, fake.Options{})
	for _, w := range []int{120, 60} {
		tm, _ := program(t, demoConfig(s), w, 20)
		tm.Type("AB12CE")
		send(tm, "enter")
		waitFor(t, tm, "Showing AB12CE")
		send(tm, "3")
		redraw(tm, w, 20)
		waitFor(t, tm, "Contribution", "Friends of the Estuary", "EUR 30,000.00", "EUR 3,750.00")
		// The row, whole: the name uncut beside its contribution.
		if scr := screen(finalModel(t, tm)); !regexp.MustCompile(`Friends of the Estuary +EUR 30,000\.00 +association`).MatchString(scr) {
			t.Fatalf("at %d columns:\n%s", w, scr)
		}
	}
}

// TestNarrowHeaderKeepsTheHost: at 60 columns, with the mask, a mark, a
// worklist and personal data in the standard view, the header still
// names the host whole: the mark and the worklist's place go first (the
// Compare tab and the message line say them), and the badge says ◆ alone.
func TestNarrowHeaderKeepsTheHost(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	cfg := demoConfig(s)
	cfg.Mask = true
	cfg.Worklist = []string{"ES55MAD", "AB12CD", "XK9P2M"}
	m, _ := newModel(t, cfg, 60, 20)
	m = lookUpIn(t, m, "ES55MAD")
	m = press(t, m, "=", "ctrl+n")
	head := strings.SplitN(screen(m), "\n", 2)[0]
	host := strings.TrimPrefix(s.URL, "http://")
	host = host[:strings.Index(host, "/")]
	if !strings.Contains(head, host) || !strings.Contains(head, "MASKED") || !strings.Contains(head, "STANDARD ◆") {
		t.Fatalf("header %q lacks %s whole", head, host)
	}
	requireContains(t, screen(m), "worklist 2 of 3") // said below, in the message line
}

// TestProgramAmountsReadInOneFormat: AB12CD's total (sent 48250.00) and
// its sponsors' contributions (sent 30000 and 18250) read alike, each with
// EUR's two decimals, in the Campaign pane, the sponsors' table and the
// selected sponsor's detail beside it (issue 24: "EUR 48,250.00" beside
// "EUR 30,000").
func TestProgramAmountsReadInOneFormat(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	tm, _ := program(t, demoConfig(s), 120, 30)
	tm.Type("AB12CD")
	send(tm, "enter")
	waitFor(t, tm, "Showing AB12CD")
	send(tm, "2")
	waitFor(t, tm, "Total value  EUR 48,250.00")
	send(tm, "3")
	redraw(tm, 120, 30)
	waitFor(t, tm, "Contribution  EUR 30,000.00", "EUR 18,250.00")
	scr := screen(finalModel(t, tm))
	amounts := regexp.MustCompile(`EUR -?[0-9][0-9,]*(\.[0-9]+)?`).FindAllString(scr, -1)
	if len(amounts) < 3 {
		t.Fatalf("the sponsors' pane shows %d amounts, want the table's two and the detail's one:\n%s", len(amounts), scr)
	}
	for _, a := range amounts {
		if !regexp.MustCompile(`\.[0-9]{2}$`).MatchString(a) {
			t.Errorf("%q is not written with two decimals as the others:\n%s", a, scr)
		}
	}
}
