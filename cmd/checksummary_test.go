package cmd

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/api/signals"
	"github.com/padview/padview/keystore"
)

// check --summary: a line per PAID in input order, failures among them,
// and the tally; nothing on stderr, since every PAID has its line.
func TestCheckSummaryLinesAndTally(t *testing.T) {
	h, _ := withService(t, fake.Options{DemoTriggers: true})
	code, out, errs := h.run("check", "--summary", "AB12CD", "TN2026", "NOPE99", "--full", "--accept-personal-data", "TN2026x", "DEMO-HTML")
	if code != ExitFailure || errs != "" {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	want := []string{
		"AB12CD · INCOMPLETE · 1 missing: How the amounts were calculated · 0 unknown",
		"TN2026 · complete · 0 missing · 0 unknown",
		"NOPE99 · not found · no advertisement with PAID NOPE99 (HTTP 404, not_found); check the identifier",
		"TN2026x · not found · ",
		"DEMO-HTML · failed · the service's answer is not valid JSON (HTTP 200, text/html): ",
		"",
		"2 advertisements: 1 complete, 1 incomplete, 0 undetermined; 2 not found, 1 failed",
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(want) {
		t.Fatalf("%d lines:\n%s", len(lines), out)
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) || w == "" && lines[i] != "" {
			t.Errorf("line %d: %q, want %q", i, lines[i], w)
		}
	}
	if strings.Contains(out, "invalid character") {
		t.Errorf("the parser's words:\n%s", out)
	}
	// The standard view: the email is only in the full view.
	if code, out, _ := h.run("check", "--summary", "TN2026"); code != ExitUndetermined ||
		out != "TN2026 · undetermined · 0 missing · 1 unknown: Sponsor contact email (full view only)\n\n1 advertisement: 0 complete, 0 incomplete, 1 undetermined\n" {
		t.Errorf("exit %d\n%s", code, out)
	}
}

// The summary and its reports end with the exit codes check ends with.
func TestCheckSummaryKeepsTheExitCodes(t *testing.T) {
	t.Parallel() // its own service, state directory and database
	h, _ := withService(t, fake.Options{DemoTriggers: true})
	for _, c := range []struct {
		args []string
		want int
	}{
		{[]string{"--full", "--accept-personal-data", "TN2026"}, ExitOK},
		{[]string{"TN2026"}, ExitUndetermined},
		{[]string{"AB12CD"}, ExitIncomplete},
		{[]string{"TN2026", "AB12CD"}, ExitIncomplete},
		{[]string{"TN2026", "NOPE99"}, ExitNotFound},
		{[]string{"AB12CD", "NOPE99"}, ExitNotFound},
		{[]string{"AB12CD", "AB/12"}, ExitUsage},
		{[]string{"AB12CD", "--full", "--accept-personal-data", "DEMO-403"}, ExitToken},
		{[]string{"DEMO-HTML", "AB12CD", "NOPE99", "AB/12"}, ExitFailure},
	} {
		plain, _, _ := h.run(append([]string{"check"}, c.args...)...)
		for _, mode := range [][]string{{"--summary"}, {"--summary", "--json"}, {"--format", "csv"}, {"--format", "markdown"}, {"--format", "html"}} {
			args := append(append([]string{"check"}, mode...), c.args...)
			if code, out, errs := h.run(args...); code != c.want || plain != c.want {
				t.Errorf("%v: exit %d (without the summary %d), want %d\n%s%s", args, code, plain, c.want, out, errs)
			}
		}
	}
}

// --format csv is the summary as a report a CSV reader reads back row by
// row: the provenance as # comments (when, the service's host, the view,
// padview's version), a header row, a row per PAID, the tally.
func TestCheckSummaryCSVReport(t *testing.T) {
	h, s := withService(t, fake.Options{})
	before := time.Now().Truncate(time.Second)
	code, out, errs := h.run("check", "--format", "csv", "--full", "--accept-personal-data", "AB12CD", "TN2026", "=1/1", "NOPE99")
	if code != ExitUsage || errs != "" {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	lines := strings.Split(out, "\n")
	host := strings.TrimPrefix(strings.TrimSuffix(s.URL, "/v1"), "http://")
	if len(lines) < 6 || lines[0] != "# Transparency notice check" || lines[2] != "# service: "+host || lines[3] != "# view: full" ||
		lines[4] != "# made with: padview 1.2.3-test" {
		t.Fatalf("provenance:\n%s", out)
	}
	at, err := time.Parse(time.RFC3339, strings.TrimPrefix(lines[1], "# checked at: "))
	if err != nil || at.Before(before) {
		t.Errorf("checked at %q: %v", lines[1], err)
	}
	r := csv.NewReader(strings.NewReader(out))
	r.Comment = '#'
	records, err := r.ReadAll() // every record as long as the header
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := [][]string{
		{"paid", "verdict", "missing", "unknown", "missing_items", "unknown_items", "note", "missing_ids", "unknown_ids"},
		{"AB12CD", "incomplete", "1", "0", "How the amounts were calculated", "", "", "calculation", ""},
		{"TN2026", "complete", "0", "0", "", "", "", "", ""},
		{"'=1/1", "invalid", "", "", "", "", "the PAID contains '/', which cannot be part of an identifier", "", ""},
		{"NOPE99", "not found", "", "", "", "", "no advertisement with PAID NOPE99 (HTTP 404, not_found); check the identifier", "", ""},
	}
	if len(records) != len(want) {
		t.Fatalf("%d records:\n%s", len(records), out)
	}
	for i := range want {
		for j := range want[i] {
			if got := records[i][j]; got != want[i][j] {
				t.Errorf("row %d, %s: %q, want %q", i, want[0][j], got, want[i][j])
			}
		}
	}
	if !strings.HasSuffix(out, "\n# 2 advertisements: 1 complete, 1 incomplete, 0 undetermined; 1 not found, 1 invalid\n") {
		t.Errorf("tally:\n%s", out)
	}
}

// --format markdown: the provenance and one table, a row per PAID.
func TestCheckSummaryMarkdownReport(t *testing.T) {
	h, s := withService(t, fake.Options{})
	code, out, _ := h.run("check", "--format", "markdown", "AB12CD", "TN2026", "NOPE99")
	host := strings.TrimPrefix(strings.TrimSuffix(s.URL, "/v1"), "http://")
	if code != ExitNotFound || !strings.HasPrefix(out, "# Transparency notice check\n\n- **Checked at:** ") ||
		!strings.Contains(out, "\n- **Service:** "+host+"\n- **View:** standard\n- **Made with:** padview 1.2.3-test\n") {
		t.Fatalf("exit %d\n%s", code, out)
	}
	var rows []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "|") {
			rows = append(rows, l)
			if n := strings.Count(l, "|"); n != 6 {
				t.Errorf("%d pipes: %s", n, l)
			}
		}
	}
	if len(rows) != 5 || rows[0] != "| PAID | Verdict | Missing | Unknown | Items |" || !strings.HasPrefix(rows[2], "| AB12CD | **incomplete** | 1 | 1 | missing: ") ||
		!strings.HasPrefix(rows[4], "| NOPE99 | not found | | | no advertisement") {
		t.Errorf("table:\n%s", strings.Join(rows, "\n"))
	}
	if !strings.HasSuffix(out, "|\n\n2 advertisements: 0 complete, 1 incomplete, 1 undetermined; 1 not found\n") {
		t.Errorf("tally:\n%s", out)
	}
}

