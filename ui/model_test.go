package ui

import (
	"errors"
	"flag"
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/keystore"
)

// updating reports -update, the flag teatest's golden package defines.
func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// tab is the label of the tab that shows.
func tab(m Model) string { return m.deck.current().Tab().Label }

// lookUpIn starts a new PAID from a pane (or the input) and waits for it.
func lookUpIn(t testing.TB, m Model, paid string) Model {
	t.Helper()
	if m.focus == focusPane {
		m = press(t, m, "o")
	}
	m.input.box.SetValue(paid)
	return press(t, m, "enter")
}

// confirmFull answers the confirmation with y once it is armed.
func confirmFull(t testing.TB, m Model, clk *clock) Model {
	t.Helper()
	m = press(t, m, "f")
	if _, ok := m.modal.(confirmModal); !ok {
		t.Fatalf("f did not open the confirmation:\n%s", screen(m))
	}
	clk.add(confirmArmDelay)
	return press(t, m, "y")
}

// everyTab is the screen of each tab in turn, joined.
func everyTab(m Model) string {
	var b strings.Builder
	for i := range m.deck.panes {
		m.deck.jump(i)
		b.WriteString(screen(m))
	}
	return b.String()
}

func TestViewBeforeFirstSizeAndTooSmall(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m := New(demoConfig(s))
	if got := m.View().Content; got != "" {
		t.Fatalf("zero size view: %q", got)
	}
	m, _ = newModel(t, demoConfig(s), 40, 10)
	requireContains(t, screen(m), "needs at least 60×15", "40×10")
}

func TestLookupAndTabs(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 100, 30)
	requireContains(t, screen(m), "Look up a political advertisement", "AB12CD", "DEMO-429")
	m = typeText(t, m, "AB12CD")
	m = press(t, m, "enter")
	if m.ex == nil || m.ex.doc == nil || m.focus != focusPane {
		t.Fatalf("after lookup: exchange %v, focus %v, status %q", m.ex, m.focus, m.status.text)
	}
	requireContains(t, screen(m), "Company name", "Riverside Civic Alliance", "200", "request id fake-", "≈999 of 1,000 left · ≈ padview's own estimate")
	// The tabs are advert.Groups, in its order and with its labels.
	for i, g := range advert.Groups[:8] {
		if got := m.deck.panes[i].Tab().Label; got != g.Label {
			t.Fatalf("tab %d is %q, want %q", i+1, got, g.Label)
		}
	}
	m = press(t, m, "tab")
	requireContains(t, screen(m), "Clean Rivers Referendum 2026", "EUR 48,250.00", "2026-09-01")
	m = press(t, m, "3")
	requireContains(t, screen(m), "2 sponsors", "Friends of the Estuary", "Tomasz Wiśniewski")
	m = press(t, m, "j")
	requireContains(t, screen(m), "entry 2", "Gdańsk", "Name          ◆ Tomasz Wiśniewski")
	m = press(t, m, "J")
	if strings.Contains(screen(m), "Name          ◆ Tomasz Wiśniewski") || !strings.Contains(screen(m), "Kind          individual") {
		t.Fatalf("J did not scroll the details:\n%s", screen(m))
	}
	m = press(t, m, "K")
	requireContains(t, screen(m), "Name          ◆ Tomasz Wiśniewski")
	m = press(t, m, "shift+tab", "left")
	if tab(m) != "Advertiser" {
		t.Fatalf("tab %q after shift+tab, left", tab(m))
	}
	m = press(t, m, "0")
	if tab(m) != "Raw" {
		t.Fatalf("0 → %q", tab(m))
	}
	requireContains(t, screen(m), `"paid": "AB12CD"`, "GET http://", "→ 200", "$PADVIEW_TOKEN", "c copies", "Response headers", "X-Request-Id")
	if strings.Contains(screen(m), fake.DemoToken) {
		t.Fatal("the token is on screen")
	}
	next, cmd := m.Update(keyMsg("c"))
	next, cmd = next.(Model).Update(cmd())
	if cmd == nil || !strings.Contains(next.(Model).status.text, "Copied the curl command of AB12CD · standard view") {
		t.Fatal("c did not copy the curl command")
	}
	if msg := fmt.Sprint(cmd()); !strings.Contains(msg, "/advertisement/AB12CD") || strings.Contains(msg, fake.DemoToken) {
		t.Fatalf("clipboard message %v", msg)
	}
	// A click on a tab selects it: the layout's tab row, the bar's ranges.
	_, hits := m.deck.bar(m.kit, m.layout.width)
	next, _ = m.Update(tea.MouseClickMsg{X: hits[1].from + 1, Y: m.layout.tabs.y, Button: tea.MouseLeft})
	if got := tab(next.(Model)); got != m.deck.panes[hits[1].index].Tab().Label || got == "Raw" {
		t.Fatalf("click chose %q", got)
	}
}

