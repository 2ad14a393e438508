package ui

import (
	"context"
	"database/sql"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/api/fake/faketest"
	"github.com/padview/padview/api/watch"
)

// watchDB is a real watch database on a temporary file, opened as the
// command line opens it for the TUI: only w creates it.
type watchDB struct {
	path  string
	store *watch.Store // the test's own connection, for setting up and checking
}

// testService is the service the tests' watch databases keep watches for.
const testService = "api.partner.example/v1"

func newWatchDB(t testing.TB) *watchDB {
	t.Helper()
	return &watchDB{path: filepath.Join(t.TempDir(), "state", watch.FileName)}
}

// watched is a database that watches paids, as `padview watch add` left it.
func watched(t testing.TB, paids ...string) *watchDB {
	t.Helper()
	d := newWatchDB(t)
	if _, err := d.own(t).Add(paids); err != nil {
		t.Fatal(err)
	}
	return d
}

// open is the Config.Watch the TUI is given.
func (d *watchDB) open(create bool) (WatchStore, error) {
	if _, err := os.Lstat(d.path); !create && errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	s, err := watch.Open(d.path, testService)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// own opens the test's connection (creating the database).
func (d *watchDB) own(t testing.TB) *watch.Store {
	t.Helper()
	if d.store == nil {
		s, err := watch.Open(d.path, testService)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		d.store = s
	}
	return d.store
}

// sweep polls the watchlist once, as `padview watch run --once` does,
// against srv (a fake of its own, so that the TUI's answers do not move
// the changing advertisement on).
func (d *watchDB) sweep(t testing.TB, srv *fake.Server) {
	t.Helper()
	p := &watch.Poller{Store: d.own(t), Workers: 1, Fetch: faketest.Fetcher(t, srv.URL, advert.Standard, api.Options{MaxRetries: -1})}
	if _, err := p.Sweep(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func watchConfig(t *testing.T, d *watchDB) Config {
	cfg := demoConfig(startFake(t, fake.Options{DemoTriggers: true}))
	cfg.Watch = d.open
	return cfg
}

// watchModel is the TUI on REV2026 at w×h with the database d.
func watchModel(t *testing.T, d *watchDB, w, h int) Model {
	t.Helper()
	m, _ := newModel(t, watchConfig(t, d), w, h)
	t.Cleanup(m.watch.link.close)
	return lookUpIn(t, m, fake.ChangingPAID)
}

func historyPane(m Model) (watchPane, bool) {
	for _, p := range m.deck.panes {
		if wp, ok := p.(watchPane); ok {
			return wp, true
		}
	}
	return watchPane{}, false
}

// onHistoryTab shows the History tab, which is last: shift+tab from the
// first.
func onHistoryTab(t *testing.T, m Model) Model {
	t.Helper()
	m = press(t, m, "1", "shift+tab")
	if tab(m) != historyLabel {
		t.Fatalf("the last tab is %q, not History:\n%s", tab(m), screen(m))
	}
	return m
}

// TestWatchKeyWatchesAndUnwatches: w puts the advertisement on screen on
// the watchlist of a database it creates (before it, looking leaves no
// file), says so in the message line, marks the header and brings the
// History tab; w again takes it off, and the tab and the mark go.
func TestWatchKeyWatchesAndUnwatches(t *testing.T) {
	t.Parallel()
	d := newWatchDB(t)
	m := watchModel(t, d, 120, 36)
	if _, err := os.Lstat(d.path); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("a lookup made the database: %v", err)
	}
	if _, ok := historyPane(m); ok || strings.Contains(screen(m), "watched") {
		t.Fatalf("not watched, yet:\n%s", screen(m))
	}

	m = press(t, m, "w")
	scr := screen(m)
	requireContains(t, scr, "REV2026 is watched: padview --demo watch run polls it.", "◉ watched")
	if p, ok := historyPane(m); !ok || p.Tab() != (Tab{Label: historyLabel, Count: "0", Empty: true}) {
		t.Fatalf("no empty History tab: %+v", p)
	}
	if w, ok, err := d.own(t).Watch(fake.ChangingPAID); err != nil || !ok || w.State != watch.StateNew {
		t.Fatalf("the watchlist: %+v %v %v", w, ok, err)
	}
	if tab(m) != "Advertiser" {
		t.Errorf("w moved the reader to %q", tab(m))
	}
	m = onHistoryTab(t, m)
	requireContains(t, screen(m), "not polled yet", "Nothing stored yet: padview --demo watch run polls REV2026")

	m = press(t, m, "w")
	scr = screen(m)
	requireContains(t, scr, "REV2026 is no longer watched; its history stays (padview watch log REV2026).")
	if _, ok := historyPane(m); ok || strings.Contains(scr, "◉ watched") || tab(m) != "Raw" {
		t.Fatalf("still shown as watched, on %q:\n%s", tab(m), scr)
	}
	if _, ok, _ := d.own(t).Watch(fake.ChangingPAID); ok {
		t.Fatal("still on the watchlist")
	}
	// The message is read with the next key.
	m = press(t, m, "j")
	if strings.Contains(screen(m), "no longer watched") {
		t.Error("the message outlived the next key")
	}
}

// TestWatchKeyInTheFullView watches the PAID only: the database gets no
// snapshot from the screen, and the message says so.
func TestWatchKeyInTheFullView(t *testing.T) {
	t.Parallel()
	d := newWatchDB(t)
	m, clk := newModel(t, watchConfig(t, d), 120, 36)
	t.Cleanup(m.watch.link.close)
	m = lookUpIn(t, m, "AB12CD")
	m = confirmFull(t, m, clk)
	if !m.ex.personal() {
		t.Fatalf("no full view:\n%s", screen(m))
	}
	m = press(t, m, "w")
	requireContains(t, screen(m), "AB12CD is watched: padview --demo watch run polls its standard view; nothing personal is stored.")
	evs, err := d.own(t).Events(context.Background(), watch.Query{})
	if err != nil || len(evs) != 0 {
		t.Fatalf("events %v %v", evs, err)
	}
}

// TestHistoryShowsTheSnapshotsAndTheirChanges: after two sweeps the
// History tab lists both snapshots, newest first and selected, with the
// changes between them as `padview diff` labels them; the personal change
// reads as changed, without a value or a hash; ↓ selects the first; /
// leaves the events that hold a word; y t copies the history as text.
func TestHistoryShowsTheSnapshotsAndTheirChanges(t *testing.T) {
	t.Parallel()
	d := watched(t, fake.ChangingPAID)
	poll := startFake(t, fake.Options{})
	d.sweep(t, poll)
	d.sweep(t, poll)

	m := onHistoryTab(t, watchModel(t, d, 120, 36))
	scr := screen(m)
	requireContains(t, scr, "History 2", "◉ watched", "2 events · last polled",
		"changed     INCOMPLETE  11 changes", "first       undetermined",
		"verdict undetermined → INCOMPLETE",
		"~ Campaign › Total value: EUR 18,400.00 → EUR 21,900.00",
		"~ Basic Information › Description: changed (personal",
		"~ Targeting › Techniques: contextual, demographic → none")
	p, _ := historyPane(m)
	requireContains(t, p.Text(), "REV2026  changed  verdict undetermined → INCOMPLETE\n",
		"\n    ~ Basic Information › Description: changed (personal data: its values are not kept)\n",
		"\n    ~ Transparency › Link to the transparency notice: present → missing\n",
		"REV2026  first  verdict undetermined\n")
	for _, seen := range []string{scr, p.Text()} {
		for _, secret := range []string{"hmac:", "press@bridgesforbikes.example", "campaign.office@bridgesforbikes.example"} {
			if strings.Contains(seen, secret) {
				t.Fatalf("the History tab shows %q:\n%s", secret, seen)
			}
		}
	}

	m = press(t, m, "down")
	requireContains(t, screen(m), "first · ", "The first snapshot: later polls are compared with it.")

	m = press(t, m, "/")
	m = typeText(t, m, "techniques")
	scr = screen(m)
	requireContains(t, scr, "1 of 2 events", "changed     INCOMPLETE", "Techniques")
	if strings.Contains(scr, "first       undetermined") {
		t.Fatalf("the find left the first snapshot:\n%s", scr)
	}
	m = press(t, m, "esc")
	requireContains(t, screen(m), "first       undetermined", "changed     INCOMPLETE")

	m = press(t, m, "y")
	if _, ok := m.modal.(copyMenu); !ok {
		t.Fatalf("y opened no copy menu:\n%s", screen(m))
	}
	requireContains(t, screen(m), "all of History, unwrapped")
	_, cmd := m.Update(keyMsg("t"))
	if c := messageOf[copied](t, cmd); c.text != p.Text() || c.what != "the History pane as text" {
		t.Errorf("t copied %q: %q", c.what, c.text)
	}
}

// TestHistoryReadsAgainOnR: r on the History tab reads the database
// again without a request: a sweep made meanwhile shows.
func TestHistoryReadsAgainOnR(t *testing.T) {
	t.Parallel()
	d := watched(t, fake.ChangingPAID)
	poll := startFake(t, fake.Options{})
	d.sweep(t, poll)
	m := onHistoryTab(t, watchModel(t, d, 80, 24))
	requireContains(t, screen(m), "History 1", "The first snapshot")
	sent := m.sess.client.Budget().Snapshot()

	d.sweep(t, poll)
	m = press(t, m, "r")
	requireContains(t, screen(m), "History 2", "11 changes", "Watch history read again (no request): 2 events.")
	if tab(m) != historyLabel || m.sess.pending != nil {
		t.Fatalf("on %q, pending %v", tab(m), m.sess.pending)
	}
	if now := m.sess.client.Budget().Snapshot(); now.Remaining != sent.Remaining {
		t.Errorf("r on the History tab made a request: %d left, was %d", now.Remaining, sent.Remaining)
	}
	// A third sweep: REV2026 is withdrawn (410), an event without a snapshot.
	d.sweep(t, poll)
	m = press(t, m, "r")
	requireContains(t, screen(m), "vanished    HTTP 410", "History 3")
	m = press(t, m, "g")
	requireContains(t, screen(m), "vanished · ", "410 · ")
}

// TestHistoryLaysOutAtEverySize: at 120×36 the changes sit beside the
// list, at 80×24 and 60×15 below it; no line is wider than the screen.
func TestHistoryLaysOutAtEverySize(t *testing.T) {
	t.Parallel()
	d := watched(t, fake.ChangingPAID)
	poll := startFake(t, fake.Options{})
	d.sweep(t, poll)
	d.sweep(t, poll)
	for _, size := range [][2]int{{120, 36}, {80, 24}, {60, 15}} {
		w, h := size[0], size[1]
		m := onHistoryTab(t, watchModel(t, d, w, h))
		scr := screen(m)
		lines := strings.Split(scr, "\n")
		if len(lines) != h {
			t.Errorf("%d×%d: %d lines", w, h, len(lines))
		}
		for _, l := range lines {
			if lipgloss.Width(l) > w {
				t.Errorf("%d×%d: a line of %d cells: %q", w, h, lipgloss.Width(l), l)
			}
		}
		requireContains(t, scr, "◉ watched", "changed     INCOMPLETE  11 changes", "first       undetermined", "changed · ", "~ Campaign › Total value")
		// The timeline above the list, as much as the height leaves room
		// for: all of it at 120×36, the rule and its words at 80×24, none at
		// 60×15, where the list and the changes need every line.
		legend, rule := strings.Contains(scr, watch.TimelineLegend), strings.Contains(scr, " ○─")
		if legend != (h >= 36) || rule != (h >= 24) || rule && !strings.Contains(scr, " first ") {
			t.Errorf("%d×%d: legend %v, rule %v:\n%s", w, h, legend, rule, scr)
		}
		// A click on the first row below the strip selects that row.
		if p, _ := historyPane(m); !func() bool { r, ok := p.rowAt(1, p.top()); return ok && r == p.offset }() {
			t.Errorf("%d×%d: the first row is not under the strip's %d lines", w, h, len(p.strip))
		}
		beside := false
		for _, l := range lines {
			if strings.Contains(l, "11 changes") && strings.Contains(l, "│ changed · ") {
				beside = true
			}
		}
		if beside != (w >= 100) {
			t.Errorf("%d×%d: changes beside the list: %v\n%s", w, h, beside, scr)
		}
	}
}

// TestWatchDatabaseThatFailsToOpen: a database padview must refuse (its
// directory a symbolic link, or the file open to others) is said once in
// the message line, and whole, with what to do, in a History tab; the
// advertisement shows with all its tabs, and w says it cannot watch.
func TestWatchDatabaseThatFailsToOpen(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, want string
		spoil      func(t *testing.T, d *watchDB)
	}{
		{"symlinked directory", "symbolic link", func(t *testing.T, d *watchDB) {
			real := filepath.Dir(d.path)
			link := filepath.Join(t.TempDir(), "link")
			if err := os.Symlink(real, link); err != nil {
				t.Skip(err)
			}
			d.path = filepath.Join(link, watch.FileName)
		}},
		{"file others may write to", "chmod 600", func(t *testing.T, d *watchDB) {
			if err := os.Chmod(d.path, 0o664); err != nil {
				t.Fatal(err)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := watched(t, fake.ChangingPAID)
			d.store.Close()
			tc.spoil(t, d)
			m := watchModel(t, d, 100, 30)
			scr := screen(m)
			requireContains(t, scr, "The watch database cannot be read: the History tab says why.", "2 Campaign", "Bridges for Bikes")
			if p, ok := historyPane(m); !ok || p.Tab().Count != "!" || strings.Contains(scr, "◉ watched") {
				t.Fatalf("shown as watched:\n%s", scr)
			}
			m = press(t, m, "2")
			requireContains(t, screen(m), "Bridges Plebiscite")
			m = onHistoryTab(t, m)
			requireContains(t, screen(m), "The watch database cannot be used, so padview cannot tell whether REV2026", tc.want, "r reads the database again")
			m = press(t, m, "w")
			requireContains(t, screen(m), "Cannot watch REV2026: the History tab says why.", tc.want)
			m = press(t, m, "r")
			requireContains(t, screen(m), "The watch history still cannot be read.")
			m = lookUpIn(t, m, "AB12CD")
			if strings.Contains(screen(m), "the History tab says why") {
				t.Errorf("the same problem was said again:\n%s", screen(m))
			}
			m = press(t, m, "3")
			requireContains(t, screen(m), "Friends of the Estuary")
		})
	}
}

// TestHistoryReadsWhileARunWrites: while `padview watch run` holds the run
// lock and a write of its own is under way (WAL), the TUI still reads the
// history.
func TestHistoryReadsWhileARunWrites(t *testing.T) {
	t.Parallel()
	d := watched(t, fake.ChangingPAID)
	d.sweep(t, startFake(t, fake.Options{}))
	release, err := d.own(t).LockRun()
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	db, err := sql.Open("sqlite", "file:"+d.path+"?_txlock=immediate")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	tx, err := db.Begin() // the write lock, held
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if _, err := tx.Exec(`UPDATE watches SET last_polled_at = last_polled_at`); err != nil {
		t.Fatal(err)
	}
	m := onHistoryTab(t, watchModel(t, d, 120, 36))
	requireContains(t, screen(m), "History 1", "The first snapshot")
}

// TestStaleWatchReadsAreDropped: a read of an advertisement the reader
// has left, or one older than the last asked for, changes nothing; what
// w did is said even so.
func TestStaleWatchReadsAreDropped(t *testing.T) {
	t.Parallel()
	d := watched(t, fake.ChangingPAID)
	m := watchModel(t, d, 120, 36)
	if _, ok := historyPane(m); !ok {
		t.Fatalf("REV2026 is watched:\n%s", screen(m))
	}
	late := messageOf[watchRead](t, m.readWatch()) // asked, then the reader moves on
	m = lookUpIn(t, m, "AB12CD")
	next, _ := m.Update(late)
	m = next.(Model)
	if _, ok := historyPane(m); ok || strings.Contains(screen(m), "◉ watched") {
		t.Fatalf("REV2026's history on AB12CD:\n%s", screen(m))
	}
	old := watchRead{id: m.watch.want - 1, paid: "AB12CD", hist: &watchHistory{paid: "AB12CD", hay: &lineIndex{}},
		said: &status{level: levelOK, text: "AB12CD is watched: padview --demo watch run polls it."}}
	next, _ = m.Update(old)
	m = next.(Model)
	if _, ok := historyPane(m); ok {
		t.Fatal("an older answer was taken")
	}
	requireContains(t, screen(m), "AB12CD is watched")
}

// TestProgramWatchThenHistory runs w and the History tab in a real Bubble
// Tea program at 80×24: REV2026 is watched, two sweeps of a watch run
// store a change meanwhile, and r on the History tab shows it.
func TestProgramWatchThenHistory(t *testing.T) {
	t.Parallel() // each program has its own fake, clock and terminal
	d := newWatchDB(t)
	tm, _ := program(t, watchConfig(t, d), 80, 24)
	tm.Type(fake.ChangingPAID)
	send(tm, "enter")
	waitFor(t, tm, "Bridges for Bikes")
	send(tm, "w")
	waitFor(t, tm, "REV2026 is watched", "◉ watched")
	poll := startFake(t, fake.Options{})
	d.sweep(t, poll)
	d.sweep(t, poll)
	send(tm, "1", "shift+tab")
	waitFor(t, tm, "History")
	send(tm, "r")
	waitFor(t, tm, "11 changes", "verdict undetermined → INCOMPLETE")
	m := finalModel(t, tm)
	defer m.watch.link.close()
	if p, ok := historyPane(m); !ok || len(p.h.events) != 2 || tab(m) != historyLabel {
		t.Fatalf("final: on %q, %+v", tab(m), p.h)
	}
}

// TestAFailedLookupOfAWatchedAdvertisementHasItsHistory: a lookup of a
// watched advertisement that failed (it may have vanished) has its
// History tab after Error and Raw, and there r reads the history, as the
// key line and the status bar say.
func TestAFailedLookupOfAWatchedAdvertisementHasItsHistory(t *testing.T) {
	t.Parallel()
	d := watched(t, "DEMO-503")
	m, _ := newModel(t, watchConfig(t, d), 100, 30)
	t.Cleanup(m.watch.link.close)
	m = lookUpIn(t, m, "DEMO-503")
	var labels []string
	for _, p := range m.deck.panes {
		labels = append(labels, p.Tab().Label)
	}
	if strings.Join(labels, ",") != "Error,Raw,History" {
		t.Fatalf("tabs %v", labels)
	}
	requireContains(t, screen(m), "r retry", "· r retries")
	m = onHistoryTab(t, m)
	scr := screen(m)
	requireContains(t, scr, "◉ watched", "r read again", "not polled yet")
	if strings.Contains(scr, "r retr") {
		t.Errorf("r is offered as a retry on the History tab:\n%s", scr)
	}
}