// --json --summary: a compact line per PAID, the failures' lines as check
// --json prints them, and a last line with the tally.
func TestCheckSummaryJSONLines(t *testing.T) {
	h, _ := withService(t, fake.Options{})
	code, out, errs := h.run("check", "--json", "--summary", "TN2026", "NOPE99")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != ExitNotFound || errs != "" || len(lines) != 3 {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	_, plainJSON, _ := h.run("check", "--json", "NOPE99")
	var first struct {
		PAID, Verdict      string
		Missing, NotInView []string
	}
	var tally struct{ Tally map[string]int }
	if json.Unmarshal([]byte(lines[0]), &first) != nil || first.PAID != "TN2026" || first.Verdict != "undetermined" || first.Missing == nil ||
		len(first.NotInView) != 1 || !strings.HasPrefix(lines[1], `{"paid":"NOPE99","error":{"kind":"not_found"`) ||
		lines[1][:60] != plainJSON[:60] || json.Unmarshal([]byte(lines[2]), &tally) != nil ||
		tally.Tally["advertisements"] != 1 || tally.Tally["undetermined"] != 1 || tally.Tally["notFound"] != 1 {
		t.Errorf("lines:\n%s", out)
	}
}

// --list FILE reads PAIDs after the arguments; '-' and a file together are
// refused; a missing file is a usage error before any request.
func TestCheckSummaryList(t *testing.T) {
	h, s := withService(t, fake.Options{})
	list := filepath.Join(t.TempDir(), "paids.txt")
	os.WriteFile(list, []byte("# review\nAB12CD\n\nTN2026\n"+strings.Repeat("x", 2*maxListLine)+"\n"), 0o600)
	code, out, _ := h.run("check", "--summary", "--list", list, "XK9P2M")
	lines := strings.Split(out, "\n")
	if code != ExitUsage || !strings.HasPrefix(lines[0], "XK9P2M · ") || !strings.HasPrefix(lines[1], "AB12CD · ") || !strings.HasPrefix(lines[2], "TN2026 · ") ||
		!strings.Contains(lines[3], " · invalid · line 5 of "+list+": the line is longer than 4,096 bytes") {
		t.Errorf("exit %d\n%s", code, out)
	}
	h.stdin = "AB12CD\n"
	if code, out, _ := h.run("check", "--summary", "--list", "-"); code != ExitIncomplete || !strings.HasPrefix(out, "AB12CD · ") {
		t.Errorf("--list -: exit %d\n%s", code, out)
	}
	before := s.Stats().Requests
	for args, want := range map[string]string{
		"--list " + list + " -":   "--list " + list + " and '-' each read a list of PAIDs: give one of them",
		"--list /nonexistent.txt": "--list: open /nonexistent.txt: ",
	} {
		if code, _, errs := h.run(append([]string{"check", "--summary"}, strings.Fields(args)...)...); code != ExitUsage || !strings.Contains(errs, want) {
			t.Errorf("%s: exit %d %s", args, code, errs)
		}
	}
	os.WriteFile(list, []byte("# nothing\n"), 0o600)
	if code, out, errs := h.run("check", "--summary", "--list", list); code != ExitUsage || out != "" || !strings.Contains(errs, "no PAIDs given ("+list+" had none)") {
		t.Errorf("empty list: exit %d %q %s", code, out, errs)
	}
	if s.Stats().Requests != before {
		t.Error("a refused list made requests")
	}
	for _, args := range [][]string{{"--json", "--format", "csv"}, {"--format", "pdf"}, {"--json", "--format", "html"}} {
		if code, _, errs := h.run(append(append([]string{"check"}, args...), "AB12CD")...); code != ExitUsage || !strings.Contains(errs, "Run 'padview check --help'") {
			t.Errorf("%v: exit %d %s", args, code, errs)
		}
	}
}

// Interrupted, the summary says how many PAIDs were done and how many
// were not, in its tally and on stderr, and padview exits as the signal
// says. HOLD1, whose request was sent when Ctrl-C came, is canceled in
// flight: the service may have counted it.
func TestCheckSummaryInterrupted(t *testing.T) {
	f := startFake(t, fake.Options{})
	ctx, cancel := context.WithCancelCause(t.Context())
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/HOLD1") {
			cancel(&signals.Interrupted{Signal: syscall.SIGINT}) // Ctrl-C while HOLD1 is asked
			<-r.Context().Done()
			return
		}
		f.Handler().ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	u, _ := url.Parse(srv.URL)
	h := newHarness(t)
	h.vars[EnvBaseURL], h.vars[keystore.EnvToken] = "http://"+u.Host+"/v1", fake.DemoToken
	env, out, errb := h.env()
	code := Execute(ctx, env, []string{"check", "--summary", "--concurrency", "1", "AB12CD", "HOLD1", "TN2026", "XK9P2M"})
	if code != 130 || !strings.HasPrefix(out.String(), "AB12CD · INCOMPLETE") ||
		!strings.HasSuffix(out.String(), "\n\n1 advertisement: 0 complete, 1 incomplete, 0 undetermined; interrupted: 1 of 4 PAIDs done, 1 canceled in flight, 2 not looked up\n") ||
		errb.String() != "padview: interrupted: 1 of 4 PAIDs done, 1 canceled in flight, 2 not looked up\n" {
		t.Errorf("exit %d\nstdout %s\nstderr %s", code, out, errb)
	}
	env, out, errb = h.env()
	if code := Execute(interrupt(t.Context(), syscall.SIGINT), env, []string{"check", "--format", "csv", "AB12CD", "TN2026"}); code != 130 ||
		!strings.HasSuffix(out.String(), "\n# 0 advertisements: 0 complete, 0 incomplete, 0 undetermined; interrupted: 0 of 2 PAIDs done, 2 not looked up\n") {
		t.Errorf("before any lookup: exit %d\n%s%s", code, out, errb)
	}
}

// --format html is the summary as one page: the provenance, the charts
// and the rows, written whole at the end, with check's exit code.
func TestCheckSummaryHTMLReport(t *testing.T) {
	h, _ := withService(t, fake.Options{})
	code, out, errs := h.run("check", "--format", "html", "AB12CD", "TN2026", "NOPE99", "AB/12")
	if code != ExitUsage || errs != "" {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	for _, want := range []string{"<!DOCTYPE html>", "<dt>View</dt><dd>standard</dd>", "<dt>Made with</dt><dd>padview 1.2.3-test</dd>",
		`data-key="incomplete" data-count="1"`, `data-key="undetermined" data-count="1"`, `data-key="notFound" data-count="1"`,
		`data-key="invalid" data-count="1"`, `data-label="How the amounts were calculated" data-missing="1" data-unknown="0"`,
		"<td>NOPE99</td>", "<td>AB/12</td>", "2 advertisements: 0 complete, 1 incomplete, 1 undetermined; 1 not found, 1 invalid</p>\n</section>"} {
		if !strings.Contains(out, want) {
			t.Errorf("the page lacks %q:\n%s", want, out)
		}
	}
}
