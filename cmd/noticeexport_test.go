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

	"github.com/padview/padview/api/audit"
	"github.com/padview/padview/api/export"
	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/api/notice"
)

// A full-view notice written to a stdout that is not a terminal is an
// export, as get's is: its line is in the access log, after the lookup's
// outcome, with the file "stdout", the format as the TUI names it
// ("notice-html") and the categories the notice holds (the sponsor's email
// and address, not the phone or the personal name the answer has too).
// On a terminal and in the standard view there is none.
func TestNoticeFullExportIsRecorded(t *testing.T) {
	h, srv := withService(t, fake.Options{})
	code, out, errs := h.run("notice", "--full", "--accept-personal-data", "--format", "html", "AB12CD")
	if code != ExitOK || !strings.Contains(out, "maren.holt@riverside-civic.example") {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	code, js, _ := h.run("audit", "--json")
	if code != ExitOK {
		t.Fatalf("audit --json: exit %d", code)
	}
	var es []audit.Entry
	for _, l := range strings.Split(strings.TrimSpace(js), "\n") {
		var e audit.Entry
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		es = append(es, e)
	}
	if len(es) != 3 || es[0].Event != audit.EventRequest || es[1].Event != audit.EventOutcome {
		t.Fatalf("%d entries: %+v", len(es), es)
	}
	x := es[2]
	if x.Event != audit.EventExport || x.File != audit.StdoutFile || x.Format != "notice-html" || x.PAID != "AB12CD" ||
		x.View != "full" || x.Host != serviceHost(srv.URL) || strings.Join(x.Written, ",") != "email,address" || x.Masked {
		t.Errorf("export line %+v", x)
	}
	if code, list, _ := h.run("audit"); code != ExitOK ||
		!strings.Contains(list, "AB12CD  full view exported as notice-html to stdout · personal data: email, address") {
		t.Errorf("audit lists (exit %d):\n%s", code, list)
	}
	for _, f := range []string{"text", "markdown"} {
		h.run("notice", "--full", "--accept-personal-data", "--mask", "--format", f, "AB12CD")
		if es := h.logEntries(); es[len(es)-1].Format != "notice-"+f || !es[len(es)-1].Masked {
			t.Errorf("%s: %+v", f, es[len(es)-1])
		}
	}
	n := len(h.logEntries())
	h.tty = true
	h.run("notice", "--full", "--accept-personal-data", "--format", "html", "AB12CD")
	h.tty = false
	h.run("notice", "--format", "html", "AB12CD")
	for _, e := range h.logEntries()[n:] {
		if e.Event == audit.EventExport {
			t.Errorf("an export line for a terminal or the standard view: %+v", e)
		}
	}
}

// When the export line cannot be written, the notice is not: the file
// holds no notice of it, names it among those it lacks, with why, and the
// batch exits 1.
func TestNoticeFullExportRefusedWithoutItsLine(t *testing.T) {
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
	env := &Env{Version: Version{Version: "1.2.3-test"}}
	o := &noticeOutput{env: env, format: notice.HTML, listMissing: true,
		exports: stdoutExport{ctx: context.Background(), access: log, profile: "default"}}
	var out, errs bytes.Buffer
	w := &batchWriter{Out: bufio.NewWriter(&out), Err: &errs, words: env.failure}
	code, err := o.show(w, r)
	if err != nil || code != ExitFailure {
		t.Fatalf("exit %d, %v", code, err)
	}
	if err := o.end(w, &tally{}); err != nil {
		t.Fatal(err)
	}
	w.Out.Flush()
	for _, v := range personalValues {
		if strings.Contains(out.String(), v) {
			t.Errorf("the notice was written without its line (%s)", v)
		}
	}
	for _, want := range []string{"<article>", "Transparency notice · AB12CD"} {
		if strings.Contains(out.String(), want) {
			t.Errorf("the file holds %q", want)
		}
	}
	for _, want := range []string{"Not laid out", "<dt>AB12CD</dt>", "access log: refusing", "its export was not written"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the file lacks %q:\n%s", want, out.String())
		}
	}
	if !strings.Contains(errs.String(), "its export was not written") {
		t.Errorf("stderr: %s", errs.String())
	}
	if b, _ := os.ReadFile(filepath.Join(state, audit.FileName)); len(b) != 0 {
		t.Errorf("the log has lines: %s", b)
	}
}

// Every notice written from the CLI carries the provenance of its answer
// under its heading; a Markdown or HTML batch ends by naming the PAIDs it
// could not lay out, and why, as a text one does when it is not on a
// terminal (where stderr says it beside the text).
func TestNoticeProvenanceAndWhatABatchLacks(t *testing.T) {
	h, srv := withService(t, fake.Options{})
	for _, f := range []string{"text", "markdown", "html"} {
		code, out, errs := h.run("notice", "--format", f, "TN2026", "NOPE42")
		if code != ExitNotFound || !strings.Contains(errs, "NOPE42") {
			t.Fatalf("%s: exit %d %s", f, code, errs)
		}
		for _, want := range []string{"Fetched at", "Service host", serviceHost(srv.URL), "Request id", "1.2.3-test", "undetermined",
			"Not laid out", "NOPE42", "no advertisement with PAID NOPE42"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s lacks %q:\n%s", f, want, out)
			}
		}
	}
	h.tty = true
	if _, out, _ := h.run("notice", "TN2026", "NOPE42"); strings.Contains(out, "Not laid out") || !strings.Contains(out, "Fetched at") {
		t.Errorf("text on a terminal:\n%s", out)
	}
}

// A batch the service stops (a refused full view) says in its file how
// many PAIDs were not requested, beside the one that failed.
func TestNoticeFileSaysWhatWasNotLookedUp(t *testing.T) {
	h, _ := withService(t, fake.Options{DemoTriggers: true})
	code, out, _ := h.run("notice", "--full", "--accept-personal-data", "--format", "markdown", "--concurrency", "1",
		"DEMO-403", "TN2026", "AB12CD")
	if code != ExitToken {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"# Not laid out", "1 PAID of the batch has no notice in this file:", "- **DEMO-403:**",
		"stopped, as the service had refused the full view: 1 of 3 PAIDs done, 2 not requested\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("the file lacks %q:\n%s", want, out)
		}
	}
}

// What the demo writes says its data is fictional, in every report a
// reviewer might hand on; a real service's host is written alone.
func TestDemoReportsSayTheDataIsFictional(t *testing.T) {
	h := newHarness(t)
	for _, args := range [][]string{
		{"--demo", "notice", "--format", "markdown", "TN2026"},
		{"--demo", "notice", "--format", "html", "TN2026"},
		{"--demo", "get", "--format", "markdown", "AB12CD"},
		{"--demo", "get", "--json", "AB12CD"},
		{"--demo", "check", "--summary", "--format", "csv", "AB12CD"},
	} {
		_, out, errs := h.run(args...)
		if !strings.Contains(out, "padview&#39;s demo service, fictional data") && !strings.Contains(out, export.DemoHost) {
			t.Errorf("%v: no word of fictional data:\n%s%s", args, out, errs)
		}
	}
	h, _ = withService(t, fake.Options{})
	if _, out, _ := h.run("get", "--format", "markdown", "AB12CD"); strings.Contains(out, export.DemoHost) || !strings.Contains(out, "**Service host:** 127.0.0.1:") {
		t.Errorf("a real service's export:\n%s", out)
	}
}
