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

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/fake"
)

// updating reports -update, the flag teatest's golden package defines.
func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

func TestViewBeforeFirstSizeAndTooSmall(t *testing.T) {
	s := startFake(t, fake.Options{})
	m := New(demoConfig(s))
	if got := m.View().Content; got != "" {
		t.Fatalf("zero size view: %q", got)
	}
	m, _ = newModel(t, demoConfig(s), 40, 10)
	requireContains(t, screen(m), "needs at least 60×15", "40×10")
}

func TestLookupAndTabs(t *testing.T) {
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 100, 30)
	requireContains(t, screen(m), "Look up a political advertisement", "AB12CD", "DEMO-429")
	m = typeText(t, m, "AB12CD")
	m = press(t, m, "enter")
	if m.doc == nil || m.focus != focusPane {
		t.Fatalf("after lookup: doc %v, focus %v, status %q", m.doc, m.focus, m.status.text)
	}
	requireContains(t, screen(m), "Company name", "Riverside Civic Alliance", "200", "request id fake-", "budget ≈999/1000")
	m = press(t, m, "tab")
	requireContains(t, screen(m), "Clean Rivers Referendum 2026", "EUR 48,250.00", "2026-09-01")
	m = press(t, m, "3")
	requireContains(t, screen(m), "2 sponsors", "Friends of the Estuary", "Tomasz Wiśniewski")
	m = press(t, m, "j")
	requireContains(t, screen(m), "entry 2", "Gdańsk", "Name          Tomasz Wiśniewski")
	m = press(t, m, "J")
	if strings.Contains(screen(m), "Name          Tomasz Wiśniewski") || !strings.Contains(screen(m), "Kind          individual") {
		t.Fatalf("J did not scroll the details:\n%s", screen(m))
	}
	m = press(t, m, "K")
	requireContains(t, screen(m), "Name          Tomasz Wiśniewski")
	m = press(t, m, "shift+tab", "left")
	if m.currentTab() != tabAdvertiser {
		t.Fatalf("tab %v after shift+tab, left", m.currentTab())
	}
	m = press(t, m, "9")
	if m.currentTab() != tabRaw {
		t.Fatalf("9 → %v", m.currentTab())
	}
	requireContains(t, screen(m), `"paid": "AB12CD"`, "GET http://", "→ 200", "$PADVIEW_TOKEN", "c copies")
	if strings.Contains(screen(m), fake.DemoToken) {
		t.Fatal("the token is on screen")
	}
	next, cmd := m.Update(keyMsg("c"))
	if cmd == nil || !strings.Contains(next.(Model).status.text, "Copied the curl command") {
		t.Fatal("c did not copy the curl command")
	}
	if msg := cmd(); fmt.Sprint(msg) == "" || strings.Contains(fmt.Sprint(msg), fake.DemoToken) {
		t.Fatalf("clipboard message %v", msg)
	}
	// A click on a tab selects it.
	_, hits := tabBar(m.st, m.tabs, m.tab, m.doc, m.width)
	next, _ = m.Update(tea.MouseClickMsg{X: hits[1].from + 1, Y: tabBarRow, Button: tea.MouseLeft})
	if got := next.(Model).currentTab(); got != m.tabs[hits[1].index] {
		t.Fatalf("click chose %v", got)
	}
}

func TestEmptyGroupsStayReachable(t *testing.T) {
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 100, 30)
	m = typeText(t, m, "NUL0N3")
	m = press(t, m, "enter", "3")
	requireContains(t, screen(m), "Sponsors: none in this response")
	m = press(t, m, "7")
	requireContains(t, screen(m), "Targeting: not in this response")
	m = press(t, m, "1")
	requireContains(t, screen(m), "Legal name", "not disclosed")
}

func TestBadPAIDCostsNoRequest(t *testing.T) {
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 100, 30)
	m = typeText(t, m, "AB/12")
	m = press(t, m, "enter")
	if m.pending != nil || s.Stats().Requests != 0 {
		t.Fatal("a request was made for a malformed PAID")
	}
	requireContains(t, screen(m), "The PAID contains '/'")
	m = press(t, m, "x") // typing clears the message
	if m.inputMsg != "" {
		t.Fatal("message stayed after typing")
	}
}

