package cmd

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/audit"
	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/keystore"
)

// echoedToken has characters JSON, URLs and HTML escape, so that every
// encoding of it differs from it.
const echoedToken = "pv_live/AbC+9&x<y>Q7z"

// leaksOf names the echoes of tok that out holds, in any of the ways the
// fake wrote them, JSON-escaped again, or in any letter case.
func leaksOf(out, tok string) []string {
	var found []string
	lower := strings.ToLower(out)
	if strings.Contains(lower, strings.ToLower(tok)) {
		found = append(found, "the token itself")
	}
	for _, e := range fake.TokenEchoes(tok) {
		again, _ := json.Marshal(e.Text)
		if strings.Contains(out, e.Text) || strings.Contains(out, string(again[1:len(again)-1])) {
			found = append(found, e.Name)
		}
	}
	return found
}

// A service that echoes the token in every encoding it may (fake's
// EchoToken: in headers, values, member names and a refusal's message)
// gets none of it shown, stored or passed on: not by get in any format,
// -v or --raw, nor check, fields, diff or notice, nor in the access log,
// nor by watch in its database, its log or its hook's input. [token]
// stands where the token was.
func TestEchoedTokenReachesNothing(t *testing.T) {
	t.Parallel() // its own service, state directory and database
	h, _ := withService(t, fake.Options{EchoToken: true, Tokens: []string{echoedToken}})
	h.vars[keystore.EnvToken] = echoedToken
	check := func(what, out string) {
		t.Helper()
		if leaks := leaksOf(out, echoedToken); len(leaks) > 0 {
			t.Errorf("%s holds the token (%s):\n%s", what, strings.Join(leaks, ", "), out)
		}
	}
	full := []string{"--full", "--accept-personal-data", "--reason", "Compliance review"}
	runs := [][]string{
		{"get", "AB12CD"},
		{"get", "--json", "AB12CD"},
		{"get", "-v", "AB12CD"},
		{"get", "--raw", "AB12CD"},
		{"get", "--format", "markdown", "AB12CD"},
		{"get", "--format", "csv", "AB12CD"},
		{"get", "--mask", "AB12CD"},
		append([]string{"get", "--json"}, append(full, "AB12CD")...),
		{"check", "AB12CD"},
		{"check", "--json", "AB12CD"},
		{"fields", "AB12CD"},
		{"diff", "AB12CD", "TN2026"},
		{"diff", "--json", "AB12CD", "TN2026"},
		{"notice", "AB12CD"},
		{"notice", "--format", "markdown", "AB12CD"},
		{"notice", "--format", "html", "AB12CD"},
		append([]string{"notice", "--format", "html"}, append(full, "AB12CD")...),
	}
	for _, args := range runs {
		code, out, errs := h.run(args...)
		if code == ExitUsage || code == ExitToken || code == ExitFailure && args[0] != "diff" {
			t.Errorf("%v: exit %d\n%s", args, code, errs)
		}
		check(strings.Join(args, " "), out+errs)
		if shown := args[0] == "get" && (args[1] == "--json" || args[1] == "-v" || args[1] == "--raw" || len(args) == 2); shown && !strings.Contains(out, api.TokenMark) {
			t.Errorf("%v: no %s where the token was:\n%s", args, api.TokenMark, out)
		}
	}
	log, err := os.ReadFile(filepath.Join(h.vars[audit.EnvStateDir], audit.FileName))
	if err != nil || len(log) == 0 {
		t.Fatalf("no access log: %v", err)
	}
	check("the access log", string(log))

	// A token the service refuses, quoted back in its error.
	h.vars[keystore.EnvToken] = echoedToken + "-old"
	code, out, errs := h.run("get", "-v", "--json", "AB12CD")
	if code != ExitToken {
		t.Errorf("a refused token: exit %d", code)
	}
	check("a refusal", out+errs)
	if leaks := leaksOf(out+errs, echoedToken+"-old"); len(leaks) > 0 {
		t.Errorf("a refusal holds the refused token (%s):\n%s%s", strings.Join(leaks, ", "), out, errs)
	}
	h.vars[keystore.EnvToken] = echoedToken

	if runtime.GOOS == "windows" {
		return // the hook below is a POSIX shell's
	}
	hookInput := filepath.Join(t.TempDir(), "alerts.jsonl")
	hook := `sh -c 'cat >> "$0"' ` + hookInput
	h.run("watch", "add", fake.ChangingPAID, "AB12CD")
	for range 3 {
		code, out, errs := h.run("watch", "run", "--once", "--json", "--on-change", hook)
		if code > 1 {
			t.Fatalf("watch run: exit %d\n%s", code, errs)
		}
		check("watch run", out+errs)
	}
	for _, args := range [][]string{{"watch", "log"}, {"watch", "log", "--json"}, {"watch", "list", "--json"}} {
		_, out, errs := h.run(args...)
		check(strings.Join(args, " "), out+errs)
	}
	alerts, err := os.ReadFile(hookInput)
	if err != nil || len(alerts) == 0 {
		t.Fatalf("the hook never ran: %v", err)
	}
	check("the hook's input", string(alerts))
	db, err := os.ReadFile(h.watchDB())
	if err != nil {
		t.Fatal(err)
	}
	check("watch.db", string(db))
	if !strings.Contains(string(db), api.TokenMark) {
		t.Error("watch.db has no [token] where the token was: did the echo reach it at all?")
	}
}
