package cmd

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/padview/padview/api/audit"
	"github.com/padview/padview/api/fake"
)

// savedFullAnswer is a saved full-view answer (fictional data).
const savedFullAnswer = `{"paid": "AB12CD", "basicInformation": {"title": "Clean Rivers Now"},
 "advertiser": {"companyName": "Riverside Civic Alliance", "email": "maren.holt@riverside-civic.example", "phone": "+44 20 7946 0012"}}`

func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestFileCommandsNeedNoTokenNorService: get, check, notice and fields
// read a file with no token, no base URL and no request, and say where
// the answer came from.
func TestFileCommandsNeedNoTokenNorService(t *testing.T) {
	h := newHarness(t) // no base URL, no token
	p := writeFile(t, "ad.json", savedFullAnswer)
	code, out, errs := h.run("get", "--file", p)
	if code != ExitOK || !strings.Contains(out, "from file "+p+", not the service · SHA-256 ") || !strings.Contains(out, "AB12CD · standard view") {
		t.Fatalf("get: exit %d\n%s\n%s", code, out, errs)
	}
	// A standard-view file opens no full-view personal data: it is masked.
	if strings.Contains(out, "maren.holt") || !strings.Contains(out, "MASKED") || !strings.Contains(errs, "opens with --view full --accept-personal-data") {
		t.Errorf("a standard-view file showed its personal data:\n%s\n%s", out, errs)
	}
	code, out, _ = h.run("get", "--json", "--file", p)
	var doc struct {
		PAID       string            `json:"paid"`
		Provenance map[string]string `json:"provenance"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != ExitOK {
		t.Fatalf("get --json: exit %d, %v\n%s", code, err, out)
	}
	if pv := doc.Provenance; doc.PAID != "AB12CD" || pv["source"] != "file" || pv["file"] != p || len(pv["sha256"]) != 64 ||
		pv["readAt"] == "" || pv["requestId"] != "" || pv["host"] != "" {
		t.Errorf("provenance = %v", doc.Provenance)
	}
	if code, out, _ := h.run("check", "--file", p); code != ExitIncomplete || !strings.Contains(out, "AB12CD · standard view · transparency notice INCOMPLETE") {
		t.Errorf("check: exit %d\n%s", code, out)
	}
	if code, out, _ := h.run("notice", "--format", "markdown", "--file", p); code != ExitOK || !strings.Contains(out, "**Source:** file") {
		t.Errorf("notice: exit %d\n%s", code, out)
	}
	if code, out, _ := h.run("fields", "--file", p); code != ExitOK || !strings.Contains(out, "advertiser.email") || strings.Contains(out, "maren.holt") {
		t.Errorf("fields: exit %d\n%s", code, out)
	}
}

// TestFileCSVExportChecked: a CSV export is checked a row an answer, with
// the PAID from its identifier column or FILE:LINE, and a summary.
func TestFileCSVExportChecked(t *testing.T) {
	h := newHarness(t)
	p := writeFile(t, "export.csv", "ad id;title;advertiser name\nAB12CD;Clean Rivers;Riverside Civic Alliance\n;No id;Northbank Greens\n")
	code, out, errs := h.run("check", "--summary", "--file", p)
	if code != ExitIncomplete {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	if !strings.Contains(out, "AB12CD · INCOMPLETE") || !strings.Contains(out, p+":3 · INCOMPLETE") {
		t.Errorf("summary:\n%s", out)
	}
	code, out, errs = h.run("check", "--file", p, "--file", p)
	if !strings.Contains(errs, "4 answers from "+p+", "+p+": 4 read (0 complete, 4 incomplete, 0 undetermined), 0 not read") {
		t.Errorf("closing line: exit %d\n%s", code, errs)
	}
}

// TestFileProfileFieldsApply: a profile's [fields] read a file's names.
func TestFileProfileFieldsApply(t *testing.T) {
	h := newHarness(t)
	h.writeConfig("[profiles.partner]\nbase_url = \"https://partner.example/v1\"\n[profiles.partner.fields]\n\"werbetitel\" = \"basicInformation.title\"\n")
	p := writeFile(t, "x.csv", "paid,werbetitel\nAB12CD,Saubere Flüsse\n")
	code, out, errs := h.run("--profile", "partner", "fields", "--json", "--file", p)
	if code != ExitOK || !strings.Contains(out, `"source":"werbetitel","path":"basicInformation.title","recognised":true`) {
		t.Errorf("exit %d\n%s\n%s", code, out, errs)
	}
}

// TestFileFullViewNeedsConsentAndIsLogged: a full-view file opens only
// after the data-protection confirmation, and the access log records a
// file view with its name, hash and reason, never a value.
func TestFileFullViewNeedsConsentAndIsLogged(t *testing.T) {
	h := newHarness(t)
	p := writeFile(t, "full.json", savedFullAnswer)
	code, out, errs := h.run("get", "--file", p, "--view", "full")
	if code != ExitUsage || out != "" || !strings.Contains(errs, "Data-protection notice") {
		t.Fatalf("without consent: exit %d\n%s\n%s", code, out, errs)
	}
	code, out, errs = h.run("get", "--file", p, "--view", "full", "--accept-personal-data", "--reason", "Compliance review")
	if code != ExitOK || !strings.Contains(out, "maren.holt@riverside-civic.example") || !strings.Contains(out, "AB12CD · full view") {
		t.Fatalf("with consent: exit %d\n%s\n%s", code, out, errs)
	}
	logPath := filepath.Join(h.vars[audit.EnvStateDir], audit.FileName)
	raw, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(raw), "maren") || strings.Contains(string(raw), "7946") {
		t.Fatalf("the access log holds a value:\n%s", raw)
	}
	var e audit.Entry
	if err := json.Unmarshal(raw, &e); err != nil {
		t.Fatalf("%v\n%s", err, raw)
	}
	if e.Event != audit.EventFileView || e.File != p || len(e.SHA256) != 64 || e.Reason != "Compliance review" || e.View != "full" {
		t.Errorf("access-log line: %+v", e)
	}
	if code, out, _ := h.run("get", "--mask", "--file", p, "--view", "full", "--accept-personal-data"); code != ExitOK || strings.Contains(out, "maren.holt") {
		t.Errorf("--mask on a full-view file: exit %d\n%s", code, out)
	}
}

// TestFileRefusals: what is not JSON or CSV, a missing file, and flags
// that do not fit --file are refused before anything is printed.
func TestFileRefusals(t *testing.T) {
	h := newHarness(t)
	p := writeFile(t, "ad.json", savedFullAnswer)
	bin := writeFile(t, "ad.pdf", "%PDF-1.7\x00\x00binary")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"check", "--file", bin}, bin + ": is not JSON or CSV: it holds binary data; padview reads a saved answer as JSON"},
		{[]string{"check", "--file", filepath.Join(t.TempDir(), "none.json")}, "none.json: cannot be read: no such file or directory"},
		{[]string{"check", "--file", p, "AB12CD"}, "--file reads answers from a file, and PAIDs (arguments, - or --list) ask the service: give one or the other"},
		{[]string{"get", "--file", p, "--full"}, "say that a --file is of the full view with --view full"},
		{[]string{"get", "--file", p, "--view", "partial"}, `--view "partial": use standard or full`},
		{[]string{"get", "--view", "full", "AB12CD"}, "--view says which view a --file is of"},
		{[]string{"get", "--file", "-", "--file", "-"}, "--file - reads stdin, which can be read once"},
	} {
		code, out, errs := h.run(c.args...)
		if code != ExitUsage || out != "" || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stdout %q\nstderr %s\nwant %q", c.args, code, out, errs, c.want)
		}
	}
}

func TestFileFromStdin(t *testing.T) {
	h := newHarness(t)
	h.stdin = savedFullAnswer
	code, out, errs := h.run("check", "--summary", "--file", "-")
	if code != ExitIncomplete || !strings.HasPrefix(out, "AB12CD · INCOMPLETE") {
		t.Errorf("exit %d\n%s\n%s", code, out, errs)
	}
}

// TestDiffFile compares a saved answer with the service's for the same
// PAID, and two files without the service.
func TestDiffFile(t *testing.T) {
	h, s := withService(t, fake.Options{})
	code, saved, _ := h.run("get", "--json", "AB12CD")
	if code != ExitOK {
		t.Fatal("get", code)
	}
	older := strings.Replace(saved, "Clean Rivers Now: vote Yes on Measure 4", "Clean Rivers: vote Yes", 1)
	p := writeFile(t, "saved.json", older)
	before := s.Stats().Requests
	code, out, errs := h.run("diff", "--file", p, "AB12CD")
	if code != ExitDiffers || errs != "" {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	for _, want := range []string{
		"AB12CD from file " + p + " standard → AB12CD from the service standard: 1 change\n",
		"  ~ Title: Clean Rivers: vote Yes → Clean Rivers Now: vote Yes on Measure 4\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if n := s.Stats().Requests - before; n != 1 {
		t.Errorf("%d requests, want 1 (the service's side)", n)
	}
	same := writeFile(t, "same.json", saved)
	if code, out, _ := h.run("diff", "--file", same, "AB12CD"); code != ExitOK || !strings.Contains(out, "have the same normalized fields") {
		t.Errorf("a saved answer the service still gives: exit %d\n%s", code, out)
	}
	h2 := newHarness(t) // two files: no token, no service
	if code, out, errs := h2.run("diff", "--file", p, "--file", same); code != ExitDiffers || !strings.Contains(out, "AB12CD from file "+p+" standard → AB12CD from file "+same) {
		t.Errorf("two files: exit %d\n%s\n%s", code, out, errs)
	}
	if code, _, errs := h2.run("diff", "--file", p); code != ExitUsage || !strings.Contains(errs, "or two files") {
		t.Errorf("one file alone: exit %d %s", code, errs)
	}
}

// TestFileOpensTheTUI: padview --file hands the UI the file's answers as
// its worklist, with no token and no base URL.
func TestFileOpensTheTUI(t *testing.T) {
	h := newHarness(t)
	h.tty = true
	p := writeFile(t, "ads.csv", "paid,title\nAB12CD,Clean Rivers\n,Greener Squares\n")
	code, _, errs := h.run("--file", p)
	if code != ExitOK || h.tuiCfg == nil {
		t.Fatalf("exit %d: %s", code, errs)
	}
	c := h.tuiCfg
	if c.Files == nil || len(c.Files.Answers) != 2 || strings.Join(c.Worklist, " ") != "AB12CD "+p+":3" || c.Token != "" || c.NewClient != nil || c.Fields == nil || c.Files.Reading == nil {
		t.Errorf("config: %+v", c)
	}
	if code, _, errs := h.run("--file", p, "AB12CD"); code != ExitUsage || !strings.Contains(errs, "give one or the other") {
		t.Errorf("a file and a PAID: exit %d %s", code, errs)
	}
}

// TestFileRawAndJSONSummary: --raw prints each answer as read (a CSV row
// as its object), but not one whose personal data the file keeps closed;
// the JSON summary's last line names the file and its hash.
func TestFileRawAndJSONSummary(t *testing.T) {
	h := newHarness(t)
	csv := writeFile(t, "x.csv", "paid,title\nAB12CD,Clean Rivers\n")
	code, out, _ := h.run("get", "--raw", "--file", csv)
	if code != ExitOK || out != `{"paid":"AB12CD","title":"Clean Rivers"}`+"\n" {
		t.Errorf("raw: exit %d %q", code, out)
	}
	full := writeFile(t, "full.json", savedFullAnswer)
	if code, out, errs := h.run("get", "--raw", "--file", full); code != ExitUsage || out != "" || !strings.Contains(errs, "--raw prints an answer unmasked") {
		t.Errorf("raw of a closed file: exit %d %q %s", code, out, errs)
	}
	code, out, _ = h.run("check", "--json", "--summary", "--file", csv)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var last map[string]any
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &last); err != nil || code != ExitIncomplete {
		t.Fatalf("exit %d, %v\n%s", code, err, out)
	}
	if last["source"] != "file" || last["file"] != csv || len(last["sha256"].(string)) != 64 {
		t.Errorf("tally line: %v", last)
	}
}

// TestFileTextIsCleaned: what a file holds is untrusted as an answer is:
// terminal controls in a header, a cell, an identifier and the file's own
// name reach no output raw.
func TestFileTextIsCleaned(t *testing.T) {
	h := newHarness(t)
	p := writeFile(t, "evil\x1b[2J.csv", "paid,title\x1b]52;c;aGk=\x07\n"+"AB\x1b[31mCD,\"Clean \x1b[2JRivers \u202eNow\"\n")
	for _, args := range [][]string{{"get", "--file", p}, {"check", "--summary", "--file", p}, {"fields", "--file", p}, {"get", "--format", "markdown", "--file", p}} {
		code, out, errs := h.run(args...)
		if code == ExitUsage || strings.ContainsAny(out+errs, "\x1b\x07\u202e") {
			t.Errorf("%v: exit %d, a control reached the output:\n%q\n%q", args[:len(args)-2], code, out, errs)
		}
	}
}
