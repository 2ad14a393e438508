package watch

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/fake"
)

// TestAVerdictChangeAloneIsAChange: the same answer judged otherwise (a
// newer padview's rules) is reported as changed, with the verdict and the
// rule as its changes, and stored as a snapshot of its own.
func TestAVerdictChangeAloneIsAChange(t *testing.T) {
	srv := startFake(t, fake.Options{})
	s := openTest(t)
	std := fetcher(t, srv, advert.Standard)
	s.Add([]string{"TN2026"})
	sweep(t, s, std)
	// As an older padview would have stored it.
	if _, err := s.db.Exec(`UPDATE snapshots SET verdict = 'incomplete'`); err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.Exec(`UPDATE checks SET statuses = replace(statuses, '"notice_url":"present"', '"notice_url":"missing"')`); err != nil {
		t.Fatal(err)
	}
	evs, _ := sweep(t, s, std)
	e := evs[0]
	if e.Kind != Changed || e.Verdict != (Verdict{Before: "incomplete", After: "undetermined"}) {
		t.Fatalf("%s, verdict %+v", e.Kind, e.Verdict)
	}
	ps := paths(e.Changes)
	if len(e.Changes) != 2 || ps[VerdictPath].After.Str != "undetermined" || ps["/transparency/notice_url"].Before.Str != "missing" {
		t.Errorf("changes %+v", e.Changes)
	}
	if got := ps["/transparency/notice_url"].Label(); got != "Transparency › Link to the transparency notice" {
		t.Errorf("label %q", got)
	}
	if e.Before == e.After || e.After == 0 {
		t.Errorf("no snapshot of its own: %d → %d", e.Before, e.After)
	}
	evs, _ = sweep(t, s, std)
	if evs[0].Kind != Unchanged {
		t.Errorf("then %s", evs[0].Kind)
	}
}

// TestAnUnchangedPollOnlyMovesLastSeen: no snapshot, no event.
func TestAnUnchangedPollOnlyMovesLastSeen(t *testing.T) {
	srv := startFake(t, fake.Options{})
	s := openTest(t)
	std := fetcher(t, srv, advert.Standard)
	clock := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)
	s.now = func() time.Time { clock = clock.Add(time.Minute); return clock }
	s.Add([]string{"AB12CD"})
	sweep(t, s, std)
	before, _ := s.Watches()
	count := func(table string) int {
		var n int
		s.db.QueryRow(`SELECT count(*) FROM ` + table).Scan(&n)
		return n
	}
	snaps, evs := count("snapshots"), count("events")
	sweep(t, s, std)
	after, _ := s.Watches()
	if count("snapshots") != snaps || count("events") != evs {
		t.Errorf("an unchanged poll stored a snapshot or event")
	}
	if !after[0].LastSeen.After(before[0].LastSeen) || !after[0].LastChange.Equal(before[0].LastChange) {
		t.Errorf("last seen %v → %v, last change %v → %v", before[0].LastSeen, after[0].LastSeen, before[0].LastChange, after[0].LastChange)
	}
}

// TestRemoveKeepsTheHistoryAndAddGoesOnFromIt: a PAID watched again is
// compared with its last snapshot, not greeted as new.
func TestRemoveKeepsTheHistoryAndAddGoesOnFromIt(t *testing.T) {
	srv := startFake(t, fake.Options{})
	s := openTest(t)
	std := fetcher(t, srv, advert.Standard)
	s.Add([]string{fake.ChangingPAID, "AB12CD"})
	sweep(t, s, std)
	removed, err := s.Remove([]string{fake.ChangingPAID, "NEVER1"})
	if err != nil || len(removed) != 1 || removed[0] != fake.ChangingPAID {
		t.Fatalf("removed %v %v", removed, err)
	}
	if n, _ := s.Count(); n != 1 {
		t.Fatalf("%d watched", n)
	}
	if _, ok, err := s.Watch(fake.ChangingPAID); ok || err != nil {
		t.Errorf("still watched: %v", err)
	}
	if w, ok, err := s.Watch("AB12CD"); !ok || err != nil || w.State != StateFound || w.Verdict != "incomplete" {
		t.Errorf("AB12CD: %+v %v %v", w, ok, err)
	}
	if evs, _ := s.Events(context.Background(), Query{PAIDs: []string{fake.ChangingPAID}}); len(evs) != 1 {
		t.Errorf("history after remove: %v", evs)
	}
	added, err := s.Add([]string{fake.ChangingPAID, "AB12CD"})
	if err != nil || added != 1 {
		t.Fatalf("added %d %v", added, err)
	}
	evs, _ := sweep(t, s, std)
	if k := kinds(evs)[fake.ChangingPAID]; k != Changed {
		t.Errorf("watched again: %s, want changed", k)
	}
}

