package ui

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/padview/padview/api/check"
	"github.com/padview/padview/api/fake"
)

// noticeSizes are the sizes the notice is looked at in.
var noticeSizes = [][2]int{{120, 36}, {80, 24}, {60, 15}}

// The notice in the Transparency tab is the template's items in order,
// each once, at every size; v switches it with the checklist, and the key
// line names what v shows next.
func TestTransparencyTabShowsTheNotice(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	for _, size := range noticeSizes {
		m, _ := newModel(t, demoConfig(s), size[0], size[1])
		m = lookUpIn(t, m, "AB12CD")
		m = press(t, m, "9")
		requireContains(t, screen(m), "INCOMPLETE", "v notice")
		m = press(t, m, "v")
		scr := screen(m)
		requireContains(t, scr, "Transparency notice · AB12CD · standard view", "v checklist")
		if strings.Contains(scr, "v notice") {
			t.Errorf("%v: the key line still offers the notice:\n%s", size, scr)
		}
		var got []string
		for _, l := range strings.Split(bodyText(m, "\n"), "\n") {
			if h := itemHeading.FindStringSubmatch(l); h != nil {
				if it := check.Items()[min(len(got), 15)]; h[1] != strconv.Itoa(it.Number) || !strings.HasPrefix(it.Label, h[2]) {
					t.Errorf("%v: heading %q where item %d %q was due", size, l, it.Number, it.Label)
				}
				got = append(got, h[1])
			}
		}
		if len(got) != 16 {
			t.Errorf("%v: %d item headings: %v", size, len(got), got)
		}
		for _, l := range strings.Split(screen(m), "\n") {
			if w := len([]rune(l)); w > size[0] {
				t.Errorf("%v: a line of %d cells: %q", size, w, l)
			}
		}
		m = press(t, m, "v")
		requireContains(t, screen(m), "✓ present", "v notice")
	}
}

// itemHeading is an item's first line in the pane: "9.  Linked election, …".
var itemHeading = regexp.MustCompile(`^(\d+)\.\s+(.+?)\s*$`)

// bodyText is the Transparency pane's lines, styles stripped, joined by sep.
func bodyText(m Model, sep string) string {
	return ansi.Strip(strings.Join(m.deck.current().(transparencyPane).body.lines, sep))
}

// The reader's choice outlives the pane: another answer and the mask keep
// the notice on; the masked notice masks its values.
func TestNoticeChoiceOutlivesTheAnswer(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{DemoTriggers: true})
	m, clk := newModel(t, demoConfig(s), 120, 36)
	m = lookUpIn(t, m, "TN2026")
	m = press(t, m, "9", "v")
	m = lookUpIn(t, m, "AB12CD")
	requireContains(t, screen(m), "Transparency notice · AB12CD", "Riverside Civic Alliance Ltd")
	m = confirmFull(t, m, clk)
	requireContains(t, screen(m), "Transparency notice · AB12CD · full view", "maren.holt@riverside-civic.example")
	got := paneText(m.deck.current())
	if !strings.HasPrefix(got, "Transparency notice · AB12CD · full view\n") || !strings.Contains(got, "16. Means to exercise") {
		t.Errorf("the notice as text:\n%s", got)
	}
	m = press(t, m, "m")
	scr := screen(m)
	requireContains(t, scr, "Transparency notice · AB12CD · full view", "MASKED · personal data hidden", "m•••@riverside-civic.example")
	got = paneText(m.deck.current())
	for _, v := range personalValues {
		if strings.Contains(scr, v) || strings.Contains(got, v) {
			t.Fatalf("the masked notice shows %q:\n%s\n%s", v, scr, got)
		}
	}
}

// The controlling entity says where it was looked for, and that the
// controller the Controllers tab lists is a data controller.
func TestTransparencyTabNamesTheDataControllers(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 120, 36)
	m = lookUpIn(t, m, "AB12CD")
	m = press(t, m, "9")
	body := strings.Join(strings.Fields(bodyText(m, " ")), " ")
	for _, want := range []string{"looked for as complianceAndFunding.controllingEntity", "in every group",
		"the controller listed under Controllers is a data controller", "not the entity controlling the sponsor"} {
		if !strings.Contains(body, want) {
			t.Errorf("the checklist does not say %q", want)
		}
	}
}

