package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestTUIWatchAndHistoryInTmux is the demo as docs/watch.md tells it:
// `padview --demo`, REV2026, w; `padview --demo watch run --once` twice
// in another terminal; r on the History tab shows the change, and so does
// coming back to REV2026. The History tab lays out at 120×36, 80×24 and
// 60×15, and shows no personal value, hashed or not.
func TestTUIWatchAndHistoryInTmux(t *testing.T) {
	t.Parallel() // its own tmux server, directories and service: it waits on a screen, not on the CPU
	s := startTUI(t, 120, 36)
	s.lookUp("REV2026", "Bridges for Bikes", "Showing REV2026")
	s.keys("w")
	s.waitFor("REV2026 is watched: padview --demo watch run polls it.", "◉ watched")
	if _, err := os.Stat(filepath.Join(s.state, "demo", "watch.db")); err != nil {
		t.Fatalf("w made no demo database: %v", err)
	}

	for i, want := range []string{"REV2026  first", "REV2026  changed  verdict undetermined → INCOMPLETE"} {
		run := exec.Command(padviewBinary(t), "--demo", "watch", "run", "--once")
		run.Env = append(os.Environ(), "PADVIEW_STATE_DIR="+s.state, "PADVIEW_CONFIG_DIR="+t.TempDir())
		out, err := run.CombinedOutput()
		if code := exitCode(err); code != i || !strings.Contains(string(out), want) {
			t.Fatalf("sweep %d: exit %d\n%s", i+1, code, out)
		}
	}

	s.keys("1", "BTab")
	s.waitFor("History 0", "Nothing stored yet")
	s.keys("r")
	scr := s.waitFor("History 2", "changed     INCOMPLETE  11 changes", "first       undetermined", "verdict undetermined → INCOMPLETE",
		"~ Campaign › Total value: EUR 18,400.00 → EUR 21,900.00", "Watch history read again (no request): 2 events.")
	noPersonal(t, scr)

	for _, size := range [][2]string{{"80", "24"}, {"60", "15"}} {
		s.tmux("resize-window", "-t", "pv", "-x", size[0], "-y", size[1])
		// The changes below the list, under a rule.
		scr = s.waitFor("◉ watched", "History 2", "changed     INCOMPLETE  11 changes", "──────────\n changed · ", "~ Campaign › Total value")
		noPersonal(t, scr)
	}
	s.tmux("resize-window", "-t", "pv", "-x", "120", "-y", "36")
	s.waitFor("│ changed · ") // the changes beside the list again

	// Another advertisement has no History tab; back on REV2026 it comes
	// with the stored change.
	scr = s.lookUp("AB12CD", "Showing AB12CD")
	if strings.Contains(scr, "◉ watched") || strings.Contains(scr, "History") {
		t.Fatalf("AB12CD shown as watched:\n%s", scr)
	}
	s.keys("[")
	s.waitFor("Showing REV2026", "◉ watched")
	s.keys("BTab")
	s.waitFor("History 2", "11 changes")
	s.quit()
}

// noPersonal fails when the screen shows the changing advertisement's
// contact emails or a keyed hash of them.
func noPersonal(t *testing.T, scr string) {
	t.Helper()
	for _, secret := range []string{"hmac:", "press@bridgesforbikes.example", "campaign.office@bridgesforbikes.example"} {
		if strings.Contains(scr, secret) {
			t.Fatalf("the History tab shows %q:\n%s", secret, scr)
		}
	}
}
