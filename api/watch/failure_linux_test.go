//go:build linux

package watch

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/api/statedir"
)

const childEnv = "PADVIEW_WATCH_TEST_CHILD"

// inChild runs the calling test again in a child process, whose limits
// may be lowered without touching the other tests, and reports true in
// the parent once the child passed.
func inChild(t *testing.T) bool {
	t.Helper()
	if os.Getenv(childEnv) != "" {
		return false
	}
	cmd := exec.Command(os.Args[0], "-test.run=^"+t.Name()+"$", "-test.v")
	cmd.Env = append(os.Environ(), childEnv+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: "+t.Name()) {
		t.Fatalf("in a child process: %v\n%s", err, out)
	}
	return true
}

// rawSQLiteError is how SQLite words a failure itself: "database or disk
// is full (13)", "disk I/O error (4874)".
var rawSQLiteError = regexp.MustCompile(`\(\d+\)|SQLITE_`)

// TestADatabaseThatCannotGrowSaysWhatToDo: when watch.db cannot grow (a
// full disk; here RLIMIT_FSIZE, what `ulimit -f` sets, since a tiny file
// system is not to be had in a test), the failure is worded as the access
// log's: which file, what went wrong, and what to do, with no SQLite code
// in it.
func TestADatabaseThatCannotGrowSaysWhatToDo(t *testing.T) {
	if inChild(t) {
		return
	}
	srv := startFake(t, fake.Options{})
	s := openTest(t)
	paids := make([]string, 400)
	for i := range paids {
		paids[i] = fmt.Sprintf("PAD-2026-%012d", i)
	}
	if _, err := s.Add(paids); err != nil {
		t.Fatal(err)
	}
	d, err := fetcher(t, srv, advert.Standard)(t.Context(), "TN2026")
	if err != nil {
		t.Fatal(err)
	}
	var old syscall.Rlimit
	syscall.Getrlimit(syscall.RLIMIT_FSIZE, &old)
	st, _ := os.Stat(s.Path())
	wal, _ := os.Stat(s.Path() + "-wal")
	limit := max(st.Size(), wal.Size()) + 1<<20 // some snapshots more, not 400
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: uint64(limit), Max: old.Max}); err != nil {
		t.Fatal(err)
	}
	defer syscall.Setrlimit(syscall.RLIMIT_FSIZE, &old)
	stored := 0
	for _, p := range paids {
		c := *d
		c.PAID = p
		if _, err = s.Record(p, 1, &c, nil); err != nil {
			break
		}
		stored++
	}
	t.Logf("after %d snapshots: %v", stored, err)
	if stored == 0 {
		t.Errorf("not one snapshot fitted under the limit of %d bytes", limit)
	}
	var f *statedir.Failure
	msg := fmt.Sprint(err)
	if err == nil || !strings.HasPrefix(msg, "watch database: cannot write to "+s.Path()+": ") ||
		!strings.Contains(msg, "free some space, or set PADVIEW_STATE_DIR to a directory on another disk") ||
		rawSQLiteError.MatchString(msg) || !asFailure(err, &f) || (f.Cause != statedir.DiskFull && f.Cause != statedir.DiskError) {
		t.Fatalf("the failure: %v", err)
	}
}

func asFailure(err error, f **statedir.Failure) bool {
	var we *Error
	if !errors.As(err, &we) {
		return false
	}
	return errors.As(we.Err, f)
}

// TestAWriteThatWaitsTooLongForTheLock: another connection holds the
// write lock past the wait: the failure names the lock and what to do.
func TestAWriteThatWaitsTooLongForTheLock(t *testing.T) {
	s := openTest(t)
	if _, err := s.db.Exec(`PRAGMA busy_timeout = 20`); err != nil { // the store's one connection
		t.Fatal(err)
	}
	holder, err := Open(s.Path(), testService)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	tx, err := holder.db.Begin() // _txlock=immediate: holds the write lock
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	_, err = s.Add([]string{"AB12CD"})
	msg := fmt.Sprint(err)
	if err == nil || !strings.HasPrefix(msg, "watch database: another program has held the lock on "+s.Path()+" for 5 s (another padview writing to it); try again") ||
		rawSQLiteError.MatchString(msg) {
		t.Fatalf("the failure: %v", err)
	}
}

// TestADatabaseThatCannotBeWrittenSaysWhatToDo: a database file made
// immutable (chattr +i: not even root may write it) is opened read-only
// by SQLite; a write says so in the access log's words.
func TestADatabaseThatCannotBeWrittenSaysWhatToDo(t *testing.T) {
	s := openTest(t)
	s.Close()
	if out, err := exec.Command("chattr", "+i", s.Path()).CombinedOutput(); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("chattr +i: %v %s", err, out)
		}
		t.Skipf("chattr +i: %v %s", err, out)
	}
	defer exec.Command("chattr", "-i", s.Path()).Run()
	ro, err := Open(s.Path(), testService)
	if err == nil {
		defer ro.Close()
		_, err = ro.Add([]string{"AB12CD"})
	}
	msg := fmt.Sprint(err)
	if err == nil || !strings.HasPrefix(msg, "watch database: cannot ") || !strings.Contains(msg, s.Path()) ||
		!strings.Contains(msg, "set PADVIEW_STATE_DIR to a") || rawSQLiteError.MatchString(msg) {
		t.Fatalf("the failure: %v", err)
	}
	t.Log(msg)
}
