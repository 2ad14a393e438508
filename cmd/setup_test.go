package cmd

import (
	"os"
	"strings"
	"testing"
)

// --demo reads no config file (a broken one does not stop it) and writes
// nothing of the user's: its full view is recorded in a temporary state
// directory, gone when the command ends.
func TestDemoTouchesNothingOfTheUsers(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	h := newHarness(t)
	h.writeConfig("this is not TOML [\n")
	if code, _, errs := h.run("get", "AB12CD"); code != ExitUsage || !strings.Contains(errs, "config file") {
		t.Fatalf("without --demo the broken config is an error: exit %d %s", code, errs)
	}
	code, out, errs := h.run("--demo", "get", "--full", "--accept-personal-data", "AB12CD")
	if code != 0 || !strings.Contains(out, "maren.holt@riverside-civic.example") {
		t.Fatalf("--demo full view: exit %d\n%s\n%s", code, out, errs)
	}
	if code, out, _ := h.run("--demo", "diff", "AB12CD", "AB12CE"); code != ExitDiffers || out == "" {
		t.Fatalf("--demo diff: exit %d", code)
	}
	if code, _, _ := h.run("--demo", "check", "TN2026"); code != ExitOK {
		t.Fatalf("--demo check: exit %d", code)
	}
	if _, err := os.Stat(h.logPath()); !os.IsNotExist(err) {
		t.Errorf("the demo wrote the user's access log: %v", err)
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("the demo left %d entries in the temporary directory, e.g. %s", len(left), left[0].Name())
	}
}

// Each flag is checked once, before any command runs, whatever the command.
func TestMaxWaitIsCheckedBeforeAnyCommand(t *testing.T) {
	h := newHarness(t)
	h.tty = true
	for _, args := range [][]string{
		{"--demo", "--max-wait", "11m", "get", "AB12CD"}, {"--demo", "--max-wait", "11m"}, {"token", "status", "--max-wait", "0"},
		{"--demo", "--max-wait", "-1s", "diff", "AB12CD", "AB12CE"},
	} {
		if code, _, errs := h.run(args...); code != ExitUsage || !strings.Contains(errs, "--max-wait must be more than 0 and at most") {
			t.Errorf("%v: exit %d %q", args, code, errs)
		}
	}
	if h.tuiCfg != nil {
		t.Error("the TUI started with a bad --max-wait")
	}
}