// TestInterruptedSweepGoesOnWhereItStopped: the PAIDs polled before the
// interruption are not polled again until the next sweep.
func TestInterruptedSweepGoesOnWhereItStopped(t *testing.T) {
	srv := startFake(t, fake.Options{})
	s := openTest(t)
	s.Add([]string{"AB12CD", "TN2026", "XK9P2M", "ZZ7Q1A"})
	std := fetcher(t, srv, advert.Standard)
	ctx, cancel := context.WithCancel(context.Background())
	var polled []string
	two := make(chan struct{}) // the first two are recorded and reported
	p := &Poller{Store: s, Workers: 1, Emit: func(evs []Event) {
		for _, e := range evs {
			if polled = append(polled, e.PAID); len(polled) == 2 {
				close(two)
			}
		}
	}, Fetch: func(ctx context.Context, paid string) (*advert.Document, error) {
		if paid == "XK9P2M" { // interrupted while its request is in flight
			<-two
			cancel()
			return nil, ctx.Err()
		}
		return std(ctx, paid)
	}}
	sum, err := p.Sweep(ctx)
	if !errors.Is(err, context.Canceled) || sum.Done || len(polled) != 2 {
		t.Fatalf("err %v, done %v, polled %v", err, sum.Done, polled)
	}
	sw, ok, err := s.Unfinished()
	if err != nil || !ok || strings.Join(sw.Left, " ") != "XK9P2M ZZ7Q1A" {
		t.Fatalf("left %v %v %v", sw.Left, ok, err)
	}
	var asked []string // a request in flight when the sweep stopped may still reach the service: count this sweep's own
	evs, sum := sweep(t, s, func(ctx context.Context, paid string) (*advert.Document, error) {
		asked = append(asked, paid)
		return std(ctx, paid)
	})
	if !sum.Sweep.Resumed || sum.Sweep.ID != sw.ID || len(evs) != 2 || evs[0].PAID != "XK9P2M" || strings.Join(asked, " ") != "XK9P2M ZZ7Q1A" {
		t.Fatalf("resumed %v, events %v, requests %v", sum.Sweep.Resumed, evs, asked)
	}
	if _, ok, _ := s.Unfinished(); ok {
		t.Error("the resumed sweep is not marked done")
	}
	evs, sum = sweep(t, s, std)
	if sum.Sweep.Resumed || len(evs) != 4 {
		t.Errorf("the sweep after: resumed %v, %d events", sum.Sweep.Resumed, len(evs))
	}
}

// TestOneRunAtATime: the run lock refuses a second holder and names the
// first; it is free again once released.
func TestOneRunAtATime(t *testing.T) {
	s := openTest(t)
	release, err := s.LockRun()
	if err != nil {
		t.Fatal(err)
	}
	other, err := Open(s.Path(), testService)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	_, err = other.LockRun()
	var running *RunningError
	if !errors.As(err, &running) || running.PID != os.Getpid() || !strings.Contains(err.Error(), s.Path()) {
		t.Fatalf("second lock: %v", err)
	}
	release()
	release2, err := other.LockRun()
	if err != nil {
		t.Fatalf("after release: %v", err)
	}
	release2()
}