func TestStaleResponsesAreDropped(t *testing.T) {
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 100, 30)
	m.input.SetValue("AB12CD")
	next, first := m.Update(keyMsg("enter"))
	m = next.(Model)
	m.input.SetValue("XK9P2M")
	next, second := m.Update(keyMsg("enter"))
	m = next.(Model)
	// The first answer arrives after the user moved on.
	for _, msg := range execute(first) {
		if r, ok := msg.(fetchResult); ok {
			next, _ = m.Update(r)
			m = next.(Model)
		}
	}
	if m.doc != nil {
		t.Fatalf("stale answer shown: %s", m.doc.PAID)
	}
	m = settle(t, m, second)
	if m.doc == nil || m.doc.PAID != "XK9P2M" {
		t.Fatalf("current answer not shown: %v", m.doc)
	}
	// Esc cancels a fetch in flight, and its late answer is dropped too.
	m = press(t, m, "/")
	m.input.SetValue("AB12CD")
	next, cmd := m.Update(keyMsg("enter"))
	m = next.(Model)
	next, _ = m.Update(keyMsg("esc"))
	m = next.(Model)
	m = settle(t, m, cmd)
	if m.doc.PAID != "XK9P2M" || m.status.text != "Canceled." {
		t.Fatalf("after cancel: %s, %q", m.doc.PAID, m.status.text)
	}
}

func TestFullViewNeedsConfirmation(t *testing.T) {
	s := startFake(t, fake.Options{})
	m, clk := newModel(t, demoConfig(s), 100, 30)
	m = typeText(t, m, "AB12CD")
	m = press(t, m, "enter")
	requests := s.Stats().Full

	// Keys in flight when the dialog opens do not confirm it.
	m = press(t, m, "f", "y", "enter")
	if m.confirm == nil || m.view != advert.Standard {
		t.Fatal("keys typed before the dialog was readable answered it")
	}
	requireContains(t, screen(m), "Full view: personal data", "legitimate", "data processing agreements", "AB12CD", "Cancel")
	clk.add(confirmArmDelay)
	// Cancel is the default.
	m = press(t, m, "enter")
	if m.confirm != nil || m.view != advert.Standard || s.Stats().Full != requests {
		t.Fatal("enter on the default did not cancel")
	}
	if strings.Contains(screen(m), "maren.holt") {
		t.Fatal("personal data on screen in the standard view")
	}
	m = press(t, m, "f")
	clk.add(confirmArmDelay)
	m = press(t, m, "y")
	if m.view != advert.Full || m.doc == nil || m.doc.View != advert.Full || s.Stats().Full != requests+1 {
		t.Fatalf("confirm: view %v doc %v", m.view, m.doc)
	}
	requireContains(t, screen(m), "FULL · personal data", "◆ maren.holt@riverside-civic.example")
	// Later lookups stay in the full view.
	m = press(t, m, "/")
	m.input.SetValue("XK9P2M")
	m = press(t, m, "enter")
	if m.doc.View != advert.Full || m.doc.PAID != "XK9P2M" {
		t.Fatalf("next lookup: %s %v", m.doc.PAID, m.doc.View)
	}
	// s drops the personal data from memory and screen.
	m = press(t, m, "s")
	if m.view != advert.Standard || m.doc == nil || m.doc.View != advert.Standard {
		t.Fatalf("after s: view %v doc %v", m.view, m.doc)
	}
	if strings.Contains(screen(m), "amelie@") || strings.Contains(string(m.doc.Raw), "@ecoles-vivantes") {
		t.Fatal("personal data kept after leaving the full view")
	}
}

