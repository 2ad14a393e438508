package cmd

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/audit"
	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/api/watch"
	"github.com/padview/padview/keystore"
)

func (h *harness) watchDB() string { return filepath.Join(h.vars[audit.EnvStateDir], watch.FileName) }

func TestWatchAddListRemove(t *testing.T) {
	h, _ := withService(t, fake.Options{})
	h.stdin = "# from a file\nTN2026\n" + h.vars[EnvBaseURL] + "/advertisement/XK9P2M\n" // a URL of the profile's service
	service, _ := watch.Service(h.vars[EnvBaseURL])
	code, out, errs := h.run("watch", "add", "AB12CD", "AB12CD", "--list", "-")
	if code != 0 || !strings.Contains(out, "Watching 3 advertisements on "+service+" (3 added, 0 already watched)") {
		t.Fatalf("add: exit %d\n%s%s", code, out, errs)
	}
	code, out, _ = h.run("watch", "add", "TN2026", "ZZ7Q1A")
	if code != 0 || !strings.Contains(out, "Watching 4 advertisements on "+service+" (1 added, 1 already watched)") {
		t.Fatalf("add again: exit %d %s", code, out)
	}
	if code, _, errs := h.run("watch", "add", "AB/12"); code != ExitUsage || !strings.Contains(errs, "AB/12") {
		t.Errorf("a bad PAID: exit %d %s", code, errs)
	}
	if code, _, errs := h.run("watch", "add"); code != ExitUsage || !strings.Contains(errs, "--list") {
		t.Errorf("nothing to add: exit %d %s", code, errs)
	}

	code, out, _ = h.run("watch", "list")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 5 || !strings.HasPrefix(lines[0], "PAID") || !strings.HasPrefix(lines[1], "AB12CD ") ||
		!strings.Contains(lines[3], "XK9P2M") || !strings.Contains(lines[1], "not polled yet") {
		t.Fatalf("list: exit %d\n%s", code, out)
	}
	code, out, _ = h.run("watch", "list", "--json")
	var w map[string]any
	if err := json.Unmarshal([]byte(strings.Split(out, "\n")[0]), &w); err != nil || code != 0 {
		t.Fatalf("list --json: %v %q", err, out)
	}
	for _, k := range []string{"paid", "lastStatus", "lastSeen", "lastChange", "lastVerdict", "service"} {
		if _, ok := w[k]; !ok {
			t.Errorf("list --json lacks %q: %v", k, w)
		}
	}

	code, out, errs = h.run("watch", "remove", "TN2026", "NEVER1")
	if code != ExitNotFound || !strings.Contains(out, "Stopped watching TN2026 on "+service) ||
		!strings.Contains(errs, "NEVER1 is not on the watchlist of "+service+": nothing to remove") {
		t.Errorf("remove: exit %d %s %s", code, out, errs)
	}
	if code, _, errs := h.run("watch", "remove", "NEVER1", "NEVER2"); code != ExitNotFound || !strings.Contains(errs, "NEVER1, NEVER2 are not on the watchlist") {
		t.Errorf("remove of two not watched: exit %d %s", code, errs)
	}
	if _, out, _ := h.run("watch", "list"); strings.Contains(out, "TN2026") {
		t.Errorf("still listed:\n%s", out)
	}
	if _, err := os.Stat(h.watchDB()); err != nil {
		t.Errorf("the database is not in the state directory: %v", err)
	}
}

