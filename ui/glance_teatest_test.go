package ui

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/diff"
	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/api/watch"
)

// storedHistory is a watch database that holds a fixed history of
// REV2026: a month of polls, each at its own time, so that the History
// tab's timeline draws the same in every run.
type storedHistory struct{ events []watch.Event }

func (s storedHistory) Watch(paid string) (watch.Watch, bool, error) {
	last := s.events[0].At
	return watch.Watch{PAID: paid, Added: s.events[len(s.events)-1].At, State: "found", LastPolled: last, LastSeen: last, LastChange: last}, true, nil
}
func (storedHistory) Add([]string) (int, error)         { return 0, nil }
func (storedHistory) Remove([]string) ([]string, error) { return nil, nil }
func (s storedHistory) Events(_ context.Context, q watch.Query) ([]watch.Event, error) {
	return s.events, nil
}
func (storedHistory) Close() error { return nil }

// aMonthOfREV2026 is REV2026's history, newest first: a first snapshot,
// the amount, the period and a sponsor changed, the verdict flipped, it
// vanished and came back, then its targeting changed.
func aMonthOfREV2026() []watch.Event {
	base := time.Date(2026, 10, 1, 9, 0, 0, 0, time.UTC)
	day := 24 * time.Hour
	change := func(path, before, after string) watch.Change {
		return watch.Change{Path: path, Before: advert.StringValue(before), After: advert.StringValue(after), Kind: diff.Changed}
	}
	evs := []watch.Event{
		{At: base, Kind: watch.First, Verdict: watch.Verdict{After: "undetermined"}},
		{At: base.Add(4 * day), Kind: watch.Changed, Verdict: watch.Verdict{Before: "undetermined", After: "undetermined"},
			Changes: []watch.Change{change("/campaign/totalValue", "EUR 18,400", "EUR 21,900")}},
		{At: base.Add(9 * day), Kind: watch.Changed, Verdict: watch.Verdict{Before: "undetermined", After: "undetermined"},
			Changes: []watch.Change{change("/campaign/endDate", "2026-10-31", "2026-11-15"), change("/sponsors/Friends of the Estuary/contribution", "EUR 2,000", "EUR 3,000")}},
		{At: base.Add(15 * day), Kind: watch.Changed, Verdict: watch.Verdict{Before: "undetermined", After: "incomplete"},
			Changes: []watch.Change{change("/transparency/calculation", "unknown", "missing")}},
		{At: base.Add(22 * day), Kind: watch.Vanished, Status: 410, Error: "withdrawn by its sponsor", Verdict: watch.Verdict{Before: "incomplete"}},
		{At: base.Add(26 * day), Kind: watch.Reappeared, Verdict: watch.Verdict{Before: "incomplete", After: "incomplete"}},
		{At: base.Add(40 * day), Kind: watch.Changed, Verdict: watch.Verdict{Before: "incomplete", After: "incomplete"},
			Changes: []watch.Change{change("/targeting/techniques", "contextual", "none")}},
	}
	for i, j := 0, len(evs)-1; i < j; i, j = i+1, j-1 {
		evs[i], evs[j] = evs[j], evs[i]
	}
	return evs
}

// colourProgram is program on a colour terminal (ANSI 256, no NO_COLOR),
// where the status bar draws the budget's gauge.
func colourProgram(t *testing.T, cfg Config, w, h int) *teatest.TestModel {
	t.Helper()
	m, c := New(cfg), newClock()
	c.hold(t)
	c.set(&m)
	return teatest.NewTestModel(t, m, teatest.WithInitialTermSize(w, h),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.ANSI256), tea.WithEnvironment([]string{"TERM=xterm-256color"})))
}

// TestGoldenTimelineAndGauge runs padview on REV2026's stored month in a
// real Bubble Tea program at 120, 80 and 60 columns and holds the History
// tab's last frame to testdata/timeline-W.golden: the timeline above the
// events (all of it where the height allows), and the budget's gauge in
// the status bar where the width allows (120: beside its figure; 80 and
// 60: given up for the figure and the time). go test ./ui -run Golden
// -update writes them.
func TestGoldenTimelineAndGauge(t *testing.T) {
	t.Parallel() // each program has its own fake, clock and terminal
	for _, size := range [][2]int{{120, 36}, {80, 30}, {60, 24}} {
		w, h := size[0], size[1]
		s := startFake(t, fake.Options{})
		cfg := demoConfig(s)
		cfg.Watch = func(bool) (WatchStore, error) { return storedHistory{aMonthOfREV2026()}, nil }
		tm := colourProgram(t, cfg, w, h)
		tm.Type(fake.ChangingPAID)
		send(tm, "enter")
		waitFor(t, tm, "Bridges for Bikes")
		// the History tab comes with the watch history, read after the
		// answer with the watch state ("◉ watched"): shift+tab reaches it
		// only once it is there
		waitFor(t, tm, "watched")
		send(tm, "1", "shift+tab")
		waitFor(t, tm, "↺", "09:00Z") // a colour frame: text without a style change inside
		m := finalModel(t, tm)
		got := screen(m)
		for _, want := range []string{"○", "◆", "✕", "↺", "2026-11-10 09:00Z  changed"} {
			if !strings.Contains(got, want) {
				t.Fatalf("%d×%d lacks %q:\n%s", w, h, want, got)
			}
		}
		if gauge := strings.Contains(got, "left █") || strings.Contains(got, "left ▉"); gauge != (w >= 100) {
			t.Errorf("%d×%d: the gauge shows: %v\n%s", w, h, gauge, got)
		}
		golden(t, filepath.Join("testdata", "timeline-"+strconv.Itoa(w)+".golden"), normalizeFrame(got, s.URL))
	}
}

// normalizeFrame takes out of a frame what differs from run to run: the
// fake's port, the request id, the latency, the budget's real clock.
func normalizeFrame(got, url string) string {
	got = strings.ReplaceAll(got, strings.TrimPrefix(strings.TrimSuffix(url, "/v1"), "http://"), "127.0.0.1:PORT")
	got = replaceRequestID(got)
	got = regexp.MustCompile(`resets in [0-9ms]+`).ReplaceAllString(got, "resets in T")
	got = regexp.MustCompile(`200 · [<0-9.µnms]+ ·`).ReplaceAllString(got, "200 · T ·")
	got = regexp.MustCompile(` +\n`).ReplaceAllString(got, "\n")
	return regexp.MustCompile(`(fictional data|fake-N|· T) {2,}`).ReplaceAllString(got, "$1  ")
}

// golden holds got to the file at path (-update writes it).
func golden(t *testing.T, path, got string) {
	t.Helper()
	if updating() {
		os.MkdirAll(filepath.Dir(path), 0o755)
		os.WriteFile(path, []byte(got), 0o644)
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./ui -run Golden -update)", err)
	}
	if got != string(want) {
		t.Fatalf("the frame differs from %s:\n%s\n--- want ---\n%s", path, got, want)
	}
}