// TestStateFilesAreNeverFollowedOrShared: links, files open to others and
// a key that is not the database's are refused with what to do.
func TestStateFilesAreNeverFollowedOrShared(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Unix modes and owners")
	}
	dir := t.TempDir()
	target := filepath.Join(dir, "elsewhere.db")
	os.WriteFile(target, nil, 0o600)
	state := filepath.Join(dir, "state")
	os.Mkdir(state, 0o700)
	os.Symlink(target, filepath.Join(state, FileName))
	if _, err := Open(filepath.Join(state, FileName), testService); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("a linked database: %v", err)
	}
	os.Remove(filepath.Join(state, FileName))

	os.Symlink(target, filepath.Join(state, FileName+"-wal"))
	if _, err := Open(filepath.Join(state, FileName), testService); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("a linked WAL: %v", err)
	}
	os.Remove(filepath.Join(state, FileName+"-wal"))

	linkDir := filepath.Join(dir, "linked")
	os.Symlink(state, linkDir)
	if _, err := Open(filepath.Join(linkDir, FileName), testService); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("a linked state directory: %v", err)
	}

	shared := filepath.Join(dir, "shared")
	os.Mkdir(shared, 0o777)
	os.Chmod(shared, 0o777)
	if _, err := Open(filepath.Join(shared, FileName), testService); err == nil || !strings.Contains(err.Error(), "other users may write") {
		t.Errorf("a directory others can write: %v", err)
	}

	s, err := Open(filepath.Join(state, FileName), testService)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{s.Path(), filepath.Join(state, KeyFile), s.Path() + "-wal"} {
		if st, err := os.Stat(f); err != nil || st.Mode().Perm() != 0o600 {
			t.Errorf("%s: %v %v", f, st.Mode(), err)
		}
	}
	s.Close()
	os.Chmod(s.Path(), 0o664)
	if _, err := Open(s.Path(), testService); err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Errorf("a database others can write: %v", err)
	}
	// Readable by others (no personal value is in it): made private, as
	// the access log is, and used; the key too.
	os.Chmod(s.Path(), 0o644)
	os.Chmod(filepath.Join(state, KeyFile), 0o644)
	if s, err := Open(s.Path(), testService); err != nil {
		t.Errorf("a database others can read: %v", err)
	} else {
		s.Close()
	}
	for _, f := range []string{s.Path(), filepath.Join(state, KeyFile)} {
		if st, err := os.Stat(f); err != nil || st.Mode().Perm() != 0o600 {
			t.Errorf("%s was not made private: %v %v", f, st.Mode(), err)
		}
	}

	key := filepath.Join(state, KeyFile)
	os.Rename(key, key+".away")
	if _, err := Open(s.Path(), testService); err == nil || !strings.Contains(err.Error(), "key file") || !strings.Contains(err.Error(), "missing") {
		t.Errorf("a missing key: %v", err)
	}
	if _, err := os.Stat(key); err == nil {
		t.Error("a missing key was replaced by a new one")
	}
	os.WriteFile(key, make([]byte, keySize), 0o600)
	if _, err := Open(s.Path(), testService); err == nil || !strings.Contains(err.Error(), "not the one it was made with") {
		t.Errorf("another key: %v", err)
	}
	os.Rename(key+".away", key)
	s, err = Open(s.Path(), testService)
	if err != nil {
		t.Fatalf("the right key back: %v", err)
	}
	s.Close()
}

// TestANewerSchemaIsRefused rather than misread.
func TestANewerSchemaIsRefused(t *testing.T) {
	s := openTest(t)
	s.db.Exec(`UPDATE meta SET value = '99' WHERE name = 'schema_version'`)
	s.Close()
	if _, err := Open(s.Path(), testService); err == nil || !strings.Contains(err.Error(), "newer padview") {
		t.Errorf("%v", err)
	}
}

// TestAnAnswerTooLargeForTheHistoryFails rather than filling the disk.
func TestAnAnswerTooLargeForTheHistoryFails(t *testing.T) {
	s := openTest(t)
	s.Add([]string{"BIG1"})
	d := &advert.Document{PAID: "BIG1", Raw: make([]byte, MaxSnapshot+1)}
	ev, err := s.Record("BIG1", 1, d, nil)
	if err != nil || ev.Kind != Failed || !strings.Contains(ev.Error, "more than the 8.0 MiB") {
		t.Fatalf("%s %q %v", ev.Kind, ev.Error, err)
	}
	var n int
	s.db.QueryRow(`SELECT count(*) FROM snapshots`).Scan(&n)
	if n != 0 {
		t.Error("stored anyway")
	}
}

