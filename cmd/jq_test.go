package cmd

import (
	"strings"
	"testing"

	"github.com/padview/padview/api/fake"
)

// --jq runs a jq expression on each JSON line of every command with
// --json (issue 24 §8): strings print as they are, other values as
// compact JSON, one a line; a mistake in the expression is a usage error
// naming it, before any request; a failure on one line names it too, and
// the next line is filtered still.
func TestJQFiltersEachJSONLine(t *testing.T) {
	h, srv := withService(t, fake.Options{})
	for _, c := range []struct {
		args []string
		code int
		out  string
	}{
		{[]string{"get", "--jq", ".advertiser.companyName", "AB12CD", "PAD-2026-000000123456"}, 0, "Riverside Civic Alliance\nBündnis Schiene Süd\n"},
		{[]string{"get", "--jq", ".sponsors[] | {name, country}", "AB12CD"}, 0,
			`{"country":"GB","name":"Friends of the Estuary"}` + "\n" + `{"country":"PL","name":"Tomasz Wiśniewski"}` + "\n"},
		{[]string{"get", "--format", "json", "--jq", ".paid", "AB12CD"}, 0, "AB12CD\n"},
		{[]string{"get", "--json", "--jq", "[.paid, .error.kind]", "AB12CD", "NOPE42"}, ExitNotFound, `["AB12CD",null]` + "\n" + `["NOPE42","not_found"]` + "\n"},
		{[]string{"check", "--jq", "[.paid, .verdict] | @tsv", "AB12CD", "TN2026"}, ExitIncomplete, "AB12CD\tincomplete\nTN2026\tundetermined\n"},
		{[]string{"diff", "--jq", ".changes | length", "AB12CD", "AB12CE"}, ExitDiffers, "11\n"},
		{[]string{"fields", "--jq", ".paid", "PRNL25"}, 0, "PRNL25\n"},
	} {
		code, out, errs := h.run(c.args...)
		if code != c.code || out != c.out {
			t.Errorf("%v: exit %d; want %d\nstdout %q\nwant   %q\nstderr %s", c.args, code, c.code, out, c.out, errs)
		}
	}
	h.run("watch", "add", "AB12CD")
	if code, out, errs := h.run("watch", "list", "--jq", ".paid + \" \" + .state"); code != 0 || out != "AB12CD new\n" {
		t.Errorf("watch list --jq: exit %d %q %s", code, out, errs)
	}

	before := srv.Stats().Requests
	for _, c := range []struct {
		args []string
		err  string
	}{
		{[]string{"get", "--jq", ".foo |", "AB12CD"}, `padview: --jq ".foo |": unexpected EOF`},
		{[]string{"get", "--jq", "nosuchfunction", "AB12CD"}, `padview: --jq "nosuchfunction": function not defined: nosuchfunction/0`},
		{[]string{"get", "--jq", ".paid", "--format", "markdown", "AB12CD"}, "--format markdown chooses another"},
		{[]string{"get", "--jq", ".paid", "--raw", "AB12CD"}, "--raw chooses another"},
		{[]string{"check", "--jq", ".paid", "--summary", "AB12CD"}, "--summary chooses another"},
	} {
		if code, out, errs := h.run(c.args...); code != ExitUsage || out != "" || !strings.Contains(errs, c.err) {
			t.Errorf("%v: exit %d, stdout %q, stderr %s", c.args, code, out, errs)
		}
	}
	if n := srv.Stats().Requests - before; n != 0 {
		t.Errorf("a --jq that does not compile made %d requests", n)
	}

	code, out, errs := h.run("get", "--jq", ".sponsors[0].name | ascii_downcase", "NUL0N3", "AB12CD")
	if code != ExitFailure || out != "friends of the estuary\n" || !strings.Contains(errs, `padview: --jq ".sponsors[0].name | ascii_downcase": `) {
		t.Errorf("a failure on one line: exit %d\nstdout %q\nstderr %s", code, out, errs)
	}
}

// On a terminal a string result is cleaned of terminal controls: a value
// of the service never drives the terminal, even through --jq.
func TestJQCleansStringsOnATerminal(t *testing.T) {
	h, _ := withService(t, fake.Options{})
	h.tty = true
	code, out, _ := h.run("get", "--jq", ".basicInformation.title", "ESC4PE")
	if code != 0 || strings.ContainsRune(out, 0x1b) || !strings.Contains(out, "URGENT") {
		t.Errorf("exit %d %q", code, out)
	}
}
