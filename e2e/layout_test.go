package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// statusBar is the status bar of a screen: its last line but one.
func statusBar(scr string) string {
	lines := strings.Split(strings.TrimRight(scr, "\n"), "\n")
	if len(lines) < 2 {
		return ""
	}
	return lines[len(lines)-2]
}

// TestTUIMessagesFitInTmux: in the real binary, what = and a pasted column
// say fits the status bar whole, in fewer words on a narrower terminal;
// the Compare tab's first line too; at 120×36, 80×24 and 60×15.
func TestTUIMessagesFitInTmux(t *testing.T) {
	t.Parallel() // its own tmux server, directories and service: it waits on a screen, not on the CPU
	for _, c := range []struct {
		w, h                 int
		mark, compare, paste string
	}{
		{120, 36, "Marked AB12CD (standard view): the next lookup is compared with it · = or esc clears the mark.",
			"Comparing AB12CD (marked) with XK9P2M (on screen) · = or esc clears the mark",
			`Opened a worklist of 3 PAIDs; skipped 1 word that is not a PAID: "PAID".`},
		{80, 24, "Marked AB12CD: the next lookup is compared with it.",
			"Comparing AB12CD (marked) with XK9P2M (on screen) · = or esc clears the mark",
			`Opened a worklist of 3 PAIDs; skipped 1 word: "PAID".`},
		{60, 15, "Marked AB12CD for comparing.", "Comparing AB12CD (marked) with XK9P2M (on screen)",
			"Worklist of 3 PAIDs; 1 word skipped."},
	} {
		t.Run(fmt.Sprintf("%dx%d", c.w, c.h), func(t *testing.T) {
			s := startTUI(t, c.w, c.h, "AB12CD")
			s.waitFor("Showing AB12CD")
			s.keys("=")
			if bar := statusBar(s.waitFor(c.mark)); strings.Contains(bar, "…") || !strings.Contains(bar, c.mark) {
				t.Fatalf("the mark's message is cut: %q", bar)
			}
			scr := s.lookUp("XK9P2M", "Showing XK9P2M", c.compare)
			if strings.Contains(scr, c.compare+"…") || strings.Contains(scr, "· = or …") {
				t.Fatalf("the Compare tab's first line is cut:\n%s", scr)
			}
			s.keys("=") // the mark cleared
			s.waitFor("Mark on AB12CD cleared")
			s.keys("C-l", "C-u")
			s.paste("PAID\r\nAB12CD\r\nXK9P2M\r\nTN2026\r\n")
			scr = s.waitFor(c.paste, "Showing AB12CD · standard view · worklist 1 of 3")
			if bar := statusBar(scr); strings.Contains(bar, "…") {
				t.Fatalf("the paste's message is cut: %q", bar)
			}
			s.keys("C-c")
		})
	}
}

// TestTUITransientMessageInTmux: "Full view not opened." goes at the next
// key that changes the screen (a pane, v); the status bar then shows the
// exchange's own line, its request id with it.
func TestTUITransientMessageInTmux(t *testing.T) {
	t.Parallel() // its own tmux server, directories and service: it waits on a screen, not on the CPU
	s := startTUI(t, 80, 24, "AB12CD")
	s.waitFor("Showing AB12CD", "request id fake-1")
	for _, key := range []string{"Tab", "9", "v"} {
		s.keys("f")
		s.waitFor("Full view: personal data", "y show personal data")
		s.keys("Escape")
		s.waitFor("Full view not opened.", "Showing AB12CD")
		s.keys(key)
		scr := s.waitFor("request id fake-1")
		if strings.Contains(scr, "Full view not opened") {
			t.Fatalf("after %s the message stays:\n%s", key, scr)
		}
	}
	s.quit()
}

// TestTUIMaskedEmailWrapsInTmux: in the sponsors' details at 120 columns
// a masked email too wide for its line keeps its ◆ and breaks after its @,
// its domain whole, never ◆ alone above a cut address.
func TestTUIMaskedEmailWrapsInTmux(t *testing.T) {
	t.Parallel() // its own tmux server, directories and service: it waits on a screen, not on the CPU
	s := startTUI(t, 120, 36, "ES55MAD")
	s.waitFor("Showing ES55MAD")
	s.confirmFull()
	s.waitFor("FULL · personal data")
	s.keys("m")
	s.waitFor("MASKED")
	s.keys("3")
	scr := s.waitFor("Email           ◆ h•••@", "ciclistas-madrid.example")
	for _, l := range strings.Split(scr, "\n") {
		_, detail, _ := strings.Cut(l, "│")
		if d := strings.TrimSpace(detail); strings.HasSuffix(d, "◆") || strings.HasSuffix(d, ".examp") || d == "le" {
			t.Fatalf("the email is cut:\n%s", scr)
		}
	}
	s.quit()
}