func TestEmptyGroupsStayReachable(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 100, 30)
	m = typeText(t, m, "NUL0N3")
	m = press(t, m, "enter", "3")
	requireContains(t, screen(m), "Sponsors: not disclosed") // "sponsors": null
	m = press(t, m, "7")
	requireContains(t, screen(m), "Targeting: not in this response")
	m = press(t, m, "1")
	requireContains(t, screen(m), "Legal name", "not disclosed")
}

func TestBadPAIDCostsNoRequestAndKeepsTheExchange(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 100, 30)
	m = lookUpIn(t, m, "AB12CD")
	requests := s.Stats().Requests
	m = press(t, m, "o")
	m = typeText(t, m, "AB/12")
	m = press(t, m, "enter")
	if m.sess.pending != nil || s.Stats().Requests != requests {
		t.Fatal("a request was made for a malformed PAID")
	}
	if m.focus != focusInput || m.ex == nil || m.ex.paid != "AB12CD" {
		t.Fatalf("a validation error moved focus (%v) or dropped the exchange (%v)", m.focus, m.ex)
	}
	requireContains(t, screen(m), "The PAID contains '/'", "Riverside Civic Alliance")
	m = press(t, m, "x") // typing clears the message
	if m.input.problem != "" {
		t.Fatal("message stayed after typing")
	}
}

func TestStaleResponsesAreDropped(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 100, 30)
	m.input.box.SetValue("AB12CD")
	next, first := m.Update(keyMsg("enter"))
	m = next.(Model)
	m.input.box.SetValue("XK9P2M")
	next, second := m.Update(keyMsg("enter"))
	m = next.(Model)
	// The first answer arrives after the user moved on.
	for _, msg := range execute(first) {
		if r, ok := msg.(fetchResult); ok {
			next, _ = m.Update(r)
			m = next.(Model)
		}
	}
	if m.ex != nil {
		t.Fatalf("stale answer shown: %s", m.ex.paid)
	}
	m = settle(t, m, second)
	if m.ex == nil || m.ex.paid != "XK9P2M" {
		t.Fatalf("current answer not shown: %v", m.ex)
	}
	// Esc cancels a fetch in flight, and its answer is dropped too: one
	// that came before the esc was read, and one the esc cut short.
	m = press(t, m, "o")
	m.input.box.SetValue("AB12CD")
	next, cmd := m.Update(keyMsg("enter"))
	answered := execute(cmd) // the answer came, and waits behind the esc
	for _, cut := range []bool{false, true} {
		m := next.(Model)
		m.input.box.SetValue("AB12CD")
		after, late := m.Update(keyMsg("enter"))
		m = after.(Model)
		after, _ = m.Update(keyMsg("esc"))
		m = after.(Model)
		msgs := answered
		if cut {
			msgs = execute(late) // run after the esc: its context is canceled
		}
		for _, msg := range msgs {
			if r, ok := msg.(fetchResult); ok {
				after, _ = m.Update(r)
				m = after.(Model)
			}
		}
		if m.ex.paid != "XK9P2M" || m.status.text != "Canceled." {
			t.Fatalf("after cancel (cut %v): %s, %q", cut, m.ex.paid, m.status.text)
		}
	}
}

func TestFullViewNeedsConfirmation(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, clk := newModel(t, demoConfig(s), 100, 30)
	m = lookUpIn(t, m, "AB12CD")
	requests := s.Stats().Full

	// Keys in flight when the dialog opens do not answer it.
	m = press(t, m, "f", "y", "enter")
	if _, ok := m.modal.(confirmModal); !ok || m.sess.view != advert.Standard {
		t.Fatal("keys typed before the dialog was readable answered it")
	}
	requireContains(t, screen(m), "Full view: personal data", "legitimate", "data processing agreements", "AB12CD", "Cancel",
		"stays on for later lookups", "10 min")
	// A paste or a click never answers it.
	clk.add(confirmArmDelay)
	next, _ := m.Update(tea.PasteMsg{Content: "y"})
	next, _ = next.Update(tea.MouseClickMsg{X: 50, Y: 20, Button: tea.MouseLeft})
	if _, ok := next.(Model).modal.(confirmModal); !ok {
		t.Fatal("a paste or a click answered the confirmation")
	}
	// Cancel is the default.
	m = press(t, m, "enter")
	if m.modal != nil || m.sess.view != advert.Standard || s.Stats().Full != requests {
		t.Fatal("enter on the default did not cancel")
	}
	requireContains(t, screen(m), "Full view not opened", "STANDARD")
	m = confirmFull(t, m, clk)
	if m.sess.view != advert.Full || !m.ex.personal() || s.Stats().Full != requests+1 {
		t.Fatalf("confirm: view %v exchange %v", m.sess.view, m.ex)
	}
	requireContains(t, screen(m), "FULL · personal data", "◆ maren.holt@riverside-civic.example")
	// Later lookups stay in the full view.
	m = lookUpIn(t, m, "XK9P2M")
	if !m.ex.personal() || m.ex.paid != "XK9P2M" {
		t.Fatalf("next lookup: %s %v", m.ex.paid, m.ex.view)
	}
	// s drops the personal data from memory and screen.
	m = press(t, m, "s")
	if m.sess.view != advert.Standard || m.ex == nil || m.ex.personal() {
		t.Fatalf("after s: view %v exchange %v", m.sess.view, m.ex)
	}
	if strings.Contains(everyTab(m), "amelie@") || strings.Contains(string(m.ex.doc.Raw), "@ecoles-vivantes") {
		t.Fatal("personal data kept after leaving the full view")
	}
}