// TestWatchRunOnceEventsAndExitCodes runs sweeps against a fake whose
// changing advertisement moves on each time: the lines, the JSON Lines
// and exit 0 or 1.
func TestWatchRunOnceEventsAndExitCodes(t *testing.T) {
	t.Parallel() // its own service, state directory and database
	h, _ := withService(t, fake.Options{})
	h.run("watch", "add", fake.ChangingPAID, "AB12CD")

	code, out, errs := h.run("watch", "run", "--once")
	if code != 0 || !strings.Contains(out, "REV2026  first  verdict undetermined") || !strings.Contains(out, "AB12CD  first  verdict INCOMPLETE") {
		t.Fatalf("sweep 1: exit %d\n%s%s", code, out, errs)
	}
	if !strings.Contains(errs, "swept 2 advertisements") {
		t.Errorf("no summary: %s", errs)
	}
	code, out, _ = h.run("watch", "run", "--once")
	if code != 1 || strings.Count(out, "\n") != 1 || !strings.Contains(out, "REV2026  changed  verdict undetermined → INCOMPLETE") ||
		!strings.Contains(out, "Campaign › Total value: EUR 18,400.00 → EUR 21,900.00") || strings.Contains(out, "AB12CD") {
		t.Fatalf("sweep 2 (AB12CD unchanged prints nothing): exit %d\n%s", code, out)
	}
	code, out, _ = h.run("watch", "run", "--once", "--json")
	var ev map[string]any
	if err := json.Unmarshal([]byte(out), &ev); code != 1 || err != nil {
		t.Fatalf("sweep 3: exit %d %v %q", code, err, out)
	}
	if ev["event"] != "vanished" || ev["status"] != 410.0 || ev["paid"] != fake.ChangingPAID {
		t.Errorf("vanished: %v", ev)
	}
	code, out, _ = h.run("watch", "run", "--once", "--json")
	if err := json.Unmarshal([]byte(out), &ev); code != 1 || err != nil || ev["event"] != "reappeared" {
		t.Fatalf("sweep 4: exit %d %q", code, out)
	}
	if v := ev["verdict"].(map[string]any); v["before"] != "incomplete" || v["after"] != "undetermined" {
		t.Errorf("reappeared: verdict %v", v)
	}
	if code, out, _ := h.run("watch", "run", "--once"); code != 1 || !strings.Contains(out, "Legal and Metadata › Notice version: 1.2 → 1.0") {
		t.Errorf("sweep 5: exit %d %s", code, out)
	}
	if code, out, errs := h.run("watch", "run", "--once"); code != 1 || slices.Contains(strings.Split(errs, "\n"), "padview: ") {
		t.Errorf("sweep 6: exit %d %s; stderr %q (an empty error line)", code, out, errs)
	}

	code, out, _ = h.run("watch", "log", "REV2026", "--since", "1h")
	blocks := strings.Split(out, "\n2026")
	if code != 0 || len(blocks) < 5 || !strings.Contains(blocks[0], "REV2026  changed") {
		t.Fatalf("log: exit %d\n%s", code, out)
	}
	if !strings.Contains(out, "    - Compliance and Funding › Transparency notice URL: removed (was https://") ||
		!strings.Contains(out, "    ~ Basic Information › Description: changed (personal data: its values are not kept)") ||
		!strings.Contains(out, "    ~ Transparency › Link to the transparency notice: present → missing") {
		t.Errorf("log lists the changes:\n%s", out)
	}
	_, out, _ = h.run("watch", "log", "--json")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 7 { // first ×2, changed, vanished, reappeared, changed ×2
		t.Errorf("log --json: %d lines\n%s", len(lines), out)
	}
	if _, same, _ := h.run("watch", "log", "--format", "json"); same != out {
		t.Errorf("--format json is not --json:\n%s", same)
	}
	testWatchLogTimeline(t, h)
}

// testWatchLogTimeline: --format text draws each advertisement's
// timeline in 60 columns (not a terminal) above its events, the newest
// advertisement first; --format html writes the same as one page.
func testWatchLogTimeline(t *testing.T, h *harness) {
	code, out, _ := h.run("watch", "log", "--format", "text")
	ads := strings.Split(out, "\n\nAB12CD: ")
	if code != 0 || len(ads) != 2 || !strings.HasPrefix(out, "REV2026: ") {
		t.Fatalf("exit %d\n%s", code, out)
	}
	rev := strings.Split(ads[0], "\n")
	if !strings.Contains(rev[0], " · 6 polls that changed") || rev[1] != watch.TimelineLegend ||
		!strings.HasPrefix(rev[2], "○") || strings.Count(rev[2], "◆") != 2 || !strings.Contains(rev[2], "✕") ||
		!strings.Contains(rev[2], "↺") || !strings.Contains(ads[0], "\n\n2026-") || !strings.Contains(ads[0], "REV2026  vanished  410") {
		t.Errorf("REV2026's timeline:\n%s", ads[0])
	}
	for _, l := range strings.Split(out, "\n") {
		if utf8.RuneCountInString(l) > 60 && !strings.HasPrefix(l, "2026-") && !strings.HasPrefix(l, "    ") {
			t.Errorf("a line of the strip wider than 60: %q", l)
		}
	}
	code, page, _ := h.run("watch", "log", "REV2026", "--format", "html")
	if code != 0 || !strings.HasPrefix(page, "<!DOCTYPE html>") || !strings.Contains(page, "default-src 'none'") ||
		!strings.Contains(page, "<h1>Watch history of REV2026</h1>") || !strings.Contains(page, "<pre aria-label=\"timeline\">\nREV2026: ") ||
		!strings.Contains(page, "<td>vanished</td>") || strings.Contains(page, "AB12CD") {
		t.Errorf("--format html: exit %d\n%s", code, page)
	}
	if code, _, errs := h.run("watch", "log", "--json", "--format", "text"); code != ExitUsage || !strings.Contains(errs, "give one of them") {
		t.Errorf("--json --format text: exit %d %s", code, errs)
	}
}

