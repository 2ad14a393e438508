package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/padview/padview/api/fake"
)

// TestFoldIgnoresCaseAndAccents: fold lowercases and takes accents off
// ("lodz" finds "Łódź"), and foldOffsets places a match of the folded
// text in the text as given.
func TestFoldIgnoresCaseAndAccents(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"Donor 4711":  "donor 4711",
		"ŁÓDŹ":        "lodz",
		"Łódź":        "lodz",
		"Αθήνα":       "αθηνα",
		"大阪市":         "大阪市",
		"İstanbul":    "istanbul",
		"Zaz\u030cdz": "zazdz", // a mark standing alone folds to nothing
		"\xffAB":      "\ufffdab",
		"Ærø, Straße": "æro, straße", // no base letter and a mark: kept
	} {
		if got := fold(in); got != want {
			t.Errorf("fold(%q) = %q, want %q", in, got, want)
		}
	}
	// "odz" in fold("Z Łódź") is at 3..6; in the text, "ódź" is at 4..10.
	in := "Z Łódź"
	off := foldOffsets(in)
	i := strings.Index(fold(in), "odz")
	if from, to := off[i], off[i+3]; in[from:to] != "ódź" {
		t.Errorf("the match is placed at %d..%d: %q", from, to, in[from:to])
	}
	if foldOffsets("Donor 4711") != nil || foldOffsets("大阪市") != nil {
		t.Error("a line folding kept in place has offsets to map")
	}
}

// TestFindFoldsAccents: in PL44WAW's Raw, "lodz" finds "Łódź" and marks
// it whole; the count says where n is among the matches.
func TestFindFoldsAccents(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 120, 36)
	m = lookUpIn(t, m, "PL44WAW")
	m = press(t, m, "0", "/")
	m = typeText(t, m, "lodz")
	raw := m.deck.current().(rawPane)
	if c := raw.find.count(); !strings.HasPrefix(c, "match 1 of ") {
		t.Fatalf("lodz in Raw: %q", c)
	}
	requireContains(t, screen(m), "match 1 of ")
	// The match is marked on the text as given, the accents and all.
	x := styledIndex([]string{"Warszawa", "ul. Piotrkowska 1, Łódź 90-001"})
	hits, _ := x.find(fold("LODZ 90"))
	tf := textFind{index: x, found: found{hits: hits}}
	if sp := tf.spans(1); len(sp) != 1 || "ul. Piotrkowska 1, Łódź 90-001"[sp[0].from:sp[0].to] != "Łódź 90" {
		t.Fatalf("spans %+v", sp)
	}
}

// TestMarkKeepsTheLineStyles: a match is drawn in the match style, and
// the line's own style is in force again after it.
func TestMarkKeepsTheLineStyles(t *testing.T) {
	t.Parallel()
	line := "\x1b[31mred \x1b[1mbold\x1b[m plain"
	got := mark(line, []span{{from: 2, to: 6}, {from: 10, to: 12, current: true}}, "<M>", "<C>")
	// "d bo" is marked, its style written again after the line's bold;
	// after it the red and the bold come back. "la" is the current match.
	want := "\x1b[31mre<M>d \x1b[1m<M>bo\x1b[m\x1b[31m\x1b[1mld\x1b[m p<C>la\x1b[min"
	if got != want {
		t.Fatalf("mark:\n got %q\nwant %q", got, want)
	}
}

