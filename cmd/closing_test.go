package cmd

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/keystore"
)

// check closes a batch of several PAIDs with the summary line get prints,
// on stderr, what it found counted by verdict; text and JSON alike. One
// PAID needs no summary: its report is the whole story.
func TestCheckClosesABatchWithTheSummaryLine(t *testing.T) {
	h, _ := withService(t, fake.Options{})
	want := regexp.MustCompile(`^3 PAIDs: 2 found \(0 complete, 1 incomplete, 1 undetermined\), 1 not found, 0 failed · \d+\.\ds\n$`)
	code, out, errs := h.run("check", "AB12CD", "TN2026", "NOPE99")
	lines := strings.SplitAfter(errs, "\n")
	if code != ExitNotFound || !strings.Contains(out, "AB12CD") || !strings.Contains(out, "TN2026") ||
		len(lines) != 3 || !strings.HasPrefix(lines[0], "padview: NOPE99: ") || !want.MatchString(lines[1]) {
		t.Errorf("text: exit %d\nstderr %q", code, errs)
	}
	// In JSON Lines the failure is a line on stdout; stderr has the summary.
	code, out, errs = h.run("check", "--json", "AB12CD", "TN2026", "NOPE99")
	if code != ExitNotFound || strings.Count(out, "\n") != 3 || !strings.Contains(out, `"kind":"not_found"`) || !want.MatchString(errs) {
		t.Errorf("--json: exit %d\nstdout %s\nstderr %q", code, out, errs)
	}
	if code, _, errs := h.run("check", "AB12CD"); code != ExitIncomplete || errs != "" {
		t.Errorf("one PAID: exit %d, stderr %q", code, errs)
	}
	// --summary closes with its own tally on stdout, not a second one.
	if _, out, errs := h.run("check", "--summary", "AB12CD", "TN2026"); errs != "" || !strings.Contains(out, "2 advertisements: 0 complete, 1 incomplete, 1 undetermined") {
		t.Errorf("--summary: stdout %q, stderr %q", out, errs)
	}
}

// get takes --list as check and notice do: the file's PAIDs after the
// arguments, in order, through the same runner; '-' is stdin.
func TestGetTakesAList(t *testing.T) {
	h, s := withService(t, fake.Options{})
	list := filepath.Join(t.TempDir(), "paids.txt")
	if err := os.WriteFile(list, []byte("# Tuesday\nTN2026\n\nXK9P2M\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, errs := h.run("get", "--json", "AB12CD", "--list", list)
	paids := regexp.MustCompile(`(?m)^\{"paid":"([^"]+)"`).FindAllStringSubmatch(out, -1)
	if code != ExitOK || len(paids) != 3 || paids[0][1] != "AB12CD" || paids[1][1] != "TN2026" || paids[2][1] != "XK9P2M" ||
		!strings.HasPrefix(errs, "3 PAIDs: 3 found") {
		t.Fatalf("exit %d, %v\nstderr %q", code, paids, errs)
	}
	h.stdin = "ZZ7Q1A\n"
	if code, out, _ := h.run("get", "--json", "--list", "-"); code != ExitOK || !strings.HasPrefix(out, `{"paid":"ZZ7Q1A"`) {
		t.Errorf("--list -: exit %d %.80s", code, out)
	}
	before := s.Stats().Requests
	if code, _, errs := h.run("get", "--list", "/nonexistent.txt"); code != ExitUsage || !strings.Contains(errs, "padview: --list: open /nonexistent.txt") {
		t.Errorf("a missing list: exit %d %q", code, errs)
	}
	if s.Stats().Requests != before {
		t.Error("a refused list made requests")
	}
	// fields is a batch command too.
	if code, out, _ := h.run("fields", "--json", "--list", list); code != ExitOK || strings.Count(out, "\n") != 2 {
		t.Errorf("fields --list: exit %d\n%.200s", code, out)
	}
}

// With no config file and no keyring, token status says what to do next:
// where padview config init writes a config, and PADVIEW_TOKEN or starting
// a keyring (docs/troubleshooting.md); a command that needs the token
// says the same.
func TestTokenStatusWithoutConfigOrKeyringSaysWhatToDo(t *testing.T) {
	h := newHarness(t)
	env, out, errb := h.env()
	env.Store = keystore.New(keystore.WithEnv(env.Getenv), keystore.WithAvailability(func() error {
		return fmt.Errorf("%w: there is no D-Bus session bus", keystore.ErrUnavailable)
	}))
	path := filepath.Join(h.vars[EnvConfigDir], "config.toml")
	code := Execute(context.Background(), env, []string{"token", "status"})
	want := "Profile:  default\nBase URL: (not set)\nConfig:   (none; `padview config init` writes one at " + path + ")\n" +
		"Token:    unusable: the OS keyring is unavailable: there is no D-Bus session bus\n" +
		"          Set PADVIEW_TOKEN for this shell, or start a keyring: docs/troubleshooting.md says how.\n"
	if code != ExitToken || out.String() != want || errb.Len() != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errb)
	}
	if _, err := os.Stat("../docs/troubleshooting.md"); err != nil {
		t.Fatalf("the advice names a page that is not there: %v", err)
	}
	// Once there is a config file, the line names it alone.
	h.writeConfig("[profiles.default]\nbase_url = \"https://partner.example/v1\"\n")
	env, out, _ = h.env()
	env.Store = keystore.New(keystore.WithEnv(env.Getenv), keystore.WithAvailability(func() error { return keystore.ErrUnavailable }))
	Execute(context.Background(), env, []string{"token", "status"})
	if !strings.Contains(out.String(), "\nConfig:   "+path+"\n") {
		t.Errorf("with a config file:\n%s", out)
	}
	env, _, errb = h.env()
	env.Store = keystore.New(keystore.WithEnv(env.Getenv), keystore.WithAvailability(func() error { return keystore.ErrUnavailable }))
	if code := Execute(context.Background(), env, []string{"get", "AB12CD"}); code != ExitToken ||
		!strings.Contains(errb.String(), "Set PADVIEW_TOKEN for this shell, or start a keyring: docs/troubleshooting.md says how.") {
		t.Errorf("get: exit %d %s", code, errb)
	}
}
