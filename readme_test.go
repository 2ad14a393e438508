package main

import (
	"bytes"
	"context"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/zalando/go-keyring"

	"github.com/padview/padview/api/audit"
	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/cmd"
	"github.com/padview/padview/keystore"
	"github.com/padview/padview/ui"
)

// docFiles are the pages whose commands the tests run: the README and
// every page in docs/.
func docFiles(t *testing.T) []string {
	t.Helper()
	pages, err := filepath.Glob(filepath.Join("docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) < 5 {
		t.Fatalf("found %d pages in docs/; the documentation moved or the glob is wrong", len(pages))
	}
	return append([]string{"README.md"}, pages...)
}

// readmeCommands returns every padview command in the sh blocks of a
// documentation file, without comments, pipes and output redirections,
// and the file a `<` redirection reads, if any.
func readmeCommands(t *testing.T, file string) []readmeCommand {
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []readmeCommand
	inSh := false
	for _, line := range strings.Split(string(b), "\n") {
		switch {
		case strings.HasPrefix(line, "```sh"):
			inSh = true
			continue
		case strings.HasPrefix(line, "```"):
			inSh = false
			continue
		}
		if !inSh {
			continue
		}
		if i := strings.Index(line, "  #"); i >= 0 {
			line = line[:i]
		}
		line, _, _ = strings.Cut(line, "|")
		line, _, _ = strings.Cut(line, ">")
		c := readmeCommand{file: file}
		line, c.stdinFile, _ = strings.Cut(line, "<")
		c.stdinFile = strings.TrimSpace(c.stdinFile)
		fields := strings.Fields(line)
		for len(fields) > 0 && strings.Contains(fields[0], "=") {
			k, v, _ := strings.Cut(fields[0], "=")
			c.env = append(c.env, [2]string{k, v})
			fields = fields[1:]
		}
		if len(fields) == 0 || fields[0] != "padview" {
			continue
		}
		c.args = fields[1:]
		c.text = file + ": " + strings.TrimSpace(line)
		out = append(out, c)
	}
	return out
}

type readmeCommand struct {
	file      string // where it is shown
	text      string // the file and the command, for failures
	args      []string
	env       [][2]string
	stdinFile string
}

// TestREADMECommandsWork runs every padview command the README and the
// docs/ pages show, in-process against the fake service, so that the
// documentation cannot rot.
func TestREADMECommandsWork(t *testing.T) {
	keyring.MockInit()
	srv, err := fake.Start(fake.Options{DemoTriggers: true})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()

	files := docFiles(t)
	byFile := map[string][]readmeCommand{}
	total := 0
	for _, f := range files {
		byFile[f] = readmeCommands(t, f)
		total += len(byFile[f])
	}
	// The parser must still find the commands where they are known to be.
	if total < 40 {
		t.Fatalf("found only %d padview commands in the README and docs/", total)
	}
	for f, least := range map[string]int{"README.md": 8, filepath.Join("docs", "cli.md"): 20} {
		if n := len(byFile[f]); n < least {
			t.Errorf("found only %d padview commands in %s, which shows at least %d", n, f, least)
		}
	}

	t.Chdir(t.TempDir()) // for the files the commands name
	for name, content := range map[string]string{"paids.txt": readmeBatch, "saved.json": readmeSaved, "export.csv": readmeExport} {
		if err := os.WriteFile(name, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range files {
		// A free port per page, so that each may start its own
		// `padview demo-server` for the commands after it.
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		demoAddr := ln.Addr().String()
		ln.Close()
		for _, c := range byFile[f] {
			runDocCommand(t, c, srv.URL, demoAddr)
		}
	}
}

// readmeProfiles is the config every documented command runs with.
const readmeProfiles = "[profiles.production]\n[profiles.staging]\n[profiles.newsroom]\n"

// readmeBatch is what a command reading PAIDs from a file or stdin gets.
const readmeBatch = "# a batch\nAB12CD\nPAD-2026-000000123456\n"

// readmeSaved and readmeExport are the saved answer and the CSV export
// the pages check with --file (fictional data).
const (
	readmeSaved  = `{"paid": "AB12CD", "basicInformation": {"title": "Clean Rivers Now: vote Yes on Measure 4"}, "advertiser": {"companyName": "Riverside Civic Alliance"}}`
	readmeExport = "ad id;title;advertiser name;sponsor name;spend;currency;start date;end date;linked election;funding origin;targeting used;notice url\n" +
		"AD000001;Clean Rivers Now;Riverside Civic Alliance;Friends of the Estuary;48250;EUR;2026-09-01;2026-11-30;Northbank Regional Referendum;private, within the EU;yes;https://transparency.example/ad000001\n" +
		";Greener Squares;Northbank Greens;Northbank Greens;;;;;;;;\n"
)

// runDocCommand runs one command of the documentation against the fake at
// baseURL, with 127.0.0.1:8080 standing for demoAddr.
func runDocCommand(t *testing.T, c readmeCommand, baseURL, demoAddr string) {
	t.Helper()
	vars := map[string]string{
		cmd.EnvConfigDir:  t.TempDir(),
		audit.EnvStateDir: t.TempDir(),
		cmd.EnvBaseURL:    baseURL,
		keystore.EnvToken: fake.DemoToken,
	}
	for _, kv := range c.env {
		vars[kv[0]] = kv[1]
	}
	// The profiles the pages' config examples define: a profile must be
	// defined to be named.
	if err := os.WriteFile(filepath.Join(vars[cmd.EnvConfigDir], "config.toml"), []byte(readmeProfiles), 0o600); err != nil {
		t.Fatal(err)
	}
	args := make([]string, len(c.args))
	for i, a := range c.args {
		args[i] = strings.ReplaceAll(a, "127.0.0.1:8080", demoAddr)
	}
	stdin := ""
	switch {
	case c.stdinFile != "":
		stdin = readmeBatch
	case len(args) >= 2 && args[0] == "token" && args[1] == "set":
		stdin = "readme-token-1234\n"
	}
	var stdout, stderr bytes.Buffer
	tuiRan := false
	getenv := func(k string) string { return vars[k] }
	env := cmd.Env{
		Stdin: strings.NewReader(stdin), Stdout: &stdout, Stderr: &stderr,
		Getenv:   getenv,
		Store:    keystore.New(keystore.WithEnv(getenv), keystore.WithAvailability(func() error { return nil })),
		StdinTTY: opensTUI(args), StdoutTTY: true,
		ReadSecret: func(context.Context, string) (string, error) { return "readme-token-1234", nil },
		RunTUI:     func(context.Context, ui.Config) error { tuiRan = true; return nil },
		Version:    cmd.Version{Version: "readme"},
	}
	if len(args) > 0 && args[0] == "demo-server" {
		// It serves until interrupted: keep it for the commands after it.
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan int, 1)
		go func() { done <- cmd.Execute(ctx, env, args) }()
		t.Cleanup(func() {
			cancel()
			if code := <-done; code != 0 {
				t.Errorf("%s: exit %d: %s", c.text, code, stderr.String())
			}
		})
		waitListening(t, demoAddr)
		return
	}
	code := cmd.Execute(context.Background(), env, args)
	if code == cmd.ExitDiffers && args[0] == "diff" {
		code = 0 // the documentation compares advertisements that differ
	}
	if (code == cmd.ExitIncomplete || code == cmd.ExitUndetermined) && args[0] == "check" && slices.Contains(args, "--file") {
		code = 0 // the documentation checks a saved answer and an export that lack items
	}
	if code != 0 {
		t.Errorf("%s: exit %d\nstdout: %s\nstderr: %s", c.text, code, stdout.String(), stderr.String())
		return
	}
	if opensTUI(args) && !tuiRan {
		t.Errorf("%s: the TUI did not start", c.text)
	}
	if strings.Contains(stdout.String()+stderr.String(), "readme-token-1234") {
		t.Errorf("%s: the token was printed", c.text)
	}
}

// opensTUI tells the commands that open the TUI: no subcommand, whether
// flags come first (`padview --demo`, but not `padview --demo get X`) or
// PAIDs (words with a digit).
func opensTUI(args []string) bool {
	for _, a := range args {
		switch a {
		case "get", "diff", "check", "fields", "notice", "audit", "token", "config", "demo-server", "completion", "man", "watch", "version":
			return false
		}
	}
	return true
}

func waitListening(t *testing.T, addr string) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return
		}
	}
	t.Fatalf("nothing listens on %s", addr)
}

