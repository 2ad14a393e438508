package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestTUINoticeInTmux: at 120×36, 80×24 and 60×15, v on the Transparency
// tab of the real binary shows the notice in the template's order, its
// items reachable to the last; e opens on the notice's formats and saves
// it as one HTML file; v goes back to the checklist.
func TestTUINoticeInTmux(t *testing.T) {
	t.Parallel() // its own tmux server, directories and service: it waits on a screen, not on the CPU
	for _, size := range [][2]int{{120, 36}, {80, 24}, {60, 15}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			w, h := size[0], size[1]
			s := startTUI(t, w, h)
			s.lookUp("AB12CD", "Showing AB12CD")
			s.keys("9")
			s.waitFor("Transparency ✗1", "v notice")
			s.keys("v")
			s.waitFor("Transparency notice · AB12CD · standard view", "v checklist", "Political advertisement")
			s.keys("G")
			scr := s.waitFor("16. Means to exercise", "Check: INCOMPLETE")
			for _, l := range strings.Split(strings.TrimRight(scr, "\n"), "\n") {
				if n := utf8.RuneCountInString(l); n > w {
					t.Fatalf("a line of %d cells at %d columns: %q", n, w, l)
				}
			}

			path := filepath.Join(t.TempDir(), "ab12cd-notice.html")
			s.keys("e")
			s.waitFor("Export to a file", "▸ Notice (MD)", "-notice.md") // the notice on screen: its formats first
			s.keys("Down")
			s.waitFor("▸ Notice (HTML)", "-notice.html")
			s.keys("C-u")
			s.text(path)
			s.keys("Enter")
			s.waitFor("Saved AB12CD as Notice (HTML)")
			b, err := os.ReadFile(path)
			page := string(b)
			if err != nil || strings.Count(page, "<html") != 1 || strings.Count(page, "<h2>") != 17 ||
				!strings.Contains(page, "<h2>16. Means to exercise data-protection rights</h2>") {
				t.Fatalf("the notice file: %v\n%s", err, page)
			}
			for _, v := range personalValues {
				if strings.Contains(page, v) {
					t.Fatalf("the standard view's notice file holds %q", v)
				}
			}

			s.keys("v")
			s.waitFor("✓ present", "v notice")
			s.quit()
		})
	}
}
