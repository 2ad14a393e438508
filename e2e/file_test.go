package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTUIFileInTmux: `padview --file ads.csv --view full` opens the
// export's rows as a worklist with no token and no service; the banner
// above the panes names the file, the status bar says "file" with no
// request id or budget; the personal data of the full-view file opens
// only after the confirmation, and the access log records a file view
// with the file's name and hash and the reason, never a value.
func TestTUIFileInTmux(t *testing.T) {
	t.Parallel() // its own tmux server and directories: it waits on a screen, not on the CPU
	csv := filepath.Join(t.TempDir(), "ads.csv")
	content := "paid,title,advertiser name,advertiser email\n" +
		"AB12CD,Clean Rivers Now,Riverside Civic Alliance,maren.holt@riverside-civic.example\n" +
		",Greener Squares,Northbank Greens,\n"
	if err := os.WriteFile(csv, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	s := startPadview(t, 100, 30, nil, "--file", csv, "--view", "full")
	scr := s.waitFor("from file "+csv+", not the service", "Showing AB12CD · standard view", "Riverside Civic Alliance")
	bar := statusBar(scr)
	if !strings.Contains(bar, "file") || strings.Contains(bar, "request id") || strings.Contains(bar, "left") {
		t.Fatalf("status bar %q", bar)
	}
	if strings.Contains(scr, "maren.holt") {
		t.Fatalf("a full-view file showed personal data before the confirmation:\n%s", scr)
	}
	if raw, _ := s.accessLog(); raw != "" {
		t.Fatalf("the access log has a line before the full view was opened:\n%s", raw)
	}
	s.confirmFull()
	s.waitFor("FULL · personal data", "maren.holt@riverside-civic.example")
	raw, entries := s.accessLog()
	if len(entries) != 1 || entries[0]["event"] != "file view" || entries[0]["file"] != csv || len(entries[0]["sha256"].(string)) != 64 {
		t.Fatalf("access log:\n%s", raw)
	}
	if strings.Contains(raw, "maren") {
		t.Fatalf("the access log holds a value:\n%s", raw)
	}
	s.keys("C-n") // the next row: no identifier, named FILE:LINE
	s.waitFor("Showing "+csv+":3 · full view", "Northbank Greens")
	s.quit()
}