// TestREADMEDiffTranscriptsAreRealOutput runs each `$ padview diff …`
// transcript of the README and the docs/ pages (a text block) against the
// fake service: the output shown is the real output, whole, or up to a "…"
// that marks where the page cuts it.
func TestREADMEDiffTranscriptsAreRealOutput(t *testing.T) {
	keyring.MockInit()
	srv, err := fake.Start(fake.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	n := 0
	for _, file := range docFiles(t) {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, block := range strings.Split(string(b), "```text\n")[1:] {
			block, _, _ = strings.Cut(block, "```")
			first, want, _ := strings.Cut(block, "\n")
			args, ok := strings.CutPrefix(first, "$ padview diff ")
			if !ok {
				continue
			}
			n++
			vars := map[string]string{cmd.EnvConfigDir: t.TempDir(), audit.EnvStateDir: t.TempDir(),
				cmd.EnvBaseURL: srv.URL, keystore.EnvToken: fake.DemoToken}
			getenv := func(k string) string { return vars[k] }
			var stdout, stderr bytes.Buffer
			env := cmd.Env{Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr, Getenv: getenv,
				Store:   keystore.New(keystore.WithEnv(getenv), keystore.WithAvailability(func() error { return nil })),
				Version: cmd.Version{Version: "readme"}}
			cmd.Execute(context.Background(), env, append([]string{"diff"}, strings.Fields(args)...))
			got := stdout.String()
			if cut, _, elided := strings.Cut(want, "…"); elided {
				if !strings.HasPrefix(got, cut) {
					t.Errorf("%s: %s: the page shows\n%s\nbut the output begins\n%s", file, first, cut, got[:min(len(got), len(cut)+40)])
				}
				continue
			}
			if got != want {
				t.Errorf("%s: %s: the page shows\n%s\nbut the output is\n%s", file, first, want, got)
			}
		}
	}
	if n < 2 {
		t.Errorf("found %d diff transcripts in the README and docs/", n)
	}
}

// TestREADMEDemoTableListsTheFakesPAIDs holds the README's demo table
// against the fake's one list (fake.Listings, which demo-server prints):
// every PAID the demo names has a row, and every row names such PAIDs,
// but the last, which is any other PAID.
func TestREADMEDemoTableListsTheFakesPAIDs(t *testing.T) {
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(b), "| PAID | What it shows |\n|---|---|\n")
	if !ok {
		t.Fatal("the README has no demo table (| PAID | What it shows |)")
	}
	table, _, _ = strings.Cut(table, "\n\n")
	inTable := map[string]bool{}
	for _, row := range strings.Split(table, "\n") {
		first := strings.Split(row, "|")[1]
		if strings.HasPrefix(strings.TrimSpace(first), "any other") {
			continue
		}
		parts := strings.Split(first, "`")
		for i := 1; i < len(parts); i += 2 {
			inTable[parts[i]] = true
		}
	}
	listed := map[string]bool{}
	for _, l := range fake.Listings() {
		for _, p := range l.PAIDs {
			listed[p] = true
			if !inTable[p] {
				t.Errorf("the demo names %s (%s), the README's table does not", p, l.Kind)
			}
		}
	}
	for p := range inTable {
		if !listed[p] {
			t.Errorf("the README's table names %s, which the demo does not list", p)
		}
	}
	if len(inTable) < 20 {
		t.Errorf("read %d PAIDs from the table: the table's layout changed", len(inTable))
	}
}

// TestREADMEIsShort: the README starts a newcomer in five minutes, and
// the rest lives in docs/; at most 300 lines keeps it so.
func TestREADMEIsShort(t *testing.T) {
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(b), "\n"); n > 300 {
		t.Errorf("README.md has %d lines; move detail to a page of docs/ to keep it at 300 or fewer", n)
	}
	if !strings.HasPrefix(string(b), "# padview\n\n```sh\ngo run . --demo") || !strings.Contains(string(b)[:200], "go test ./...") {
		t.Error("the README does not open with the two commands: go run . --demo and go test ./...")
	}
}
