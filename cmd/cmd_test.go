package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/zalando/go-keyring"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/audit"
	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/keystore"
	"github.com/padview/padview/ui"
)

// harness runs padview commands in-process with their own streams,
// environment, config directory and keyring (in memory, its own, so tests
// can run in parallel).
type harness struct {
	t      *testing.T
	keys   *memKeyring
	vars   map[string]string
	stdin  string
	tty    bool
	opts   api.Options
	tuiCfg *ui.Config
}

func newHarness(t *testing.T) *harness {
	return &harness{t: t, keys: &memKeyring{m: map[string]string{}}, vars: map[string]string{EnvConfigDir: t.TempDir(), audit.EnvStateDir: t.TempDir()}}
}

func (h *harness) env() (Env, *bytes.Buffer, *bytes.Buffer) {
	var out, errb bytes.Buffer
	getenv := func(k string) string { return h.vars[k] }
	return Env{
		Stdin: strings.NewReader(h.stdin), Stdout: &out, Stderr: &errb,
		Getenv:   getenv,
		Store:    keystore.New(keystore.WithBackend(h.keys), keystore.WithEnv(getenv), keystore.WithAvailability(func() error { return nil })),
		StdinTTY: h.tty, StdoutTTY: h.tty, StderrTTY: false,
		ReadSecret:    func(_ context.Context, prompt string) (string, error) { errb.WriteString(prompt); return h.stdin, nil },
		RunTUI:        func(_ context.Context, c ui.Config) error { h.tuiCfg = &c; return nil },
		Version:       Version{Version: "1.2.3-test"},
		ClientOptions: h.opts,
	}, &out, &errb
}

// memKeyring is a harness's keyring, as go-keyring's mock behaves.
type memKeyring struct {
	mu sync.Mutex
	m  map[string]string
}

func (k *memKeyring) Get(service, user string) (string, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if v, ok := k.m[service+"\x00"+user]; ok {
		return v, nil
	}
	return "", keyring.ErrNotFound
}

func (k *memKeyring) Set(service, user, secret string) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.m[service+"\x00"+user] = secret
	return nil
}

func (k *memKeyring) Delete(service, user string) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	if _, ok := k.m[service+"\x00"+user]; !ok {
		return keyring.ErrNotFound
	}
	delete(k.m, service+"\x00"+user)
	return nil
}

// TestMain puts go-keyring on its mock for the whole package: a store a
// test builds without a backend must never reach the user's real keyring.
func TestMain(m *testing.M) {
	keyring.MockInit()
	os.Exit(m.Run())
}

func (h *harness) run(args ...string) (code int, stdout, stderr string) {
	h.t.Helper()
	env, out, errb := h.env()
	code = Execute(context.Background(), env, args)
	return code, out.String(), errb.String()
}

func (h *harness) writeConfig(text string) string {
	p := filepath.Join(h.vars[EnvConfigDir], "config.toml")
	if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
		h.t.Fatal(err)
	}
	return p
}

