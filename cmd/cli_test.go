package cmd

import (
	"context"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/keystore"
)

func TestVerboseIsVerboseEverywhere(t *testing.T) {
	h, _ := withService(t, fake.Options{})
	for _, args := range [][]string{{"-v", "get", "AB12CD"}, {"get", "-v", "AB12CD"}, {"get", "AB12CD", "--verbose"}} {
		code, out, errs := h.run(args...)
		if code != 0 || !strings.Contains(errs, "> GET ") || !strings.Contains(out, "Riverside Civic Alliance") || strings.Contains(out, "1.2.3-test") {
			t.Errorf("%v: exit %d\nstdout %s\nstderr %s", args, code, out, errs)
		}
	}
	// Every command that makes requests describes each exchange.
	for _, c := range []struct {
		args     []string
		code     int
		requests int
	}{
		{[]string{"check", "-v", "AB12CD", "TN2026"}, ExitIncomplete, 2},
		{[]string{"-v", "check", "--json", "TN2026"}, ExitUndetermined, 1},
		{[]string{"diff", "-v", "AB12CD", "AB12CE"}, ExitDiffers, 2},
		{[]string{"diff", "AB12CD", "AB12CD", "--verbose"}, ExitOK, 1},
		{[]string{"token", "status", "-v", "--check", "AB12CD"}, ExitOK, 1},
	} {
		code, _, errs := h.run(c.args...)
		if code != c.code || strings.Count(errs, "> GET ") != c.requests || strings.Count(errs, "  attempt 1 at ") != c.requests ||
			!strings.Contains(errs, "  rate budget: ") || !strings.Contains(errs, "  reproduce: curl ") || strings.Contains(errs, fake.DemoToken) {
			t.Errorf("%v: exit %d\n%s", c.args, code, errs)
		}
	}
	if code, out, _ := h.run("--version"); code != 0 || strings.TrimSpace(out) != "padview 1.2.3-test" {
		t.Errorf("--version: exit %d %q", code, out)
	}
	h.tty = true
	if code, out, _ := h.run("-v"); code != 0 || strings.Contains(out, "1.2.3-test") || h.tuiCfg == nil {
		t.Errorf("-v alone is verbose, not the version: exit %d %q", code, out)
	}
}

func TestGlobalFlagsBeforeAndAfterTheCommand(t *testing.T) {
	h := newHarness(t) // no token, no base URL, empty keyring: --demo needs none
	for _, args := range [][]string{{"--demo", "get", "AB12CD"}, {"get", "--demo", "AB12CD"}, {"get", "AB12CD", "--demo"}} {
		if code, out, errs := h.run(args...); code != 0 || !strings.Contains(out, "Riverside Civic Alliance") {
			t.Errorf("%v: exit %d %s %s", args, code, out, errs)
		}
	}
	if code, out, errs := h.run("--demo", "diff", "AB12CD", "AB12CE"); code != ExitDiffers || !strings.Contains(out, "AB12CD → AB12CE") {
		t.Errorf("--demo diff: exit %d %s %s", code, out, errs)
	}
	h.vars[keystore.EnvToken] = "tok-env-123456"
	h.writeConfig("[profiles.staging]\n")
	for _, args := range [][]string{
		{"--profile", "staging", "--base-url", "https://flag.partner.example/v1", "token", "status"},
		{"token", "status", "--profile", "staging", "--base-url", "https://flag.partner.example/v1"},
		{"-p", "staging", "token", "--base-url", "https://flag.partner.example/v1", "status"},
	} {
		code, out, errs := h.run(args...)
		if code != 0 || !strings.Contains(out, "Profile:  staging") || !strings.Contains(out, "Base URL: https://flag.partner.example/v1") {
			t.Errorf("%v: exit %d %s %s", args, code, out, errs)
		}
	}
	if code, _, errs := h.run("--demo", "--base-url", "https://x.example/v1", "get", "AB12CD"); code != ExitUsage || !strings.Contains(errs, "drop --base-url") {
		t.Errorf("--demo with --base-url: exit %d %s", code, errs)
	}
	if code, _, errs := h.run("--demo", "token", "set"); code != ExitUsage || !strings.Contains(errs, "drop --demo") {
		t.Errorf("--demo token set: exit %d %s", code, errs)
	}
}