func TestFullViewIdleRevert(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	cfg := demoConfig(s)
	cfg.FullViewIdle = 2 * time.Minute
	m, clk := newModel(t, cfg, 100, 30)
	m = lookUpIn(t, m, "AB12CD")
	m = confirmFull(t, m, clk)
	requireContains(t, screen(m), "FULL · personal data")
	clk.add(time.Minute)
	next, _ := m.Update(tickMsg(clk.now()))
	if m = next.(Model); m.sess.view != advert.Full {
		t.Fatal("reverted too early")
	}
	m = press(t, m, "j") // a key press restarts the clock
	clk.add(90 * time.Second)
	next, _ = m.Update(tickMsg(clk.now()))
	if m = next.(Model); m.sess.view != advert.Full {
		t.Fatal("a key press did not count as activity")
	}
	clk.add(time.Minute)
	next, cmd := m.Update(tickMsg(clk.now()))
	m = settle(t, next.(Model), cmd)
	if m.sess.view != advert.Standard || m.ex == nil || m.ex.personal() {
		t.Fatalf("idle revert: view %v", m.sess.view)
	}
	requireContains(t, screen(m), "STANDARD", "Returned to the standard view after 2 min")
	if strings.Contains(everyTab(m), "maren.holt") {
		t.Fatal("personal data on screen after the revert")
	}
}

// TestFailureReplacesTheExchange: whatever fails, the screen describes the
// failed lookup, never the advertisement before it.
func TestFailureReplacesTheExchange(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{DemoTriggers: true})
	m, _ := newModel(t, demoConfig(s), 100, 30)
	cases := []struct {
		paid  string
		fault *fake.Fault
		want  []string
		raw   []string
	}{
		{"NOPE42", nil, []string{"No advertisement with PAID NOPE42 (404)", "What happened", "The service said", "not_found: No advertisement", "What you can do"},
			[]string{"→ 404 Not Found", `"code": "not_found"`}},
		{"DEMO-503", nil, []string{"✗ Service error (503) after 4 attempts", "failed · r retries", "service_unavailable: maintenance window (demo)"},
			[]string{"→ 503 Service Unavailable", "Attempts", "then: gave up: 4 attempts f", `"message": "maintenance window (demo)"`}},
		{"DEMO-HTML", nil, []string{"not JSON", "text/html", "is not valid JSON"},
			[]string{"→ 200 OK", "not JSON, shown as text", "<h1>Welcome to the portal</h1>"}},
		{"DEMO-BADJSON", nil, []string{"not JSON", "What you can do"}, []string{"→ 200 OK", "Body ·"}},
		{"AB12CD", &fake.Fault{Kind: fake.FaultRateLimit, RetryAfter: time.Hour}, []string{"Rate limited (429): the service asks to wait 1 h, more than max_wait", "raise max_wait"},
			[]string{"→ 429 Too Many Requests", "Retry-After"}},
	}
	for _, c := range cases {
		m = lookUpIn(t, m, "XK9P2M")
		requireContains(t, screen(m), "Collectif")
		if c.fault != nil {
			s.Inject(*c.fault, 1)
		}
		m = lookUpIn(t, m, c.paid)
		scr := screen(m)
		requireContains(t, scr, c.want...)
		requireContains(t, scr, c.paid, "failed", "1 Error", "2 Raw")
		if all := everyTab(m); strings.Contains(all, "Collectif") || strings.Contains(all, "XK9P2M") {
			t.Fatalf("%s: the earlier advertisement is still on screen:\n%s", c.paid, all)
		}
		if m.ex.doc != nil || m.focus != focusPane {
			t.Fatalf("%s: exchange %v, focus %v", c.paid, m.ex.doc, m.focus)
		}
		// Raw and c describe the failed request.
		m = press(t, m, "2")
		requireContains(t, screen(m), "GET http://", c.paid)
		requireContains(t, screen(m), c.raw...)
		next, cmd := m.Update(keyMsg("c"))
		next, cmd = next.(Model).Update(cmd())
		if msg := fmt.Sprint(cmd()); !strings.Contains(msg, "/advertisement/"+c.paid) {
			t.Fatalf("%s: c copied %v", c.paid, msg)
		}
		requireContains(t, next.(Model).status.text, c.paid)
	}
	// 401: the token was rejected; t offers a new one.
	m.setToken("wrong-token", "test")
	m = press(t, m, "r")
	requireContains(t, screen(m), "Token rejected (401)", "t enters a new token", "t new token")
	m = press(t, m, "t")
	if _, ok := m.modal.(tokenModal); !ok {
		t.Fatal("t did not open the token entry after a 401")
	}
}

