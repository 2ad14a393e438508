package audit

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"testing/synctest"
	"time"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/statedir"
)

var fullRequest = Request{Profile: "default", Host: "partner.example", PAID: "AB12CD", View: advert.Full, Reason: "Compliance review"}

func size(t *testing.T, path string) int64 {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Size()
}

func wantIntact(t *testing.T, l *Log, lines int) {
	t.Helper()
	if n, err := check(l); n != lines || err != nil {
		t.Fatalf("check: %d lines, %v; want %d intact", n, err, lines)
	}
}

func wantInterrupted(t *testing.T, l *Log, line int, says string) {
	t.Helper()
	_, err := check(l)
	var in *Interrupted
	if !errors.As(err, &in) || in.Line != line || !strings.Contains(in.Reason, says) {
		t.Fatalf("check: %v; want an interrupted write at line %d (%s)", err, line, says)
	}
}

// A write padview did not finish (killed between a line and its head
// file, or in the middle of a line) is told from an edit: Check says
// Interrupted, Recover completes it, and so does the next line padview
// writes, which says so.
func TestInterruptedWriteIsToldFromAnEdit(t *testing.T) {
	ctx := context.Background()
	behindHead := func(t *testing.T) *Log {
		l := openTemp(t)
		record(t, l, "AB12CD")
		head, _ := os.ReadFile(HeadPath(l.Path()))
		if _, err := l.Begin(ctx, fullRequest); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(HeadPath(l.Path()), head, 0o600) // as if killed before the head file
		return l
	}
	torn := func(t *testing.T, keepNewline bool) *Log {
		l := openTemp(t)
		record(t, l, "AB12CD")
		lines := readLines(t, l.Path())
		head, _ := os.ReadFile(HeadPath(l.Path()))
		record(t, l, "XK9P2M")
		third := readLines(t, l.Path())[2]
		if !keepNewline {
			third = third[:len(third)/2]
		}
		os.WriteFile(l.Path(), []byte(strings.Join(lines, "\n")+"\n"+third), 0o600)
		os.WriteFile(HeadPath(l.Path()), head, 0o600)
		return l
	}

	t.Run("head file one line behind", func(t *testing.T) {
		l := behindHead(t)
		wantInterrupted(t, l, 3, "between writing entry 3 and its head file")
		did, err := Recover(ctx, l.dir)
		if err != nil || !strings.Contains(did, "completed the head file for entry 3") {
			t.Fatalf("recover: %q, %v", did, err)
		}
		wantIntact(t, l, 3)
		if did, err := Recover(ctx, l.dir); did != "" || err != nil {
			t.Errorf("recovering an intact log: %q, %v", did, err)
		}
	})
	t.Run("head file one line behind, next line", func(t *testing.T) {
		l := behindHead(t)
		record(t, l, "XK9P2M")
		wantIntact(t, l, 5)
		if lines := readLines(t, l.Path()); !strings.Contains(lines[3], `"recovered":"completed the head file for entry 3`) {
			t.Errorf("the line after does not say what it completed: %s", lines[3])
		}
	})
	t.Run("first line without a head file", func(t *testing.T) {
		l := openTemp(t)
		l.Begin(ctx, fullRequest)
		os.Remove(HeadPath(l.Path()))
		wantInterrupted(t, l, 1, "first line")
		if _, err := Recover(ctx, l.dir); err != nil {
			t.Fatal(err)
		}
		wantIntact(t, l, 1)
	})
	for _, c := range []struct {
		name    string
		newline bool
		says    string
	}{{"line cut in the middle", false, "the line is incomplete"}, {"line without its newline", true, "the line has no end"}} {
		t.Run(c.name, func(t *testing.T) {
			l := torn(t, c.newline)
			before := size(t, l.Path())
			wantInterrupted(t, l, 3, c.says)
			did, err := Recover(ctx, l.dir)
			if err != nil || !strings.Contains(did, "bytes of a line padview had not finished writing") {
				t.Fatalf("recover: %q, %v", did, err)
			}
			wantIntact(t, l, 2)
			if size(t, l.Path()) >= before {
				t.Error("the incomplete line is still there")
			}
		})
		t.Run(c.name+", next line", func(t *testing.T) {
			l := torn(t, c.newline)
			record(t, l, "ZZ7Q1A")
			wantIntact(t, l, 4)
			if lines := readLines(t, l.Path()); !strings.Contains(lines[2], `"recovered":"cut `) {
				t.Errorf("the line after does not say what it cut: %s", lines[2])
			}
		})
	}
	t.Run("an edit is no interruption", func(t *testing.T) {
		l := openTemp(t)
		record(t, l, "AB12CD")
		lines := readLines(t, l.Path())
		lines[1] = strings.Replace(lines[1], `"status":200`, `"status":404`, 1)
		os.WriteFile(l.Path(), []byte(strings.Join(lines, "\n")+"\n"), 0o600)
		var b *Broken
		if _, err := check(l); !errors.As(err, &b) {
			t.Fatalf("check: %v", err)
		}
		did, err := Recover(ctx, l.dir)
		if did != "" || !errors.As(err, &b) {
			t.Fatalf("recover of an edited log: %q, %v", did, err)
		}
		if got := readLines(t, l.Path()); got[1] != lines[1] {
			t.Error("recover changed an edited log")
		}
	})
}

