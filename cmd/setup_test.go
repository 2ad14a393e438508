package cmd

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/keystore"
)

// --demo reads no config file (a broken one does not stop it) and writes
// nothing of the user's: its full view is recorded in a temporary state
// directory, gone when the command ends.
func TestDemoTouchesNothingOfTheUsers(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	h := newHarness(t)
	h.writeConfig("this is not TOML [\n")
	if code, _, errs := h.run("get", "AB12CD"); code != ExitUsage || !strings.Contains(errs, "config file") {
		t.Fatalf("without --demo the broken config is an error: exit %d %s", code, errs)
	}
	code, out, errs := h.run("--demo", "get", "--full", "--accept-personal-data", "AB12CD")
	if code != 0 || !strings.Contains(out, "maren.holt@riverside-civic.example") {
		t.Fatalf("--demo full view: exit %d\n%s\n%s", code, out, errs)
	}
	if code, out, _ := h.run("--demo", "diff", "AB12CD", "AB12CE"); code != ExitDiffers || out == "" {
		t.Fatalf("--demo diff: exit %d", code)
	}
	// TN2026's sponsor email is only in the full view: undetermined.
	if code, _, _ := h.run("--demo", "check", "TN2026"); code != ExitUndetermined {
		t.Fatalf("--demo check: exit %d", code)
	}
	if _, err := os.Stat(h.logPath()); !os.IsNotExist(err) {
		t.Errorf("the demo wrote the user's access log: %v", err)
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("the demo left %d entries in the temporary directory, e.g. %s", len(left), left[0].Name())
	}
}

// Each flag is checked once, before any command runs, whatever the command.
func TestMaxWaitIsCheckedBeforeAnyCommand(t *testing.T) {
	h := newHarness(t)
	h.tty = true
	for _, args := range [][]string{
		{"--demo", "--max-wait", "11m", "get", "AB12CD"}, {"--demo", "--max-wait", "11m"}, {"token", "status", "--max-wait", "0"},
		{"--demo", "--max-wait", "-1s", "diff", "AB12CD", "AB12CE"},
	} {
		if code, _, errs := h.run(args...); code != ExitUsage || !strings.Contains(errs, "--max-wait must be more than 0 and at most") {
			t.Errorf("%v: exit %d %q", args, code, errs)
		}
	}
	if h.tuiCfg != nil {
		t.Error("the TUI started with a bad --max-wait")
	}
}

// A profile named but not defined is an error that lists the profiles:
// with the base URL and token in the environment, a typo would otherwise
// drop the profile's full_view = "never" and print personal data.
func TestUndefinedProfileIsRefused(t *testing.T) {
	h, s := withService(t, fake.Options{})
	h.writeConfig("[profiles.newsroom]\nfull_view = \"never\"\nmask_personal_data = true\n[profiles.archive]\n")
	cases := []struct {
		args    []string
		env     string
		namedBy string
	}{
		{[]string{"--profile", "newsrom"}, "", "--profile"},
		{nil, "Newsroom", "PADVIEW_PROFILE"},
	}
	for _, c := range cases {
		h.vars[EnvProfile] = c.env
		args := append(c.args, "get", "--full", "--accept-personal-data", "AB12CD")
		code, out, errs := h.run(args...)
		if code != ExitUsage || out != "" || !strings.Contains(errs, "(from "+c.namedBy+") is not defined in ") ||
			!strings.Contains(errs, "its profiles are archive, newsroom: name one of them") {
			t.Errorf("%v %s: exit %d %q", c.args, c.env, code, errs)
		}
	}
	delete(h.vars, EnvProfile)
	if s.Stats().Requests != 0 {
		t.Errorf("%d requests made", s.Stats().Requests)
	}
	h.writeConfig("default_profile = \"stagin\"\n[profiles.staging]\n")
	if code, _, errs := h.run("token", "status"); code != ExitUsage || !strings.Contains(errs, "(from default_profile in the config file)") {
		t.Errorf("default_profile: exit %d %q", code, errs)
	}
	// The default profile needs no definition; a deleted profile's token can still be removed.
	h.writeConfig("")
	if code, _, errs := h.run("get", "AB12CD"); code != 0 {
		t.Errorf("default profile: exit %d %q", code, errs)
	}
	h.vars[EnvProfile] = "default"
	if code, _, errs := h.run("get", "AB12CD"); code != 0 {
		t.Errorf("PADVIEW_PROFILE=default: exit %d %q", code, errs)
	}
	if code, _, errs := h.run("token", "delete", "--profile", "gone"); code != ExitToken || !strings.Contains(errs, `no token stored for profile "gone"`) {
		t.Errorf("token delete of an undefined profile: exit %d %q", code, errs)
	}
	if code, _, errs := h.run("--profile", "nowhere", "token", "status"); code != ExitUsage || !strings.Contains(errs, "which defines no profiles: add [profiles.nowhere]") {
		t.Errorf("no profiles: exit %d %q", code, errs)
	}
	os.Remove(filepath.Join(h.vars[EnvConfigDir], "config.toml"))
	if code, _, errs := h.run("--profile", "nowhere", "token", "status"); code != ExitUsage || !strings.Contains(errs, "there is no config file at ") {
		t.Errorf("no config file: exit %d %q", code, errs)
	}
}

