package cmd

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/padview/padview/api/audit"
)

// The TUI's access log is opened anew after a failure, so that the next
// full view finds what the user fixed; once open, it is kept.
func TestTUIAccessLogTriesAgain(t *testing.T) {
	h := newHarness(t)
	dir := filepath.Join(t.TempDir(), "shared")
	os.Mkdir(dir, 0o700)
	os.Chmod(dir, 0o777)
	h.vars[audit.EnvStateDir] = dir
	env, _, _ := h.env()
	open := env.tuiAccessLog(true)
	if l, err := open(); err == nil || l != nil {
		t.Fatalf("a state directory others may write to was opened: %v", err)
	}
	os.Chmod(dir, 0o700)
	first, err := open()
	if err != nil || first == nil {
		t.Fatalf("after the fix: %v", err)
	}
	if again, _ := open(); again != first {
		t.Error("an open log was opened again")
	}
	if env.tuiAccessLog(false) != nil {
		t.Error("access_log = false opens a log")
	}
}
