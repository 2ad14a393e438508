package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/padview/padview/api/audit"
	"github.com/padview/padview/api/export"
	"github.com/padview/padview/api/fake"
)

// TestProgramExportOpensOnTheNotice: in a real program at each size, e on
// the Transparency tab while it shows the notice opens the dialog on the
// notice's first format, and on JSON anywhere else; the file saved from
// there is the notice, with its provenance.
func TestProgramExportOpensOnTheNotice(t *testing.T) {
	s := startFake(t, fake.Options{})
	for _, size := range noticeSizes {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			work := t.TempDir()
			t.Chdir(work)
			w, h := size[0], size[1]
			tm, _ := program(t, demoConfig(s), w, h)
			tm.Type("TN2026")
			send(tm, "enter")
			waitFor(t, tm, "Showing TN2026")
			send(tm, "9", "e")
			redraw(tm, w, h)
			waitFor(t, tm, "Export to a file", "20261121.json") // the name proposed for the format selected
			send(tm, "esc", "v")
			redraw(tm, w, h)
			waitFor(t, tm, "v checklist")
			send(tm, "e")
			redraw(tm, w, h)
			waitFor(t, tm, "Export to a file", "20261121-notice.md")
			send(tm, "enter")
			waitFor(t, tm, "Saved TN2026 as Notice (MD)")
			m := finalModel(t, tm)
			if m.modal != nil {
				t.Fatalf("the dialog stays open: %T", m.modal)
			}
			b, err := os.ReadFile(filepath.Join(work, "padview-TN2026-standard-20261121-notice.md"))
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{"# Transparency notice · TN2026 · standard view", "- **Fetched at:**", "- **Request id:** fake-",
				"- **Service host:** " + export.DemoHost + " (127.0.0.1"} {
				if !strings.Contains(string(b), want) {
					t.Errorf("the notice saved lacks %q:\n%s", want, b)
				}
			}
		})
	}
}

// The notice's first format is its Markdown, after the advertisement's
// formats: the dialog names the notice's formats by "Notice".
func TestFirstNoticeChoice(t *testing.T) {
	t.Parallel()
	i := firstNoticeChoice()
	if i == 0 || exportChoices[i].name != "Notice (MD)" || exportChoices[i-1].notice != "" {
		t.Errorf("the first notice choice is %d: %+v", i, exportChoices[i])
	}
}

// An export of the full view's notice is recorded with the categories of
// personal data the notice holds (the sponsor's email and address), not
// those of the whole answer (its phone numbers and a person's name), and
// the file carries the answer's provenance.
func TestNoticeExportRecordsWhatTheNoticeHolds(t *testing.T) {
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
	m = press(t, m, "9", "v", "e", "down", "enter") // Notice (MD), then Notice (HTML)
	path := filepath.Join(work, "padview-AB12CD-full-20261121-notice.html")
	b, err := os.ReadFile(path)
	if err != nil || m.modal != nil {
		t.Fatalf("%v; dialog %T:\n%s", err, m.modal, screen(m))
	}
	for _, want := range []string{`<dl class="provenance">`, "<dt>Request id</dt><dd>" + m.ex.rec.RequestID + "</dd>",
		"<dt>padview version</dt><dd>9.8.7 (commit 0123456789ab)</dd>", "<dt>View</dt><dd>full</dd>", "maren.holt@riverside-civic.example"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("the file lacks %q", want)
		}
	}
	es := logEntries(t, filepath.Join(state, audit.FileName))
	if len(es) != 3 {
		t.Fatalf("%d entries: %+v", len(es), es)
	}
	if x := es[2]; x.Event != audit.EventExport || x.File != path || x.Format != "notice-html" || x.PAID != "AB12CD" ||
		strings.Join(x.Written, ",") != "email,address" {
		t.Errorf("export line %+v", x)
	}
	for _, v := range []string{"+44 20 7946 0012", "Maren Holt", "t.wisniewski"} {
		if strings.Contains(string(b), v) {
			t.Errorf("the notice holds %q, which its line does not name", v)
		}
	}
}