// e exports the notice in each of its formats, as the shown document
// (masked under the mask); the file is never replaced without asking.
func TestExportTheNotice(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	s := startFake(t, fake.Options{})
	m, clk := newModel(t, demoConfig(s), 100, 30)
	m = lookUpIn(t, m, "AB12CD")
	for i, want := range []struct{ ext, name, has string }{
		{"md", "Notice (MD)", "## 16. Means to exercise data-protection rights"},
		{"html", "Notice (HTML)", "<h2>16. Means to exercise data-protection rights</h2>"},
		{"txt", "Notice (text)", "16. Means to exercise data-protection rights"},
	} {
		m = press(t, m, "e")
		for range 3 + i {
			m = press(t, m, "down")
		}
		requireContains(t, screen(m), "▸ "+want.name, "padview-AB12CD-standard-20261121-notice."+want.ext)
		m = press(t, m, "enter")
		path := filepath.Join(dir, "padview-AB12CD-standard-20261121-notice."+want.ext)
		got, err := os.ReadFile(path)
		if err != nil || !strings.Contains(string(got), want.has) || !strings.Contains(string(got), "Transparency notice · AB12CD") {
			t.Fatalf("%s: %v\n%s", want.ext, err, got)
		}
		requireContains(t, m.status.text, "Saved AB12CD as "+want.name, path)
	}
	m = confirmFull(t, m, clk)
	m = press(t, m, "m", "e", "down", "down", "down", "down", "enter")
	got, err := os.ReadFile(filepath.Join(dir, "padview-AB12CD-full-masked-20261121-notice.html"))
	if err != nil || !strings.Contains(string(got), "m•••@riverside-civic.example") || !strings.Contains(string(got), "MASKED") {
		t.Fatalf("the masked notice: %v\n%s", err, got)
	}
	for _, v := range personalValues {
		if strings.Contains(string(got), v) {
			t.Fatalf("the masked notice holds %q", v)
		}
	}
}

// At 60×15 the export dialog keeps the selected format and the file name
// in sight as ↓ walks through every choice.
func TestExportDialogAtSmallestSize(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 60, 15)
	m = lookUpIn(t, m, "AB12CD")
	m = press(t, m, "e")
	for i, c := range exportChoices {
		if i > 0 {
			m = press(t, m, "down")
		}
		requireContains(t, screen(m), "▸ "+c.name, "File ❯ padview-AB12CD-standard-")
	}
}

// The command the notice suggests reaches the service on screen when
// pasted into a shell: --demo in the demo, --profile for another profile,
// --full for the full view.
func TestNoticeSuggestsACommandThatWorks(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{DemoTriggers: true})
	m, clk := newModel(t, demoConfig(s), 120, 36)
	m = lookUpIn(t, m, "TN2026")
	m = press(t, m, "9", "v")
	requireContains(t, bodyText(m, " "), "padview --demo notice TN2026 prints it")
	m = confirmFull(t, m, clk)
	requireContains(t, bodyText(m, " "), "padview --demo notice --full TN2026 prints it")

	cfg := demoConfig(s)
	cfg.Demo, cfg.Profile = false, "newsroom"
	m, _ = newModel(t, cfg, 120, 36)
	m = lookUpIn(t, m, "TN2026")
	m = press(t, m, "9", "v")
	requireContains(t, bodyText(m, " "), "padview --profile newsroom notice TN2026 prints it")
}

// Under the mask the export dialog says the file is masked, and proposes
// a name that says so.
func TestMaskedExportSaysSo(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, clk := newModel(t, demoConfig(s), 120, 36)
	m = lookUpIn(t, m, "AB12CD")
	m = confirmFull(t, m, clk)
	m = press(t, m, "m", "e")
	scr := screen(m)
	requireContains(t, scr, "Masked: the file holds the advertisement as on screen", "padview-AB12CD-full-masked-20261121.json")
	if strings.Contains(scr, "will hold the personal data") {
		t.Fatalf("a masked export warned of personal data:\n%s", scr)
	}
}
