package cmd

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/audit"
	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/api/fake/faketest"
)

// get --full with an export format to a stdout that is not a terminal (a
// file, a pipe) writes an export line after the outcome, with "stdout" as
// the file; audit lists it and --verify accepts the log. On a terminal,
// in text and in the standard view there is none.
func TestGetFullExportIsRecorded(t *testing.T) {
	h, srv := withService(t, fake.Options{})
	code, out, errs := h.run("get", "--full", "--accept-personal-data", "--format", "markdown", "AB12CD")
	if code != 0 || !strings.Contains(out, "- **View:** full\n") {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	es := h.logEntries()
	if len(es) != 3 {
		t.Fatalf("%d entries: %+v", len(es), es)
	}
	x := es[2]
	if x.Event != audit.EventExport || x.File != audit.StdoutFile || x.Format != "markdown" || x.PAID != "AB12CD" || x.View != "full" ||
		x.Host != serviceHost(srv.URL) ||
		strings.Join(x.Written, ",") != "email,phone,address,name" || x.Profile != DefaultProfile {
		t.Errorf("export line %+v", x)
	}
	if raw, _ := os.ReadFile(h.logPath()); strings.Contains(string(raw), "maren.holt") {
		t.Fatal("the access log holds a value")
	}
	code, list, _ := h.run("audit")
	if code != 0 || !strings.Contains(list, "AB12CD  full view exported as markdown to stdout · personal data: email, phone, address, name") {
		t.Errorf("audit lists (exit %d):\n%s", code, list)
	}
	if code, out, errs := h.run("audit", "--verify"); code != 0 || !strings.Contains(out, "3 lines, chain intact") {
		t.Errorf("--verify over a log with an export line: exit %d %s%s", code, out, errs)
	}
	// --mask: the line says the export is masked.
	h.run("get", "--full", "--accept-personal-data", "--mask", "--json", "AB12CD")
	if es := h.logEntries(); len(es) != 6 || es[5].Format != "json" || !es[5].Masked {
		t.Errorf("masked export: %+v", es[len(es)-1])
	}
	// Text, a terminal, or the standard view: no export line.
	h.run("get", "--full", "--accept-personal-data", "AB12CD")
	h.tty = true
	h.run("get", "--full", "--accept-personal-data", "--format", "csv", "AB12CD")
	h.tty = false
	h.run("get", "--format", "csv", "AB12CD")
	for _, e := range h.logEntries()[6:] {
		if e.Event == audit.EventExport {
			t.Errorf("an export line for text, a terminal or the standard view: %+v", e)
		}
	}
}

// fullAnswer fetches AB12CD's full view from a fake service.
func fullAnswer(t *testing.T) result {
	t.Helper()
	d, ex := faketest.Get(t, startFake(t, fake.Options{}).URL, "AB12CD", advert.Full)
	return result{input: "AB12CD", doc: d, ex: ex}
}

// When the export line cannot be written, the document is not: stdout
// gets nothing of it (in JSON Lines, its error line), and the error says
// why, what to fix and that the export was withheld.
func TestGetFullExportRefusedWithoutItsLine(t *testing.T) {
	if os.Getuid() == -1 {
		t.Skip("Unix modes")
	}
	state := filepath.Join(t.TempDir(), "state")
	os.Mkdir(state, 0o700)
	log, err := audit.Open(func(k string) string { return map[string]string{audit.EnvStateDir: state}[k] })
	if err != nil {
		t.Fatal(err)
	}
	r := fullAnswer(t)
	os.Chmod(state, 0o777) // others may write to it: padview refuses it
	for _, format := range []string{"markdown", "json"} {
		env := &Env{Version: Version{Version: "1.2.3-test"}}
		g := &getOutput{getFlags: getFlags{format: format, json: format == "json"}, env: env,
			exports: stdoutExport{ctx: context.Background(), access: log, profile: "default"}}
		var out, errs bytes.Buffer
		w := &batchWriter{Out: bufio.NewWriter(&out), Err: &errs, json: g.json, words: env.failure}
		code, err := g.show(w, r)
		w.Out.Flush()
		if err != nil || code != ExitFailure {
			t.Fatalf("%s: exit %d, %v", format, code, err)
		}
		said := errs.String()
		if format == "json" {
			var line struct {
				Error struct{ Kind, Message string }
			}
			if json.Unmarshal(out.Bytes(), &line) != nil || line.Error.Kind != "access_log" {
				t.Fatalf("json: stdout %q", out.String())
			}
			said = `"paid":"AB12CD"` + line.Error.Message
			if !strings.HasPrefix(out.String(), `{"paid":"AB12CD","error":`) {
				t.Errorf("json: %s", out.String())
			}
		} else if out.Len() != 0 {
			t.Fatalf("%s: the export was written without its line:\n%s", format, out.String())
		}
		for _, want := range []string{"AB12CD", "access log: refusing " + state, "chmod go-w", "its export was not written"} {
			if !strings.Contains(said, want) {
				t.Errorf("%s: the error lacks %q: %s", format, want, said)
			}
		}
		if strings.Contains(out.String(), "maren.holt") {
			t.Errorf("%s: personal data written", format)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(state, audit.FileName)); len(b) != 0 {
		t.Errorf("the log has lines: %s", b)
	}
}
