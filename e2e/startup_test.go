package e2e

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/cmd"
	"github.com/padview/padview/keystore"
	"github.com/padview/padview/ui"
)

// Bounds on one package's init at its best of initRuns runs. A package that
// fills a big table at init (go-runewidth before v0.0.31 spent 30–155 ms on
// one) is caught by the clock bound; the tenfold margin over what any
// package takes today keeps a loaded machine from failing the test.
const (
	initRuns     = 5
	initMaxClock = 5.0       // milliseconds
	initMaxBytes = 256 << 10 // allocated
)

// initCost is one package's init as GODEBUG=inittrace=1 reports it.
type initCost struct {
	clockMS float64
	bytes   int64
}

// parseInitTrace reads the runtime's inittrace lines, e.g.
// "init net/http @1.7 ms, 0.038 ms clock, 4712 bytes, 49 allocs".
func parseInitTrace(stderr string) map[string]initCost {
	costs := map[string]initCost{}
	for _, line := range strings.Split(stderr, "\n") {
		if !strings.HasPrefix(line, "init ") {
			continue
		}
		var pkg string
		var at, clock float64
		var bytes, allocs int64
		if _, err := fmt.Sscanf(line, "init %s @%g ms, %g ms clock, %d bytes, %d allocs", &pkg, &at, &clock, &bytes, &allocs); err != nil {
			continue
		}
		costs[pkg] = initCost{clock, bytes}
	}
	return costs
}

// mainPackage is padview's main package, which the tests build by its
// import path: they run in e2e/, a folder of their own.
const mainPackage = "github.com/padview/padview"

// builtBinary is the binary a user runs, built as .goreleaser.yaml builds
// the release (static, trimmed, stripped), once for the whole test binary,
// into the directory TestMain removes: the end-to-end, start-up and memory
// tests and the benchmarks all run it, and none pays for a build of its
// own.
func builtBinary(t testing.TB) string {
	t.Helper()
	binary.once.Do(func() {
		if binary.dir, binary.err = os.MkdirTemp("", "padview-e2e-"); binary.err != nil {
			return
		}
		binary.path = filepath.Join(binary.dir, "padview")
		build := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", binary.path, mainPackage)
		build.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := build.CombinedOutput(); err != nil {
			binary.err = fmt.Errorf("build: %v\n%s", err, out)
		}
	})
	if binary.err != nil {
		t.Fatal(binary.err)
	}
	return binary.path
}

// TestStartupInitIsCheap runs `padview --version` with the runtime's init
// trace and fails when any package's init, at its best run, is slow or
// allocates much: nothing expensive may happen before padview does its job.
func TestStartupInitIsCheap(t *testing.T) {
	wholeBinary(t)
	bin := builtBinary(t)
	best := map[string]initCost{}
	for range initRuns {
		c := exec.Command(bin, "--version")
		c.Env = append(os.Environ(), "GODEBUG=inittrace=1")
		var stderr bytes.Buffer
		c.Stderr = &stderr
		if err := c.Run(); err != nil {
			t.Fatalf("padview --version: %v\n%s", err, stderr.String())
		}
		costs := parseInitTrace(stderr.String())
		// Our own packages must be in the trace, or it was not read.
		for _, pkg := range []string{"github.com/padview/padview/cmd", "github.com/padview/padview/api", "charm.land/lipgloss/v2"} {
			if _, ok := costs[pkg]; !ok {
				t.Fatalf("the init trace does not mention %s; it read:\n%s", pkg, stderr.String())
			}
		}
		for pkg, c := range costs {
			b, seen := best[pkg]
			if !seen {
				best[pkg] = c
				continue
			}
			best[pkg] = initCost{min(b.clockMS, c.clockMS), min(b.bytes, c.bytes)}
		}
	}
	var total float64
	slowest := ""
	for pkg, c := range best {
		total += c.clockMS
		if slowest == "" || c.clockMS > best[slowest].clockMS {
			slowest = pkg
		}
		if c.clockMS > initMaxClock {
			t.Errorf("init of %s takes %.2f ms at its best of %d runs (bound %.0f ms)", pkg, c.clockMS, initRuns, initMaxClock)
		}
		if c.bytes > initMaxBytes {
			t.Errorf("init of %s allocates %d KB at its best of %d runs (bound %d KB)", pkg, c.bytes>>10, initRuns, initMaxBytes>>10)
		}
	}
	t.Logf("%d packages, %.2f ms of init in all at their best; the slowest, %s, %.3f ms", len(best), total, slowest, best[slowest].clockMS)
}

// TestParseInitTrace checks the parser on the runtime's format, so that a
// change in it fails loudly rather than letting every init pass unread.
func TestParseInitTrace(t *testing.T) {
	got := parseInitTrace("padview 1.0\ninit github.com/mattn/go-runewidth @0.99 ms, 52.5 ms clock, 19040 bytes, 3 allocs\ninit runtime @0.023 ms, 0.048 ms clock, 0 bytes, 0 allocs\n")
	want := map[string]initCost{"github.com/mattn/go-runewidth": {52.5, 19040}, "runtime": {0.048, 0}}
	if len(got) != len(want) || got["github.com/mattn/go-runewidth"] != want["github.com/mattn/go-runewidth"] || got["runtime"] != want["runtime"] {
		t.Fatalf("parsed %v, want %v", got, want)
	}
}

// countingKeyring is a keyring backend that counts every use.
type countingKeyring struct{ calls int }

func (k *countingKeyring) Get(string, string) (string, error) { k.calls++; return "keyring-token", nil }
func (k *countingKeyring) Set(string, string, string) error   { k.calls++; return nil }
func (k *countingKeyring) Delete(string, string) error        { k.calls++; return nil }

// TestEnvTokenLeavesKeyringAlone: with PADVIEW_TOKEN set, neither a lookup
// nor the TUI asks the keyring anything, not even whether it is there; a
// locked keyring's prompt or a slow D-Bus would otherwise delay the start.
func TestEnvTokenLeavesKeyringAlone(t *testing.T) {
	srv, err := fake.Start(fake.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	for _, envToken := range []string{fake.DemoToken, ""} {
		for _, args := range [][]string{{"get", "AB12CD"}, {}} {
			kr := &countingKeyring{}
			checks := 0
			vars := map[string]string{cmd.EnvConfigDir: t.TempDir(), cmd.EnvBaseURL: srv.URL, keystore.EnvToken: envToken}
			getenv := func(k string) string { return vars[k] }
			var stdout, stderr bytes.Buffer
			env := cmd.Env{
				Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr, Getenv: getenv,
				Store: keystore.New(keystore.WithBackend(kr), keystore.WithEnv(getenv),
					keystore.WithAvailability(func() error { checks++; return nil })),
				StdinTTY: len(args) == 0, StdoutTTY: true,
				RunTUI:  func(context.Context, ui.Config) error { return nil },
				Version: cmd.Version{Version: "startup-test"},
			}
			code := cmd.Execute(context.Background(), env, args)
			name := fmt.Sprintf("padview %s with PADVIEW_TOKEN=%q", strings.Join(args, " "), envToken)
			switch {
			case envToken != "" && code != 0:
				t.Errorf("%s: exit %d: %s", name, code, stderr.String())
			case envToken != "" && (kr.calls != 0 || checks != 0):
				t.Errorf("%s: the keyring was used %d times and checked %d times", name, kr.calls, checks)
			case envToken == "" && kr.calls == 0:
				// Without the variable the keyring is the source: this proves
				// the counting above would see a use.
				t.Errorf("%s: the keyring was never asked", name)
			}
		}
	}
}
