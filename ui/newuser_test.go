package ui

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/audit"
	"github.com/padview/padview/api/fake"
)

// Problems a new-user test found; each test here would have caught one.

func TestFullViewDropsEarlierPersonalDataWhileNextLoads(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, clk := newModel(t, demoConfig(s), 100, 30)
	m = lookUpIn(t, m, "AB12CD")
	m = confirmFull(t, m, clk)
	requireContains(t, screen(m), "FULL · personal data", "maren.holt@riverside-civic.example")

	m = press(t, m, "o")
	m.input.box.SetValue("XK9P2M")
	next, cmd := m.Update(keyMsg("enter")) // the fetch is pending: its command has not run
	m = next.(Model)
	scr := screen(m)
	if strings.Contains(scr, "maren.holt") || strings.Contains(scr, "FULL · personal data") || m.ex != nil {
		t.Fatalf("the earlier advertisement's personal data stays while the next loads:\n%s", scr)
	}
	requireContains(t, scr, "Fetching XK9P2M (full view)…", "full view on")
	m = settle(t, m, cmd)
	if !m.ex.personal() || m.ex.paid != "XK9P2M" || m.sess.view != advert.Full {
		t.Fatalf("the next lookup did not arrive in the full view: %v", m.ex)
	}

	// Canceled while fetching: the panes do not go on saying "Fetching".
	m = press(t, m, "o")
	m.input.box.SetValue("ZZ7Q1A")
	next, _ = m.Update(keyMsg("enter"))
	m = press(t, next.(Model), "esc")
	if scr := screen(m); strings.Contains(scr, "Fetching ZZ7Q1A") || strings.Contains(scr, "⠋") && m.sess.pending != nil {
		t.Fatalf("after esc the panes still say the canceled fetch is under way:\n%s", scr)
	}
	requireContains(t, screen(m), "Canceled.", "Look up a political advertisement")
}

func TestTabNumbersGroupsThenTransparencyAndRaw(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 250, 30)
	m = lookUpIn(t, m, "AB12CD")
	m = press(t, m, "=")
	m = lookUpIn(t, m, "AB12CE")
	if tab(m) != compareLabel {
		t.Fatalf("the lookup after = opened on %q", tab(m))
	}
	scr := screen(m)
	requireContains(t, scr, "1 Advertiser", "3 Sponsors", "8 Legal and Metadata", "9 Transparency", "0 Raw", "│ Compare 11")
	for key, want := range map[string]string{"1": "Advertiser", "8": "Legal and Metadata", "9": "Transparency", "0": "Raw"} {
		if m = press(t, m, key); tab(m) != want {
			t.Errorf("%s → %q, want %q", key, tab(m), want)
		}
	}
}

func TestHistoryShowsAFailedSuccessStatusAsFailed(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{DemoTriggers: true})
	m, _ := newModel(t, demoConfig(s), 100, 30)
	m = lookUpIn(t, m, "DEMO-BADJSON")
	if m.ex == nil || m.ex.err == nil || m.ex.rec.Status != 200 {
		t.Fatalf("DEMO-BADJSON did not fail with 200: %v", m.ex)
	}
	m = press(t, m, "H")
	scr := screen(m)
	requireContains(t, scr, "DEMO-BADJSON", "200 · not JSON")
	if strings.Contains(scr, "200 OK") {
		t.Fatalf("a failed lookup reads 200 OK:\n%s", scr)
	}
}

func TestEscFromInputPutsTheShownPAIDBack(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 100, 30)
	m = lookUpIn(t, m, "AB12CD")
	m = press(t, m, "o")
	m = typeText(t, m, "ZZ9")
	m = press(t, m, "esc")
	if m.focus != focusPane || m.input.value() != "AB12CD" {
		t.Fatalf("after esc the input reads %q over AB12CD", m.input.value())
	}
	requireContains(t, screen(m), "PAID ❯ AB12CD")
	m = press(t, m, "ctrl+l", "up")
	if m.input.value() != "ZZ9" {
		t.Fatalf("↑ after esc brings back %q, not what was typed", m.input.value())
	}
}

func TestWorklistPlaceOnlyOnTheWorklistItem(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	cfg := demoConfig(s)
	cfg.Worklist = []string{"AB12CD", "XK9P2M"}
	m, _ := newModel(t, cfg, 100, 30)
	m = settle(t, m, m.startup)
	requireContains(t, screen(m), "worklist 1/2", "Showing AB12CD")
	m = lookUpIn(t, m, "ZZ7Q1A")
	requireContains(t, screen(m), "Showing ZZ7Q1A")
	if strings.Contains(screen(m), "worklist 1/2") {
		t.Fatalf("the worklist place shows over a PAID not in the worklist:\n%s", screen(m))
	}
	m = press(t, m, "ctrl+n")
	requireContains(t, screen(m), "worklist 2/2", "Showing XK9P2M")
}

