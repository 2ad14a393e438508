package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// paste pastes text into padview as a terminal does, bracketed, so that
// padview reads it as one paste.
func (s *tmuxSession) paste(text string) {
	s.t.Helper()
	path := filepath.Join(s.t.TempDir(), "paste")
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		s.t.Fatal(err)
	}
	if out, err := s.tmux("load-buffer", "-b", "paste", path); err != nil {
		s.t.Fatalf("load-buffer: %v %s", err, out)
	}
	if out, err := s.tmux("paste-buffer", "-p", "-d", "-b", "paste", "-t", "pv"); err != nil {
		s.t.Fatalf("paste-buffer: %v %s", err, out)
	}
}

// TestTUIPastedColumnInTmux: a column of PAIDs pasted from a spreadsheet
// (CRLF line breaks, a heading that is no PAID) opens as the worklist, at
// 120×36 and at 60×15, and ctrl+n steps through it.
func TestTUIPastedColumnInTmux(t *testing.T) {
	t.Parallel() // its own tmux server, directories and service: it waits on a screen, not on the CPU
	for _, size := range [][2]int{{120, 36}, {60, 15}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) { pastedColumn(t, size) })
	}
}

func pastedColumn(t *testing.T, size [2]int) {
	s := startTUI(t, size[0], size[1])
	s.paste("PAID\r\nAB12CD\r\nXK9P2M\r\nTN2026\r\n")
	scr := s.waitFor("worklist 1/3", "PAID ❯ AB12CD", "Showing AB12CD · standard view · worklist 1 of 3", "orklist of 3 PAIDs")
	if strings.Contains(scr, "space or line break") {
		t.Fatalf("the column was read as one PAID:\n%s", scr)
	}
	if size[0] == 120 {
		s.waitFor(`skipped 1 word that is not a PAID: "PAID"`, "Riverside Civic Alliance")
	}
	s.keys("C-n")
	s.waitFor("worklist 2/3", "PAID ❯ XK9P2M", "Showing XK9P2M")
	s.keys("C-n")
	s.waitFor("worklist 3/3", "Showing TN2026")
	s.quit()
}

// TestTUICutPasteInTmux: a paste longer than the input holds is cut and
// says so, in full at 120 columns and in brief at 60; ctrl+u clears it.
func TestTUICutPasteInTmux(t *testing.T) {
	t.Parallel() // its own tmux server, directories and service: it waits on a screen, not on the CPU
	for _, c := range []struct {
		w, h int
		want string
	}{
		{120, 36, "The paste was cut: 952 characters dropped (the input holds 2,048). A longer list goes in padview --list FILE."},
		{60, 15, "Paste cut by 952 characters; use padview --list FILE"},
	} {
		t.Run(fmt.Sprintf("%dx%d", c.w, c.h), func(t *testing.T) { cutPaste(t, c.w, c.h, c.want) })
	}
}

func cutPaste(t *testing.T, w, h int, want string) {
	s := startTUI(t, w, h)
	s.paste(strings.Repeat("Q7", 1500))
	s.waitFor(want)
	if w == 120 {
		s.waitFor("ctrl+u clear •") // the input's key line names it
	}
	s.keys("C-u")
	scr := s.waitFor("e.g. AB12CD") // the placeholder: the input is empty
	if strings.Contains(scr, "Q7Q7") || strings.Contains(scr, "paste was cut") {
		t.Fatalf("ctrl+u left the paste or its message:\n%s", scr)
	}
	s.keys("C-c") // q is text in the input
}

// TestTUICancelledItemDialogInTmux is the walkthrough of issue 19: a
// worklist item that opens the full-view dialog (a full-view URL of
// another host), cancelled with esc. Nothing was looked up: the input, the
// message line, the panes and the worklist header go on naming AB12CD,
// and ctrl+n asks for the same item again.
func TestTUICancelledItemDialogInTmux(t *testing.T) {
	t.Parallel() // its own tmux server, directories and service: it waits on a screen, not on the CPU
	list := filepath.Join(t.TempDir(), "paids.txt")
	body := "AB12CD\nhttps://other.example/v1/advertisement-full/TN2026\nXK9P2M\n"
	if err := os.WriteFile(list, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	s := startTUI(t, 120, 36, "--list", list)
	s.waitFor("worklist 1/3", "Showing AB12CD")
	s.keys("C-n")
	s.waitFor("Full view: personal data", "Advertisement: TN2026", "y show personal data") // armed: it takes keys
	s.keys("Escape")
	scr := s.waitFor("Full view not opened.", "worklist 1/3", "PAID ❯ AB12CD", "Showing AB12CD", "Riverside Civic Alliance")
	if strings.Contains(scr, "TN2026") {
		t.Fatalf("after the cancel the screen names TN2026, which was not looked up:\n%s", scr)
	}
	s.keys("C-n")
	s.waitFor("Advertisement: TN2026")
	s.keys("C-c")
}

// TestTUIControllersNoteInTmux: the Controllers tab's first line says its
// entries are data controllers and processors, at 120×36 and 60×15, and
// the count line counts ES55MAD's by role.
func TestTUIControllersNoteInTmux(t *testing.T) {
	t.Parallel() // its own tmux server, directories and service: it waits on a screen, not on the CPU
	for _, c := range []struct {
		w, h int
		want string
	}{
		{120, 36, "Data controllers and processors in the GDPR sense: who handles personal data, not the entity controlling the sponsor."},
		{60, 15, "GDPR controllers/processors, not who controls the sponsor."},
	} {
		t.Run(fmt.Sprintf("%dx%d", c.w, c.h), func(t *testing.T) { controllersNote(t, c.w, c.h, c.want) })
	}
}

func controllersNote(t *testing.T, w, h int, want string) {
	s := startTUI(t, w, h, "ES55MAD")
	s.waitFor("Showing ES55MAD")
	s.keys("4")
	scr := s.waitFor(want, "1 controller, 1 processor · entry 1")
	if strings.Index(scr, want) > strings.Index(scr, "1 controller, 1 processor") {
		t.Fatalf("the note is not above the table:\n%s", scr)
	}
	s.keys("3")
	if scr := s.waitFor("4 sponsors · entry 1"); strings.Contains(scr, "controllers and processors") {
		t.Fatalf("the Sponsors tab has the controllers' note:\n%s", scr)
	}
	s.quit()
}