// TestRefusalsSayWhatFixesThem: each state file of the watch (the
// database, its key, SQLite's files beside it) is refused in statedir's
// words, under one prefix, with the fix for what is wrong: another user's
// file is moved away or taken back (chmod cannot change an owner), one
// others may write to is made private, a link is removed.
func TestRefusalsSayWhatFixesThem(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Unix modes and owners")
	}
	s := openTest(t)
	s.Close()
	dir := filepath.Dir(s.Path())
	type spoil func(path string) error
	chown := func(path string) error { return os.Chown(path, 65534, 65534) }
	writable := func(path string) error { return os.Chmod(path, 0o666) }
	link := func(path string) error {
		os.Rename(path, path+".real")
		return os.Symlink(path+".real", path)
	}
	for _, name := range []string{FileName, KeyFile, FileName + "-wal"} {
		for _, tc := range []struct {
			what  string
			spoil spoil
			says  []string
			not   string
		}{
			{"another user's", chown, []string{"belongs to uid 65534", "mv ", "chown "}, "chmod 600"},
			{"writable by others", writable, []string{"other users may write to it (mode 0666)", "chmod 600 "}, ""},
			{"a symbolic link", link, []string{"symbolic link", "rm "}, "chmod"},
		} {
			path := filepath.Join(dir, name)
			if _, err := os.Stat(path); err != nil {
				os.WriteFile(path, nil, 0o600) // the WAL is gone once the database is closed
			}
			before, _ := os.ReadFile(path)
			if err := tc.spoil(path); err != nil {
				if os.Getuid() != 0 && tc.what == "another user's" {
					continue // only root can give a file away
				}
				t.Fatal(err)
			}
			_, err := Open(s.Path(), testService)
			msg := fmt.Sprint(err)
			if !strings.HasPrefix(msg, "watch database: refusing "+path+": ") || (tc.not != "" && strings.Contains(msg, tc.not)) {
				t.Errorf("%s %s: %v", tc.what, name, err)
			}
			for _, say := range tc.says {
				if !strings.Contains(msg, say) {
					t.Errorf("%s %s: the refusal does not say %q: %v", tc.what, name, say, err)
				}
			}
			if after := mend(path); string(after) != string(before) {
				t.Errorf("%s %s: the refused file was changed", tc.what, name)
			}
		}
	}
	if s, err := Open(s.Path(), testService); err != nil {
		t.Fatalf("mended: %v", err)
	} else {
		s.Close()
	}
}

// mend puts a spoiled state file back as padview keeps it (its own, 0600,
// no link) and returns what it holds.
func mend(path string) []byte {
	if fi, _ := os.Lstat(path); fi.Mode()&os.ModeSymlink != 0 {
		os.Remove(path)
		os.Rename(path+".real", path)
	}
	os.Chown(path, os.Getuid(), os.Getgid())
	os.Chmod(path, 0o600)
	b, _ := os.ReadFile(path)
	return b
}

// A poll answered for another PAID says so in its event, and its snapshot
// keeps both PAIDs: the one polled and the one the answer named.
func TestAPollAnsweredForAnotherPAIDKeepsBoth(t *testing.T) {
	s := openTest(t)
	srv := startFake(t, fake.Options{})
	s.Add([]string{fake.SwappedPAID})
	evs, _ := sweep(t, s, fetcher(t, srv, advert.Standard))
	if len(evs) != 1 || evs[0].Kind != First || evs[0].AnsweredPAID != fake.AnsweredPAID {
		t.Fatalf("events %+v", evs)
	}
	line := string(evs[0].AppendJSON(nil))
	if !strings.HasPrefix(line, `{"paid":"SWAP1","answeredPaid":"ZZ9999","warning":"the service answered for ZZ9999, not SWAP1",`) {
		t.Errorf("event line %s", line)
	}
	snap, err := s.Snapshot(evs[0].After)
	if err != nil {
		t.Fatal(err)
	}
	if snap.Document.PAID != fake.SwappedPAID || snap.Document.AnsweredPAID != fake.AnsweredPAID {
		t.Errorf("snapshot of %q answered %q", snap.Document.PAID, snap.Document.AnsweredPAID)
	}
}

// The first poll stores the first snapshot, which is no change: "last
// change" stays empty until the answer changes (issue 24 §7), and an
// unchanged poll after it leaves it where the change put it.
func TestLastChangeIsTheFirstRealChange(t *testing.T) {
	srv := startFake(t, fake.Options{})
	s := openTest(t)
	std := fetcher(t, srv, advert.Standard)
	clock := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)
	s.now = func() time.Time { clock = clock.Add(time.Minute); return clock }
	s.Add([]string{fake.ChangingPAID})
	lastChange := func() time.Time {
		ws, err := s.Watches()
		if err != nil || len(ws) != 1 {
			t.Fatalf("%v %v", ws, err)
		}
		return ws[0].LastChange
	}
	if evs, _ := sweep(t, s, std); evs[0].Kind != First || !lastChange().IsZero() {
		t.Fatalf("first poll (%s): last change %v; want none", evs[0].Kind, lastChange())
	}
	evs, _ := sweep(t, s, std)
	changedAt := lastChange()
	if evs[0].Kind != Changed || !changedAt.Equal(evs[0].At.Truncate(time.Millisecond)) {
		t.Fatalf("second poll (%s at %v): last change %v", evs[0].Kind, evs[0].At, changedAt)
	}
}
