package cmd

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/padview/padview/api"
)

// tuiHarness is a harness on a terminal with a base URL, so that the root
// command reaches the TUI.
func tuiHarness(t *testing.T) *harness {
	h := newHarness(t)
	h.tty = true
	h.vars[EnvBaseURL] = "https://partner.example/v1"
	return h
}

func (h *harness) worklistOf(args ...string) (code int, stderr string, list []string, started bool) {
	h.t.Helper()
	h.tuiCfg = nil
	code, _, stderr = h.run(args...)
	if h.tuiCfg == nil {
		return code, stderr, nil, false
	}
	return code, stderr, h.tuiCfg.Worklist, true
}

func TestPAIDArgumentsOpenTheTUI(t *testing.T) {
	h := tuiHarness(t)
	h.writeConfig("[profiles.prod]\n")
	full := "https://partner.example/v1/advertisement-full/XK9P2M"
	cases := []struct {
		args []string
		want []string
	}{
		{[]string{"AB12CD"}, []string{"AB12CD"}},
		{[]string{"AB12CD", full, "PAD-2026-000000123456"}, []string{"AB12CD", full, "PAD-2026-000000123456"}},
		{[]string{"--profile", "prod", "AB12CD"}, []string{"AB12CD"}},
		{[]string{"AB12CD", "--profile=prod"}, []string{"AB12CD"}},
		{[]string{"--demo", "AB12CE"}, []string{"AB12CE"}},
		{[]string{"--", "ZZ7Q1A"}, []string{"ZZ7Q1A"}},
		// The spec fixes no PAID format: a PAID without a digit is one.
		{[]string{"--demo", "DEMO-HTML"}, []string{"DEMO-HTML"}},
		{[]string{"--demo", "AB12CD", "DEMO-SLOW", "DEMOBADJSON"}, []string{"AB12CD", "DEMO-SLOW", "DEMOBADJSON"}},
		{[]string{"nonsense"}, []string{"nonsense"}},
		// After --, every word is a PAID, a command's name or a typo too.
		{[]string{"--demo", "--", "DEMO-HTML", "gte", "check"}, []string{"DEMO-HTML", "gte", "check"}},
		{nil, nil},
	}
	for _, c := range cases {
		code, errs, list, started := h.worklistOf(c.args...)
		if code != 0 || !started || strings.Join(list, " ") != strings.Join(c.want, " ") {
			t.Errorf("%q: exit %d, started %v, worklist %q (stderr %q)", c.args, code, started, list, errs)
		}
	}
	h.worklistOf("--demo", "AB12CD")
	if h.tuiCfg == nil || !h.tuiCfg.Demo {
		t.Error("--demo with a PAID did not open the demo")
	}
}

func TestUnknownWordsStayUnknownCommands(t *testing.T) {
	h := tuiHarness(t)
	// A word with no digit and no '-' that is within 2 edits of a command,
	// or begins one, is a mistyped command; cobra suggests that command.
	for word, suggestion := range map[string]string{"gte": "get", "tokn": "token", "dif": "diff", "Chekc": "check", "aud": "audit"} {
		code, errs, _, started := h.worklistOf(word)
		if code != ExitUsage || started || !strings.Contains(errs, fmt.Sprintf("unknown command %q for \"padview\"", word)) {
			t.Errorf("%s: exit %d, started %v, stderr %q", word, code, started, errs)
		}
		if !strings.Contains(errs, "Did you mean this?\n\t"+suggestion+"\n") {
			t.Errorf("%s: no suggestion of %s: %q", word, suggestion, errs)
		}
	}
	// A command after PAIDs is named as one, with the order that works.
	if code, errs, _, started := h.worklistOf("AB12CD", "check"); code != ExitUsage || started ||
		!strings.Contains(errs, `"check" is a command, and commands come first: padview check AB12CD`) {
		t.Errorf("a command after a PAID: exit %d, started %v, stderr %q", code, started, errs)
	}
	// A malformed PAID is a PAID error, reported before the screen opens.
	if code, errs, _, started := h.worklistOf("AB12CD", "AB\u202e12"); code != ExitUsage || started || !strings.Contains(errs, "invisible or control character") {
		t.Errorf("malformed PAID: exit %d, started %v, stderr %q", code, started, errs)
	}
	// The subcommands are untouched.
	if code, _, errs := h.run("get"); code != ExitUsage || !strings.Contains(errs, "padview: get needs at least one PAID") {
		t.Errorf("get without PAIDs: exit %d %q", code, errs)
	}
	h.tty = false
	if code, errs, _, started := h.worklistOf("AB12CD"); code != ExitUsage || started || !strings.Contains(errs, "needs a terminal") {
		t.Errorf("no terminal: exit %d, stderr %q", code, errs)
	}
}

