package ui

import (
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/fake"
)

// clipboardOf decodes the last OSC 52 sequence in a program's output.
func clipboardOf(t *testing.T, out string) string {
	t.Helper()
	all := regexp.MustCompile(`\x1b\]52;c;([A-Za-z0-9+/=]*)`).FindAllStringSubmatch(out, -1)
	if all == nil {
		t.Fatalf("no clipboard sequence in %q", out)
	}
	b, err := base64.StdEncoding.DecodeString(all[len(all)-1][1])
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestProgramCopyMenu: in a real program y and r put the selected sponsor's
// row on the clipboard as OSC 52, and the screen shows it.
func TestProgramCopyMenu(t *testing.T) {
	t.Parallel() // each program has its own fake, clock and terminal
	s := startFake(t, fake.Options{})
	tm, _ := program(t, demoConfig(s), 120, 36)
	tm.Type("AB12CD")
	send(tm, "enter")
	waitFor(t, tm, "Riverside Civic Alliance")
	send(tm, "3", "down", "y")
	waitFor(t, tm, "Copy to the clipboard", "the terminal must allow it")
	send(tm, "r")
	out := waitFor(t, tm, "\x1b]52;c;", "Copied the selected row")
	if got := clipboardOf(t, out); got != "Tomasz Wiśniewski\tindividual\tGdańsk\tPL\tEUR 18,250.00" {
		t.Fatalf("the clipboard has %q", got)
	}
	send(tm, "y", "j")
	out = waitFor(t, tm, "\x1b]52;c;", "Copied the advertisement as normalized JSON")
	if got := clipboardOf(t, out); !strings.HasPrefix(got, "{\n  \"paid\": \"AB12CD\",") {
		t.Fatalf("the clipboard has %q", got)
	}
	finalModel(t, tm)
}

// TestProgramExportAndCompare: e saves a Markdown report, a second save
// asks before replacing it; = and a second lookup open Compare.
func TestProgramExportAndCompare(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	s := startFake(t, fake.Options{})
	tm, _ := program(t, demoConfig(s), 100, 30)
	tm.Type("AB12CD")
	send(tm, "enter")
	waitFor(t, tm, "Riverside Civic Alliance")
	send(tm, "e", "down")
	waitFor(t, tm, "Export to a file")
	send(tm, "enter")
	waitFor(t, tm, "Saved AB12CD as Markdown")
	send(tm, "e", "down", "enter")
	waitFor(t, tm, "is already there", "y replace")
	send(tm, "n", "esc")
	waitFor(t, tm, "Nothing exported.")
	files, _ := filepath.Glob(filepath.Join(dir, "padview-AB12CD-standard-*.md"))
	if len(files) != 1 {
		t.Fatalf("files: %v", files)
	}
	if b, _ := os.ReadFile(files[0]); !strings.Contains(string(b), "Riverside Civic Alliance") {
		t.Fatalf("the report:\n%s", b)
	}

	send(tm, "=", "o")
	tm.Type("AB12CE")
	send(tm, "enter")
	waitFor(t, tm, "Compare", "AB12CD standard → AB12CE standard: 11 changes", "= AB12CD marked")
	m := finalModel(t, tm)
	if tab(m) != "Compare" || m.mark == nil || m.mark.PAID != "AB12CD" {
		t.Fatalf("tab %q, mark %v", tab(m), m.mark)
	}
}

// TestProgramCompareAcrossViews: a mark keeps its view. AB12CD marked in
// the standard view and then shown in the full view compares the two
// views: the header names them, nothing the full view adds is a change,
// and what only the full view holds is listed apart.
func TestProgramCompareAcrossViews(t *testing.T) {
	t.Parallel() // each program has its own fake, clock and terminal
	for _, size := range [][2]int{{120, 36}, {80, 24}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			s := startFake(t, fake.Options{})
			tm, clk := program(t, demoConfig(s), size[0], size[1])
			tm.Type("AB12CD")
			send(tm, "enter")
			waitFor(t, tm, "Riverside Civic Alliance")
			send(tm, "=")
			waitFor(t, tm, "Marked AB12CD")
			confirm(t, tm, clk)
			out := waitFor(t, tm, "FULL · personal data", "AB12CD standard → AB12CD full: no changes",
				"Only in the full view: 16 members the standard view does not carry", "◆ Email: maren.holt@riverside-civic.example")
			if strings.Contains(out, "+ Email") {
				t.Fatal("what the full view adds reads as a change")
			}
			m := finalModel(t, tm)
			p, ok := m.deck.current().(comparePane)
			if !ok || p.result == nil || len(p.result.Changes) != 0 || len(p.result.FullOnly) != 16 || m.mark.View != advert.Standard ||
				p.Tab().Count != "0" {
				t.Fatalf("pane %T, mark %v", m.deck.current(), m.mark)
			}
		})
	}
}
