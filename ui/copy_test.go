package ui

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"charm.land/bubbles/v2/cursor"
	tea "charm.land/bubbletea/v2"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/fake"
)

// copyWith opens the copy menu, presses k in it, and returns the model and
// what went to the clipboard ("" when nothing did).
func copyWith(t *testing.T, m Model, k string) (Model, string) {
	t.Helper()
	m = press(t, m, "y")
	if _, ok := m.modal.(copyMenu); !ok {
		t.Fatalf("y opened %T", m.modal)
	}
	next, cmd := m.Update(keyMsg(k))
	m = next.(Model)
	clip := ""
	for _, msg := range execute(cmd) {
		c, ok := msg.(copied)
		if !ok {
			continue
		}
		next, cmd := m.Update(c)
		m = next.(Model)
		for _, msg := range execute(cmd) {
			if fmt.Sprintf("%T", msg) == "tea.setClipboardMsg" {
				clip = fmt.Sprint(msg)
			}
		}
	}
	return m, clip
}

func TestCopyMenuChoices(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 100, 30)
	m = lookUpIn(t, m, "AB12CD")

	// The Advertiser's third value is selected after two ↓.
	m = press(t, m, "down", "down")
	m, clip := copyWith(t, m, "v")
	if clip != "Maren" {
		t.Fatalf("v copied %q", clip)
	}
	requireContains(t, screen(m), "Copied the selected value", "\n Maren  ", "select the text above by hand")
	m, clip = copyWith(t, m, "r")
	if clip != "First name\tMaren" {
		t.Fatalf("r copied %q", clip)
	}
	m, clip = copyWith(t, m, "t")
	if !strings.HasPrefix(clip, "Company name  Riverside Civic Alliance\nLegal name    Riverside Civic Alliance Ltd\n") {
		t.Fatalf("t copied %q", clip)
	}
	m, clip = copyWith(t, m, "p")
	if clip != "AB12CD" {
		t.Fatalf("p copied %q", clip)
	}
	m, clip = copyWith(t, m, "j")
	var doc map[string]any
	if err := json.Unmarshal([]byte(clip), &doc); err != nil || doc["paid"] != "AB12CD" || !strings.Contains(clip, "\n  \"sponsors\": [") {
		t.Fatalf("j copied %q (%v)", clip, err)
	}
	m, clip = copyWith(t, m, "c")
	if !strings.Contains(clip, "/v1/advertisement/AB12CD") || !strings.Contains(clip, "$PADVIEW_TOKEN") || strings.Contains(clip, fake.DemoToken) {
		t.Fatalf("c copied %q", clip)
	}

	// In the sponsors table: the selected entry's name and its cells.
	m = press(t, m, "3", "down")
	m, clip = copyWith(t, m, "v")
	if clip != "Tomasz Wiśniewski" {
		t.Fatalf("v in Sponsors copied %q", clip)
	}
	m, clip = copyWith(t, m, "r")
	if clip != "Tomasz Wiśniewski\tindividual\tGdańsk\tPL\tEUR 18,250.00" {
		t.Fatalf("r in Sponsors copied %q", clip)
	}
	m, clip = copyWith(t, m, "t")
	if clip != "Name\tKind\tCity\tCountry\tContribution\nFriends of the Estuary\tassociation\tNorthbank\tGB\tEUR 30,000.00\nTomasz Wiśniewski\tindividual\tGdańsk\tPL\tEUR 18,250.00\n" {
		t.Fatalf("t in Sponsors copied %q", clip)
	}

	// Raw has nothing selected: v says so and copies nothing.
	m = press(t, m, "end")
	for i, p := range m.deck.panes {
		if p.Tab().Label == "Raw" {
			m.deck.jump(i)
		}
	}
	m, clip = copyWith(t, m, "v")
	if clip != "" || m.modal == nil {
		t.Fatalf("v in Raw copied %q", clip)
	}
	requireContains(t, screen(m), "nothing is selected in Raw")
	m = press(t, m, "esc")
	m, clip = copyWith(t, m, "t")
	if !strings.HasPrefix(clip, "GET http://") || !strings.Contains(clip, "\n  \"paid\": \"AB12CD\",\n") {
		t.Fatalf("t in Raw copied %q", clip)
	}
	// A key closes what was copied.
	requireContains(t, screen(m), "── Copied the Raw pane as text")
	if m = press(t, m, "k"); strings.Contains(screen(m), "── Copied") || m.toast != nil {
		t.Fatal("a key left the copied text on screen")
	}
}

