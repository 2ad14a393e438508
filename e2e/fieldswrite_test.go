//go:build linux

package e2e

import (
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/padview/padview/api/fake"
)

// Issue 27's "mapping a new service in minutes", with the binary a user
// runs: fields --write, and the Other tab's a, against a service whose
// answer holds a member padview does not recognise.

// newSourceAnswer holds Impressionz, which padview does not recognise but
// suggests a line for (close to impressions).
const newSourceAnswer = `{"paid": "NEW001", "advertiser": {"name": "Fictional Civic Union"},
 "campaign": {"name": "Clean Air 2027"}, "Impressionz": "12000"}`

// newSource serves newSourceAnswer for every PAID, counting the requests.
func newSource(t *testing.T) (string, *atomic.Int32) {
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(newSourceAnswer))
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/v1", &n
}

// handWritten is a config file as a person keeps it, for the profile
// "partner" at base.
func handWritten(base string) string {
	return "# my padview settings\n\n[profiles.partner]   # the new service\nbase_url = \"" + base + "\"\n\n# more to come\n"
}

// withLine is handWritten with the line fields suggests added where
// padview adds it.
func withLine(base string) string {
	return strings.Replace(handWritten(base), "\"\n\n# more", "\"\n\n[profiles.partner.fields]\n\"Impressionz\" = \"targeting.impressions\"\n\n# more", 1)
}

// TestFieldsLineInTmux: on the Other tab, a and y add the suggested line
// to the config file, comments kept, and the member moves to Targeting
// without a second request.
func TestFieldsLineInTmux(t *testing.T) {
	t.Parallel() // its own tmux server, directories and service: it waits on a screen, not on the CPU
	base, requests := newSource(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "config.toml")
	if err := os.WriteFile(path, []byte(handWritten(base)), 0o600); err != nil {
		t.Fatal(err)
	}
	s := startPadview(t, 100, 30, []string{"PADVIEW_CONFIG_DIR=" + dir, "PADVIEW_TOKEN=" + fake.DemoToken}, "--profile", "partner", "NEW001")
	s.waitFor("Fictional Civic Union")
	s.keys("0", "Tab")
	s.waitFor("Not recognised", `"Impressionz" = "targeting.impressions"`, "a add its [fields] line")
	s.keys("a")
	s.waitFor("Add a [fields] line", "[profiles.partner.fields]", "config.toml", "y add the line")
	s.keys("y")
	s.waitFor("read again without a request")
	s.keys("7")
	s.waitFor("Impressions", "12000")
	if b, _ := os.ReadFile(path); string(b) != withLine(base) {
		t.Fatalf("the config file:\n%s", b)
	}
	if n := requests.Load(); n != 1 {
		t.Fatalf("%d requests", n)
	}
	s.quit()
}

// A write that fails half-way (the new file may not grow past the old
// one's size: RLIMIT_FSIZE, as `ulimit -f` sets it) leaves the config file
// as it was, byte for byte, and nothing beside it; exit 1 says why. Then,
// without the limit, the same command adds the line, and fields reads the
// member through [fields].
func TestFieldsWriteThatCannotFinishInTheBinary(t *testing.T) {
	t.Parallel() // its own binary run, directories and service
	bin := padviewBinary(t)
	base, _ := newSource(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "config.toml")
	before := handWritten(base)
	if err := os.WriteFile(path, []byte(before), 0o600); err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "PADVIEW_CONFIG_DIR="+dir, "PADVIEW_TOKEN="+fake.DemoToken, "PADVIEW_STATE_DIR="+t.TempDir())
	limited := exec.Command(os.Args[0], bin, "--profile", "partner", "fields", "--write", "--yes", "NEW001")
	limited.Env = append(env, fileLimitEnv+"="+strconv.Itoa(len(before)))
	out, err := limited.CombinedOutput()
	if code := exitCode(err); code != 1 || !strings.Contains(string(out), "cannot write "+path) ||
		!strings.Contains(string(out), "ulimit -f") || !strings.Contains(string(out), "the config file is as it was") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	if b, _ := os.ReadFile(path); string(b) != before {
		t.Fatalf("the config file changed:\n%s", b)
	}
	if es, _ := os.ReadDir(dir); len(es) != 1 {
		t.Fatalf("left beside it: %v", es)
	}

	write := exec.Command(bin, "--profile", "partner", "fields", "--write", "--yes", "NEW001")
	write.Env = env
	if out, err := write.CombinedOutput(); exitCode(err) != 0 || !strings.Contains(string(out), "Added 1 line to [profiles.partner.fields]") {
		t.Fatalf("exit %d:\n%s", exitCode(err), out)
	}
	if b, _ := os.ReadFile(path); string(b) != withLine(base) {
		t.Fatalf("the config file:\n%s", b)
	}
	fields := exec.Command(bin, "--profile", "partner", "fields", "NEW001")
	fields.Env = env
	out, err = fields.Output()
	if exitCode(err) != 0 || !strings.Contains(string(out), "0 not recognised") ||
		!strings.Contains(string(out), "your [fields]: Impressionz") {
		t.Fatalf("fields after the write:\n%s", out)
	}
}