// TestFindFiltersTheTable is issue 12's scenario: one sponsor among
// MANY5000's 5,000, found by typing, case-insensitive, with the selection
// kept when the find is cleared.
func TestFindFiltersTheTable(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 120, 36)
	m = lookUpIn(t, m, fake.ManySponsorsPAID)
	m = press(t, m, "3", "/")
	if m.deck.current().Finding() != findTyping {
		t.Fatal("/ did not open the find line")
	}
	requests := s.Stats().Requests
	m = typeText(t, m, "DONOR 4711")
	p := m.deck.current().(partiesPane)
	if p.n() != 1 || p.entry(p.cursor) != 4710 {
		t.Fatalf("%d rows, selected %d", p.n(), p.entry(p.cursor))
	}
	scr := screen(m)
	requireContains(t, scr, "/DONOR 4711", "1 of 5,000", "entry 4711", "Donor 4711")
	if strings.Contains(scr, "Donor 4712") || strings.Contains(scr, "Donor 0001") || tab(m) != "Sponsors" {
		t.Fatalf("the table is not filtered:\n%s", scr)
	}
	m = press(t, m, "enter")
	if m.deck.current().Finding() != findKept || m.focus != focusPane {
		t.Fatal("enter did not keep the find")
	}
	if v, row := paneSelection(m.deck.current()); v != "Donor 4711" || len(row) == 0 || row[0] != "Donor 4711" {
		t.Fatalf("the copy menu would copy %q %q", v, row)
	}
	m = press(t, m, "esc")
	p = m.deck.current().(partiesPane)
	if p.n() != 5000 || p.entry(p.cursor) != 4710 || m.deck.current().Finding() != findOff {
		t.Fatalf("after esc: %d rows, selected %d", p.n(), p.entry(p.cursor))
	}
	requireContains(t, screen(m), "5,000 sponsors · entry 4711")
	if s.Stats().Requests != requests {
		t.Fatal("finding sent a request")
	}
}

// TestFindMatchesEveryColumn: a city finds its rows whatever the width
// leaves on screen; no match says so and keeps nothing selected.
func TestFindMatchesEveryColumn(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 60, 15) // the City column is not on screen
	m = lookUpIn(t, m, fake.ManySponsorsPAID)
	m = press(t, m, "3", "/")
	m = typeText(t, m, "ŁÓDŹ")
	p := m.deck.current().(partiesPane)
	if p.n() != 625 || !strings.Contains(screen(m), "625 of 5,000") {
		t.Fatalf("%d rows for Łódź:\n%s", p.n(), screen(m))
	}
	m = typeText(t, m, "zz")
	requireContains(t, screen(m), "no match", "none of 5,000 sponsors match")
	// While the find line is typed in, every key is text: q does not quit,
	// 3 does not switch tabs, o does not start a new PAID.
	m = press(t, m, "esc", "/")
	m = typeText(t, m, "q3o")
	if m.focus != focusPane || tab(m) != "Sponsors" || m.deck.current().(partiesPane).find.box.Value() != "q3o" {
		t.Fatalf("keys escaped the find line: focus %v, tab %q", m.focus, tab(m))
	}
	next, _ := m.Update(tea.PasteMsg{Content: "Donor 0007"})
	m = next.(Model)
	if v := m.deck.current().(partiesPane).find.box.Value(); v != "q3oDonor 0007" || m.input.value() != fake.ManySponsorsPAID {
		t.Fatalf("a paste went to %q, the input has %q", v, m.input.value())
	}
}