// TestCopiedTextGoesAway: the copied text shows for toastFor, then the
// pane is whole again.
func TestCopiedTextGoesAway(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, clk := newModel(t, demoConfig(s), 80, 24)
	m = lookUpIn(t, m, "AB12CD")
	m, _ = copyWith(t, m, "p")
	next, _ := m.Update(tickMsg(clk.now()))
	requireContains(t, screen(next.(Model)), "── Copied the PAID", "\n AB12CD  ")
	clk.add(toastFor)
	next, _ = next.(Model).Update(tickMsg(clk.now()))
	if strings.Contains(screen(next.(Model)), "── Copied the PAID") || next.(Model).toast != nil {
		t.Fatalf("the copied text stayed:\n%s", screen(next.(Model)))
	}
}

func TestCopyAfterFailureAndBeforeAnything(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{DemoTriggers: true})
	m, _ := newModel(t, demoConfig(s), 100, 30)
	m.blurInput()
	m = press(t, m, "y")
	if m.modal != nil || !strings.Contains(m.status.text, "Nothing to copy yet") {
		t.Fatalf("y before any lookup: modal %T, status %q", m.modal, m.status.text)
	}
	m = lookUpIn(t, m, "NOPE42")
	m, clip := copyWith(t, m, "j")
	if clip != "" {
		t.Fatalf("j after a failure copied %q", clip)
	}
	requireContains(t, screen(m), "none: the lookup failed")
	m = press(t, m, "esc")
	m, clip = copyWith(t, m, "t")
	if !strings.Contains(clip, "What happened") || !strings.Contains(clip, "NOPE42") {
		t.Fatalf("t on the error copied %q", clip)
	}
}

// TestCopyFullViewSaysPersonal: the menu warns that personal data is
// copied as shown, and the row has the contact columns.
func TestCopyFullViewSaysPersonal(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, clk := newModel(t, demoConfig(s), 120, 36)
	m = lookUpIn(t, m, "AB12CD")
	m = confirmFull(t, m, clk)
	m = press(t, m, "3")
	m = press(t, m, "y")
	requireContains(t, screen(m), "Personal data of the full view is copied as shown")
	m = press(t, m, "esc")
	_, clip := copyWith(t, m, "r")
	if !strings.HasPrefix(clip, "Friends of the Estuary\tassociation\tinfo@estuary-friends.example\t+44 20 7946 0345\t2 Mill Lane\t") {
		t.Fatalf("r in the full view copied %q", clip)
	}
}

func TestCopyTooLarge(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 100, 30)
	next, cmd := m.Update(copied{what: "the advertisement as normalized JSON", size: maxClipboard + 1})
	if cmd != nil || !strings.Contains(next.(Model).status.text, "Not copied") || next.(Model).toast != nil {
		t.Fatalf("a copy over the cap: %q", next.(Model).status.text)
	}
	c := copyCmd(copyChoice{what: "x", text: func() string { return strings.Repeat("x", maxClipboard+1) }})().(copied)
	if c.size != maxClipboard+1 || c.text != "" {
		t.Fatalf("copyCmd over the cap: size %d", c.size)
	}
}