func TestListFile(t *testing.T) {
	h := tuiHarness(t)
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("paids.txt", "# Tuesday's checks\nAB12CD\n\n  XK9P2M  \r\n# later\nhttps://partner.example/v1/advertisement/ZZ7Q1A\n")
	code, errs, list, started := h.worklistOf("--list", good)
	want := "AB12CD XK9P2M https://partner.example/v1/advertisement/ZZ7Q1A"
	if code != 0 || !started || strings.Join(list, " ") != want {
		t.Fatalf("exit %d, worklist %q, stderr %q", code, list, errs)
	}
	// PAIDs on the command line come first.
	if _, _, list, _ := h.worklistOf("Q4R8ST", "--list", good); len(list) != 4 || list[0] != "Q4R8ST" {
		t.Errorf("arguments and list: %q", list)
	}

	bad := write("bad.txt", "AB12CD\nAB 12CD\n# fine\nAB/12\nXK9P2M\n")
	code, errs, _, started = h.worklistOf("--list", bad)
	if code != ExitUsage || started {
		t.Fatalf("bad lines: exit %d, started %v", code, started)
	}
	for _, want := range []string{bad + ":2: the PAID has a space", bad + ":4: the PAID contains '/'", "comment them out with #"} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
	if strings.Contains(errs, ":1:") || strings.Contains(errs, ":5:") {
		t.Errorf("good lines reported:\n%s", errs)
	}

	many := write("many.txt", strings.Repeat("AB 1\n", 30))
	if _, errs, _, _ := h.worklistOf("--list", many); strings.Count(errs, many+":") != maxBadLines || !strings.Contains(errs, "and 20 more bad lines") {
		t.Errorf("many bad lines:\n%s", errs)
	}
	huge := write("huge.txt", strings.Repeat("AB12CD\n", api.MaxWorklist+1))
	if code, errs, _, _ := h.worklistOf("--list", huge); code != ExitUsage || !strings.Contains(errs, "the worklist has more than 10,000 PAIDs: split it") {
		t.Errorf("too long a list: exit %d %q", code, errs)
	}
	long := write("long.txt", "AB12CD\n"+strings.Repeat("x", maxListLine+1)+"\n")
	if code, errs, _, _ := h.worklistOf("--list", long); code != ExitUsage || !strings.Contains(errs, long+":2: the line is longer") {
		t.Errorf("long line: exit %d %q", code, errs)
	}
	empty := write("empty.txt", "# nothing yet\n\n")
	if code, errs, _, _ := h.worklistOf("--list", empty); code != ExitUsage || !strings.Contains(errs, "lists no PAIDs") {
		t.Errorf("empty list: exit %d %q", code, errs)
	}
	if code, errs, _, _ := h.worklistOf("--list", filepath.Join(dir, "missing.txt")); code != ExitUsage || !strings.Contains(errs, "no such file") {
		t.Errorf("missing file: exit %d %q", code, errs)
	}
	if code, errs, _, _ := h.worklistOf("--list"); code != ExitUsage || !strings.Contains(errs, "flag needs an argument") {
		t.Errorf("--list without a file: exit %d %q", code, errs)
	}
}

func TestListFromStdinReopensTheTerminal(t *testing.T) {
	h := newHarness(t)
	h.vars[EnvBaseURL] = "https://partner.example/v1"
	h.stdin = "AB12CD\n# x\nXK9P2M\n"
	run := func(ttyForKeys func() bool) (int, string) {
		env, _, errb := h.env()
		env.StdinTTY, env.StdoutTTY = false, true // stdin is the pipe, the screen a terminal
		env.TTYForKeys = ttyForKeys
		h.tuiCfg = nil
		return Execute(context.Background(), env, []string{"--list", "-"}), errb.String()
	}
	if code, errs := run(func() bool { return true }); code != 0 || h.tuiCfg == nil || strings.Join(h.tuiCfg.Worklist, " ") != "AB12CD XK9P2M" {
		t.Fatalf("exit %d, config %+v, stderr %q", code, h.tuiCfg, errs)
	}
	if code, errs := run(nil); code != ExitUsage || h.tuiCfg != nil || !strings.Contains(errs, "needs a terminal") {
		t.Fatalf("without a terminal for keys: exit %d %q", code, errs)
	}
	// A list file does not make a pipe on stdin a terminal.
	env, _, _ := h.env()
	env.StdinTTY, env.StdoutTTY, env.TTYForKeys = false, true, func() bool { return true }
	if code := Execute(context.Background(), env, []string{"AB12CD"}); code != ExitUsage {
		t.Fatalf("PAID with stdin a pipe: exit %d", code)
	}
}

// endless is stdin that never ends: the same line for ever.
type endless struct{ line string }

func (e endless) Read(p []byte) (int, error) {
	n := 0
	for n+len(e.line) <= len(p) {
		n += copy(p[n:], e.line)
	}
	return n, nil
}

// `--list -` keeps a bounded sample of bad lines, and gives up on a stream
// of them rather than reading for ever; its reading stops at once when the
// user interrupts it, even while stdin has nothing to give.
func TestListFromStdinIsBounded(t *testing.T) {
	h := newHarness(t)
	h.vars[EnvBaseURL] = "https://partner.example/v1"
	env, _, errb := h.env()
	env.StdinTTY, env.StdoutTTY, env.TTYForKeys = false, true, func() bool { return true }
	env.Stdin = endless{"not a PAID\n"}
	code := Execute(t.Context(), env, []string{"--list", "-"})
	if errs := errb.String(); code != ExitUsage || !strings.Contains(errs, "more than 10,000 lines are not PAIDs") || h.tuiCfg != nil {
		t.Fatalf("endless bad lines: exit %d %q", code, errs)
	}
	synctest.Test(t, func(t *testing.T) {
		env, _, errb := h.env()
		env.StdinTTY, env.StdoutTTY, env.TTYForKeys = false, true, func() bool { return true }
		pr, pw := io.Pipe()
		defer pw.Close()
		env.Stdin = pr
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan int)
		go func() { done <- Execute(ctx, env, []string{"--list", "-"}) }()
		fmt.Fprintln(pw, "AB12CD")
		synctest.Wait()
		cancel()
		if code := <-done; code == 0 || h.tuiCfg != nil || !strings.Contains(errb.String(), "reading stdin: interrupted") {
			t.Fatalf("interrupted: exit %d %q", code, errb.String())
		}
	})
}