func TestPartyCountsSayOneAndNotDisclosed(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 120, 36)
	m = lookUpIn(t, m, "AB12CD")
	m = press(t, m, "4")
	requireContains(t, screen(m), "1 controller · entry 1")

	m = lookUpIn(t, m, "NUL0N3")
	m = press(t, m, "3")
	if tb := m.deck.current().Tab(); tb.Label != "Sponsors" || tb.Count != "" || !tb.Empty {
		t.Fatalf("a null sponsors list has tab %+v, want no count and dim", tb)
	}
	requireContains(t, screen(m), "Sponsors: not disclosed")

	empty := partiesPane{k: m.kit, info: advert.Groups[2], state: advert.ListSent}.Resize(80, 10)
	if tb := empty.Tab(); tb.Count != "0" || !tb.Empty {
		t.Fatalf("an empty sponsors list has tab %+v", tb)
	}
	requireContains(t, empty.View(), "Sponsors: none: the list is empty")
}

func TestWrapBreaksAtSpacesOnly(t *testing.T) {
	t.Parallel()
	got := wrap("◆ info@estuary-friends.example and https://a-b.example/x-y", 30)
	want := []string{"◆ info@estuary-friends.example", "and https://a-b.example/x-y"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("wrap: %q, want %q", got, want)
	}
	// A word wider than the line alone is cut, and only then.
	if got := wrap("ab abcdefghij", 4); strings.Join(got, "|") != "ab|abcd|efgh|ij" {
		t.Fatalf("wrap of a long word: %q", got)
	}
}

func TestPartyDetailsKeepAnEmailWhole(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, clk := newModel(t, demoConfig(s), 120, 36)
	m = lookUpIn(t, m, "AB12CD")
	m = confirmFull(t, m, clk)
	sponsors, _ := m.ex.doc.Parties(advert.GroupSponsors)
	for _, e := range sponsors {
		for w := 30; w <= 90; w++ {
			lines := fieldLines(m.kit.st, m.ex.doc, e, w)
			for _, l := range lines {
				if strings.HasSuffix(strings.TrimRight(ansi.Strip(l), " "), "info@estuary-") {
					t.Fatalf("at %d cells the email breaks at its hyphen:\n%s", w, strings.Join(lines, "\n"))
				}
			}
		}
	}
}

func TestFullViewConfirmationAt80x24ShowsWhatYesMeans(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	for _, recorded := range []bool{false, true} {
		m, _ := newModel(t, demoConfig(s), 80, 24)
		m = lookUpIn(t, m, "AB12CD")
		m.sess.access.open = nil
		if recorded {
			m.sess.access.open = func() (*audit.Log, error) { return nil, nil } // never called: nothing is confirmed
		}
		m = press(t, m, "f")
		scr := screen(m)
		requireContains(t, scr, "Full view: personal data", "Advertisement: AB12CD", "stays on for later lookups",
			"returns to the standard view by itself", "Purpose", "1 Compliance review", "5 other", "Cancel", "Show personal data",
			"The full view returns personal data")
		if strings.Contains(scr, "↓ more") && !strings.Contains(scr, "↑/↓ scroll") {
			t.Fatalf("the notice scrolls but the key line does not say so:\n%s", scr)
		}
		if i, j := strings.Index(scr, "stays on for later lookups"), strings.Index(scr, "↓ more"); i < j {
			t.Fatalf("what yes means sits in the scrolled notice, not in the fixed part:\n%s", scr)
		}
		t.Logf("\n%s", scr)
	}
}

func TestBadResponseErrorPaneAdvisesRetryAndSaysItOnce(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{DemoTriggers: true})
	m, _ := newModel(t, demoConfig(s), 100, 30)
	m = lookUpIn(t, m, "DEMO-BADJSON")
	scr := screen(m)
	requireContains(t, scr, "✗ The service sent something that is not JSON (200)", "r tries again", "support or operator", "200 · ", "failed · r retries")
	if strings.Contains(scr, "base URL") {
		t.Fatalf("a cut JSON answer blames the base URL:\n%s", scr)
	}
	if n := strings.Count(scr, "not JSON"); n != 1 {
		t.Fatalf("the failure is said %d times:\n%s", n, scr)
	}
	m = lookUpIn(t, m, "DEMO-HTML")
	requireContains(t, screen(m), "check the base URL")
}