// `token status` never prints a base URL's user info.
func TestTokenStatusHidesUserInfo(t *testing.T) {
	h := newHarness(t)
	h.vars[keystore.EnvToken] = "tok-env-123456"
	h.vars[EnvBaseURL] = "https://usr-annwyn:s3cret@partner.example/v1"
	code, out, errs := h.run("token", "status")
	if code != 0 || strings.Contains(out+errs, "s3cret") || strings.Contains(out+errs, "annwyn") ||
		!strings.Contains(out, "Base URL: https://partner.example/v1 (unusable: ") {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	if code, _, errs := h.run("get", "AB12CD"); code != ExitUsage || strings.Contains(errs, "s3cret") || !strings.Contains(errs, "remove the user name or password") {
		t.Fatalf("get: exit %d %s", code, errs)
	}
}

// A rejected token's advice fits where the token came from: the variable,
// which `padview token set` cannot override, or the keyring.
func TestRejectedTokenAdviceFitsItsSource(t *testing.T) {
	h, _ := withService(t, fake.Options{})
	h.vars[keystore.EnvToken] = "wrong-token-123"
	for _, args := range [][]string{{"get", "AB12CD"}, {"get", "--json", "AB12CD"}, {"diff", "AB12CD", "AB12CE"}, {"token", "status", "--check", "AB12CD"}} {
		code, out, errs := h.run(args...)
		if all := out + errs; code == 0 || !strings.Contains(all, "the token comes from PADVIEW_TOKEN, which wins over the keyring") ||
			strings.Contains(all, "replace it with") || strings.Contains(all, "wrong-token-123") {
			t.Errorf("%v: exit %d\n%s%s", args, code, out, errs)
		}
	}
	delete(h.vars, keystore.EnvToken)
	h.stdin = "wrong-token-123\n"
	if code, _, _ := h.run("token", "set"); code != 0 {
		t.Fatal("token set")
	}
	if code, _, errs := h.run("get", "AB12CD"); code != ExitToken || !strings.Contains(errs, "check it, or store a new one with `padview token set`") || strings.Contains(errs, "PADVIEW_TOKEN") {
		t.Errorf("keyring token: exit %d %s", code, errs)
	}
}

// A JSON error line shows a bidi control from the input as an escape: the
// same JSON to a parser, no reordered text on a terminal.
func TestJSONErrorLineEscapesInvisibleCharacters(t *testing.T) {
	h, _ := withService(t, fake.Options{})
	h.stdin = "AB\u202eDC12\n"
	code, out, _ := h.run("get", "--json", "-")
	if code != ExitUsage || strings.ContainsRune(out, '\u202e') || !strings.Contains(out, `"paid":"AB\u202eDC12"`) {
		t.Fatalf("exit %d %q", code, out)
	}
	var line struct{ PAID string }
	if err := json.Unmarshal([]byte(out), &line); err != nil || line.PAID != "AB\u202eDC12" {
		t.Fatalf("%v %q", err, line.PAID)
	}
	for in, want := range map[string]string{"a\u200fb": `a\u200fb`, "é✓": "é✓", "x\U000E0001": `x\udb40\udc01`, "\xff": `\ufffd`} {
		if got := string(escapeInvisible([]byte(in))); got != want {
			t.Errorf("escapeInvisible(%q) = %q, want %q", in, got, want)
		}
	}
}

// An --since beyond what a duration holds is an error that says so, not
// an empty listing.
func TestAuditSinceTooFarBack(t *testing.T) {
	h := newHarness(t)
	for _, since := range []string{"106752d", "99999999999999999999d", "2562048h"} {
		code, out, errs := h.run("audit", "--since", since)
		if code != ExitUsage || out != "" || !strings.Contains(errs, "at most 106,751 days (about 292 years) can be counted back") {
			t.Errorf("--since %s: exit %d %q", since, code, errs)
		}
	}
	if code, _, errs := h.run("audit", "--since", "106751d"); code != 0 {
		t.Errorf("--since 106751d: exit %d %q", code, errs)
	}
}

// Every command resolves a named profile the same way, those that make no
// request too: `audit`, `watch list` and `config path` refuse a mistyped
// --profile or PADVIEW_PROFILE as `get` does, before they run. Only the
// commands that run whatever profile is named (config init writes it, token
// delete cleans up after it, demo-server and the man pages read no config)
// take it.
func TestEveryCommandRefusesAnUndefinedProfile(t *testing.T) {
	h, _ := withService(t, fake.Options{})
	h.writeConfig("[profiles.newsroom]\nfull_view = \"never\"\n")
	for _, args := range [][]string{{"audit"}, {"audit", "--verify"}, {"watch", "list"}, {"fields", "AB12CD"}, {"check", "AB12CD"}} {
		for _, named := range []string{"flag", "env"} {
			h.vars[EnvProfile] = ""
			all := append([]string{"--profile", "newsrom"}, args...)
			if named == "env" {
				h.vars[EnvProfile], all = "Newsroom", args
			}
			code, out, errs := h.run(all...)
			if code != ExitUsage || out != "" || !strings.Contains(errs, "is not defined in ") || !strings.Contains(errs, "its profiles are newsroom") {
				t.Errorf("%v (%s): exit %d %q %q", args, named, code, out, errs)
			}
		}
	}
	h.vars[EnvProfile] = ""
	if code, out, errs := h.run("--profile", "newsroom", "audit"); code != 0 || !strings.Contains(out+errs, "No access log yet") {
		t.Errorf("audit with a defined profile: exit %d %q %q", code, out, errs)
	}
	if code, out, errs := h.run("--profile", "newsrom", "config", "path"); code != 0 || !strings.HasSuffix(strings.TrimSpace(out), "config.toml") {
		t.Errorf("config path: exit %d %q %q", code, out, errs)
	}
	if code, _, errs := h.run("token", "delete", "--profile", "gone"); code != ExitToken || !strings.Contains(errs, `no token stored for profile "gone"`) {
		t.Errorf("token delete of an undefined profile: exit %d %q", code, errs)
	}
	if code, _, errs := h.run("help", "--profile", "newsrom"); code != 0 {
		t.Errorf("help: exit %d %q", code, errs)
	}
}
