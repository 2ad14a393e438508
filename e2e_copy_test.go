package main

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
	s.clipboard("Tomasz Wiśniewski\tindividual\tGdańsk\tPL\tEUR 18,250")
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
	scr := s.lookUp("AB12CE", "Compare 11", "AB12CD → AB12CE: 11 changes", "~ Total value: EUR 48,250.00 → EUR 52,000.00")
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
