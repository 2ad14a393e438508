package ui

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/padview/padview/api/audit"
	"github.com/padview/padview/api/export"
	"github.com/padview/padview/api/fake"
)

// An export of the full view is recorded in the access log before the file
// is written: its file, its format and the categories of personal data,
// never a value; the file carries its provenance. When the log cannot be
// written, no file is, and the dialog says why and what to fix; once
// fixed, enter saves it.
func TestExportOfTheFullViewIsRecorded(t *testing.T) {
	if os.Getuid() == -1 {
		t.Skip("Unix modes")
	}
	work := t.TempDir()
	t.Chdir(work)
	state := filepath.Join(t.TempDir(), "state")
	os.Mkdir(state, 0o700)
	f := startFake(t, fake.Options{})
	cfg := demoConfig(f)
	cfg.AccessLog, cfg.AccessHost, cfg.Version = stateDirLog(state), "fake.example", "9.8.7 (commit 0123456789ab)"
	m, clk := newModel(t, cfg, 120, 36)
	m = lookUpIn(t, m, "AB12CD")
	m = confirmFull(t, m, clk)
	m = press(t, m, "e")
	requireContains(t, screen(m), "The access log records the export")
	m = press(t, m, "enter") // JSON, the first format
	jsonPath := filepath.Join(work, "padview-AB12CD-full-20261121.json")
	b, err := os.ReadFile(jsonPath)
	if err != nil || m.modal != nil {
		t.Fatalf("%v; dialog %T:\n%s", err, m.modal, screen(m))
	}
	var doc struct {
		View       string            `json:"view"`
		Provenance map[string]string `json:"provenance"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if p := doc.Provenance; doc.View != "full" || p["view"] != "full" || p["padviewVersion"] != cfg.Version ||
		p["requestId"] != m.ex.rec.RequestID || p["host"] != export.DemoHost+" ("+m.ex.rec.Host+")" || p["verdict"] != string(m.ex.report.Outcome()) || p["fetchedAt"] == "" {
		t.Errorf("provenance %v", p)
	}
	logPath := filepath.Join(state, audit.FileName)
	es := logEntries(t, logPath)
	if len(es) != 3 {
		t.Fatalf("%d entries: %+v", len(es), es)
	}
	if x := es[2]; x.Event != audit.EventExport || x.File != jsonPath || x.Format != "json" || x.PAID != "AB12CD" || x.View != "full" ||
		x.Host != "fake.example" || strings.Join(x.Written, ",") != "email,phone,address,name" || x.Masked {
		t.Errorf("export line %+v", x)
	}
	if raw, _ := os.ReadFile(logPath); strings.Contains(string(raw), "maren.holt") {
		t.Fatal("the access log holds a value of personal data")
	}

	// The log cannot be written: no file, and the dialog says so.
	os.Chmod(state, 0o777)
	m = press(t, m, "e", "down", "enter") // Markdown
	mdPath := filepath.Join(work, "padview-AB12CD-full-20261121.md")
	if _, err := os.Stat(mdPath); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("an export the log could not record was written: %v", err)
	}
	if _, ok := m.modal.(exportModal); !ok {
		t.Fatalf("the dialog closed: %q", m.status.text)
	}
	requireContains(t, screen(m), "Not saved: access log: refusing", "chmod go-w",
		"what the access log does not record", "Fix it and press enter again.")
	// Where its lines break depends on the length of the test's directory.
	requireContains(t, m.modal.(exportModal).problem, "Nothing was written")
	if n := len(logEntries(t, logPath)); n != 3 {
		t.Fatalf("%d entries after a refused export", n)
	}
	os.Chmod(state, 0o700)
	m = press(t, m, "enter")
	if _, err := os.Stat(mdPath); err != nil || m.modal != nil {
		t.Fatalf("after the fix: %v", err)
	}
	if es := logEntries(t, logPath); len(es) != 4 || es[3].Format != "markdown" || es[3].File != mdPath {
		t.Fatalf("after the fix: %+v", es)
	}

	// A name that is taken is asked about before anything is recorded, and
	// the standard view is not recorded at all.
	m = press(t, m, "e", "down", "enter")
	requireContains(t, screen(m), "is already there")
	m = press(t, m, "esc", "esc", "s") // keep the file, close the dialog, the standard view
	m = press(t, m, "e", "enter")
	if n := len(logEntries(t, logPath)); n != 4 {
		t.Fatalf("%d entries: a name taken or the standard view was recorded: %+v\n%s", n, logEntries(t, logPath), screen(m))
	}
	if _, err := os.Stat(filepath.Join(work, "padview-AB12CD-standard-20261121.json")); err != nil {
		t.Fatal(err)
	}
}