// TestFailureAfterFullViewLeavesNoTrace is the first scenario:
// ZZ7Q1A in the full view, then a PAID that does not exist.
func TestFailureAfterFullViewLeavesNoTrace(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{DemoTriggers: true})
	m, clk := newModel(t, demoConfig(s), 120, 36)
	m = lookUpIn(t, m, "ZZ7Q1A")
	m = confirmFull(t, m, clk)
	requireContains(t, screen(m), "◆ s.vdberg@havenwerkers.example", "FULL · personal data")
	m = lookUpIn(t, m, "NOPE99")
	all := everyTab(m)
	for _, gone := range []string{"havenwerkers", "Havenwerkers", "ZZ7Q1A", "FULL · personal data"} {
		if strings.Contains(all, gone) {
			t.Fatalf("%q is still on screen after NOPE99 failed:\n%s", gone, all)
		}
	}
	requireContains(t, all, "NOPE99 · full view · failed (404)", "full view on", "/v1/advertisement-full/NOPE99")
	if m.ex.doc != nil || m.ex.personal() {
		t.Fatal("the full view's document is still held")
	}
}

// TestKeysOfferedAfterFailureWork: focus leaves the input after a failure,
// so the keys the key line offers are keys, not text.
func TestKeysOfferedAfterFailureWork(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{DemoTriggers: true})
	m, clk := newModel(t, demoConfig(s), 100, 30)
	m = typeText(t, m, "DEMO-503")
	m = press(t, m, "enter")
	if m.focus != focusPane {
		t.Fatal("focus stayed in the input after a failure")
	}
	requireContains(t, screen(m), "r retry", "q quit")
	m = press(t, m, "tab")
	if tab(m) != "Raw" || m.input.value() != "DEMO-503" {
		t.Fatalf("tab: %q, input %q", tab(m), m.input.value())
	}
	m = press(t, m, "3", "t")
	if _, ok := m.modal.(tokenModal); !ok || m.input.value() != "DEMO-503" {
		t.Fatalf("t after a failure: modal %T, input %q", m.modal, m.input.value())
	}
	m = press(t, m, "esc")
	m = confirmFull(t, m, clk) // the full view of DEMO-503 fails as well
	if m.sess.view != advert.Full || m.ex.personal() {
		t.Fatal("full view state wrong after a failed full lookup")
	}
	requireContains(t, screen(m), "full view on", "s standard view")
	m = press(t, m, "s")
	if m.sess.view != advert.Standard || m.input.value() != "DEMO-503" {
		t.Fatalf("s after a failure: view %v input %q", m.sess.view, m.input.value())
	}
}

// TestRefusedFullViewReturnsToStandard: a 403 on the full view goes back
// to the standard view (issue 24): its answer is on screen, not the
// refusal waiting for r; the notice says why, and [ shows the refusal.
// The badge stays STANDARD and the next lookup is in the standard view.
func TestRefusedFullViewReturnsToStandard(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{DemoTriggers: true})
	m, clk := newModel(t, demoConfig(s), 100, 30)
	m = lookUpIn(t, m, "DEMO-403")
	standard := s.Stats().Requests
	m = confirmFull(t, m, clk)
	scr := screen(m)
	requireContains(t, scr, "STANDARD", "Full view refused (403): back in the standard view, for later lookups too; [ shows the refusal.")
	if strings.Contains(scr, "FULL · personal data") || strings.Contains(scr, "full view on") || m.sess.view != advert.Standard ||
		m.ex == nil || m.ex.err != nil || m.ex.view != advert.Standard || s.Stats().Requests != standard+2 {
		t.Fatalf("after a refused full view (%d requests):\n%s", s.Stats().Requests-standard, scr)
	}
	back := press(t, m, "[")
	requireContains(t, screen(back), "Full view refused (403)", "forbidden: this token may not use the full view (demo)")
	full := s.Stats().Full
	m = lookUpIn(t, m, "AB12CD")
	if s.Stats().Full != full || m.ex.view != advert.Standard || m.modal != nil {
		t.Fatal("the refused full view carried over to the next lookup")
	}
	requireContains(t, screen(m), "STANDARD", "Showing AB12CD · standard view")
}