// TestWatchRunExitCodesAsGet: a failure's code is get's.
func TestWatchRunExitCodesAsGet(t *testing.T) {
	t.Parallel() // its own service, state directory and database
	for _, tc := range []struct {
		name  string
		paids []string
		args  []string
		token string
		want  int
		say   string
	}{
		{"never found", []string{"NOPE99"}, nil, "", ExitNotFound, "NOPE99  failed  404"},
		{"server error", []string{"DEMO-503"}, nil, "", ExitFailure, "DEMO-503  failed  503"},
		{"gave up on the rate limit", []string{"DEMO-429"}, []string{"--max-wait", "1s"}, "", ExitRateLimited, "DEMO-429  failed  429"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, _ := withService(t, fake.Options{DemoTriggers: true})
			h.opts = api.Options{MaxRetries: -1}
			if tc.token != "" {
				h.vars[keystore.EnvToken] = tc.token
			}
			h.run(append([]string{"watch", "add"}, tc.paids...)...)
			code, out, errs := h.run(append([]string{"watch", "run", "--once"}, tc.args...)...)
			if code != tc.want || !strings.Contains(out, tc.say) {
				t.Errorf("exit %d, want %d\n%s%s", code, tc.want, out, errs)
			}
		})
	}
	h := newHarness(t)
	h.vars[EnvBaseURL], h.vars[keystore.EnvToken] = "http://127.0.0.1:1/v1", fake.DemoToken
	for args, say := range map[string]string{
		"watch run --once":                   "nothing is watched on 127.0.0.1:1/v1 yet",
		"watch run --once --every 5m":        "drop --every",
		"watch run --rate 0":                 "--rate must be between 1 and 1000",
		"watch run --every 5s":               "between 10s and 31d",
		"watch run --on-change":              "flag needs an argument",
		"watch run --on-change 'a|b' --once": "without a shell",
	} {
		if code, _, errs := h.run(strings.Fields(strings.ReplaceAll(args, "'", ""))...); code != ExitUsage || !strings.Contains(errs, say) {
			t.Errorf("%s: exit %d %s", args, code, errs)
		}
	}
}

// TestWatchRunAfterARejectedToken: the sweep stops at the first 401
// (exit 4), says what to fix (here PADVIEW_TOKEN, which wins over the
// keyring) and how far it got, and records nothing: the refusal is about
// the token, not an advertisement. The next run, with a token the
// service takes, polls every advertisement, the refused one included.
func TestWatchRunAfterARejectedToken(t *testing.T) {
	t.Parallel() // its own service, state directory and database
	h, srv := withService(t, fake.Options{})
	paids := []string{"AB12CD", "TN2026", "XK9P2M"}
	h.run(append([]string{"watch", "add"}, paids...)...)
	h.vars[keystore.EnvToken] = "wrong-token-0000"
	code, out, errs := h.run("watch", "run", "--once")
	if code != ExitToken || out != "" || srv.Stats().Requests != 1 ||
		!strings.Contains(errs, "\nThe sweep stopped after 0 of 3 advertisements of this sweep; the next 'padview watch run' goes on with the 3 it had not polled.\n") ||
		!strings.Contains(errs, "HTTP 401") || !strings.Contains(errs, "the token comes from PADVIEW_TOKEN") {
		t.Fatalf("exit %d, %d requests\n%s%s", code, srv.Stats().Requests, out, errs)
	}
	if strings.Contains(errs, "swept") || strings.Contains(errs, "went on") {
		t.Errorf("a summary of a sweep that stopped: %s", errs)
	}
	if code, out, errs := h.run("watch", "log"); code != 0 || out != "" || !strings.Contains(errs, "No events") {
		t.Errorf("the 401 was stored as an event: exit %d\n%s%s", code, out, errs)
	}
	if _, out, _ := h.run("watch", "list"); strings.Contains(out, "401") || strings.Count(out, "not polled yet") != 3 {
		t.Errorf("the 401 was recorded as a poll:\n%s", out)
	}

	h.vars[keystore.EnvToken] = fake.DemoToken
	code, out, errs = h.run("watch", "run", "--once")
	if code != 0 || strings.Count(out, "  first  ") != 3 || !strings.Contains(errs, "went on with the sweep") || !strings.Contains(errs, ": 3 advertisements in") {
		t.Errorf("the resumed run: exit %d\n%s%s", code, out, errs)
	}
}