func TestFullViewIdleRevert(t *testing.T) {
	s := startFake(t, fake.Options{})
	cfg := demoConfig(s)
	cfg.FullViewIdle = 2 * time.Minute
	m, clk := newModel(t, cfg, 100, 30)
	m = typeText(t, m, "AB12CD")
	m = press(t, m, "enter", "f")
	clk.add(confirmArmDelay)
	m = press(t, m, "y")
	if m.view != advert.Full {
		t.Fatal("not in full view")
	}
	clk.add(time.Minute)
	next, _ := m.Update(tickMsg(clk.now()))
	if m = next.(Model); m.view != advert.Full {
		t.Fatal("reverted too early")
	}
	m = press(t, m, "j") // a key press restarts the clock
	clk.add(90 * time.Second)
	next, _ = m.Update(tickMsg(clk.now()))
	if m = next.(Model); m.view != advert.Full {
		t.Fatal("a key press did not count as activity")
	}
	clk.add(time.Minute)
	next, cmd := m.Update(tickMsg(clk.now()))
	m = settle(t, next.(Model), cmd)
	if m.view != advert.Standard || m.doc == nil || m.doc.View != advert.Standard {
		t.Fatalf("idle revert: view %v", m.view)
	}
	requireContains(t, screen(m), "STANDARD", "Returned to the standard view after 2 minutes")
	if strings.Contains(screen(m), "maren.holt") {
		t.Fatal("personal data on screen after the revert")
	}
}

func TestErrorsKeepTheLastResult(t *testing.T) {
	s := startFake(t, fake.Options{DemoTriggers: true})
	m, _ := newModel(t, demoConfig(s), 100, 30)
	m = typeText(t, m, "AB12CD")
	m = press(t, m, "enter")
	cases := []struct {
		paid  string
		fault *fake.Fault
		want  []string
	}{
		{"NOPE42", nil, []string{"No advertisement with PAID NOPE42"}},
		{"DEMO-503", nil, []string{"Service error (503) after 4 attempts · enter retries", "maintenance window"}},
		{"DEMO-HTML", nil, []string{"not JSON", "text/html", "is not valid JSON"}},
		{"AB12CD", &fake.Fault{Kind: fake.FaultRateLimit, RetryAfter: time.Hour}, []string{"Rate limited (429): try again in 60m00s · enter retries"}},
	}
	for _, c := range cases {
		if c.fault != nil {
			s.Inject(*c.fault, 1)
		}
		m = press(t, m, "/")
		m.input.SetValue(c.paid)
		m = press(t, m, "enter")
		scr := screen(m)
		requireContains(t, scr, c.want...)
		requireContains(t, scr, "Riverside Civic Alliance") // the last good result stays
	}
	// 401: the token was rejected; t offers a new one.
	m.setToken("wrong-token")
	m.focusPane()
	m = press(t, m, "r")
	requireContains(t, screen(m), "Token rejected (401)", "t enters a new token", "Riverside Civic Alliance")
}

type saver struct {
	saved   map[string]string
	unavail error
}

func (s *saver) Save(p, tok string) error { s.saved[p] = tok; return nil }
func (s *saver) Available() error         { return s.unavail }

func TestTokenScreen(t *testing.T) {
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
	requireContains(t, screen(m), "The token contains whitespace: a space at character 4")
	m.tokenEntry.input.SetValue(fake.DemoToken)
	if strings.Contains(screen(m), fake.DemoToken) {
		t.Fatal("the token is visible while typed")
	}
	m = press(t, m, "enter")
	if m.tokenEntry != nil || sv.saved["demo"] != fake.DemoToken || m.client == nil {
		t.Fatalf("not saved: %+v", sv.saved)
	}
	requireContains(t, screen(m), "Token saved in the OS keyring")
	if strings.Contains(screen(m), fake.DemoToken) {
		t.Fatal("the token is on screen")
	}
	// Keyring unavailable: kept for the session, and said so.
	sv.unavail = errors.New("no D-Bus session bus")
	m.focusPane()
	m = press(t, m, "t")
	m.tokenEntry.input.SetValue(fake.DemoToken)
	m = press(t, m, "enter")
	requireContains(t, screen(m), "keyring is unavailable", "this session only", "D-Bus session bus")
}