func TestKeyLineBeforeTheFirstLookupOffersOnlyWhatApplies(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, clk := newModel(t, demoConfig(s), 100, 30)
	for _, focus := range []string{"input", "pane"} {
		if focus == "pane" {
			m = press(t, m, "esc")
		}
		line := m.drawChrome().keys
		for _, no := range []string{"next pane", "down", "refetch"} {
			if strings.Contains(line, no) {
				t.Errorf("with nothing on screen (%s focus) the key line offers %q: %s", focus, no, line)
			}
		}
	}
	m = confirmFull(t, m, clk) // full view on, nothing fetched yet
	m = press(t, m, "s")
	requireContains(t, screen(m), "Back to the standard view.")
	if strings.Contains(screen(m), "personal data cleared") {
		t.Fatalf("s with nothing shown says personal data was cleared:\n%s", screen(m))
	}
	m = lookUpIn(t, m, "AB12CD")
	requireContains(t, m.drawChrome().keys, "next pane", "refetch")
}

func TestHelpNamesCtrlLAndAltArrows(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 80, 24)
	m = press(t, m, "esc", "?")
	scr := screen(m)
	requireContains(t, scr, "ctrl+l  edit the PAID", "alt+←/→  back/forward")
	if strings.Contains(scr, "↓ more") {
		t.Fatalf("help at 80×24 scrolls:\n%s", scr)
	}
	t.Logf("\n%s", scr)
}

func TestPartyCopyHoldsEveryMember(t *testing.T) {
	t.Parallel()
	v, err := advert.ParseValue([]byte(`[{"name":"A","address":{"street":"1 Way","city":"Oslo"},"vat":"NO1"},{"name":"B","email":"b@x-y.example"}]`))
	if err != nil {
		t.Fatal(err)
	}
	list := v.Items()
	if got := strings.Join(partyRow(list[0]), "|"); got != "A|1 Way|Oslo|NO1" {
		t.Fatalf("row: %q", got)
	}
	got := partyTable(list)
	want := "Name\tAddress / Street\tAddress / City\tVAT\tEmail\nA\t1 Way\tOslo\tNO1\t\nB\t\t\t\tb@x-y.example\n"
	if got != want {
		t.Fatalf("table:\n%q\nwant\n%q", got, want)
	}
}

// In help every column of keys is as wide as its longest key (measured
// in cells: ←, ↑ are one), and two spaces stand before the descriptions,
// which start in one column: a key that holds spaces ("g/G home/end")
// does not run into what it does. At 120×36, 80×24 and 60×15.
func TestHelpKeyColumnsAlign(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	for _, size := range [][2]int{{120, 36}, {80, 24}, {60, 15}} {
		m, _ := newModel(t, demoConfig(s), size[0], size[1])
		m = press(t, m, "esc", "?")
		h, ok := m.modal.(helpModal)
		if !ok {
			t.Fatalf("%v: ? opened %T", size, m.modal)
		}
		lines := make([]string, len(h.lines))
		for i, l := range h.lines {
			lines[i] = ansi.Strip(l)
		}
		for _, col := range m.kit.keys.helpColumns() {
			helpColumnAligned(t, size, lines, col)
		}
		requireContains(t, strings.Join(lines, "\n"), "g/G home/end  top/bottom")
	}
}

// helpColumnAligned finds each key of col at the start of its column in
// lines and checks where its description starts.
func helpColumnAligned(t *testing.T, size [2]int, lines []string, col []key.Binding) {
	t.Helper()
	kw, at := 0, -1
	for _, b := range col {
		kw = max(kw, lipgloss.Width(b.Help().Key))
	}
	for _, b := range col {
		k, d := b.Help().Key, b.Help().Desc
		found := false
		for _, l := range lines {
			i := strings.Index(l, k+strings.Repeat(" ", kw-lipgloss.Width(k)+2)+d)
			if i < 0 {
				continue
			}
			x := lipgloss.Width(l[:i])
			if at >= 0 && x != at {
				continue // the same words in another column
			}
			at, found = x, true
			break
		}
		if !found {
			t.Errorf("%v: %q, its column %d wide, then two spaces and %q, not in help:\n%s", size, k, kw, d, strings.Join(lines, "\n"))
		}
	}
}
