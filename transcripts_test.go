package main

import (
	"bytes"
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/zalando/go-keyring"

	"github.com/padview/padview/api/audit"
	"github.com/padview/padview/cmd"
	"github.com/padview/padview/keystore"
)

// transcriptCommands are the commands whose transcripts the pages show
// and this test runs against the demo: `$ padview --demo check …` (the
// report, --summary, --format csv) and `$ padview --demo notice …`.
var transcriptCommands = []string{"$ padview --demo check ", "$ padview --demo notice "}

// variesByRun are the lines whose value differs from one run to the next
// (the time, the demo's port, the request id, the build): a page's line
// must name the same thing, not the same value.
var variesByRun = []string{"# checked at: ", "# service: ", "# made with: ", "Fetched at: ", "Service host: ", "Request id: ",
	"padview version: "}

// TestDocCheckAndNoticeTranscriptsAreRealOutput runs each transcript of
// `padview --demo check` and `padview --demo notice` in the README and the
// docs/ pages (a text block) and holds it against the real output (its
// stdout): line for line, but where a line of the page is "…", which
// stands for the lines it leaves out, and the values of variesByRun. A
// `$ echo $?` line after it is followed by the exit code.
func TestDocCheckAndNoticeTranscriptsAreRealOutput(t *testing.T) {
	keyring.MockInit()
	n := 0
	for _, file := range docFiles(t) {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, block := range strings.Split(string(b), "```text\n")[1:] {
			block, _, _ = strings.Cut(block, "```")
			first, rest, _ := strings.Cut(block, "\n")
			if !transcriptCommand(first) {
				continue
			}
			n++
			want, exit, _ := strings.Cut(rest, "$ echo $?\n")
			out, code := runDemo(t, strings.Fields(strings.TrimPrefix(first, "$ padview "))...)
			if msg := transcriptDiff(want, out); msg != "" {
				t.Errorf("%s: %s: %s\nthe output is\n%s", file, first, msg, out)
			}
			if exit != "" && strings.TrimSpace(exit) != strconv.Itoa(code) {
				t.Errorf("%s: %s: the page says exit %s, the command exits %d", file, first, strings.TrimSpace(exit), code)
			}
		}
	}
	if n < 4 {
		t.Errorf("found %d check and notice transcripts in the README and docs/", n)
	}
}

func transcriptCommand(line string) bool {
	for _, c := range transcriptCommands {
		if strings.HasPrefix(line, c) {
			return true
		}
	}
	return false
}

// runDemo runs padview with args in-process, against its demo service,
// with a state and config directory of its own.
func runDemo(t *testing.T, args ...string) (string, int) {
	t.Helper()
	vars := map[string]string{cmd.EnvConfigDir: t.TempDir(), audit.EnvStateDir: t.TempDir()}
	getenv := func(k string) string { return vars[k] }
	var stdout, stderr bytes.Buffer
	env := cmd.Env{Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr, Getenv: getenv,
		Store:   keystore.New(keystore.WithEnv(getenv), keystore.WithAvailability(func() error { return nil })),
		Version: cmd.Version{Version: "readme"}}
	code := cmd.Execute(context.Background(), env, args)
	return stdout.String(), code
}

// transcriptDiff says where a page's transcript and the output part, ""
// where they agree.
func transcriptDiff(page, out string) string {
	want := strings.Split(strings.TrimSuffix(page, "\n"), "\n")
	got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	j := 0
	for i := 0; i < len(want); i++ {
		if strings.TrimSpace(want[i]) == "…" {
			if i == len(want)-1 {
				return ""
			}
			for j < len(got) && !sameLine(want[i+1], got[j]) {
				j++
			}
			continue
		}
		if j >= len(got) {
			return "the page goes on after the output ends, at " + strconv.Quote(want[i])
		}
		if !sameLine(want[i], got[j]) {
			return "the page shows " + strconv.Quote(want[i]) + " where the output has " + strconv.Quote(got[j])
		}
		j++
	}
	if j < len(got) {
		return "the output goes on after the page ends, at " + strconv.Quote(got[j])
	}
	return ""
}

// sameLine: equal, or of a line that varies by run, the same name.
func sameLine(page, out string) bool {
	if page == out {
		return true
	}
	for _, p := range variesByRun {
		if strings.HasPrefix(strings.TrimSpace(page), p) && strings.HasPrefix(strings.TrimSpace(out), p) {
			return true
		}
	}
	return false
}
