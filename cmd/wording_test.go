package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/padview/padview/api/fake"
)

// Each command that takes PAIDs says what it expects when they are
// missing (or, for diff, not two), with an example, instead of cobra's
// "requires at least 1 arg(s)"; and where its help is. The line starts
// "padview: " once, as every error line does, not "padview: padview check".
func TestMissingPAIDsSayWhatTheCommandExpects(t *testing.T) {
	h := newHarness(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"check"}, "check needs at least one PAID (or - to read them from stdin, or --list FILE); e.g. padview check AB12CD\n" +
			"Run 'padview check --help' for usage."},
		{[]string{"check", "--summary"}, "check needs at least one PAID"},
		{[]string{"get"}, "get needs at least one PAID (or - to read them from stdin, or --list FILE); e.g. padview get AB12CD\n"},
		{[]string{"fields", "--json"}, "fields needs at least one PAID (or - to read them from stdin, or --list FILE); e.g. padview fields TN2026\n"},
		{[]string{"notice"}, "notice needs at least one PAID (or - to read them from stdin, or --list FILE); e.g. padview notice TN2026\n"},
		{[]string{"diff"}, "diff needs two PAIDs, the advertisements to compare; e.g. padview diff AB12CD AB12CE\n"},
		{[]string{"diff", "AB12CD"}, "diff needs two PAIDs, the advertisements to compare, not 1; e.g. padview diff AB12CD AB12CE\n"},
		{[]string{"diff", "AB12CD", "AB12CE", "TN2026"}, "diff needs two PAIDs, the advertisements to compare, not 3;"},
		{[]string{"config", "init"}, "config init needs the base URL: pass --base-url URL"},
	} {
		code, out, errs := h.run(c.args...)
		if code != ExitUsage || out != "" || !strings.HasPrefix(errs, "padview: "+c.want) || strings.Contains(errs, "arg(s)") ||
			strings.Contains(errs, "padview: padview") {
			t.Errorf("%v: exit %d\n%s", c.args, code, errs)
		}
	}
}

// An answer that is not JSON is worded by what came, never by the
// parser's complaint ("invalid character '<'"): a web page says to check
// the base URL, as the TUI does; JSON that broke off says to try again.
// -v keeps the parser's words for support.
func TestBadAnswersAreWordedByWhatCame(t *testing.T) {
	h := newHarness(t)
	code, _, errs := h.run("--demo", "get", "DEMO-HTML")
	if code != ExitFailure || !strings.Contains(errs, "padview: DEMO-HTML: the service's answer is not valid JSON (HTTP 200, text/html): the answer begins: “<!doctype html>") ||
		!strings.Contains(errs, "”; check the base URL: it is the partner address ending in the version segment") ||
		strings.Contains(errs, "invalid character") || strings.Count(errs, "\n") != 1 {
		t.Errorf("DEMO-HTML: exit %d\n%s", code, errs)
	}
	code, _, errs = h.run("--demo", "get", "DEMO-BADJSON")
	if code != ExitFailure || !strings.Contains(errs, "(HTTP 200, application/json): the answer begins: “{\"paid\"") ||
		!strings.Contains(errs, "; try again; if it keeps failing, `padview --demo get --raw DEMO-BADJSON` shows what came") ||
		strings.Contains(errs, "unexpected EOF") || strings.Contains(errs, "base URL") {
		t.Errorf("DEMO-BADJSON: exit %d\n%s", code, errs)
	}
	// The same words in a batch's JSON line, and in check.
	if _, out, _ := h.run("--demo", "get", "--json", "DEMO-HTML"); !strings.Contains(out, `"kind":"bad_response"`) ||
		!strings.Contains(out, "check the base URL") || strings.Contains(out, "invalid character") {
		t.Errorf("get --json:\n%s", out)
	}
	if _, _, errs := h.run("--demo", "check", "DEMO-HTML", "AB12CD"); !strings.Contains(errs, "check the base URL") || strings.Contains(errs, "invalid character") {
		t.Errorf("check:\n%s", errs)
	}
	if _, _, errs := h.run("--demo", "get", "-v", "DEMO-BADJSON"); !strings.Contains(errs, "  reading it as JSON: unexpected EOF") {
		t.Errorf("-v lost the parser's words:\n%s", errs)
	}
	// A JSON answer labelled text/plain is read; plain text is not JSON.
	h2, s := withService(t, fake.Options{})
	s.Inject(fake.Fault{Kind: fake.FaultWrongContentType}, 1)
	if code, _, errs := h2.run("get", "AB12CD"); code != 0 {
		t.Errorf("JSON labelled text/plain: exit %d %s", code, errs)
	}
}

// A command the advice names reaches the same service when pasted into a
// shell: for a profile other than the default, it carries --profile.
func TestAdviceNamesTheProfile(t *testing.T) {
	h, s := withService(t, fake.Options{})
	delete(h.vars, "PADVIEW_TOKEN")
	h.writeConfig("[profiles.newsroom]\nbase_url = \"" + s.URL + "\"\n")
	h.stdin = "tok-not-the-partners-0001\n"
	if code, _, errs := h.run("--profile", "newsroom", "token", "set"); code != 0 {
		t.Fatalf("token set: exit %d %s", code, errs)
	}
	code, _, errs := h.run("--profile", "newsroom", "get", "AB12CD")
	if code != ExitToken || !strings.Contains(errs, "store a new one with `padview --profile newsroom token set`") {
		t.Fatalf("exit %d: %s", code, errs)
	}
}

// An empty PAID has no name to put before what is wrong with it.
func TestEmptyPAIDIsNotNamed(t *testing.T) {
	h := newHarness(t)
	code, _, errs := h.run("--demo", "get", "")
	if code != ExitUsage || errs != "padview: the PAID is empty: enter an advertisement identifier such as AB12CD\n" {
		t.Fatalf("exit %d: %q", code, errs)
	}
}

// A PAID read from a list that fails is named with its place, as a
// compiler names a line: FILE:LINE, or stdin:LINE; an argument has none.
func TestListFailuresNameTheirLine(t *testing.T) {
	h := newHarness(t)
	list := filepath.Join(t.TempDir(), "paids.txt")
	if err := os.WriteFile(list, []byte("AB12CD\n# a comment\nbad/one\nNOPE42\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, _, errs := h.run("--demo", "get", "--list", list, "bad/two")
	for _, want := range []string{"padview: bad/two: the PAID contains '/'", "padview: " + list + ":3: bad/one: the PAID contains '/'",
		"padview: " + list + ":4: NOPE42: no advertisement with PAID NOPE42"} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
	h.stdin = "AB12CD\nbad/one\n"
	if _, _, errs := h.run("--demo", "get", "-"); !strings.Contains(errs, "padview: stdin:2: bad/one: ") {
		t.Errorf("stdin:\n%s", errs)
	}
}