func TestUnknownCommandsSuggest(t *testing.T) {
	h := newHarness(t)
	cases := map[string][]string{
		"Did you mean this?\n\tget\n":    {"gte"},
		"Did you mean this?\n\tstatus\n": {"token", "stauts"},
		"Did you mean this?\n\tpath\n":   {"config", "pth"},
	}
	for want, args := range cases {
		code, out, errs := h.run(args...)
		if code != ExitUsage || !strings.Contains(errs, want) || !strings.Contains(errs, "--help' for usage") || out != "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
	// A command after a PAID is not "unknown": it goes first.
	for args, want := range map[string]string{
		"AB12CD check":        `"check" is a command, and commands come first: padview check AB12CD`,
		"AB12CD XK9P2M diff":  `commands come first: padview diff AB12CD XK9P2M`,
		"AB12CD audit XK9P2M": `commands come first: padview audit AB12CD XK9P2M`,
	} {
		code, out, errs := h.run(strings.Fields(args)...)
		if code != ExitUsage || !strings.Contains(errs, want) || strings.Contains(errs, "Did you mean") || out != "" {
			t.Errorf("%s: exit %d, stderr %q", args, code, errs)
		}
	}
	if code, out, _ := h.run("token"); code != 0 || !strings.Contains(out, "Available Commands") {
		t.Errorf("token alone shows its help: exit %d %s", code, out)
	}
}

func TestUsageErrorsAreTyped(t *testing.T) {
	h, _ := withService(t, fake.Options{})
	for _, args := range [][]string{
		{"get"}, {"get", "--bogus", "AB12CD"}, {"get", "--json", "--raw", "AB12CD"}, {"get", "--concurrency", "x", "AB12CD"},
		{"get", "--concurrency", "0", "AB12CD"}, {"token", "status", "extra"}, {"-x"}, {"get", "AB/12"},
	} {
		code, _, errs := h.run(args...)
		if code != ExitUsage || !strings.HasPrefix(errs, "padview: ") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
	// The type, not the words, decides: an error that merely reads like
	// cobra's is not a usage error.
	if code := exitCode(errors.New("unknown flag: --nothing")); code != ExitFailure {
		t.Errorf("text matched: %d", code)
	}
	if code := exitCode(usagef("anything")); code != ExitUsage {
		t.Errorf("UsageError: %d", code)
	}
}

func TestBadPADVIEW_TOKENIsExit4WithTheReason(t *testing.T) {
	for bad, reason := range map[string]string{
		"T\nX":         "spans 2 lines",
		"abc\u00a0def": "no-break space (U+00A0)",
		"tok\x1b[2J":   "control character (U+001B)",
		"   ":          "only whitespace",
	} {
		h, s := withService(t, fake.Options{})
		h.vars[keystore.EnvToken] = bad
		code, _, errs := h.run("get", "AB12CD", "XK9P2M")
		if code != ExitToken || !strings.Contains(errs, reason) || !strings.Contains(errs, "PADVIEW_TOKEN") || strings.Contains(errs, "could not reach") {
			t.Errorf("PADVIEW_TOKEN=%q: exit %d, stderr %q", bad, code, errs)
		}
		if s.Stats().Requests != 0 {
			t.Errorf("PADVIEW_TOKEN=%q: %d requests made", bad, s.Stats().Requests)
		}
		if code, out, _ := h.run("token", "status"); code != ExitToken || !strings.Contains(out, reason) {
			t.Errorf("status with PADVIEW_TOKEN=%q: exit %d %s", bad, code, out)
		}
	}
}

func TestTokenSetRefusesMultiLineStdin(t *testing.T) {
	h := newHarness(t)
	h.stdin = "T\nX\n"
	code, out, errs := h.run("token", "set")
	if code != ExitUsage || !strings.Contains(errs, "spans 2 lines") || !strings.Contains(errs, "nothing was saved") || out != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if code, _, _ := h.run("token", "status"); code != ExitToken {
		t.Fatalf("something was saved: status exit %d", code)
	}
	h.stdin = "abc\u00a0def\n"
	if code, _, errs := h.run("token", "set"); code != ExitUsage || !strings.Contains(errs, "U+00A0") {
		t.Fatalf("NBSP: exit %d %s", code, errs)
	}
	h.stdin = "  tok-clean-4242  \n"
	if code, _, _ := h.run("token", "set"); code != 0 {
		t.Fatalf("clean token: exit %d", code)
	}
	if _, out, _ := h.run("token", "status", "--show-token"); !strings.Contains(out, "Token:    tok-clean-4242 (from the OS keyring)") {
		t.Fatalf("stored: %s", out)
	}
}

func TestTokenStatusCheck(t *testing.T) {
	h, s := withService(t, fake.Options{DemoTriggers: true})
	check := func(want int, wantOut string, args ...string) {
		t.Helper()
		before := s.Stats().Requests
		code, out, errs := h.run(append([]string{"token", "status"}, args...)...)
		if code != want || !strings.Contains(out, wantOut) {
			t.Errorf("%v: exit %d, want %d\nstdout %s\nstderr %s", args, code, want, out, errs)
		}
		if n := s.Stats().Requests - before; n > 1 {
			t.Errorf("%v: %d requests, want at most one", args, n)
		}
		if strings.Contains(out+errs, fake.DemoToken) {
			t.Errorf("%v: the token was printed", args)
		}
	}
	check(ExitOK, "Check:    accepted: AB12CD was found (HTTP 200)", "--check", "AB12CD")
	check(ExitNotFound, "accepted: the service took the token but has no advertisement NOPE1 (HTTP 404)", "--check", "NOPE1")
	check(ExitFailure, "could not tell", "--check", "DEMO-503")
	check(ExitUsage, "Token:", "--check", "bad paid")
	h.vars[keystore.EnvToken] = "wrong-token"
	check(ExitToken, "Check:    refused", "--check", "AB12CD")
	h.vars[keystore.EnvToken] = fake.DemoToken
	if code, _, errs := h.run("-v", "token", "status", "--check", "AB12CD"); code != 0 || !strings.Contains(errs, "> GET ") {
		t.Errorf("-v token status --check: exit %d %s", code, errs)
	}
	if code, out, _ := newHarness(t).run("--demo", "token", "status", "--check", "AB12CD"); code != 0 || !strings.Contains(out, "accepted") {
		t.Errorf("--demo check: exit %d %s", code, out)
	}
}

func TestTokenStatusSaysWhereTheTokenCameFromOnce(t *testing.T) {
	h := newHarness(t)
	h.vars[keystore.EnvToken] = "tok-env-123456"
	_, out, _ := h.run("token", "status")
	if !strings.Contains(out, "(from PADVIEW_TOKEN)") || strings.Contains(out, "))") {
		t.Fatalf("%s", out)
	}
}

func TestProfileCompletion(t *testing.T) {
	h := newHarness(t)
	h.writeConfig("default_profile = \"production\"\n[profiles.production]\nbase_url = \"https://p.example/v1\"\n[profiles.staging]\nbase_url = \"https://s.example/v1\"\n")
	code, out, _ := h.run("__complete", "get", "--profile", "")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	want := []string{"default", "production", "staging", ":4"}
	if strings.Join(lines, " ") != strings.Join(want, " ") {
		t.Fatalf("completions %q, want %q", lines, want)
	}
	if _, out, _ := h.run("__complete", "--profile", "st"); !strings.HasPrefix(out, "staging\n") {
		t.Fatalf("prefix: %q", out)
	}
}

func TestDemoServerAddressChecks(t *testing.T) {
	h := newHarness(t)
	for addr, want := range map[string]string{
		"127.0.0.1:99999":  "port 99999 is out of range",
		"127.0.0.1":        "is not host:port (missing port in address)",
		"127.0.0.1:":       "has no port",
		"127.0.0.1:eighty": `port "eighty" is not a number`,
		"127.0.0.1:-1":     "port -1 is out of range",
	} {
		code, _, errs := h.run("demo-server", "--addr", addr)
		if code != ExitUsage || !strings.Contains(errs, want) || strings.Contains(errs, "another program") {
			t.Errorf("--addr %s: exit %d, stderr %q", addr, code, errs)
		}
	}
	busy := startFake(t, fake.Options{})
	addr := strings.TrimSuffix(strings.TrimPrefix(busy.URL, "http://"), "/v1")
	if code, _, errs := h.run("demo-server", "--addr", addr); code != ExitFailure || !strings.Contains(errs, "already in use by another program") {
		t.Errorf("port taken: exit %d %q", code, errs)
	}
}

// runDemoServer runs demo-server until its banner is out, then stops it.
func runDemoServer(t *testing.T, addr string) (banner, stderr string) {
	h := newHarness(t)
	env, out, errb := h.env()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int)
	lw := &lineWatch{want: "Ctrl+C", seen: make(chan struct{})}
	env.Stdout = lw
	go func() { done <- Execute(ctx, env, []string{"demo-server", "--addr", addr}) }()
	select {
	case <-lw.seen:
	case code := <-done:
		t.Fatalf("demo-server ended: exit %d %s", code, errb.String())
	}
	cancel()
	if code := <-done; code != 0 {
		t.Fatalf("exit %d", code)
	}
	_ = out
	return lw.String(), errb.String()
}

func TestDemoServerBeyondLoopbackWarnsAndPrintsAUsableURL(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:0", ":0"} {
		banner, errs := runDemoServer(t, addr)
		if !strings.Contains(banner, "base URL  http://127.0.0.1:") || strings.Contains(banner, "[::]") || strings.Contains(banner, "0.0.0.0") {
			t.Errorf("--addr %s: banner %s", addr, banner)
		}
		if !strings.Contains(errs, "warning") || !strings.Contains(errs, "beyond this machine") {
			t.Errorf("--addr %s: no warning: %q", addr, errs)
		}
	}
	banner, errs := runDemoServer(t, "127.0.0.1:0")
	if errs != "" || !strings.Contains(banner, "base URL  http://127.0.0.1:") {
		t.Errorf("loopback: %q %s", errs, banner)
	}
}