// manyFieldsPane is a fields pane of n values at w×h: Other, which has
// no spec fields to list as absent below them.
func manyFieldsPane(t *testing.T, n, w, h int) fieldsPane {
	var b strings.Builder
	b.WriteString(`{"extra":{`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"field%02d":"value %d"`, i, i)
	}
	b.WriteString(`}}`)
	doc, err := advert.Normalize([]byte(b.String()), "X1", advert.Standard)
	if err != nil {
		t.Fatal(err)
	}
	m := New(Config{})
	other := advert.Groups[len(advert.Groups)-1]
	return newFieldsPane(m.kit, other, doc).Resize(w, h).(fieldsPane)
}

func paneKeys(t *testing.T, p fieldsPane, keys ...string) fieldsPane {
	for _, k := range keys {
		next, _ := p.Update(keyMsg(k))
		p = next.(fieldsPane)
	}
	return p
}

// TestFieldsSelection: ↓ moves the selection and the window follows it;
// a page leaves it in the window; a click selects a value.
func TestFieldsSelection(t *testing.T) {
	t.Parallel()
	p := manyFieldsPane(t, 40, 60, 10)
	p = paneKeys(t, p, "down", "down", "down", "down", "down", "down", "down", "down", "down", "down", "down", "down")
	if v, _ := p.Selection(); v != "value 12" || p.scroll.offset != 3 {
		t.Fatalf("after 12 ↓: %q, offset %d", v, p.scroll.offset)
	}
	if !strings.Contains(p.View(), "value 12") {
		t.Fatalf("the selection is out of sight:\n%s", p.View())
	}
	p = paneKeys(t, p, "pgdown")
	if v, _ := p.Selection(); v != "value 13" || p.scroll.offset != 13 {
		t.Fatalf("after pgdn: %q, offset %d", v, p.scroll.offset)
	}
	p = paneKeys(t, p, "end")
	if v, _ := p.Selection(); v != "value 39" || p.scroll.offset != 30 {
		t.Fatalf("after end: %q, offset %d", v, p.scroll.offset)
	}
	next, _ := p.Update(tea.MouseClickMsg{X: 3, Y: 4, Button: tea.MouseLeft})
	if v, row := next.(fieldsPane).Selection(); v != "value 34" || row[0] != "Field34" {
		t.Fatalf("a click on line 4 selected %q %q", v, row)
	}
	if got := p.Text(); !strings.HasPrefix(got, "Field00  value 0\nField01  value 1\n") || strings.Count(got, "\n") != 40 {
		t.Fatalf("pane text %q", got)
	}
}

// ctrlU empties a text input.
var ctrlU = tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl}

func TestExportEachFormatAndNeverOverwrite(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 100, 30)
	m = lookUpIn(t, m, "AB12CD")

	for i, want := range []struct{ ext, has string }{
		{"json", `"paid":"AB12CD"`},
		{"md", "| Friends of the Estuary |"},
		{"csv", "Friends of the Estuary"},
	} {
		m = press(t, m, "e")
		if _, ok := m.modal.(exportModal); !ok {
			t.Fatalf("e opened %T", m.modal)
		}
		for range i {
			m = press(t, m, "down")
		}
		m = press(t, m, "enter")
		if m.modal != nil {
			t.Fatalf("%s: the dialog stayed open:\n%s", want.ext, screen(m))
		}
		path := filepath.Join(dir, "padview-AB12CD-standard-20261121."+want.ext)
		got, err := os.ReadFile(path)
		if err != nil || !strings.Contains(string(got), want.has) {
			t.Fatalf("%s: %v\n%s", want.ext, err, got)
		}
		requireContains(t, m.status.text, "Saved AB12CD as", path)
		if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
			t.Fatalf("%s is %v", path, fi.Mode())
		}
	}

	// The same name again: padview asks, and n keeps the file.
	path := filepath.Join(dir, "padview-AB12CD-standard-20261121.json")
	os.WriteFile(path, []byte("mine"), 0o600)
	m = press(t, m, "e", "enter")
	requireContains(t, screen(m), "padview-AB12CD-standard-20261121.json is already there", "Replace it?")
	m = press(t, m, "n")
	if got, _ := os.ReadFile(path); string(got) != "mine" || m.modal == nil {
		t.Fatalf("n replaced the file: %q", got)
	}
	requireContains(t, screen(m), "Not replaced")
	// The cursor's blink does not wipe what was said before it is read.
	blinked, _ := m.Update(cursor.BlinkMsg{})
	m = blinked.(Model)
	requireContains(t, screen(m), "Not replaced")
	m = press(t, m, "enter", "y")
	if got, _ := os.ReadFile(path); !strings.Contains(string(got), `"paid":"AB12CD"`) || m.modal != nil {
		t.Fatalf("y did not replace the file: %q", got)
	}
	requireContains(t, m.status.text, "replacing the file that was there")

	// A directory is not a file name; an edited name is kept across formats.
	os.Mkdir(filepath.Join(dir, "reports"), 0o700)
	m = press(t, m, "e")
	next, _ := m.Update(ctrlU)
	m = typeText(t, next.(Model), "reports")
	m = press(t, m, "enter")
	requireContains(t, screen(m), "is a directory")
	m = typeText(t, m, "/ab.md")
	m = press(t, m, "down", "enter")
	if _, err := os.Stat(filepath.Join(dir, "reports", "ab.md")); err != nil || m.modal != nil {
		t.Fatalf("reports/ab.md: %v", err)
	}
	requireContains(t, m.status.text, "as Markdown")
}

func TestExportFullViewSaysPersonal(t *testing.T) {
	t.Chdir(t.TempDir())
	s := startFake(t, fake.Options{DemoTriggers: true})
	m, clk := newModel(t, demoConfig(s), 100, 30)
	m = lookUpIn(t, m, "AB12CD")
	m = confirmFull(t, m, clk)
	m = press(t, m, "e")
	requireContains(t, screen(m), "personal data of the full view", "padview-AB12CD-full-")
	m = press(t, m, "esc")
	if m.modal != nil || m.status.text != "Nothing exported." {
		t.Fatalf("esc: %T %q", m.modal, m.status.text)
	}
	m = lookUpIn(t, m, "NOPE42")
	m = press(t, m, "e")
	if m.modal != nil || !strings.Contains(m.status.text, "Nothing to export") {
		t.Fatalf("e after a failure: %T %q", m.modal, m.status.text)
	}
}

func TestCompareAfterMark(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 80, 24)
	m = lookUpIn(t, m, "AB12CD")
	m = press(t, m, "=")
	requireContains(t, screen(m), "= AB12CD marked", "Marked AB12CD")
	m = lookUpIn(t, m, "AB12CE")
	if tab(m) != "Compare" {
		t.Fatalf("the lookup after = opened on %q", tab(m))
	}
	requireContains(t, screen(m), "Compare 11", "AB12CD standard → AB12CE standard: 11 changes",
		"~ Total value: EUR 48,250.00 → EUR 52,000.00", "+ Northbank Harbour Traders", "= clear mark")
	// A comparison for an exchange no longer on screen is dropped.
	before := m.deck.current()
	next, _ := m.Update(compared{ex: &exchange{}, pane: comparePane{k: m.kit}})
	if next.(Model).deck.current().(comparePane).result != before.(comparePane).result {
		t.Fatal("a stale comparison replaced the tab")
	}
	m, clip := copyWith(t, m, "t")
	if !strings.HasPrefix(clip, "AB12CD standard → AB12CE standard: 11 changes\n") {
		t.Fatalf("t in Compare copied %q", clip)
	}
	m = press(t, m, "esc") // closes the copied text, and only that
	if m.mark == nil || m.toast != nil {
		t.Fatal("esc on the copied text cleared the mark")
	}
	m = press(t, m, "end")
	if m.deck.current().Where() == "" {
		t.Fatal("Compare does not scroll")
	}
	// The mark stays for the next lookup; esc clears it and the tab.
	m = lookUpIn(t, m, "XK9P2M")
	requireContains(t, screen(m), "XK9P2M", "= AB12CD marked")
	m = press(t, m, "esc")
	if m.mark != nil || tab(m) == "Compare" || strings.Contains(screen(m), "marked") {
		t.Fatalf("esc left the mark:\n%s", screen(m))
	}
	m = lookUpIn(t, m, "AB12CE")
	if tab(m) == "Compare" {
		t.Fatal("a Compare tab without a mark")
	}
	// = twice: marked, then cleared.
	m = press(t, m, "=", "=")
	if m.mark != nil || !strings.Contains(m.status.text, "cleared") {
		t.Fatalf("= twice: %q", m.status.text)
	}
}

// TestMarkedFullViewIsDropped: leaving the full view drops a marked full
// view's personal data too.
func TestMarkedFullViewIsDropped(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, clk := newModel(t, demoConfig(s), 120, 36)
	m = lookUpIn(t, m, "AB12CD")
	m = confirmFull(t, m, clk)
	m = press(t, m, "=", "s")
	if m.mark != nil {
		t.Fatal("the marked full view outlived s")
	}
	m = press(t, m, "=")
	if m.mark == nil || m.mark.View != advert.Standard {
		t.Fatalf("mark after s: %v", m.mark)
	}
}
