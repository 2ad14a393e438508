package ui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/fake"
)

// pasteIn pastes text as a terminal does (bracketed paste) and runs what
// it starts.
func pasteIn(t testing.TB, m Model, content string) Model {
	t.Helper()
	next, cmd := m.Update(tea.PasteMsg{Content: content})
	return settle(t, next.(Model), cmd)
}

// A column of PAIDs, as a spreadsheet or an email gives it (line breaks,
// CRLF, commas, tabs, spaces), opens as the worklist, on its first item;
// a word that is no PAID is named and the others are kept.
func TestPastedColumnOpensAWorklist(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	cfg := demoConfig(s)
	cfg.Worklist = []string{"TN2026", "ES55MAD"}
	m, _ := newModel(t, cfg, 120, 36)
	m = settle(t, m, m.startup)
	requireContains(t, screen(m), "worklist 1/2", "Showing TN2026")

	m = pasteIn(t, m, "AB12CD\r\nXK9P2M,\tPlease\n ZZ7Q1A\n")
	// The message line names the exchange; the status bar says what the
	// paste did, as much of it as fits beside the budget.
	requireContains(t, screen(m), "worklist 1/3", "PAID ❯ AB12CD", "Riverside Civic Alliance",
		"Showing AB12CD · standard view · worklist 1 of 3",
		`Opened a worklist of 3 PAIDs; skipped 1 word that is not a PAID: "Please".`)
	requireContains(t, m.status.text, "(in place of the worklist of 2)")
	if strings.Contains(screen(m), "space or line break") {
		t.Fatalf("the column was read as one PAID:\n%s", screen(m))
	}
	m = press(t, m, "ctrl+n")
	requireContains(t, screen(m), "worklist 2/3", "Showing XK9P2M")
	m = press(t, m, "ctrl+n")
	requireContains(t, screen(m), "worklist 3/3", "Showing ZZ7Q1A")
	if got := s.Stats().Requests; got != 4 { // TN2026, AB12CD, XK9P2M, ZZ7Q1A and nothing else
		t.Fatalf("%d requests; want 4", got)
	}
}

// At 60×15 the worklist's place and the notice still show.
func TestPastedColumnAt60x15(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 60, 15)
	m = pasteIn(t, m, "AB12CD XK9P2M TN2026")
	requireContains(t, screen(m), "worklist 1/3", "Opened a worklist of 3 PAIDs.")
	m = press(t, m, "ctrl+p")
	requireContains(t, screen(m), "This is the first item of the worklist")
}

// A paste of more PAIDs than a worklist holds takes the first
// api.MaxWorklist of them, and says so.
func TestPastedColumnBound(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 120, 36)
	var b strings.Builder
	for i := range api.MaxWorklist + 5 {
		fmt.Fprintf(&b, "PX%05d\n", i)
	}
	m = pasteIn(t, m, b.String())
	if len(m.list.items) != api.MaxWorklist || m.list.items[0] != "PX00000" {
		t.Fatalf("worklist of %d from %q", len(m.list.items), m.list.items[0])
	}
	requireContains(t, screen(m), "Opened a worklist of the paste's first 10,000 PAIDs, the most a worklist holds")
	if s.Stats().Requests != 1 {
		t.Fatalf("%d requests: only the first item is looked up", s.Stats().Requests)
	}
}

// One pasted word goes into the input, trimmed of the line break a
// spreadsheet cell brings, for enter; it is not looked up by itself.
func TestPastedWordGoesInTheInput(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 120, 36)
	m = pasteIn(t, m, "AB12CD\r\n")
	if m.input.value() != "AB12CD" || m.input.problem != "" || s.Stats().Requests != 0 || len(m.list.items) != 0 {
		t.Fatalf("input %q, problem %q, %d requests", m.input.value(), m.input.problem, s.Stats().Requests)
	}
	m = press(t, m, "enter")
	requireContains(t, screen(m), "Showing AB12CD")
	// Words without a PAID among them are refused; what the input held stays.
	m = press(t, m, "o")
	m = typeText(t, m, "XK9")
	m = pasteIn(t, m, "hello world")
	requireContains(t, screen(m), `✗ The paste holds no PAID (2 words that are not PAIDs: "hello", "world")`)
	if m.input.value() != "XK9" {
		t.Fatalf("the input lost what was typed: %q", m.input.value())
	}
	// One PAID among other words: kept in the input, the others named.
	m = pasteIn(t, m, "PAID: ZZ7Q1A")
	requireContains(t, screen(m), `Kept the paste's one PAID, ZZ7Q1A, for enter; skipped 1 word that is not a PAID: "PAID:"`)
	if m.input.value() != "ZZ7Q1A" || s.Stats().Requests != 1 {
		t.Fatalf("input %q, %d requests", m.input.value(), s.Stats().Requests)
	}
}