func startFake(t *testing.T, opts fake.Options) *fake.Server {
	s, err := fake.Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// withService points the harness at a fake with the demo token set.
func withService(t *testing.T, opts fake.Options) (*harness, *fake.Server) {
	s := startFake(t, opts)
	h := newHarness(t)
	h.vars[EnvBaseURL] = s.URL
	h.vars[keystore.EnvToken] = fake.DemoToken
	return h, s
}

func TestGetText(t *testing.T) {
	h, _ := withService(t, fake.Options{})
	code, out, errs := h.run("get", "AB12CD")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	for _, want := range []string{"AB12CD · standard view", "Advertiser", "Company name    Riverside Civic Alliance",
		"Email           not in the standard view", "Total value  EUR 48,250.00", "Sponsors (2)", "Controllers (1)", "Compliance and Funding", "Legal and Metadata"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "@riverside-civic.example") && strings.Contains(out, "maren.holt") {
		t.Error("standard view shows the advertiser's email")
	}
}

func TestGetTextCleansControlSequences(t *testing.T) {
	h, _ := withService(t, fake.Options{})
	_, out, _ := h.run("get", "--full", "--accept-personal-data", "ESC4PE")
	if strings.ContainsAny(out, "\x1b\x07\u009b\u202e") {
		t.Fatalf("control characters reached the output: %q", out)
	}
	if !strings.Contains(out, "URGENT") {
		t.Fatal("the text around the escapes was lost")
	}
}

func TestGetJSONLinesInOrderWithErrors(t *testing.T) {
	h, _ := withService(t, fake.Options{})
	code, out, _ := h.run("get", "--json", "XK9P2M", "NOPE99", "AB12CD")
	if code != ExitNotFound {
		t.Fatalf("exit %d, want %d", code, ExitNotFound)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d lines:\n%s", len(lines), out)
	}
	var first, missing, last map[string]any
	for i, dst := range []*map[string]any{&first, &missing, &last} {
		if err := json.Unmarshal([]byte(lines[i]), dst); err != nil {
			t.Fatalf("line %d: %v", i, err)
		}
	}
	if first["paid"] != "XK9P2M" || last["paid"] != "AB12CD" || first["view"] != "standard" {
		t.Errorf("order or contract: %v / %v", first["paid"], last["paid"])
	}
	for _, k := range []string{"advertiser", "campaign", "sponsors", "controllers", "basicInformation", "complianceAndFunding", "targeting", "legalAndMetadata", "other"} {
		if _, ok := first[k]; !ok {
			t.Errorf("contract member %s missing", k)
		}
	}
	e, _ := missing["error"].(map[string]any)
	if missing["paid"] != "NOPE99" || e["kind"] != "not_found" || e["status"] != float64(404) || !strings.Contains(e["message"].(string), "NOPE99") {
		t.Errorf("error line: %s", lines[1])
	}
}

func TestGetRawIsTheServersBytes(t *testing.T) {
	h, s := withService(t, fake.Options{Shape: fake.Enveloped})
	code, out, _ := h.run("get", "--raw", "Q4R8ST")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	req, _ := http.NewRequest("GET", s.URL+"/advertisement/Q4R8ST", nil)
	req.Header.Set("Authorization", "Bearer "+fake.DemoToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	direct, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	// The request id differs between the two requests; everything else is byte-for-byte.
	norm := func(b string) string {
		i := strings.Index(b, `"requestId":"`)
		j := strings.Index(b[i+13:], `"`)
		return b[:i] + b[i+13+j:]
	}
	if norm(out) != norm(string(direct)) || len(out) != len(direct) {
		t.Fatalf("raw output differs:\n%q\n%q", out, direct)
	}
}

func TestGetFullNeedsConsent(t *testing.T) {
	h, s := withService(t, fake.Options{})
	code, out, errs := h.run("get", "--full", "AB12CD")
	if code != ExitUsage || out != "" || !strings.Contains(errs, "personal data") || !strings.Contains(errs, "--accept-personal-data") {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if s.Stats().Requests != 0 {
		t.Fatal("a request was made without consent")
	}
	code, out, _ = h.run("get", "--full", "--accept-personal-data", "AB12CD")
	if code != 0 || !strings.Contains(out, "maren.holt@riverside-civic.example") || !strings.Contains(out, "full view") {
		t.Fatalf("full view: exit %d\n%s", code, out)
	}
}

func TestGetExitCodes(t *testing.T) {
	h, s := withService(t, fake.Options{DemoTriggers: true})
	cases := []struct {
		name  string
		setup func()
		args  []string
		want  int
	}{
		{"found", nil, []string{"get", "AB12CD"}, ExitOK},
		{"not found", nil, []string{"get", "AB12CD", "NOPE1"}, ExitNotFound},
		{"token rejected", func() { h.vars[keystore.EnvToken] = "wrong-token" }, []string{"get", "AB12CD"}, ExitToken},
		{"full view forbidden", nil, []string{"get", "--full", "--accept-personal-data", "DEMO-403"}, ExitToken},
		{"token missing", func() { delete(h.vars, keystore.EnvToken) }, []string{"get", "AB12CD"}, ExitToken},
		{"rate limit given up", func() {
			s.Inject(fake.Fault{Kind: fake.FaultRateLimit, RetryAfter: time.Hour}, 1)
		}, []string{"get", "AB12CD"}, ExitRateLimited},
		{"server error", func() { s.Inject(fake.Fault{Kind: fake.FaultStatus, Status: 500}, 1) }, []string{"get", "AB12CD"}, ExitFailure},
		{"malformed PAID", nil, []string{"get", "AB/12"}, ExitUsage},
		{"unknown flag", nil, []string{"get", "--bogus", "AB12CD"}, ExitUsage},
		{"json and raw", nil, []string{"get", "--json", "--raw", "AB12CD"}, ExitUsage},
		{"no PAID", nil, []string{"get"}, ExitUsage},
		{"bad concurrency", nil, []string{"get", "--concurrency", "0", "AB12CD"}, ExitUsage},
		{"http base URL refused", func() { h.vars[EnvBaseURL] = "http://partner.example/v1" }, []string{"get", "AB12CD"}, ExitUsage},
	}
	for _, c := range cases {
		h.vars[keystore.EnvToken] = fake.DemoToken
		h.vars[EnvBaseURL] = s.URL
		if c.setup != nil {
			c.setup()
		}
		code, _, errs := h.run(c.args...)
		if code != c.want {
			t.Errorf("%s: exit %d, want %d (stderr %q)", c.name, code, c.want, errs)
		}
		if strings.Contains(errs, fake.DemoToken) || strings.Contains(errs, "wrong-token") {
			t.Errorf("%s: the token is on stderr: %q", c.name, errs)
		}
	}
}

func TestGetReadsStdin(t *testing.T) {
	h, _ := withService(t, fake.Options{})
	h.stdin = "# batch from the newsroom\nAB12CD\n\n  XK9P2M  \n# done\n"
	code, out, _ := h.run("get", "--json", "-")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 2 || !strings.Contains(lines[0], `"paid":"AB12CD"`) || !strings.Contains(lines[1], `"paid":"XK9P2M"`) {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	h.stdin = "# nothing\n\n"
	if code, _, _ := h.run("get", "-"); code != ExitUsage {
		t.Fatalf("empty stdin: exit %d", code)
	}
}

func TestGetVerboseNeverShowsToken(t *testing.T) {
	h, _ := withService(t, fake.Options{RateHeaders: fake.TrioHeaders})
	code, _, errs := h.run("get", "-v", "AB12CD")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"> GET http://", "/v1/advertisement/AB12CD", "< 200", "request id: fake-", "rate budget: 999 of 1,000 left", "remaining: the service's RateLimit-* headers", "attempt 1 at ", "Ratelimit-Remaining: 999", `Authorization: Bearer $PADVIEW_TOKEN`} {
		if !strings.Contains(errs, want) {
			t.Errorf("verbose output lacks %q:\n%s", want, errs)
		}
	}
	if strings.Contains(errs, fake.DemoToken) {
		t.Fatal("verbose output shows the token")
	}
}

func TestPrecedence(t *testing.T) {
	h := newHarness(t)
	h.vars[keystore.EnvToken] = "tok-env-123456"
	h.writeConfig(`
default_profile = "staging"
[profiles.staging]
base_url = "https://staging.partner.example/v1"
[profiles.prod]
base_url = "https://partner.example/v1"
`)
	status := func(args ...string) string {
		_, out, _ := h.run(append([]string{"token", "status"}, args...)...)
		return out
	}
	if out := status(); !strings.Contains(out, "Profile:  staging") || !strings.Contains(out, "https://staging.partner.example/v1") {
		t.Errorf("config default:\n%s", out)
	}
	h.vars[EnvProfile] = "prod"
	if out := status(); !strings.Contains(out, "Profile:  prod") || !strings.Contains(out, "Base URL: https://partner.example/v1") {
		t.Errorf("env over config:\n%s", out)
	}
	h.vars[EnvBaseURL] = "https://env.partner.example/v1"
	if out := status(); !strings.Contains(out, "Base URL: https://env.partner.example/v1") {
		t.Errorf("env base URL over config:\n%s", out)
	}
	if out := status("--profile", "staging", "--base-url", "https://flag.partner.example/v1"); !strings.Contains(out, "Profile:  staging") || !strings.Contains(out, "https://flag.partner.example/v1") {
		t.Errorf("flags over env:\n%s", out)
	}
	if out := status(); !strings.Contains(out, "Token:    14 characters, not shown (from PADVIEW_TOKEN)") || strings.Contains(out, "tok-env-123456") {
		t.Errorf("token source and mask:\n%s", out)
	}
	delete(h.vars, EnvProfile)
	delete(h.vars, EnvBaseURL)
	delete(h.vars, keystore.EnvToken)
	h.writeConfig("")
	if out := status(); !strings.Contains(out, "Profile:  default") || !strings.Contains(out, "(not set)") {
		t.Errorf("defaults:\n%s", out)
	}
}

func TestBadConfigFile(t *testing.T) {
	h := newHarness(t)
	path := h.writeConfig("[profiles.default]\nbase_url = \"https://x.example/v1\"\nbroken line here\n")
	code, _, errs := h.run("token", "status")
	if code != ExitUsage || !strings.Contains(errs, path) || !strings.Contains(errs, "line 3") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	h.writeConfig("[profiles.default]\ntoken = \"abc\"\n")
	code, _, errs = h.run("get", "AB12CD")
	if code != ExitUsage || !strings.Contains(errs, "holds a token") || strings.Contains(errs, "abc") {
		t.Fatalf("token in config: exit %d: %s", code, errs)
	}
	h.writeConfig("full_view_idle = \"soon\"\n")
	if code, _, errs := h.run("token", "status"); code != ExitUsage || !strings.Contains(errs, "duration") {
		t.Fatalf("bad duration: exit %d: %s", code, errs)
	}
}

func TestTokenCommands(t *testing.T) {
	h := newHarness(t)
	h.writeConfig("[profiles.staging]\nbase_url = \"https://staging.partner.example/v1\"\n")
	h.stdin = "tok-pipe-98765\n"
	code, out, _ := h.run("token", "set", "--profile", "staging")
	if code != 0 || !strings.Contains(out, "(14 characters, not shown)") || strings.Contains(out, "tok-") || strings.Contains(out, "98765") {
		t.Fatalf("set: exit %d: %s", code, out)
	}
	if !strings.Contains(out, "Next: `padview --profile staging token status --check PAID` asks the service whether it accepts the token; then `padview --profile staging` opens the UI.") {
		t.Errorf("set names no next step: %s", out)
	}
	if _, out, _ := h.run("token", "status", "-p", "staging"); !strings.Contains(out, "14 characters, not shown (from the OS keyring)") || strings.Contains(out, "tok-") {
		t.Fatalf("status: %s", out)
	}
	if _, out, _ := h.run("token", "status", "-p", "staging", "--show-token"); !strings.Contains(out, "tok-pipe-98765") {
		t.Fatalf("--show-token: %s", out)
	}
	if code, out, _ := h.run("token", "status"); code != ExitToken || !strings.Contains(out, "none") {
		t.Fatalf("other profile has no token: exit %d %s", code, out)
	}
	h.stdin = "two words\n"
	if code, _, errs := h.run("token", "set"); code != ExitUsage || !strings.Contains(errs, "contains whitespace: a space") {
		t.Fatalf("whitespace token: exit %d %s", code, errs)
	}
	h.stdin = ""
	if code, _, _ := h.run("token", "set"); code != ExitUsage {
		t.Fatalf("empty token: exit %d", code)
	}
	h.tty, h.stdin = true, "tok-typed-55555"
	if code, _, errs := h.run("token", "set"); code != 0 || !strings.Contains(errs, "input hidden") {
		t.Fatalf("terminal set: exit %d %s", code, errs)
	}
	h.tty = false
	if code, _, _ := h.run("token", "delete", "-p", "staging"); code != 0 {
		t.Fatal("delete failed")
	}
	if code, _, errs := h.run("token", "delete", "-p", "staging"); code != ExitToken || !strings.Contains(errs, "no token stored") {
		t.Fatalf("second delete: exit %d %s", code, errs)
	}
}

// token set finds a keyring that cannot be used before it asks for the
// token (issue 24 §7): exit 4, no prompt, the way on named; whether the
// platform has no keyring or the keyring itself fails to answer.
func TestTokenSetKeyringUnavailable(t *testing.T) {
	for name, store := range map[string]func(getenv func(string) string) *keystore.Store{
		"no session bus": func(getenv func(string) string) *keystore.Store {
			return keystore.New(keystore.WithEnv(getenv), keystore.WithAvailability(func() error { return keystore.ErrUnavailable }))
		},
		"keyring fails": func(getenv func(string) string) *keystore.Store {
			return keystore.New(keystore.WithEnv(getenv), keystore.WithBackend(brokenKeyring{}), keystore.WithAvailability(func() error { return nil }))
		},
	} {
		h := newHarness(t)
		h.tty = true
		env, out, errb := h.env()
		env.Store = store(env.Getenv)
		prompted := false
		env.ReadSecret = func(context.Context, string) (string, error) { prompted = true; return "tok-123456", nil }
		code := Execute(context.Background(), env, []string{"token", "set"})
		if code != ExitToken || prompted || !strings.Contains(errb.String(), "no token was asked for or saved") ||
			!strings.Contains(errb.String(), keystore.EnvToken) || strings.Contains(out.String(), "Saved") {
			t.Errorf("%s: exit %d, prompted %v: %s", name, code, prompted, errb.String())
		}
		entries, _ := os.ReadDir(h.vars[EnvConfigDir])
		if len(entries) != 0 {
			t.Fatalf("a file was written: %v", entries)
		}
	}
}

// brokenKeyring is a keyring whose every call fails, as a Secret Service
// that is there but locked away does.
type brokenKeyring struct{}

func (brokenKeyring) Get(string, string) (string, error) { return "", errors.New("no such interface") }
func (brokenKeyring) Set(string, string, string) error   { return errors.New("no such interface") }
func (brokenKeyring) Delete(string, string) error        { return errors.New("no such interface") }

func TestDemoServerAndGetAgainstIt(t *testing.T) {
	h := newHarness(t)
	env, out, _ := h.env()
	pr, pw := io.Pipe()
	env.Stdout = io.MultiWriter(out, pw)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int)
	go func() { done <- Execute(ctx, env, []string{"demo-server", "--addr", "127.0.0.1:0"}); pw.Close() }()
	buf := make([]byte, 4096)
	var printed string
	for !strings.Contains(printed, "Ctrl+C") {
		n, err := pr.Read(buf)
		if err != nil {
			t.Fatalf("demo-server output: %v %q", err, printed)
		}
		printed += string(buf[:n])
	}
	go io.Copy(io.Discard, pr)
	i := strings.Index(printed, "base URL  ")
	base := strings.Fields(printed[i+len("base URL  "):])[0]
	if !strings.Contains(printed, fake.DemoToken) || !strings.Contains(printed, "AB12CD") {
		t.Fatalf("banner: %s", printed)
	}
	h.vars[keystore.EnvToken] = fake.DemoToken
	code, got, _ := h.run("get", "--base-url", base, "AB12CD")
	if code != 0 || !strings.Contains(got, "Riverside Civic Alliance") {
		t.Fatalf("get against demo-server: exit %d %s", code, got)
	}
	cancel()
	if code := <-done; code != 0 {
		t.Fatalf("demo-server exit %d", code)
	}
}

func TestRootStartsTUIWithResolvedSettings(t *testing.T) {
	h := newHarness(t)
	h.tty = true
	if code, _, errs := h.run(); code != ExitUsage || !strings.Contains(errs, "no base URL") {
		t.Fatalf("no base URL: exit %d %s", code, errs)
	}
	h.vars[EnvBaseURL] = "https://partner.example/v1"
	h.writeConfig("[profiles.prod]\n")
	if code, _, _ := h.run("--profile", "prod"); code != 0 || h.tuiCfg == nil || h.tuiCfg.Profile != "prod" || h.tuiCfg.Token != "" || h.tuiCfg.Tokens == nil {
		t.Fatalf("TUI config %+v", h.tuiCfg)
	}
	env, _, _ := h.env()
	env.Store = keystore.New(keystore.WithEnv(env.Getenv), keystore.WithAvailability(func() error { return keystore.ErrUnavailable }))
	h.tuiCfg = nil
	env.RunTUI = func(_ context.Context, c ui.Config) error { h.tuiCfg = &c; return nil }
	if code := Execute(context.Background(), env, nil); code != 0 || h.tuiCfg == nil || h.tuiCfg.KeyringProblem == "" {
		t.Fatalf("unavailable keyring: exit %d, %+v", code, h.tuiCfg)
	}
	h.tuiCfg = nil
	if code, _, _ := h.run("--demo"); code != 0 || h.tuiCfg == nil || !h.tuiCfg.Demo || h.tuiCfg.Token != fake.DemoToken || h.tuiCfg.Tokens != nil || len(h.tuiCfg.Samples) < 12 || len(h.tuiCfg.FailureDemos) == 0 {
		t.Fatalf("demo TUI config %+v", h.tuiCfg)
	}
	h.tty = false
	if code, _, errs := h.run("--demo"); code != ExitUsage || !strings.Contains(errs, "needs a terminal") {
		t.Fatalf("no terminal: exit %d %s", code, errs)
	}
}

func TestVersionString(t *testing.T) {
	cases := map[Version]string{
		{Version: "1.2.3", Commit: "0123456789abcdef0123", Date: "2026-11-21T10:00:00Z"}: "padview 1.2.3 (commit 0123456789ab, built 2026-11-21T10:00:00Z)",
		{Version: "1.2.3", Date: "2026-11-21"}:                                           "padview 1.2.3 (built 2026-11-21)",
		{Version: "dev"}:                                                                 "padview dev",
	}
	for v, want := range cases {
		if got := v.String(); got != want {
			t.Errorf("%+v: %q, want %q", v, got, want)
		}
	}
	if v := ResolveVersion(Version{Version: "0.0.1-snapshot", Commit: "none"}); v.Commit == "none" || v.Version != "0.0.1-snapshot" {
		t.Errorf("snapshot placeholder commit kept: %+v", v)
	}
}

func TestVersionAndConfigPath(t *testing.T) {
	h := newHarness(t)
	if code, out, _ := h.run("--version"); code != 0 || !strings.Contains(out, "padview 1.2.3-test") {
		t.Fatalf("--version: %d %q", code, out)
	}
	if _, out, _ := h.run("config", "path"); strings.TrimSpace(out) != filepath.Join(h.vars[EnvConfigDir], "config.toml") {
		t.Fatalf("config path: %q", out)
	}
	delete(h.vars, EnvConfigDir)
	h.vars["XDG_CONFIG_HOME"] = "/xdg"
	if _, out, _ := h.run("config", "path"); strings.TrimSpace(out) != "/xdg/padview/config.toml" {
		t.Fatalf("XDG config path: %q", out)
	}
}