func TestPastedURLs(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, clk := newModel(t, demoConfig(s), 100, 30)
	// A full-view URL asks first, for its PAID.
	next, _ := m.Update(tea.PasteMsg{Content: s.URL + "/advertisement-full/XK9P2M"})
	m = press(t, next.(Model), "enter")
	if c, ok := m.modal.(confirmModal); !ok || c.paid != "XK9P2M" || s.Stats().Requests != 0 {
		t.Fatalf("a pasted full-view URL did not ask first: %T", m.modal)
	}
	clk.add(confirmArmDelay)
	m = press(t, m, "y")
	if !m.ex.personal() || m.ex.paid != "XK9P2M" {
		t.Fatal("confirming the pasted full-view URL did not fetch it")
	}
	m = press(t, m, "s")
	// A URL of another service is used for its id only, and the screen says so.
	next, _ = m.Update(tea.PasteMsg{Content: "https://other.example/v1/advertisement/AB12CD"})
	m = press(t, next.(Model), "enter")
	requireContains(t, screen(m), "pasted URL is for https://other.example/v1: only its id AB12CD is looked up", "Riverside Civic Alliance")
	if m.ex.paid != "AB12CD" || m.ex.view != advert.Standard {
		t.Fatalf("exchange %v", m.ex.lookup)
	}
	// Another service's full-view URL: the confirmation says so too.
	// Cancelled, nothing was looked up: the input and the message line
	// name the advertisement on screen again, and ↑ brings the URL back.
	m = press(t, m, "o")
	url := "https://other.example/v1/advertisement-full/XK9P2M"
	m.input.box.SetValue(url)
	m = press(t, m, "enter")
	requireContains(t, screen(m), "Show personal data", "The pasted URL is for https://other.example/v1")
	clk.add(confirmArmDelay)
	m = press(t, m, "esc")
	requireContains(t, screen(m), "Full view not opened", "PAID ❯ AB12CD", "Showing AB12CD")
	if strings.Contains(screen(m), "XK9P2M") {
		t.Fatalf("after the cancel the screen names XK9P2M, which was not looked up:\n%s", screen(m))
	}
	if m = press(t, m, "up"); m.input.value() != url {
		t.Fatalf("↑ brings back %q, not the URL typed", m.input.value())
	}
}

func TestHelpOverlay(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 100, 30)
	m = press(t, m, "?") // '?' is never part of a PAID: help opens from the input too
	if _, ok := m.modal.(helpModal); !ok || m.input.value() != "" {
		t.Fatalf("? in the input: modal %T, input %q", m.modal, m.input.value())
	}
	m = press(t, m, "?", "esc")
	if m.focus != focusPane {
		t.Fatal("esc did not leave the input")
	}
	m = lookUpIn(t, m, "AB12CD")
	m = press(t, m, "?")
	requireContains(t, screen(m), "Keys", "full view", "jump to pane", "page up/down", "?/esc/q close")
	// The help swallows the mouse: a click where the tab bar was does not
	// switch tabs, and the wheel scrolls the help.
	_, hits := m.deck.bar(m.kit, m.layout.width)
	next, _ := m.Update(tea.MouseClickMsg{X: hits[2].from + 1, Y: m.layout.tabs.y, Button: tea.MouseLeft})
	if m = next.(Model); tab(m) != "Advertiser" || m.modal == nil {
		t.Fatalf("a click through the help chose %q", tab(m))
	}
	small, _ := newModel(t, demoConfig(s), 60, 15)
	small = press(t, small, "?")
	requireContains(t, screen(small), "↓ more")
	seen := screen(small) // the wheel scrolls through every key
	for range 10 {
		next, _ = small.Update(tea.MouseWheelMsg{X: 10, Y: 8, Button: tea.MouseWheelDown})
		small = next.(Model)
		seen += screen(small)
	}
	requireContains(t, seen, "J/K", "ctrl+c", "privacy mask")
	m = press(t, m, "?")
	if m.modal != nil {
		t.Fatal("? did not close help")
	}
}

// TestHelpAt80x24ShowsEveryKey: the help lays its columns out in bands, so
// at 80×24 every key shows without scrolling.
func TestHelpAt80x24ShowsEveryKey(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 80, 24)
	m = press(t, m, "esc", "?")
	scr := screen(m)
	for _, col := range m.kit.keys.helpColumns() {
		for _, b := range col {
			if !strings.Contains(scr, b.Help().Key+" ") || !strings.Contains(scr, b.Help().Desc) {
				t.Errorf("help at 80×24 lacks %q %q", b.Help().Key, b.Help().Desc)
			}
		}
	}
	if strings.Contains(scr, "↓ more") {
		t.Errorf("help at 80×24 scrolls:\n%s", scr)
	}
	// The key line keeps q quit at 80 columns, and ? help at 60.
	m = press(t, m, "esc")
	m = lookUpIn(t, m, "AB12CD")
	requireContains(t, lastLine(screen(m)), "q quit", "? help")
	next, _ := m.Update(tea.WindowSizeMsg{Width: 60, Height: 15})
	requireContains(t, lastLine(screen(next.(Model))), "q quit", "? help", "o new PAID")
}

func lastLine(s string) string { return s[strings.LastIndex(strings.TrimRight(s, "\n"), "\n")+1:] }