// setFileLimit sets RLIMIT_FSIZE (what `ulimit -f` sets) for the test
// process until the test ends. Go ignores SIGXFSZ, so a write past the
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

// The lock is waited for at most LockWait, and no longer than the caller
// wants; then the error says what holds it.
func TestLockWaitIsBoundedAndInterruptible(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		l := openTemp(t)
		other, err := os.Open(l.Path()) // another process's hold on the lock
		if err != nil {
			t.Fatal(err)
		}
		defer other.Close()
		if taken, err := tryLock(other); !taken || err != nil {
			t.Fatalf("tryLock: %v %v", taken, err)
		}
		start := time.Now()
		_, err = l.Begin(context.Background(), fullRequest)
		if waited := time.Since(start); waited != LockWait || api.KindOf(err) != api.KindAccessLog ||
			!strings.Contains(err.Error(), "held the lock") {
			t.Fatalf("after %v: %v", waited, err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(2*time.Second, cancel) // Ctrl-C
		start = time.Now()
		_, err = l.Begin(ctx, fullRequest)
		if waited := time.Since(start); waited != 2*time.Second || api.KindOf(err) != api.KindCanceled {
			t.Fatalf("canceled after %v: %v", waited, err)
		}
		if _, err := check(l); api.KindOf(err) != api.KindAccessLog {
			t.Fatalf("check while locked: %v", err)
		}
		unlockFile(other)
		record(t, l, "AB12CD")
		wantIntact(t, l, 2)
	})
}

// A signal that comes while a line is written is held, and delivered
// again once the line and its head file are whole: whoever listens hears
// it twice, the process dies of it only then (as the binary's tests see).
func TestSignalsAreHeldAndDeliveredAgain(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGHUP")
	}
	mine := make(chan os.Signal, 4)
	signal.Notify(mine, syscall.SIGHUP) // so that the test process lives on
	defer signal.Stop(mine)
	h := holdSignals()
	syscall.Kill(os.Getpid(), syscall.SIGHUP)
	<-mine
	h.release()
	if len(h.delivered) != 1 || h.delivered[0] != syscall.SIGHUP {
		t.Fatal("the hold did not catch the signal")
	}
	<-mine // delivered again
}

// A SIGPIPE (a write to stdout after its reader went) that comes while
// signals are held does not end the process there; release makes the
// write again, and the process ends of SIGPIPE then, as it would have.
// Without the hold it ends at the write itself. Each runs in a child
// whose stdout is a pipe without a reader.
func TestHeldSIGPIPEEndsTheProcessAfterward(t *testing.T) {
	if mode := os.Getenv("PADVIEW_SIGPIPE_CHILD"); mode != "" {
		var h *hold
		if mode == "held" {
			h = holdSignals()
		}
		_, err := os.Stdout.Write([]byte("x"))
		fmt.Fprintf(os.Stderr, "alive after the write: %v\n", err)
		if h != nil {
			h.release()
		}
		fmt.Fprintln(os.Stderr, "alive after release")
		os.Exit(0)
	}
	if runtime.GOOS == "windows" {
		t.Skip("no SIGPIPE")
	}
	for _, c := range []struct{ mode, says string }{{"held", "alive after the write: write /dev/stdout: broken pipe"}, {"not held", ""}} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestHeldSIGPIPEEndsTheProcessAfterward$")
		cmd.Env = append(os.Environ(), "PADVIEW_SIGPIPE_CHILD="+c.mode)
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		r.Close()
		cmd.Stdout = w
		var stderr strings.Builder
		cmd.Stderr = &stderr
		err = cmd.Run()
		w.Close()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGPIPE {
			t.Fatalf("%s: the child did not end of SIGPIPE: %v, stderr %q", c.mode, err, stderr.String())
		}
		if strings.TrimSpace(stderr.String()) != c.says {
			t.Errorf("%s: stderr %q; want %q", c.mode, stderr.String(), c.says)
		}
	}
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
	if taken, err := tryLock(other); !taken || err != nil {
		t.Fatalf("tryLock: %v %v", taken, err)
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

// BenchmarkFullViewRecord is what the access log adds to one full-view
// lookup: the request line and its outcome, each with its head file, the
// lock, the checks of the state directory and files, and the held signals.
func BenchmarkFullViewRecord(b *testing.B) {
	d, err := statedir.At(b.TempDir(), true)
	if err != nil {
		b.Fatal(err)
	}
	l, err := OpenIn(d)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		a, err := l.Begin(context.Background(), fullRequest)
		if err != nil {
			b.Fatal(err)
		}
		if err := a.End(Outcome{Status: 200, Shown: []string{"email"}}); err != nil {
			b.Fatal(err)
		}
	}
}
