//go:build linux

package audit

import (
	"context"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/osfile"
)

// The tests that need Linux: a file size limit, chattr, real signals.

// childEnv marks the test binary run again by inChild.
const childEnv = "PADVIEW_AUDIT_TEST_CHILD"

// inChild runs the calling test again, alone, in a child process, and
// reports true in the parent (which is then done): a test that sets a
// process-wide limit must not set it on the test process, whose own files
// (go test's log) it would stop.
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

// setFileLimit sets RLIMIT_FSIZE (what `ulimit -f` sets) for the process
// (a child of the test's: see inChild) until the test ends. Go ignores SIGXFSZ, so a write past the
// limit fails with EFBIG, as a full disk fails with ENOSPC.
func setFileLimit(t *testing.T, limit int64) {
	t.Helper()
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &old); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: uint64(limit), Max: old.Max}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { syscall.Setrlimit(syscall.RLIMIT_FSIZE, &old) })
}

// A write that fails (the file may grow no more) leaves the log as it
// was: no line for a request that was not sent, no torn line, the chain
// intact; the failure says what to do.
func TestFailedWriteIsUndone(t *testing.T) {
	if inChild(t) {
		return
	}
	if runtime.GOOS == "windows" {
		t.Skip("RLIMIT_FSIZE")
	}
	l := openTemp(t)
	record(t, l, "AB12CD")
	before := size(t, l.Path())

	setFileLimit(t, before+40) // part of a line fits
	a, err := l.Begin(context.Background(), fullRequest)
	if a != nil || api.KindOf(err) != api.KindAccessLog || !strings.Contains(err.Error(), "ulimit -f") {
		t.Fatalf("Begin past the limit: %v", err)
	}
	if got := size(t, l.Path()); got != before {
		t.Fatalf("the log grew from %d to %d bytes", before, got)
	}
	wantIntact(t, l, 2)

	setFileLimit(t, 1<<20)
	a, err = l.Begin(context.Background(), fullRequest)
	if err != nil {
		t.Fatal(err)
	}
	afterBegin := size(t, l.Path())
	setFileLimit(t, afterBegin+40)
	if err := a.End(Outcome{Status: 200, Shown: []string{"email"}}); api.KindOf(err) != api.KindAccessLog {
		t.Fatalf("End past the limit: %v", err)
	}
	if got := size(t, l.Path()); got != afterBegin {
		t.Fatalf("the log is %d bytes after a failed outcome; want %d", got, afterBegin)
	}
	wantIntact(t, l, 3)
}

// When the head file cannot be replaced, the line written before it is
// taken back. The state directory is made immutable (chattr +i): no new
// file can be made in it, by root either, while the log still grows.
func TestFailedHeadTakesTheLineBack(t *testing.T) {
	l := openTemp(t)
	record(t, l, "AB12CD")
	before := size(t, l.Path())
	if out, err := exec.Command("chattr", "+i", l.dir.Path()).CombinedOutput(); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("chattr +i: %v %s", err, out)
		}
		t.Skipf("chattr +i: %v %s", err, out)
	}
	t.Cleanup(func() { exec.Command("chattr", "-i", l.dir.Path()).Run() })
	a, err := l.Begin(context.Background(), fullRequest)
	if a != nil || api.KindOf(err) != api.KindAccessLog || !strings.Contains(err.Error(), HeadPath(l.Path())) {
		t.Fatalf("Begin without a head file: %v", err)
	}
	if got := size(t, l.Path()); got != before {
		t.Fatalf("the log grew from %d to %d bytes", before, got)
	}
	exec.Command("chattr", "-i", l.dir.Path()).Run()
	wantIntact(t, l, 2)
}

// A signal ends the wait for the log's lock at once: nothing is written,
// and the signal is delivered again.
func TestSignalEndsTheWaitForTheLock(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGHUP")
	}
	l := openTemp(t)
	other, _ := os.Open(l.Path())
	defer other.Close()
	if taken, err := osfile.TryLock(other); !taken || err != nil {
		t.Fatalf("TryLock: %v %v", taken, err)
	}
	mine := make(chan os.Signal, 64)
	signal.Notify(mine, syscall.SIGHUP) // so that the test process lives on
	defer signal.Stop(mine)
	done := make(chan error)
	go func() {
		_, err := l.Begin(context.Background(), fullRequest)
		done <- err
	}()
	var err error
	for returned := false; !returned; {
		select {
		case err = <-done:
			returned = true
		default:
			syscall.Kill(os.Getpid(), syscall.SIGHUP) // until one lands while Begin waits
			<-mine
		}
	}
	if api.KindOf(err) != api.KindCanceled || !strings.Contains(err.Error(), "stopped by a signal while waiting for the access log's lock") {
		t.Fatalf("Begin: %v", err)
	}
	if size(t, l.Path()) != 0 {
		t.Error("a line was written")
	}
}
