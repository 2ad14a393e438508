package ui

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/audit"
	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/api/statedir"
)

// stateDirLog is the TUI's access log as cmd gives it: opened anew on
// every full-view lookup until it opens, in the state directory dir.
func stateDirLog(dir string) func() (*audit.Log, error) {
	return func() (*audit.Log, error) {
		return audit.Open(func(k string) string { return map[string]string{audit.EnvStateDir: dir}[k] })
	}
}

// proxied serves the fake behind handler h, which sees each request first.
func proxied(t *testing.T, f *fake.Server, h func(r *http.Request)) Config {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h(r)
		f.Handler().ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	cfg := demoConfig(f)
	cfg.BaseURL = srv.URL + "/v1"
	cfg.NewClient = func(tok string) (*api.Client, error) { return api.New(cfg.BaseURL, tok, api.Options{}) }
	return cfg
}

// Withheld means withheld: when the outcome of a full view cannot be
// recorded (here a link is planted at the head file while the request is
// out), its answer is on no pane, not in Raw, not in what copy takes; the
// badge does not say FULL, padview is back in the standard view, and the
// next f, once the link is gone, tries again.
func TestWithheldAnswerIsShownNowhere(t *testing.T) {
	t.Parallel()
	f := startFake(t, fake.Options{})
	dir := filepath.Join(t.TempDir(), "state")
	head := filepath.Join(dir, audit.FileName+audit.HeadSuffix)
	var plant atomic.Bool
	cfg := proxied(t, f, func(r *http.Request) {
		if plant.Load() && strings.Contains(r.URL.Path, "advertisement-full") {
			os.Remove(head)
			os.Symlink(filepath.Join(t.TempDir(), "elsewhere"), head)
		}
	})
	cfg.AccessLog, cfg.AccessHost = stateDirLog(dir), "fake.example"
	m, clk := newModel(t, cfg, 120, 36)
	m = lookUpIn(t, m, "AB12CD")
	plant.Store(true)
	m = confirmFull(t, m, clk)
	if f.Stats().Full != 1 {
		t.Fatalf("%d full-view requests", f.Stats().Full)
	}
	scr := screen(m)
	requireContains(t, scr, "AB12CD · full view · failed (200)", "The access log cannot be written; back to the standard view",
		"STANDARD", "refusing "+head, "it is a symbolic", "the answer is not shown", "f asks for the full view again")
	if strings.Contains(scr, "FULL · personal data") || m.ex.personal() {
		t.Fatalf("a withheld answer is shown as personal data:\n%s", scr)
	}
	all := walk(t, m)
	for i := range m.deck.panes {
		m.deck.jump(i)
		all += paneText(m.deck.current())
	}
	requireContains(t, all, "Body · ", "not shown: its outcome could not be written to the access log")
	requireUnmaskedNone(t, all)
	if strings.Contains(all, "Riverside Civic Alliance") {
		t.Fatalf("the withheld answer's body is on screen:\n%s", all)
	}

	// Fixed: the next f tries again, and the full view comes.
	plant.Store(false)
	os.Remove(head)
	m = confirmFull(t, m, clk)
	requireContains(t, screen(m), "FULL · personal data", "maren.holt@riverside-civic.example")
	// The log: the first request, no outcome (it could not be written),
	// and the second request and its outcome; the first line had lost its
	// head file, which the second says it completed.
	es := logEntries(t, filepath.Join(dir, audit.FileName))
	if len(es) != 3 || es[0].Event != audit.EventRequest || es[1].Event != audit.EventRequest || es[2].Event != audit.EventOutcome ||
		!strings.Contains(es[1].Recovered, "completed the head file for entry 1") {
		t.Fatalf("the log: %+v", es)
	}
	if n, err := audit.Check(t.Context(), mustDir(t, dir)); n != 3 || err != nil {
		t.Fatalf("check: %d lines, %v", n, err)
	}
}

// An access log that cannot be opened (a state directory others may write
// to) makes no request, returns to the standard view and says which path
// and what to fix; the next f, once fixed, opens the log anew.
func TestUnwritableAccessLogInTheTUI(t *testing.T) {
	t.Parallel()
	if os.Getuid() == -1 {
		t.Skip("Unix modes")
	}
	f := startFake(t, fake.Options{})
	dir := filepath.Join(t.TempDir(), "shared")
	os.Mkdir(dir, 0o700)
	os.Chmod(dir, 0o777)
	cfg := demoConfig(f)
	cfg.AccessLog, cfg.AccessHost = stateDirLog(dir), "fake.example"
	m, clk := newModel(t, cfg, 120, 36)
	m = lookUpIn(t, m, "AB12CD")
	m = confirmFull(t, m, clk)
	scr := screen(m)
	if f.Stats().Full != 0 {
		t.Fatal("a full-view request was made without its record")
	}
	requireContains(t, scr, "STANDARD", "No full view: the access log cannot be written",
		"Access log: refusing", dir+":", "chmod go-w", "f asks for the full view again", "esc/enter close")
	m = press(t, m, "esc")
	scr = screen(m)
	requireContains(t, scr, "STANDARD", "The access log cannot be written; back to the standard view", "Riverside Civic Alliance")
	if m.modal != nil || m.sess.view != 0 || strings.Contains(scr, "full view on") {
		t.Fatalf("the full view stayed on:\n%s", scr)
	}
	os.Chmod(dir, 0o700)
	m = confirmFull(t, m, clk)
	requireContains(t, screen(m), "FULL · personal data", "maren.holt@riverside-civic.example")
	if f.Stats().Full != 1 || len(logEntries(t, filepath.Join(dir, audit.FileName))) != 2 {
		t.Fatalf("after the fix: %d full-view requests", f.Stats().Full)
	}
}

// The FULL badge shows whenever personal data is on screen: also when a
// full-view answer could not be read and Raw shows its body.
func TestUnreadableFullViewBodyIsFull(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte(`<html>contact: maren.holt@riverside-civic.example</html>`))
	}))
	t.Cleanup(srv.Close)
	f := startFake(t, fake.Options{})
	cfg := demoConfig(f)
	cfg.BaseURL = srv.URL + "/v1"
	cfg.NewClient = func(tok string) (*api.Client, error) { return api.New(cfg.BaseURL, tok, api.Options{}) }
	m, clk := newModel(t, cfg, 120, 36)
	m = lookUpIn(t, m, "AB12CD")
	if strings.Contains(screen(m), "FULL · personal data") {
		t.Fatal("a standard view reads FULL")
	}
	m = confirmFull(t, m, clk)
	m = press(t, m, "0")
	requireContains(t, screen(m), "FULL · personal data", "maren.holt@riverside-civic.example")
}

func mustDir(t *testing.T, dir string) *statedir.Dir {
	t.Helper()
	d, err := statedir.At(dir, true)
	if err != nil {
		t.Fatal(err)
	}
	return d
}