// TestFindInTextPanesAndRaw: matches are counted and marked, n and N step
// through them (round the end), and the pane scrolls to each.
func TestFindInTextPanesAndRaw(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 100, 30)
	m = lookUpIn(t, m, fake.ManySponsorsPAID)
	m = press(t, m, "/")
	m = typeText(t, m, "riverside")
	requireContains(t, screen(m), "1 of 2")
	if got := m.View().Content; !strings.Contains(got, "Riverside") {
		t.Fatal("no match shown")
	}
	m = press(t, m, "enter", "n")
	requireContains(t, screen(m), "2 of 2")
	if v, _ := paneSelection(m.deck.current()); v != "Riverside Civic Alliance Ltd" {
		t.Fatalf("the match's value is not the selected one: %q", v)
	}
	m = press(t, m, "n")
	requireContains(t, screen(m), "1 of 2")
	m = press(t, m, "N")
	requireContains(t, screen(m), "2 of 2")

	for i, p := range m.deck.panes {
		if p.Tab().Label == "Raw" {
			m.deck.jump(i)
		}
	}
	m = press(t, m, "/")
	m = typeText(t, m, "donor 4711")
	raw := m.deck.current().(rawPane)
	if raw.find.count() != "match 1 of 1" {
		t.Fatalf("Raw: %q", raw.find.count())
	}
	requireContains(t, screen(m), `"name": "Donor 4711"`, "match 1 of 1")
	m = press(t, m, "enter")
	m = press(t, m, "/") // the line opens on what is sought, to edit
	for range 4 {
		m = press(t, m, "backspace")
	}
	// A new search starts at the top of the window (as less does): the
	// first "donor " at or below it is Donor 4710's or 4711's.
	raw = m.deck.current().(rawPane)
	if c := raw.find.count(); (c != "match 4,710 of 5,000" && c != "match 4,711 of 5,000") || raw.find.query != "donor " {
		t.Fatalf("after backspace: %q (%q)", c, raw.find.query)
	}
	before := raw.find.cur
	m = press(t, m, "enter", "g", "N") // g scrolls away; N steps from the current match
	raw = m.deck.current().(rawPane)
	if raw.find.cur != before-1 {
		t.Fatalf("N went from %d to %q", before+1, raw.find.count())
	}
	if line := raw.find.current(); line < raw.scroll.offset || line >= raw.scroll.offset+raw.scroll.height {
		t.Fatalf("the match on line %d is out of sight (%d+%d)", line, raw.scroll.offset, raw.scroll.height)
	}
	m = press(t, m, "esc")
	if m.deck.current().Finding() != findOff || strings.Contains(screen(m), "of 5,000") {
		t.Fatal("esc did not clear the find")
	}
}

// TestFindLineAndKeys: esc cancels a fetch in flight before it clears a
// find, and / on the start screen still goes to the PAID input.
func TestFindLineAndKeys(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 100, 30)
	m = press(t, m, "esc", "/")
	if m.focus != focusInput {
		t.Fatal("/ before the first lookup did not go to the PAID input")
	}
	m = lookUpIn(t, m, "AB12CD")
	m = press(t, m, "/")
	m = typeText(t, m, "holt")
	requireContains(t, lastLine(screen(m)), "enter keep find", "esc clear find")
	m = press(t, m, "enter")
	requireContains(t, lastLine(screen(m)), "n/N next/previous match", "esc clear find")
	next, cmd := m.Update(keyMsg("r"))
	m = next.(Model)
	if m.sess.pending == nil {
		t.Fatal("r did not fetch")
	}
	m = press(t, m, "esc")
	if m.sess.pending != nil || m.deck.current().Finding() != findKept {
		t.Fatal("esc cleared the find before cancelling the fetch")
	}
	m = settle(t, m, cmd)
	m = press(t, m, "esc")
	if m.deck.current().Finding() != findOff {
		t.Fatal("esc did not clear the find")
	}
}

// TestSearchesNarrowAndTakeBack: typing on narrows, a backspace takes back
// what the shorter query found, and only an edit elsewhere searches all.
func TestSearchesNarrowAndTakeBack(t *testing.T) {
	t.Parallel()
	var s searches[string]
	alls := 0
	run := func(q string) string {
		return s.run(q, func() string { alls++; return "all:" + q }, func(last string) (string, bool) { return last + "+" + q, true })
	}
	for _, step := range []struct{ q, want string }{
		{"d", "all:d"}, {"do", "all:d+do"}, {"don", "all:d+do+don"},
		{"do", "all:d+do"}, {"d", "all:d"}, {"dx", "all:d+dx"}, {"x", "all:x"},
	} {
		if got := run(step.q); got != step.want {
			t.Fatalf("%q: %q, want %q", step.q, got, step.want)
		}
	}
	if alls != 2 {
		t.Fatalf("%d searches of all", alls)
	}
}