// TestConfirmationAtSmallestSize: at 60×15 the choice and its keys show
// (the answers once the dialog is armed); the notice scrolls.
func TestConfirmationAtSmallestSize(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, clk := newModel(t, demoConfig(s), 60, 15)
	m = lookUpIn(t, m, "AB12CD")
	m = press(t, m, "f")
	if line := lastLine(screen(m)); strings.Contains(line, "y show personal data") || !strings.Contains(line, "↑/↓ scroll") {
		t.Fatalf("before it is armed the key line offers: %s", line)
	}
	clk.add(confirmArmDelay)
	next, _ := m.Update(confirmArmed{})
	m = next.(Model)
	scr := screen(m)
	requireContains(t, scr, "Cancel", "Show personal data", "y show personal data", "n/esc/q cancel", "↓ more")
	for range 10 {
		m = press(t, m, "down")
	}
	requireContains(t, screen(m), "itself.", "Show personal data")
}

// TestTableFillsAfterResize: G at the end of 5,000 sponsors, shrink to the
// smallest size and grow to a large one: the table fills the pane.
func TestTableFillsAfterResize(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 120, 36)
	m = lookUpIn(t, m, fake.ManySponsorsPAID)
	m = press(t, m, "3", "end")
	for _, size := range [][2]int{{60, 15}, {200, 60}, {80, 24}, {120, 36}} {
		next, _ := m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		m = next.(Model)
		p := m.deck.current().(partiesPane)
		rows := strings.Count(screen(m), "Donor ")
		if rows < p.rows() || !strings.Contains(screen(m), "Donor 5000") || p.offset != len(p.list)-p.rows() {
			t.Fatalf("at %v: %d rows of %d shown, offset %d:\n%s", size, rows, p.rows(), p.offset, screen(m))
		}
	}
}

func TestPersonalDataMarkedInTableColumns(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, clk := newModel(t, demoConfig(s), 160, 40)
	m = lookUpIn(t, m, "AB12CD")
	m = confirmFull(t, m, clk)
	m = press(t, m, "3")
	scr := screen(m)
	requireContains(t, scr, "Email", "Phone")
	for _, l := range strings.Split(scr, "\n") {
		row, _, _ := strings.Cut(l, "│") // the table, left of the details
		if strings.Contains(row, "Friends of the Estuary") && !strings.Contains(row, "◆ info@estuary-friends.example") {
			t.Fatalf("the table's email cell is not marked:\n%s", l)
		}
	}
	requireContains(t, scr, "◆ +")
}

func TestStatusBarTruncatesRequestIDLast(t *testing.T) {
	t.Parallel()
	for _, w := range []int{60, 80, 120} {
		line := fitStatus(w, []string{strings.Repeat("Service error (503) after 4 attempts ", 2)}, " · r retries", " · request id req-0123456789abcdef", "budget ≈997/1000", "", " · next slot 59s")
		if lipgloss.Width(line) != w || !strings.Contains(line, "request id req-0123456789abcdef") {
			t.Fatalf("at %d: %q", w, line)
		}
	}
	if got := fitStatus(30, []string{"x"}, "", " · request id req-0123456789abcdef-0123456789", "budget", "", ""); !strings.Contains(got, "req-0123") {
		t.Fatalf("the request id went first: %q", got)
	}
}

type saver struct {
	saved   map[string]string
	unavail error
}

func (s *saver) Save(p, tok string) error { s.saved[p] = tok; return nil }
func (s *saver) Available() error         { return s.unavail }

// CleanToken is the keystore's rule, as keystore.Store gives it.
func (s *saver) CleanToken(in string) (string, error) { return keystore.CleanToken(in) }

func TestTokenScreen(t *testing.T) {
	t.Parallel()
	srv := startFake(t, fake.Options{})
	cfg := demoConfig(srv)
	cfg.Token = ""
	sv := &saver{saved: map[string]string{}}
	cfg.Tokens = sv
	m, _ := newModel(t, cfg, 100, 30)
	requireContains(t, screen(m), "Partner token", "No partner token for profile demo", "OS keyring")
	cfgNoKeyring := cfg
	cfgNoKeyring.KeyringProblem = "no D-Bus session bus"
	if m2, _ := newModel(t, cfgNoKeyring, 100, 30); !strings.Contains(screen(m2), "It will be kept for this session only: no D-Bus") {
		t.Fatalf("the token screen does not say the keyring is unavailable:\n%s", screen(m2))
	}
	m = typeText(t, m, "bad token")
	m = press(t, m, "enter")
	requireContains(t, screen(m), "The token contains whitespace: a space at character 4") // keystore.CleanToken's words
	m.modal = setTokenText(m.modal, " "+fake.DemoToken+" ")                                // the one rule trims a paste's spaces
	if strings.Contains(screen(m), fake.DemoToken) {
		t.Fatal("the token is visible while typed")
	}
	m = press(t, m, "enter")
	if m.modal != nil || sv.saved["demo"] != fake.DemoToken || m.sess.client == nil {
		t.Fatalf("not saved: %+v", sv.saved)
	}
	requireContains(t, screen(m), "Token saved in the OS keyring")
	if strings.Contains(screen(m), fake.DemoToken) {
		t.Fatal("the token is on screen")
	}
	// Replacing the token in use asks first; n keeps it.
	m.blurInput()
	m = press(t, m, "t")
	m.modal = setTokenText(m.modal, "another-token")
	m = press(t, m, "enter")
	requireContains(t, screen(m), "Replace the token in use (source: OS keyring)?", "y replace")
	m = press(t, m, "n", "esc")
	if m.modal != nil || sv.saved["demo"] != fake.DemoToken {
		t.Fatal("n replaced the token")
	}
	// Keyring unavailable: kept for the session, and said so.
	sv.unavail = errors.New("no D-Bus session bus")
	m = press(t, m, "t")
	m.modal = setTokenText(m.modal, fake.DemoToken)
	m = press(t, m, "enter", "y")
	requireContains(t, screen(m), "keyring is unavailable", "this session only", "D-Bus session bus")
}