// TestWatchOnChange: the command hears of each change, with the event's
// JSON on stdin; one that fails is reported and the watch goes on.
func TestWatchOnChange(t *testing.T) {
	t.Parallel() // its own service, state directory and database
	if runtime.GOOS == "windows" {
		t.Skip("a POSIX shell")
	}
	h, _ := withService(t, fake.Options{})
	got := filepath.Join(t.TempDir(), "alerts.jsonl")
	h.run("watch", "add", fake.ChangingPAID, "AB12CD")
	hook := `sh -c 'cat >> "$0"; test "$PADVIEW_WATCH_EVENT" != vanished' ` + got
	code, _, errs := h.run("watch", "run", "--once", "--on-change", hook) // first: no alert
	if code != 0 || errs == "" {
		t.Fatalf("sweep 1: exit %d %s", code, errs)
	}
	if _, err := os.Stat(got); err == nil {
		t.Error("an alert for a first snapshot")
	}
	code, out, errs := h.run("watch", "run", "--once", "--on-change", hook)
	if code != 1 || !strings.Contains(out, "changed") || strings.Contains(errs, "--on-change for") {
		t.Fatalf("sweep 2: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = h.run("watch", "run", "--once", "--on-change", hook) // vanished: the hook fails
	if code != 1 || !strings.Contains(out, "vanished") || !strings.Contains(errs, "--on-change for REV2026 (vanished): sh -c ") ||
		!strings.Contains(errs, "exit status 1") {
		t.Fatalf("sweep 3: exit %d\n%s%s", code, out, errs)
	}
	b, _ := os.ReadFile(got)
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d alerts:\n%s", len(lines), b)
	}
	var ev map[string]any
	if err := json.Unmarshal([]byte(lines[0]), &ev); err != nil || ev["event"] != "changed" || len(ev["changes"].([]any)) < 5 {
		t.Errorf("the alert's stdin: %v %s", err, lines[0])
	}
}

// TestWatchDemoRunTwiceShowsAChange, in a database of the demo's own.
func TestWatchDemoRunTwiceShowsAChange(t *testing.T) {
	t.Parallel() // its own service, state directory and database
	h := newHarness(t)
	code, out, errs := h.run("--demo", "watch", "run", "--once")
	if code != 0 || !strings.Contains(out, "REV2026  first") || !strings.Contains(errs, "demo: watching REV2026, AB12CD, TN2026") {
		t.Fatalf("run 1: exit %d\n%s%s", code, out, errs)
	}
	code, out, _ = h.run("--demo", "watch", "run", "--once")
	if code != 1 || !strings.Contains(out, "REV2026  changed  verdict undetermined → INCOMPLETE") {
		t.Fatalf("run 2: exit %d\n%s", code, out)
	}
	demoDB := filepath.Join(h.vars[audit.EnvStateDir], "demo", watch.FileName)
	if _, err := os.Stat(demoDB); err != nil {
		t.Errorf("no demo database: %v", err)
	}
	if _, err := os.Stat(h.watchDB()); err == nil {
		t.Error("the demo wrote the real watch database")
	}
	if _, out, _ := h.run("watch", "list"); strings.Contains(out, "REV2026") {
		t.Error("the demo's watchlist shows outside the demo")
	}
}

// TestWatchTwoRunsAtOnce: the second refuses, naming the first.
func TestWatchTwoRunsAtOnce(t *testing.T) {
	h, srv := withService(t, fake.Options{})
	h.run("watch", "add", "AB12CD")
	service, _ := watch.Service(h.vars[EnvBaseURL])
	s, err := watch.Open(h.watchDB(), service)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	release, err := s.LockRun()
	if err != nil {
		t.Fatal(err)
	}
	code, _, errs := h.run("watch", "run", "--once")
	if code != ExitFailure || !strings.Contains(errs, "another padview watch run (process ") || srv.Stats().Requests != 0 {
		t.Errorf("exit %d, %d requests: %s", code, srv.Stats().Requests, errs)
	}
	// Reading and editing the watchlist need no lock.
	if code, _, errs := h.run("watch", "list"); code != 0 {
		t.Errorf("list during a run: %d %s", code, errs)
	}
	release()
	if code, _, errs := h.run("watch", "run", "--once"); code != 0 {
		t.Errorf("after the first: %d %s", code, errs)
	}
}

// TestTUIWatchCreatesTheDatabaseOnlyForW: the TUI is given the watch
// database of the profile (the demo's own with --demo); a look leaves no
// file behind, w (create) makes it, and the TUI's w and `watch list` then
// share it.
func TestTUIWatchCreatesTheDatabaseOnlyForW(t *testing.T) {
	h, _ := withService(t, fake.Options{})
	h.tty = true
	for _, tc := range []struct {
		args []string
		db   string
	}{
		{nil, h.watchDB()},
		{[]string{"--demo"}, filepath.Join(h.vars[audit.EnvStateDir], "demo", watch.FileName)},
	} {
		h.tuiCfg = nil
		if code, _, errs := h.run(tc.args...); code != 0 || h.tuiCfg == nil || h.tuiCfg.Watch == nil {
			t.Fatalf("%v: exit %d %s", tc.args, code, errs)
		}
		if s, err := h.tuiCfg.Watch(false); s != nil || err != nil {
			t.Fatalf("%v: a look opened %v, %v", tc.args, s, err)
		}
		if _, err := os.Lstat(tc.db); !os.IsNotExist(err) {
			t.Fatalf("%v: a look made %s: %v", tc.args, tc.db, err)
		}
		s, err := h.tuiCfg.Watch(true)
		if err != nil || s == nil {
			t.Fatalf("%v: w: %v", tc.args, err)
		}
		if _, err := s.Add([]string{"TN2026"}); err != nil {
			t.Fatal(err)
		}
		s.Close()
		if code, out, errs := h.run(append(tc.args, "watch", "list")...); code != 0 || !strings.Contains(out, "TN2026") {
			t.Errorf("%v: watch list: exit %d\n%s", tc.args, code, out+errs)
		}
		if s, err := h.tuiCfg.Watch(false); s == nil || err != nil {
			t.Errorf("%v: a look at the database w made: %v", tc.args, err)
		} else {
			s.Close()
		}
	}
}

// TestWatchProfilesOfTwoServicesKeepApart is the reviewer's run: two
// profiles of different services, swept in turn, never read each other's
// history as a change; each lists and logs its own, and the events name
// their service.
func TestWatchProfilesOfTwoServicesKeepApart(t *testing.T) {
	t.Parallel() // its own service, state directory and database
	h, prod := withService(t, fake.Options{})
	staging := startFake(t, fake.Options{})
	delete(h.vars, EnvBaseURL)
	h.writeConfig(fmt.Sprintf("[profiles.default]\nbase_url = %q\n[profiles.staging]\nbase_url = %q\n", prod.URL, staging.URL))
	prodSvc, _ := watch.Service(prod.URL)
	stagingSvc, _ := watch.Service(staging.URL)
	h.run("watch", "add", "AB12CD", "TN2026")
	h.run("--profile", "staging", "watch", "add", "AB12CD")
	for i, args := range [][]string{
		{"watch", "run", "--once", "--json"}, {"--profile", "staging", "watch", "run", "--once", "--json"},
		{"watch", "run", "--once", "--json"}, {"--profile", "staging", "watch", "run", "--once", "--json"},
	} {
		code, out, errs := h.run(args...)
		wantFirst := 0
		if i < 2 {
			wantFirst = 2 - i // 2 on prod, 1 on staging
		}
		if code != 0 || strings.Count(out, `"event":"first"`) != wantFirst || strings.Count(out, "\n") != wantFirst {
			t.Fatalf("run %d %v: exit %d\n%s%s", i+1, args, code, out, errs)
		}
	}
	_, out, _ := h.run("watch", "list", "--json")
	if strings.Count(out, "\n") != 2 || strings.Count(out, `"service":"`+prodSvc+`"`) != 2 {
		t.Errorf("the default profile's list:\n%s", out)
	}
	_, out, _ = h.run("--profile", "staging", "watch", "log", "--json")
	if strings.Count(out, "\n") != 1 || !strings.Contains(out, `"service":"`+stagingSvc+`"`) {
		t.Errorf("the staging profile's log:\n%s", out)
	}
	if prod.Stats().Requests != 4 || staging.Stats().Requests != 2 {
		t.Errorf("requests: %d to prod, %d to staging; each profile polls its own service", prod.Stats().Requests, staging.Stats().Requests)
	}
}

// TestWatchCommandsRefuseAnUndefinedProfile: like every command, with the
// profiles the config file defines.
func TestWatchCommandsRefuseAnUndefinedProfile(t *testing.T) {
	h, srv := withService(t, fake.Options{})
	h.writeConfig(fmt.Sprintf("[profiles.staging]\nbase_url = %q\n", srv.URL))
	for _, args := range [][]string{
		{"watch", "add", "AB12CD"}, {"watch", "list"}, {"watch", "log"}, {"watch", "remove", "AB12CD"}, {"watch", "run", "--once"},
	} {
		code, _, errs := h.run(append([]string{"--profile", "stagin"}, args...)...)
		if code != ExitUsage || !strings.Contains(errs, `profile "stagin" (from --profile) is not defined`) || !strings.Contains(errs, "its profiles are staging") {
			t.Errorf("%v: exit %d %s", args, code, errs)
		}
	}
	if _, err := os.Stat(h.watchDB()); err == nil {
		t.Error("a refused command made the database")
	}
}

// TestWatchOnChangeIsCheckedAtTheStart: a command that cannot run is
// refused before any request (exit 2), each in words of its own.
func TestWatchOnChangeIsCheckedAtTheStart(t *testing.T) {
	h, srv := withService(t, fake.Options{})
	h.run("watch", "add", "AB12CD")
	dir := t.TempDir()
	notExec := filepath.Join(dir, "notify.sh")
	os.WriteFile(notExec, []byte("#!/bin/sh\n"), 0o600)
	for cmd, say := range map[string]string{
		`notify "unclosed`:          "a quote is not closed",
		``:                          "the command is empty",
		`   `:                       "the command is empty",
		`padview-no-such-program x`: "padview-no-such-program: there is no such program on PATH",
		dir + "/missing.sh":         "missing.sh: there is no such file",
		notExec:                     "it is not executable",
	} {
		code, _, errs := h.run("watch", "run", "--once", "--on-change", cmd)
		if code != ExitUsage || !strings.Contains(errs, say) || strings.Contains(errs, "unbalanced") {
			t.Errorf("--on-change %q: exit %d %s", cmd, code, errs)
		}
	}
	if n := srv.Stats().Requests; n != 0 {
		t.Errorf("%d requests before the refusal", n)
	}
}

// TestWatchAddCountsAndListsBeyondAWorklist: a list for `watch add` may be
// as long as a watchlist (a worklist's 10,000 is not its bound), and the
// counts have thousands separators.
func TestWatchAddCountsAndListsBeyondAWorklist(t *testing.T) {
	t.Parallel() // its own service, state directory and database
	h, _ := withService(t, fake.Options{})
	var b strings.Builder
	for i := range 10_050 {
		fmt.Fprintf(&b, "PAD-2026-%012d\n", i)
	}
	h.stdin = b.String()
	code, out, errs := h.run("watch", "add", "--list", "-")
	if code != 0 || !strings.Contains(out, "Watching 10,050 advertisements on ") || !strings.Contains(out, "(10,050 added, 0 already watched)") {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	h.stdin = "AB12/CD\n"
	if code, _, errs := h.run("watch", "add", "--list", "-"); code != ExitUsage || !strings.Contains(errs, "the list has lines that are not PAIDs") {
		t.Errorf("a bad line: exit %d %s", code, errs)
	}
}

// Before anything was watched, list and log say so, exit 0 and make no
// database: the state directory may not even be writable.
func TestWatchListAndLogBeforeAnyWatch(t *testing.T) {
	t.Parallel() // its own service, state directory and database
	h, _ := withService(t, fake.Options{})
	for _, args := range [][]string{{"watch", "list"}, {"watch", "log"}, {"watch", "list", "--json"}} {
		code, out, errs := h.run(args...)
		if code != 0 || out != "" || errs != noWatchDatabase+"\n" {
			t.Errorf("%v: exit %d %q %q", args, code, out, errs)
		}
	}
	if _, err := os.Lstat(filepath.Join(h.vars[audit.EnvStateDir], watch.FileName)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a database was made: %v", err)
	}
}