// TestFindInCompareAndErrorPanes: the Compare tab and the error pane find
// too.
func TestFindInCompareAndErrorPanes(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{DemoTriggers: true})
	m, _ := newModel(t, demoConfig(s), 100, 30)
	m = lookUpIn(t, m, "AB12CD")
	m = press(t, m, "=")
	m = lookUpIn(t, m, "AB12CE")
	if tab(m) != "Compare" {
		t.Fatalf("on %q", tab(m))
	}
	m = press(t, m, "/")
	m = typeText(t, m, "ab12ce")
	if c := m.deck.current().(comparePane).body.find.count(); c != "match 1 of 5" {
		t.Fatalf("Compare: %q\n%s", c, screen(m))
	}
	m = press(t, m, "enter", "esc", "=")
	m = lookUpIn(t, m, "NOPE42")
	m = press(t, m, "/")
	m = typeText(t, m, "nope42")
	if tab(m) != "Error" || m.deck.current().(errorPane).body.find.count() == "no match" {
		t.Fatalf("Error pane:\n%s", screen(m))
	}
}

// step is one Update without running its command.
func step(m Model, msg tea.Msg) (Model, tea.Cmd) {
	next, cmd := m.Update(msg)
	return next.(Model), cmd
}

// / indexes the pane in a command (a 50,000-row table or a whole Raw
// takes longer than a frame): what is typed before the index comes is
// sought when it comes, and an index no pane waits for is dropped.
func TestFindIndexComesInACommand(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 120, 36)
	m = lookUpIn(t, m, fake.ManySponsorsPAID)
	for _, pane := range []string{"3", "0"} { // the table, Raw
		m := press(t, m, pane)
		typing, cmd := step(m, keyMsg("/"))
		for _, r := range "Donor 4711" {
			typing, _ = step(typing, keyMsg(string(r)))
		}
		requireContains(t, screen(typing), "/Donor 4711", "finding…")
		found, _ := step(typing, messageOf[findIndex](t, cmd))
		if scr := screen(found); strings.Contains(scr, "finding…") || !strings.Contains(scr, "1 of") {
			t.Fatalf("pane %s: the index came and nothing was found:\n%s", pane, scr)
		}

		// Cleared before the index came: it is kept for the next /, and
		// finds nothing on its own.
		cleared, _ := step(typing, keyMsg("esc"))
		cleared, _ = step(cleared, messageOf[findIndex](t, cmd))
		if cleared.deck.current().Finding() != findOff || strings.Contains(screen(cleared), "1 of") {
			t.Fatalf("pane %s: an index that came after esc found something:\n%s", pane, screen(cleared))
		}

		// Another answer came before the index: its panes ignore it.
		kept, _ := step(typing, keyMsg("enter"))
		other := lookUpIn(t, kept, "AB12CD")
		before := screen(other)
		other, _ = step(other, messageOf[findIndex](t, cmd))
		if screen(other) != before {
			t.Fatalf("pane %s: a stale index changed the screen:\n%s", pane, screen(other))
		}
	}
}

// Raw's lines wider than the pane: > and < move them sideways, the place
// says from which column, and a find brings its match into sight sideways
// as well as down.
func TestRawScrollsSidewaysToAMatch(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 80, 24)
	m = lookUpIn(t, m, "LONG01")
	m = press(t, m, "0")
	if scr := screen(m); strings.Contains(scr, "three evenings") || !strings.Contains(scr, "</> ") {
		t.Fatalf("the long title fits, or < > are not offered:\n%s", scr)
	}
	m = press(t, m, "/")
	m = typeText(t, m, "three evenings")
	m = press(t, m, "enter")
	scr := screen(m)
	requireContains(t, scr, "1 of 1", "three evenings", "from column ")
	m = press(t, m, "esc")
	for range 20 {
		m = press(t, m, "<")
	}
	if scr := screen(m); strings.Contains(scr, "from column") || !strings.Contains(scr, `"title": "A citizens`) {
		t.Fatalf("< did not come back to the start:\n%s", scr)
	}
	m = press(t, m, ">")
	requireContains(t, screen(m), "from column 40") // half the pane of 78 cells
}