// A paste that does not fit the input is cut, and the input says by how
// much and where a longer list goes; on a narrow screen in fewer words.
func TestPasteOverTheCapSaysSo(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	for _, w := range []int{120, 60} {
		m, _ := newModel(t, demoConfig(s), w, 36)
		m = typeText(t, m, "AB")
		m = pasteIn(t, m, strings.Repeat("x", 3000))
		if n := len([]rune(m.input.value())); n != maxInput {
			t.Fatalf("the input holds %d characters; want %d", n, maxInput)
		}
		want := "✗ The paste was cut: 954 characters dropped (the input holds 2,048). A longer list goes in padview --list FILE."
		if w == 60 {
			want = "✗ Paste cut by 954 characters; use padview --list FILE"
		}
		requireContains(t, screen(m), want)
		// ctrl+u clears the input, and the problem with it.
		m = press(t, m, "ctrl+u")
		if m.input.value() != "" || m.input.problem != "" {
			t.Fatalf("ctrl+u left %q, %q", m.input.value(), m.input.problem)
		}
	}
}

// ctrl+u clears the whole input, wherever the cursor is, and the input's
// key line names it.
func TestCtrlUClearsTheInput(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 120, 36)
	m = typeText(t, m, "AB12CD")
	m = press(t, m, "left", "left")
	requireContains(t, screen(m), "ctrl+u clear •")
	m = press(t, m, "ctrl+u")
	if m.input.value() != "" || m.focus != focusInput {
		t.Fatalf("after ctrl+u: %q, focus %v", m.input.value(), m.focus)
	}
}

// The bug of issue 19: a worklist item that opens the full-view dialog (a
// full-view URL), cancelled. Nothing was looked up, so the input, the
// message line, the panes and the worklist's place all name the item on
// screen, and ctrl+n offers the same item again.
func TestCancelledItemDialogKeepsTheScreenAgreed(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	cfg := demoConfig(s)
	cfg.Worklist = []string{"AB12CD", s.URL + "/advertisement-full/TN2026", "XK9P2M"}
	m, clk := newModel(t, cfg, 120, 36)
	m = settle(t, m, m.startup)
	m = press(t, m, "ctrl+n")
	if c, ok := m.modal.(confirmModal); !ok || c.paid != "TN2026" {
		t.Fatalf("the full-view item did not ask first: %T", m.modal)
	}
	clk.add(confirmArmDelay)
	m = press(t, m, "esc")
	scr := screen(m)
	requireContains(t, scr, "worklist 1/3", "PAID ❯ AB12CD", "Showing AB12CD", "Riverside Civic Alliance", "Full view not opened.")
	if strings.Contains(scr, "TN2026") || m.sess.last.paid != "AB12CD" {
		t.Fatalf("the screen (or r) names TN2026, which was not looked up (r: %s):\n%s", m.sess.last.paid, scr)
	}
	m = press(t, m, "ctrl+n")
	if c, ok := m.modal.(confirmModal); !ok || c.paid != "TN2026" {
		t.Fatalf("ctrl+n after the cancel did not offer the same item: %T", m.modal)
	}
	if s.Stats().Full != 0 {
		t.Fatal("a cancelled dialog requested the full view")
	}
}

// f pressed while a worklist item is being fetched asks for that item,
// not for the one still on screen; cancelling the fetch then returns the
// screen to the item on screen.
func TestFullViewWhileAnItemIsFetched(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	cfg := demoConfig(s)
	cfg.Worklist = []string{"AB12CD", "TN2026"}
	m, clk := newModel(t, cfg, 120, 36)
	m = settle(t, m, m.startup)
	next, _ := m.Update(keyMsg("ctrl+n")) // its answer is never fed back: still on its way
	m = press(t, next.(Model), "f")
	if c, ok := m.modal.(confirmModal); !ok || c.paid != "TN2026" {
		t.Fatalf("f during the fetch of TN2026 asks for %+v", m.modal)
	}
	clk.add(confirmArmDelay)
	m = press(t, m, "esc") // the dialog, not the fetch
	if m.sess.pending == nil || m.input.value() != "TN2026" {
		t.Fatalf("cancelling the dialog stopped the fetch under way (input %q)", m.input.value())
	}
	m = press(t, m, "esc") // now the fetch
	requireContains(t, screen(m), "Canceled.", "worklist 1/2", "PAID ❯ AB12CD", "Showing AB12CD")
	if m.list.at != 0 || m.sess.last.paid != "AB12CD" {
		t.Fatalf("after the cancel: item %d, r fetches %s", m.list.at, m.sess.last.paid)
	}
}

// A list copied from an email: the PAIDs are taken without the brackets,
// quotes and full stops of the prose around them; the other words are
// counted and the first of them named.
func TestPastedEmailList(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 120, 36)
	m = pasteIn(t, m, "Hi team, please check AB12CD, \"TN2026\" and (ES55MAD).\nThanks")
	if got := strings.Join(m.list.items, " "); got != "AB12CD TN2026 ES55MAD" {
		t.Fatalf("worklist %q", got)
	}
	requireContains(t, screen(m), `Opened a worklist of 3 PAIDs; skipped 6 words that are not PAIDs: "Hi", "team", "please", …`, "worklist 1/3")
}