func TestInputHistoryAndTyping(t *testing.T) {
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 100, 30)
	for _, id := range []string{"AB12CD", "XK9P2M"} {
		m = press(t, m, "/")
		m.input.SetValue(id)
		m = press(t, m, "enter")
	}
	m = press(t, m, "/")
	if m.input.Value() != "" {
		t.Fatalf("/ kept %q in the input", m.input.Value())
	}
	m.input.SetValue("draft")
	m = press(t, m, "up")
	if m.input.Value() != "XK9P2M" {
		t.Fatalf("up: %q", m.input.Value())
	}
	m = press(t, m, "up", "down", "down")
	if m.input.Value() != "draft" {
		t.Fatalf("back to draft: %q", m.input.Value())
	}
	// Letters typed into the input are text, not commands.
	m.input.SetValue("")
	m = typeText(t, m, "qfsr")
	if m.input.Value() != "qfsr" || m.confirm != nil || m.showHelp {
		t.Fatalf("typing triggered commands: %q", m.input.Value())
	}
}

func TestHelpOverlay(t *testing.T) {
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 100, 30)
	m = press(t, m, "?") // '?' is never part of a PAID: help opens from the input too
	if !m.showHelp || m.input.Value() != "" {
		t.Fatalf("? in the input: help %v, input %q", m.showHelp, m.input.Value())
	}
	m = press(t, m, "?", "esc")
	if m.focus != focusPane {
		t.Fatal("esc did not leave the input")
	}
	m = press(t, m, "?")
	requireContains(t, screen(m), "Keys", "full view", "jump to pane", "page down")
	// On a small screen the help scrolls.
	small, _ := newModel(t, demoConfig(s), 60, 15)
	small = press(t, small, "?")
	requireContains(t, screen(small), "↓ more")
	for range 30 {
		small = press(t, small, "down")
	}
	requireContains(t, screen(small), "J/K")
	m = press(t, m, "?")
	if m.showHelp {
		t.Fatal("? did not close help")
	}
}

// TestEveryLineFits renders wide characters, long text and escapes at
// several sizes: no line may be wider than the terminal, and nothing the
// server sent may reach the terminal as a control sequence.
func TestEveryLineFits(t *testing.T) {
	s := startFake(t, fake.Options{})
	for _, size := range [][2]int{{60, 15}, {80, 24}, {132, 40}, {200, 60}} {
		m, clk := newModel(t, demoConfig(s), size[0], size[1])
		for _, id := range []string{"JP2026A1", "LONG01", "ESC4PE", "Q4R8ST"} {
			m = press(t, m, "/")
			m.input.SetValue(id)
			m = press(t, m, "enter", "f")
			clk.add(confirmArmDelay)
			m = press(t, m, "y")
			for i := range m.tabs {
				m.tab = i
				m.prepare()
				content := m.View().Content
				lines := strings.Split(content, "\n")
				if len(lines) != size[1] {
					t.Fatalf("%s at %v, tab %v: %d lines", id, size, m.currentTab(), len(lines))
				}
				for _, l := range lines {
					if w := lipgloss.Width(l); w > size[0] {
						t.Fatalf("%s at %v, tab %v: a line is %d wide: %q", id, size, m.currentTab(), w, l)
					}
				}
				if strings.ContainsAny(content, "\x07\u009b\u202e\u202c") || strings.Contains(content, "\x1b]52") || strings.Contains(content, "\x1b[2J") {
					t.Fatalf("%s: a control sequence from the data reached the screen", id)
				}
			}
			m = press(t, m, "s")
		}
	}
}

func TestGoldenAdvertiserPane(t *testing.T) {
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 80, 24)
	m = typeText(t, m, "PAD-2026-000000123456")
	m = press(t, m, "enter")
	got := screen(m)
	// The fake's port and request id change between runs.
	got = strings.ReplaceAll(got, strings.TrimPrefix(strings.TrimSuffix(s.URL, "/v1"), "http://"), "127.0.0.1:PORT")
	got = replaceRequestID(got)
	// The budget's clock is the real one; the model's is pinned.
	got = regexp.MustCompile(`next slot [0-9ms]+`).ReplaceAllString(got, "next slot T")
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
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 100, 30)
	if !m.st.IsDark {
		t.Fatal("dark is the default before the terminal answers")
	}
	next, _ := m.Update(tea.BackgroundColorMsg{Color: color.White})
	if next.(Model).st.IsDark {
		t.Fatal("a white background kept the dark theme")
	}
	next, _ = next.Update(tea.BackgroundColorMsg{Color: color.Black})
	if !next.(Model).st.IsDark {
		t.Fatal("a black background did not bring the dark theme back")
	}
}
