package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// clipboard waits for tmux's paste buffer, where padview's OSC 52 lands,
// to hold want.
func (s *tmuxSession) clipboard(want string) {
	s.t.Helper()
	s.until(fmt.Sprintf("the clipboard holding %q", want), func() (string, bool) {
		buf, _ := s.tmux("show-buffer")
		return fmt.Sprintf("the clipboard has %q", buf), buf == want
	})
}

// TestTUICopyExportCompareInTmux is issue 12's copy, export and compare
// with the binary a user runs: y copies the selected row and value, e saves
// a CSV file and will not overwrite it unasked, = and a second lookup open
// a Compare tab.
func TestTUICopyExportCompareInTmux(t *testing.T) {
	t.Parallel() // its own tmux server, directories and service: it waits on a screen, not on the CPU
	s := startTUI(t, 120, 36)
	s.lookUp("AB12CD", "Riverside Civic Alliance")
	s.keys("3", "Down", "y")
	s.waitFor("Copy to the clipboard", "the terminal must allow it")
	s.keys("r")
	s.waitFor("── Copied the selected row (tab-separated)", "select the text above by hand")
	s.clipboard("Tomasz Wiśniewski\tindividual\tGdańsk\tPL\tEUR 18,250.00")
	s.keys("1", "Down", "y")
	s.waitFor("Copy to the clipboard")
	s.keys("v")
	s.waitFor("── Copied the selected value")
	s.clipboard("Riverside Civic Alliance Ltd")

	path := filepath.Join(t.TempDir(), "ab12cd.csv")
	s.keys("e")
	s.waitFor("Export to a file", "padview-AB12CD-standard-")
	s.keys("Down", "Down", "C-u")
	s.text(path)
	s.keys("Enter")
	s.waitFor("Saved AB12CD as CSV")
	b, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(b), "Friends of the Estuary") || !strings.Contains(string(b), "Tomasz Wiśniewski") {
		t.Fatalf("the CSV file: %v\n%s", err, b)
	}
	os.WriteFile(path, []byte("mine\n"), 0o600)
	s.keys("e")
	s.waitFor("Export to a file")
	s.keys("Down", "Down", "C-u")
	s.text(path)
	s.keys("Enter")
	s.waitFor("ab12cd.csv is already there", "y replace")
	s.keys("n")
	s.waitFor("Not replaced")
	s.keys("Escape")
	s.waitFor("Nothing exported.")
	if b, _ := os.ReadFile(path); string(b) != "mine\n" {
		t.Fatalf("the file was replaced: %q", b)
	}

	s.keys("=")
	s.waitFor("= AB12CD marked")
	scr := s.lookUp("AB12CE", "Compare 11", "AB12CD standard → AB12CE standard: 11 changes", "~ Total value: EUR 48,250.00 → EUR 52,000.00")
	if !strings.Contains(scr, "+ Northbank Harbour Traders") {
		t.Fatalf("Compare lacks the added sponsor:\n%s", scr)
	}
	s.keys("Escape")
	scr = s.waitFor("Mark on AB12CD cleared")
	if strings.Contains(scr, "Compare") || strings.Contains(scr, "marked") {
		t.Fatalf("esc left the mark:\n%s", scr)
	}
	s.quit()
}

// TestTUICompareAcrossViewsInTmux is issue 19's compare within one view
// with the binary a user runs, at 120×36 and 80×24: a mark in the standard
// view keeps its view, and comparing it with the full view names both
// views and lists what only the full view holds apart from the changes.
func TestTUICompareAcrossViewsInTmux(t *testing.T) {
	t.Parallel() // its own tmux server, directories and service: it waits on a screen, not on the CPU
	for _, size := range [][2]int{{120, 36}, {80, 24}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			s := startTUI(t, size[0], size[1])
			s.lookUp("AB12CD", "Riverside Civic Alliance")
			s.keys("=")
			s.waitFor("= AB12CD marked", "Marked AB12CD")
			s.confirmFull()
			scr := s.waitFor("FULL · personal data", "Compare 0", "AB12CD standard → AB12CD full: no changes",
				"Only in the full view: 16 members the standard view does not carry", "◆ Email: maren.holt@riverside-civic.example")
			if strings.Contains(scr, "+ Email") || strings.Contains(scr, "changes:") {
				t.Fatalf("what the full view adds reads as changes:\n%s", scr)
			}
			// Another advertisement in the full view: its changes, then apart
			// what only the full view holds.
			scr = s.lookUp("AB12CE", "Compare 11", "AB12CD standard → AB12CE full: 11 changes", "~ Total value: EUR 48,250.00 → EUR 52,000.00")
			if strings.Contains(scr, "Only in the full view") && size[1] == 24 {
				t.Fatalf("80×24 shows the end at once:\n%s", scr)
			}
			s.keys("End")
			s.waitFor("◆ Riverside Civic Alliance Ltd › Postal code: NB1 4QW")
			s.keys("/")
			s.text("Only in the full view")
			s.keys("Enter")
			s.waitFor("Only in the full view: 16 members the standard view does not carry", "◆ Email: maren.holt@riverside-civic.example")
			// Copying the comparison offers no e, which cannot save it.
			s.keys("Escape") // alone: esc and y at once read as alt+y
			s.until("the find line closing", func() (string, bool) {
				scr := s.screen()
				return scr, !strings.Contains(scr, "/Only in the full view")
			})
			s.keys("y")
			s.waitFor("Copy to the clipboard")
			s.keys("t")
			scr = s.waitFor("── Copied the Compare pane as text", "more lines on the clipboard")
			if strings.Contains(scr, "saves it to a file") {
				t.Fatalf("the toast offers e for the comparison:\n%s", scr)
			}
			s.quit()
		})
	}
}

// TestTUIExportOfTheFullViewInTmux: e in the full view writes the file
// with its provenance, after an export line in the access log that names
// the file, the format and the categories, never a value.
func TestTUIExportOfTheFullViewInTmux(t *testing.T) {
	t.Parallel() // its own tmux server, directories and service: it waits on a screen, not on the CPU
	s := startTUI(t, 120, 36)
	s.lookUp("AB12CD", "Riverside Civic Alliance")
	s.confirmFull()
	s.waitFor("FULL · personal data", "maren.holt@riverside-civic.example")
	path := filepath.Join(t.TempDir(), "ab12cd.md")
	s.keys("e")
	s.waitFor("Export to a file", "The access log records the export")
	s.keys("Down", "C-u")
	s.text(path)
	s.keys("Enter")
	s.waitFor("Saved AB12CD as Markdown")
	b, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(b), "- **View:** full\n") || !strings.Contains(string(b), "- **Request id:** fake-") {
		t.Fatalf("the report: %v\n%s", err, b)
	}
	raw, es := s.accessLog()
	if len(es) != 3 || es[2]["event"] != "export" || es[2]["file"] != path || es[2]["format"] != "markdown" {
		t.Fatalf("the access log:\n%s", raw)
	}
	for _, v := range personalValues {
		if strings.Contains(raw, v) {
			t.Fatalf("the access log holds %q", v)
		}
	}
	s.quit()
}
