package cmd

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"syscall"
	"testing"
)

// initHarness is a harness whose config directory does not exist yet.
func initHarness(t *testing.T) (*harness, string) {
	h := newHarness(t)
	h.vars[EnvConfigDir] = filepath.Join(t.TempDir(), "padview")
	return h, filepath.Join(h.vars[EnvConfigDir], "config.toml")
}

// config init writes a commented config that the loader reads back: token
// status then shows its base URL. It is private, in a private directory,
// and names no token.
func TestConfigInitWritesAConfigTheLoaderReads(t *testing.T) {
	h, path := initHarness(t)
	code, out, errs := h.run("config", "init", "--base-url", "https://partner.example/v1/")
	if code != 0 || errs != "" || !strings.Contains(out, "Wrote "+path+` with profile "default" (base URL https://partner.example/v1)`) ||
		!strings.Contains(out, "`padview token set`") {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	if code, out, _ := h.run("token", "status"); code != ExitToken || !strings.Contains(out, "Profile:  default\nBase URL: https://partner.example/v1\nConfig:   "+path) {
		t.Fatalf("token status: exit %d\n%s", code, out)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if regexp.MustCompile(`(?m)^\s*#?\s*\w*token\w*\s*=`).Match(b) {
		t.Errorf("the file has a token setting, even commented:\n%s", b)
	}
	if runtime.GOOS != "windows" {
		fi, _ := os.Stat(path)
		di, _ := os.Stat(filepath.Dir(path))
		if fi.Mode().Perm() != 0o600 || di.Mode().Perm() != 0o700 {
			t.Errorf("file %v, directory %v", fi.Mode(), di.Mode())
		}
	}
	// Every setting it shows commented out is a real one, at a value the loader takes.
	setting := regexp.MustCompile(`(?m)^# (\w+ = .*)$`)
	if n := len(setting.FindAll(b, -1)); n != 8 {
		t.Errorf("%d settings commented out, want 8:\n%s", n, b)
	}
	uncommented := setting.ReplaceAll(b, []byte("$1"))
	if err := os.WriteFile(path, uncommented, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadConfig(path); err != nil {
		t.Errorf("uncommented, the file does not load: %v", err)
	}
	if left, _ := os.ReadDir(filepath.Dir(path)); len(left) != 1 {
		t.Errorf("the temporary file was left behind: %v", left)
	}
}

// A named profile becomes the default profile, and the advice names it.
func TestConfigInitNamesTheProfile(t *testing.T) {
	h, _ := initHarness(t)
	code, out, _ := h.run("config", "init", "--profile", "staging", "--base-url", "https://staging.partner.example/v1")
	if code != 0 || !strings.Contains(out, "`padview token set --profile staging`") {
		t.Fatalf("exit %d %s", code, out)
	}
	if code, out, _ := h.run("token", "status"); code != ExitToken || !strings.Contains(out, "Profile:  staging\nBase URL: https://staging.partner.example/v1") {
		t.Fatalf("token status: exit %d\n%s", code, out)
	}
	for _, bad := range []string{"my profile", "a.b", ""} {
		h2, path := initHarness(t)
		h2.vars[EnvProfile] = bad
		args := []string{"config", "init", "--base-url", "https://partner.example/v1"}
		if bad != "" {
			args = append(args, "--profile", bad)
		}
		code, _, errs := h2.run(args...)
		_, statErr := os.Stat(path)
		if bad == "" && code != 0 || bad != "" && (code != ExitUsage || !strings.Contains(errs, "use letters, digits, - and _") || statErr == nil) {
			t.Errorf("profile %q: exit %d %s", bad, code, errs)
		}
	}
}

// What is at the config path is never replaced: exit 2, naming it.
func TestConfigInitNeverReplacesAFile(t *testing.T) {
	h, path := initHarness(t)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	const mine = "# mine\n[profiles.default]\nbase_url = \"https://mine.example/v1\"\n"
	h.writeConfig(mine)
	h.tty, h.stdin = true, "https://partner.example/v1\n"
	code, out, errs := h.run("config", "init")
	if code != ExitUsage || out != "" || !strings.Contains(errs, "padview: there is a config file at "+path+" already: padview config init never replaces one") ||
		strings.Contains(errs, "Partner base URL") {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	if b, _ := os.ReadFile(path); string(b) != mine {
		t.Fatalf("the file changed:\n%s", b)
	}
	// The last look before the file goes into place refuses too.
	os.Remove(path)
	os.Mkdir(path, 0o700)
	err := createConfigFile(path, []byte("x = 1\n"))
	var exists *existsError
	if !errors.As(err, &exists) || exitCode(err) != ExitUsage {
		t.Fatalf("a directory at the path: %v", err)
	}
	if left, _ := os.ReadDir(filepath.Dir(path)); len(left) != 1 {
		t.Errorf("the temporary file was left behind: %v", left)
	}
}

// A base URL padview would refuse is refused before anything is written,
// saying what to fix; so is none at all in a script.
func TestConfigInitRefusesABadBaseURL(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--base-url", "https://partner.example"}, "does not end in a version segment: append /v1"},
		{[]string{"--base-url", "http://partner.example/v1"}, "refusing plain http to partner.example"},
		{[]string{"--base-url", "https://me:secret@partner.example/v1"}, "remove the user name or password"},
		{nil, "padview: config init needs the base URL: pass --base-url URL (stdin is not a terminal to ask on)"},
	} {
		h, path := initHarness(t)
		code, out, errs := h.run(append([]string{"config", "init"}, c.args...)...)
		if code != ExitUsage || out != "" || !strings.Contains(errs, c.want) || !strings.Contains(errs, "nothing was written") || strings.Contains(errs, "secret") {
			t.Errorf("%v: exit %d\n%s", c.args, code, errs)
		}
		if _, err := os.Stat(filepath.Dir(path)); !os.IsNotExist(err) {
			t.Errorf("%v: the config directory was made", c.args)
		}
	}
	h, _ := initHarness(t)
	if code, _, errs := h.run("--demo", "config", "init"); code != ExitUsage || !strings.Contains(errs, "--demo reads no config file") {
		t.Errorf("--demo: exit %d %s", code, errs)
	}
}

// On a terminal it asks for the base URL (never the token), asks again
// while what is typed is refused, and gives up after three tries.
func TestConfigInitAsksForTheBaseURLOnly(t *testing.T) {
	h, path := initHarness(t)
	h.tty, h.stdin = true, "partner.example\nhttps://partner.example/v1\n"
	env, out, errb := h.env()
	env.ReadSecret = func(context.Context, string) (string, error) {
		t.Fatal("config init asked for a secret")
		return "", nil
	}
	code := Execute(context.Background(), env, []string{"config", "init"})
	errs := errb.String()
	if code != 0 || strings.Count(errs, `Partner base URL for profile "default" (e.g. https://partner.example/v1): `) != 2 ||
		!strings.Contains(errs, "padview: base URL \"partner.example\" is not an absolute URL") || strings.Contains(strings.ToLower(errs), "token") {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	if _, err := LoadConfig(path); err != nil {
		t.Fatal(err)
	}
	h, path = initHarness(t)
	h.tty, h.stdin = true, "a\nb\nc\nhttps://partner.example/v1\n"
	code, _, errs = h.run("config", "init")
	if _, err := os.Stat(path); code != ExitUsage || err == nil || strings.Count(errs, "Partner base URL") != 3 || !strings.HasSuffix(errs, "; nothing was written\n") {
		t.Fatalf("three refused: exit %d\n%s", code, errs)
	}
	// Each refusal is said once: the last as the error (issue 24 §7).
	for _, typed := range []string{`"a"`, `"b"`, `"c"`} {
		if n := strings.Count(errs, "padview: base URL "+typed); n != 1 {
			t.Errorf("the refusal of %s is said %d times:\n%s", typed, n, errs)
		}
	}
	h.stdin = "" // Ctrl-D
	if code, _, errs := h.run("config", "init"); code != ExitUsage || !strings.Contains(errs, "no base URL typed; nothing was written") {
		t.Fatalf("Ctrl-D: exit %d\n%s", code, errs)
	}
}

// Ctrl-C at the question writes nothing and exits as a signal does.
func TestConfigInitInterruptedWritesNothing(t *testing.T) {
	h, path := initHarness(t)
	h.tty = true
	env, out, errb := h.env()
	r, w := io.Pipe() // nothing is ever typed
	defer w.Close()
	env.Stdin = r
	code := Execute(interrupt(t.Context(), syscall.SIGINT), env, []string{"config", "init"})
	if code != 130 || out.Len() != 0 || !strings.Contains(errb.String(), "padview: interrupted: nothing was written") {
		t.Fatalf("exit %d\n%s%s", code, out, errb)
	}
	if _, err := os.Stat(filepath.Dir(path)); !os.IsNotExist(err) {
		t.Errorf("something was written: %v", err)
	}
}

// With no base URL, the error offers the demo and config init, or, when
// there is a config file, the line to add to it.
func TestNoBaseURLOffersTheDemoAndConfigInit(t *testing.T) {
	h, path := initHarness(t)
	h.tty = true
	for _, args := range [][]string{{"get", "AB12CD"}, {}, {"check", "--summary", "AB12CD"}} {
		code, _, errs := h.run(args...)
		if code != ExitUsage || !strings.Contains(errs, "padview: no base URL for profile \"default\"; to go on:\n") ||
			!strings.Contains(errs, "  - try padview without an account on its demo service: padview --demo\n") ||
			!strings.Contains(errs, "  - write a config file with the partner's base URL: padview config init (it asks for the URL)\n") ||
			!strings.Contains(errs, "--base-url URL, or PADVIEW_BASE_URL=URL") {
			t.Errorf("%v: exit %d\n%s", args, code, errs)
		}
	}
	if code, _, errs := h.run("--profile", "staging", "get", "AB12CD"); code != ExitUsage ||
		!strings.Contains(errs, "there is no config file at "+path+"; create it with `padview config init --profile staging`, or leave the profile out") {
		t.Errorf("an undefined profile without a config file: exit %d\n%s", code, errs)
	}
	os.MkdirAll(filepath.Dir(path), 0o700)
	h.writeConfig("[profiles.staging]\n")
	code, _, errs := h.run("--profile", "staging", "get", "AB12CD")
	if code != ExitUsage || !strings.Contains(errs, `add base_url = "https://partner.example/v1" under [profiles.staging] in `+path) || strings.Contains(errs, "config init") {
		t.Errorf("with a config file: exit %d\n%s", code, errs)
	}
}

// A setting of the wrong type is worded in the config file's terms: the
// line, the setting, what it takes and what it got.
func TestConfigTypeMismatchSaysWhatTheSettingTakes(t *testing.T) {
	for _, c := range []struct{ config, want string }{
		{"[profiles.typo]\nbase_url = \"https://x.example/v1\"\nmask_personal_data = \"yes\"\n",
			", line 3, [profiles.typo]: mask_personal_data must be true or false, not text; fix the profile, or use another"},
		{"[profiles.typo]\nbase_url = 5\n", ", line 2, [profiles.typo]: base_url must be text in quotes, not a number; fix the profile"},
	} {
		path := filepath.Join(t.TempDir(), "config.toml")
		if err := os.WriteFile(path, []byte(c.config), 0o600); err != nil {
			t.Fatal(err)
		}
		cfg, err := LoadConfig(path)
		if err == nil { // the profile's mistake is the profile's
			err = cfg.ProfileError("typo")
		}
		if err == nil || !strings.Contains(err.Error(), "config file "+path+c.want) || strings.Contains(err.Error(), "toml:") {
			t.Errorf("%v", err)
		}
	}
}