func setTokenText(md Modal, tok string) Modal {
	tm := md.(tokenModal)
	tm.input.SetValue(tok)
	return tm
}

func TestInputHistoryAndTyping(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 100, 30)
	for _, id := range []string{"AB12CD", "XK9P2M"} {
		m = lookUpIn(t, m, id)
	}
	m = press(t, m, "o")
	if m.input.value() != "" {
		t.Fatalf("o kept %q in the input", m.input.value())
	}
	m.input.box.SetValue("draft")
	m = press(t, m, "up")
	if m.input.value() != "XK9P2M" {
		t.Fatalf("up: %q", m.input.value())
	}
	m = press(t, m, "up", "down", "down")
	if m.input.value() != "draft" {
		t.Fatalf("back to draft: %q", m.input.value())
	}
	// Letters typed into the input are text, not commands.
	m.input.box.SetValue("")
	m = typeText(t, m, "qfsr")
	if m.input.value() != "qfsr" || m.modal != nil {
		t.Fatalf("typing triggered commands: %q", m.input.value())
	}
}

func TestWorklistOpensOnItsFirstPAID(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	cfg := demoConfig(s)
	cfg.Worklist = []string{"XK9P2M", "AB12CD"}
	m, _ := newModel(t, cfg, 100, 30)
	m = settle(t, m, m.startup)
	if m.ex == nil || m.ex.paid != "XK9P2M" || m.focus != focusPane {
		t.Fatalf("worklist start: %v", m.ex)
	}
	// Without a token the token entry comes first, then the first PAID.
	cfg.Token = ""
	m, _ = newModel(t, cfg, 100, 30)
	m.modal = setTokenText(m.modal, fake.DemoToken)
	m = press(t, m, "enter")
	if m.ex == nil || m.ex.paid != "XK9P2M" {
		t.Fatalf("worklist after the token: %v", m.ex)
	}
}

// TestRawOfAFailure fills the exchange's body and attempt log the way the
// client does, and checks the Raw pane shows them, cleaned.
func TestRawOfAFailure(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{DemoTriggers: true})
	m, _ := newModel(t, demoConfig(s), 120, 40)
	m = lookUpIn(t, m, "DEMO-HTML")
	r := fetchResult{id: m.sess.seq + 1, l: m.ex.lookup, rec: m.ex.rec, err: m.ex.err}
	rec := *r.rec
	rec.Body = []byte("<html>\x1b]52;c;evil\x07<body>Sign in\u202e</body>\n</html>")
	rec.Log = []api.Attempt{{Status: 502, Duration: time.Millisecond, Next: "retry after 502"}, {Status: 200, Duration: 2 * time.Millisecond}}
	r.rec = &rec
	m.sess.seq++
	m.sess.pending = &pending{id: m.sess.seq, l: r.l, cancel: func() {}}
	next, _ := m.Update(r)
	m = press(t, next.(Model), "2")
	scr := screen(m)
	requireContains(t, scr, "not JSON, shown as text", "<body>Sign in", "Attempts", "1. 502 Bad Gateway", "then: retry after 502", "2. 200 OK")
	if strings.ContainsAny(m.View().Content, "\x07\u202e") || strings.Contains(m.View().Content, "\x1b]52") {
		t.Fatal("a control sequence from the body reached the screen")
	}
}

func TestNormalizerWarningsShown(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 120, 36)
	m = lookUpIn(t, m, "AB12CD")
	ex := *m.ex
	doc := *ex.doc
	doc.Warnings = []string{`duplicate member "email" in advertiser: the last one is kept`, "unreadable date in campaign.startDate"}
	ex.doc = &doc
	m.show(&ex)
	requireContains(t, screen(m), "⚠ 2 warnings (Raw lists them)", "duplicate member")
	m = press(t, m, "0")
	requireContains(t, screen(m), "Normalizer warnings", "⚠ unreadable date in campaign.startDate")
}