// lineWatch collects output and signals once want has been written.
type lineWatch struct {
	strings.Builder
	want string
	seen chan struct{}
	done bool
}

func (w *lineWatch) Write(p []byte) (int, error) {
	n, err := w.Builder.Write(p)
	if !w.done && strings.Contains(w.String(), w.want) {
		w.done = true
		close(w.seen)
	}
	return n, err
}

func TestTUIWithBadPADVIEW_TOKENIsExit4(t *testing.T) {
	h := newHarness(t)
	h.tty = true
	h.vars[EnvBaseURL] = "https://partner.example/v1"
	h.vars[keystore.EnvToken] = "abc\u00a0def"
	if code, _, errs := h.run(); code != ExitToken || !strings.Contains(errs, "no-break space") || h.tuiCfg != nil {
		t.Fatalf("exit %d %s", code, errs)
	}
}

// Words: plurals right, and a clear message where cobra's would be raw.
func TestWordsForTheUser(t *testing.T) {
	h, _ := withService(t, fake.Options{})
	for _, args := range [][]string{{"get", "--raw", "--json", "AB12CD"}, {"get", "--format", "csv", "--raw", "AB12CD"}} {
		code, _, errs := h.run(args...)
		if code != ExitUsage || !strings.Contains(errs, "padview: --json, --raw and --format each choose the output; give one of them\n") ||
			strings.Contains(errs, "if any flags in the group") {
			t.Errorf("%v: exit %d %q", args, code, errs)
		}
	}
	if _, out, _ := h.run("check", "AB12CD", "JP2026A1"); !strings.Contains(out, "INCOMPLETE: 1 required item missing") ||
		!strings.Contains(out, "INCOMPLETE: 2 required items missing") {
		t.Errorf("check:\n%s", out)
	}
	h.run("get", "--full", "--accept-personal-data", "AB12CD")
	f, err := os.OpenFile(h.logPath(), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("hello\n")
	f.Close()
	if _, _, errs := h.run("audit"); !strings.Contains(errs, "access log lines that are not readable entries: 1;") || strings.Contains(errs, "(s)") {
		t.Errorf("audit: %q", errs)
	}
}

// --max-wait 0 and max_wait = "0s" are errors, not the default.
func TestZeroMaxWaitIsAnError(t *testing.T) {
	h, s := withService(t, fake.Options{})
	for _, args := range [][]string{{"get", "--max-wait", "0", "AB12CD"}, {"--max-wait", "0s", "get", "AB12CD"}, {"check", "--max-wait=0", "AB12CD"}} {
		if code, _, errs := h.run(args...); code != ExitUsage || !strings.Contains(errs, "--max-wait must be more than 0") {
			t.Errorf("%v: exit %d %q", args, code, errs)
		}
	}
	h.writeConfig("max_wait = \"0s\"\n")
	if code, _, errs := h.run("get", "AB12CD"); code != ExitUsage || !strings.Contains(errs, `line 1 (max_wait): "0s" must be more than 0`) {
		t.Errorf("config: exit %d %q", code, errs)
	}
	if s.Stats().Requests != 0 {
		t.Errorf("%d requests made", s.Stats().Requests)
	}
}

// The demo server offers only commands that work: padview's own only for
// a loopback base URL, since it sends a token over plain http only there.
func TestDemoServerIntroOffersOnlyWhatWorks(t *testing.T) {
	var b strings.Builder
	writeDemoIntro(&b, "http://192.0.2.2:18443/v1")
	out := b.String()
	if strings.Contains(out, "padview get --base-url http://192.0.2.2") || !strings.Contains(out, "curl -H 'Authorization: Bearer "+fake.DemoToken+"' http://192.0.2.2:18443/v1/advertisement/AB12CD") ||
		!strings.Contains(out, "plain http only to loopback") || !strings.Contains(out, "padview demo-server --addr 127.0.0.1:18443") {
		t.Errorf("beyond loopback:\n%s", out)
	}
	b.Reset()
	writeDemoIntro(&b, "http://127.0.0.1:8080/v1")
	base, ok := strings.CutPrefix(b.String()[strings.Index(b.String(), "padview get --base-url "):], "padview get --base-url ")
	base, _, _ = strings.Cut(base, " ")
	if _, err := api.ParseBaseURL(base); !ok || err != nil || strings.Contains(b.String(), "cannot use") {
		t.Errorf("loopback: %v\n%s", err, b.String())
	}
}

// `padview version` prints what --version does, and is never a PAID.
func TestVersionCommand(t *testing.T) {
	h := newHarness(t)
	code, out, errs := h.run("version")
	_, want, _ := h.run("--version")
	if code != 0 || out != want || out == "" || errs != "" {
		t.Fatalf("exit %d %q (want %q) %q", code, out, want, errs)
	}
}

// The demo's TUI gets the demo's lists: samples, failing ones, and the one
// that changes between polls.
func TestDemoTUIGetsEveryList(t *testing.T) {
	h := newHarness(t)
	h.tty = true
	if code, _, errs := h.run("--demo"); code != 0 || h.tuiCfg == nil {
		t.Fatalf("exit %d %s", code, errs)
	}
	if c := h.tuiCfg; len(c.Samples) == 0 || len(c.FailureDemos) == 0 || !slices.Equal(c.Changing, []string{fake.ChangingPAID}) {
		t.Errorf("samples %v, failures %v, changing %v", c.Samples, c.FailureDemos, c.Changing)
	}
}
