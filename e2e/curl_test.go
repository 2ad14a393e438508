package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/padview/padview/api/fake"
)

// TestCurlLineRunsAsIs is issue 24 §3 with the binary and a shell: the
// curl line padview prints (-v's "reproduce:", the same one c copies)
// runs as it is, `$(padview --demo token print)` giving the token, and
// shows the status and headers (-i) before the body. The line's address
// is the demo's embedded service, gone when padview exits, so the test
// points it at a fake of its own that takes the same demo token.
func TestCurlLineRunsAsIs(t *testing.T) {
	bin := padviewBinary(t)
	if _, err := exec.LookPath("curl"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("CI must install curl")
		}
		t.Skip("curl not installed")
	}
	get := exec.Command(bin, "--demo", "get", "-v", "AB12CD")
	get.Env = append(os.Environ(), "PADVIEW_CONFIG_DIR="+t.TempDir(), "PADVIEW_STATE_DIR="+t.TempDir(), "PADVIEW_TOKEN=")
	out, err := get.CombinedOutput()
	if err != nil {
		t.Fatalf("padview --demo get -v: %v\n%s", err, out)
	}
	m := regexp.MustCompile(`(?m)^  reproduce: (curl .*'(http://[^']*)/v1/advertisement/AB12CD')$`).FindSubmatch(out)
	if m == nil || !strings.Contains(string(m[1]), ` -i `) || !strings.Contains(string(m[1]), `"Authorization: Bearer $(padview --demo token print)"`) ||
		strings.Contains(string(m[1]), fake.DemoToken) {
		t.Fatalf("no runnable curl line:\n%s", out)
	}
	s, err := fake.Start(fake.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	line := strings.Replace(string(m[1]), string(m[2])+"/v1", s.URL, 1)
	sh := exec.Command("sh", "-c", line)
	sh.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"),
		"PADVIEW_CONFIG_DIR="+t.TempDir(), "PADVIEW_STATE_DIR="+t.TempDir(), "PADVIEW_TOKEN=")
	got, err := sh.CombinedOutput()
	if err != nil || !strings.HasPrefix(string(got), "HTTP/1.1 200 OK") || !strings.Contains(string(got), "Riverside Civic Alliance") {
		t.Fatalf("%s\n%v\n%s", line, err, got)
	}
}