// TestEveryLineFits renders wide characters, long text and escapes at
// several sizes: no line may be wider than the terminal, and nothing the
// server sent may reach the terminal as a control sequence.
func TestEveryLineFits(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{DemoTriggers: true})
	for _, size := range [][2]int{{60, 15}, {80, 24}, {132, 40}, {200, 60}} {
		m, clk := newModel(t, demoConfig(s), size[0], size[1])
		for _, id := range []string{"JP2026A1", "LONG01", "ESC4PE", "Q4R8ST", "DEMO-HTML"} {
			m = lookUpIn(t, m, id)
			m = confirmFull(t, m, clk)
			check := func(m Model, what string) {
				content := m.View().Content
				lines := strings.Split(content, "\n")
				if len(lines) != size[1] {
					t.Fatalf("%s at %v, %s: %d lines", id, size, what, len(lines))
				}
				for _, l := range lines {
					if w := lipgloss.Width(l); w != size[0] {
						t.Fatalf("%s at %v, %s: a line is %d wide: %q", id, size, what, w, l)
					}
				}
				if strings.ContainsAny(content, "\x07\u009b\u202e\u202c") || strings.Contains(content, "\x1b]52") || strings.Contains(content, "\x1b[2J") {
					t.Fatalf("%s: a control sequence from the data reached the screen", id)
				}
			}
			for i := range m.deck.panes {
				m.deck.jump(i)
				check(m, tab(m))
			}
			for _, k := range []string{"?", "t", "f"} {
				check(press(t, m, k), "modal "+k)
			}
			m = press(t, m, "s")
		}
	}
}

func TestGoldenAdvertiserPane(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 80, 24)
	m = typeText(t, m, "PAD-2026-000000123456")
	m = press(t, m, "enter")
	got := screen(m)
	// The fake's port and request id change between runs.
	got = strings.ReplaceAll(got, strings.TrimPrefix(strings.TrimSuffix(s.URL, "/v1"), "http://"), "127.0.0.1:PORT")
	got = replaceRequestID(got)
	// The budget's clock is the real one; the model's is pinned.
	got = regexp.MustCompile(`resets in [0-9ms]+`).ReplaceAllString(got, "resets in T")
	got = regexp.MustCompile(`200 · [<0-9.µnms]+ ·`).ReplaceAllString(got, "200 · T ·")
	got = regexp.MustCompile(` +\n`).ReplaceAllString(got, "\n")
	// Those change the width of the header and status lines: close up their gaps.
	got = regexp.MustCompile(`(fictional data|fake-N) {2,}`).ReplaceAllString(got, "$1  ")
	path := filepath.Join("testdata", "advertiser.golden")
	if updating() {
		os.MkdirAll("testdata", 0o755)
		os.WriteFile(path, []byte(got), 0o644)
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./ui -run Golden -update)", err)
	}
	if got != string(want) {
		t.Fatalf("screen differs from %s:\n%s\n--- want ---\n%s", path, got, want)
	}
}

func replaceRequestID(s string) string {
	i := strings.Index(s, "request id fake-")
	if i < 0 {
		return s
	}
	j := i + len("request id fake-")
	k := j
	for k < len(s) && s[k] >= '0' && s[k] <= '9' {
		k++
	}
	return s[:j] + "N" + strings.Repeat(" ", k-j-1) + s[k:]
}

func TestThemeFollowsBackground(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 100, 30)
	if !m.kit.st.IsDark {
		t.Fatal("dark is the default before the terminal answers")
	}
	next, _ := m.Update(tea.BackgroundColorMsg{Color: color.White})
	if next.(Model).kit.st.IsDark {
		t.Fatal("a white background kept the dark theme")
	}
	next, _ = next.Update(tea.BackgroundColorMsg{Color: color.Black})
	if !next.(Model).kit.st.IsDark {
		t.Fatal("a black background did not bring the dark theme back")
	}
}

// The message line says "Full view: personal data" only when personal
// data came: a full view refused (403), not found or never sent takes it
// back, and the badge and the line then agree.
func TestFullViewMessageOnlyWithPersonalData(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{DemoTriggers: true})
	for _, c := range []struct {
		paid     string
		personal bool
	}{{"AB12CD", true}, {"DEMO-403", false}, {"NOPE42", false}} {
		m, clk := newModel(t, demoConfig(s), 120, 36)
		m = lookUpIn(t, m, c.paid)
		m = confirmFull(t, m, clk)
		scr := screen(m)
		if shown := strings.Contains(scr, fullViewAsked); shown != c.personal || strings.Contains(scr, "FULL · personal data") != c.personal {
			t.Errorf("%s: the line says the full view's personal data is shown: %v, want %v:\n%s", c.paid, shown, c.personal, scr)
		}
	}
}
