package e2e

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// budgetGauge is the status bar's gauge beside the budget's figure.
var budgetGauge = regexp.MustCompile(`of 1,000 left [█▉▊▋▌▍▎▏]+░*`)

// TestTUITimelineAndGaugeInTmux: in a real terminal (tmux, 256 colours,
// no NO_COLOR), the History tab of REV2026 after four sweeps draws its
// timeline above the events, with a glyph for each kind of poll, at 120,
// 80 and 60 columns; the status bar draws the budget's gauge beside its
// figure at 120 columns and gives it up at 60; under NO_COLOR it says the
// budget in words only.
func TestTUITimelineAndGaugeInTmux(t *testing.T) {
	t.Parallel() // its own tmux server, directories and service: it waits on a screen, not on the CPU
	s := startTUI(t, 120, 36)
	s.lookUp("REV2026", "Bridges for Bikes", "Showing REV2026")
	s.keys("w")
	s.waitFor("REV2026 is watched")
	for range 4 { // first, changed (the verdict flips), vanished, reappeared
		run := exec.Command(padviewBinary(t), "--demo", "watch", "run", "--once")
		run.Env = append(os.Environ(), "PADVIEW_STATE_DIR="+s.state, "PADVIEW_CONFIG_DIR="+t.TempDir())
		if out, err := run.CombinedOutput(); err != nil && exitCode(err) != 1 {
			t.Fatalf("sweep: %v\n%s", err, out)
		}
	}
	s.keys("1", "BTab", "r")
	scr := s.waitFor("History 4", "○ first  • changed  ◆ verdict  ✕ vanished  ↺ reappeared", " ○─", "◆", "✕", "↺")
	if !budgetGauge.MatchString(scr) {
		t.Errorf("no gauge beside the budget at 120 columns:\n%s", scr)
	}
	for _, size := range [][2]string{{"80", "30"}, {"60", "24"}} {
		s.tmux("resize-window", "-t", "pv", "-x", size[0], "-y", size[1])
		scr = s.waitFor("History 4", " ○─", "↺")
		for _, l := range strings.Split(scr, "\n") {
			if strings.Contains(l, "○─") && len([]rune(strings.TrimRight(l, " "))) > map[string]int{"80": 80, "60": 60}[size[0]] {
				t.Errorf("%s columns: the strip is wider: %q", size[0], l)
			}
		}
	}
	if budgetGauge.MatchString(scr) {
		t.Errorf("a gauge at 60 columns:\n%s", scr)
	}
	s.quit()

	plain := startPadview(t, 120, 36, []string{"NO_COLOR=1"}, "--demo", "AB12CD")
	scr = plain.waitFor("Showing AB12CD", "of 1,000 left")
	if budgetGauge.MatchString(scr) || strings.Contains(scr, "░") {
		t.Errorf("a gauge under NO_COLOR:\n%s", scr)
	}
	plain.quit()
}
