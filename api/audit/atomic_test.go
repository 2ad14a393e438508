package audit

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/osfile"
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
		if taken, err := osfile.TryLock(other); !taken || err != nil {
			t.Fatalf("TryLock: %v %v", taken, err)
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
		osfile.Unlock(other)
		record(t, l, "AB12CD")
		wantIntact(t, l, 2)
	})
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
