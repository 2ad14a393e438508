//go:build unix

// The watch's delivery under signals and a closed stdout: FIFOs, and
// signals Windows does not have.

package e2e

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// volatileWatch is a hostile fake for the watch: every answer carries a
// timestamp that moves each poll, so that every poll after the first is a
// change. hold, when set, is called before the answer to a PAID's poll
// (the test decides when the answer goes).
type volatileWatch struct {
	*httptest.Server
	mu    sync.Mutex
	polls map[string]int
	hold  func(paid string)
}

func startVolatileWatch(t *testing.T) *volatileWatch {
	v := &volatileWatch{polls: map[string]int{}}
	v.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		paid := r.URL.Path[strings.LastIndexByte(r.URL.Path, '/')+1:]
		v.mu.Lock()
		v.polls[paid]++
		n, hold := v.polls[paid], v.hold
		v.mu.Unlock()
		if hold != nil {
			hold(paid)
		}
		stamp := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC).Add(time.Duration(n) * time.Hour).Format(time.RFC3339)
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"paid":%q,"advertiser":{"companyName":"Riverside Civic Alliance"},"campaign":{"name":"Clean Rivers 2026"},`+
			`"legalAndMetadata":{"noticeVersion":"1.2","lastUpdated":%q}}`, paid, stamp)
	}))
	t.Cleanup(v.Close)
	return v
}

func (v *volatileWatch) setHold(f func(string)) {
	v.mu.Lock()
	v.hold = f
	v.mu.Unlock()
}

// eventLine is what these tests read of a JSON line.
type eventLine struct {
	ID    string `json:"id"`
	PAID  string `json:"paid"`
	Event string `json:"event"`
}

func readEvents(t *testing.T, b []byte) []eventLine {
	t.Helper()
	var out []eventLine
	for _, line := range bytes.Split(bytes.TrimSpace(b), []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		var e eventLine
		if err := json.Unmarshal(line, &e); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		out = append(out, e)
	}
	return out
}

func ids(evs []eventLine) []string {
	var out []string
	for _, e := range evs {
		out = append(out, e.ID)
	}
	return out
}

// watchedOnce puts paids on a new watchlist of v's service and sweeps it
// once, so that every poll after is a change; it returns the state
// directory.
func watchedOnce(t *testing.T, v *volatileWatch, paids []string) string {
	t.Helper()
	state := t.TempDir()
	if out, err := watchProcess(t, state, v.URL, append([]string{"watch", "add"}, paids...)...).CombinedOutput(); err != nil {
		t.Fatalf("add: %v %s", err, out)
	}
	if out, err := watchProcess(t, state, v.URL, "watch", "run", "--once", "--rate", "1000").CombinedOutput(); err != nil {
		t.Fatalf("the first sweep: %v %s", err, out)
	}
	return state
}

// TestWatchSignalsBetweenEventAndAlertLoseNothing interrupts the real
// binary by each signal while its events are printed and their alerts
// wait (10 changes, a hook that holds on the third): no event is lost.
// The hook tells the test through a FIFO that it holds, so the signal
// comes exactly then. SIGINT and SIGTERM end the run at once (130, 143)
// naming the 8 events it did not deliver; SIGHUP and SIGKILL end it
// without a word. Either way the next run delivers those 8 first, saying
// so, under the ids they were printed with, and runs their alerts: each
// of the 10 events reached the hook at least once, the third twice (its
// hook had it when the signal came: the id tells the receiver).
func TestWatchSignalsBetweenEventAndAlertLoseNothing(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGKILL} {
		t.Run(sig.String(), func(t *testing.T) {
			t.Parallel() // its own binary run, directories and service: it waits on the child, not on the CPU
			v := startVolatileWatch(t)
			paids := []string{"SIG001", "SIG002", "SIG003", "SIG004", "SIG005", "SIG006", "SIG007", "SIG008", "SIG009", "SIG010"}
			state := watchedOnce(t, v, paids)

			dir := t.TempDir()
			for _, fifo := range []string{"ready", "hold"} {
				if err := syscall.Mkfifo(filepath.Join(dir, fifo), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			hook := filepath.Join(dir, "hook.sh")
			os.WriteFile(hook, []byte("#!/bin/sh\ncat >> \"$1/alerts.jsonl\"\necho \"$PADVIEW_WATCH_PAID\" > \"$1/ready\"\ncat \"$1/hold\" > /dev/null\n"), 0o700)
			t.Cleanup(func() { release(dir, true) }) // a hook padview left behind (SIGHUP, SIGKILL) ends

			run := watchProcess(t, state, v.URL, "watch", "run", "--once", "--json", "--rate", "1000", "--on-change", hook+" "+dir)
			stdout, _ := run.StdoutPipe()
			var stderr bytes.Buffer
			run.Stderr = &stderr
			if err := run.Start(); err != nil {
				t.Fatal(err)
			}
			lines := bufio.NewReader(stdout)
			var printed []eventLine
			for len(printed) < len(paids) {
				line, err := lines.ReadBytes('\n')
				if err != nil {
					t.Fatalf("after %d events: %v\n%s", len(printed), err, stderr.String())
				}
				printed = append(printed, readEvents(t, line)...)
			}
			for range 2 { // two alerts run to their end
				waitReady(t, dir)
				release(dir, false)
			}
			waitReady(t, dir) // the third holds: its event printed, its alert under way
			if err := run.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			rest, _ := io.ReadAll(lines)
			err := run.Wait()
			var ee *exec.ExitError
			switch sig {
			case syscall.SIGINT, syscall.SIGTERM:
				msg := stderr.String()
				if code := exitCode(err); code != 128+int(sig) || len(bytes.TrimSpace(rest)) != 0 {
					t.Fatalf("exit %d, more output %q\n%s", code, rest, msg)
				}
				want := fmt.Sprintf("8 events were not delivered (printed and alerted): %s changed, %s changed, ", printed[2].PAID, printed[3].PAID)
				if !strings.Contains(msg, "padview: interrupted ") || !strings.Contains(msg, want) || !strings.Contains(msg, ", and 3 more; the next 'padview watch run' delivers them first, under the same ids") {
					t.Errorf("stderr does not say %q:\n%s", want, msg)
				}
			default:
				if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != sig {
					t.Fatalf("not ended by %s: %v\n%s", sig, err, stderr.String())
				}
				release(dir, true) // its hook, in a process group of its own, outlives it
			}

			os.WriteFile(hook, []byte("#!/bin/sh\ncat >> \"$1/alerts.jsonl\"\n"), 0o700)
			next := watchProcess(t, state, v.URL, "watch", "run", "--once", "--json", "--rate", "1000", "--on-change", hook+" "+dir)
			var nextErr bytes.Buffer
			next.Stderr = &nextErr
			out, err := next.Output()
			again := readEvents(t, out)
			if code := exitCode(err); code != 1 || !strings.Contains(nextErr.String(), "padview: 8 events from an interrupted run, delivered first") ||
				len(again) != 8+len(paids) || !slices.Equal(ids(again[:8]), ids(printed[2:])) {
				t.Fatalf("the next run: exit %d, %d events (first %v, want %v)\n%s", code, len(again), ids(again[:min(8, len(again))]), ids(printed[2:]), nextErr.String())
			}
			b, _ := os.ReadFile(filepath.Join(dir, "alerts.jsonl"))
			alerted := ids(readEvents(t, b))
			for _, e := range printed {
				n := 0
				for _, a := range alerted {
					if a == e.ID {
						n++
					}
				}
				if n == 0 || (n > 1 && e.ID != printed[2].ID) {
					t.Errorf("event %s (%s) reached the hook %d times", e.ID, e.PAID, n)
				}
			}
			if !slices.Equal(alerted[:3], ids(printed[:3])) || !slices.Equal(alerted[3:11], ids(printed[2:])) {
				t.Errorf("the hook had %v; printed %v", alerted[:min(11, len(alerted))], ids(printed))
			}
		})
	}
}

// waitReady waits for the hook to say, through the FIFO ready, that it
// has its event and holds.
func waitReady(t *testing.T, dir string) {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, "ready")) // blocks until the hook opens it
	if err != nil {
		t.Fatal(err)
	}
	io.ReadAll(f)
	f.Close()
}

// release lets the hook that holds end: it reads the FIFO hold to its
// end. gone: there may be none (opened without waiting).
func release(dir string, gone bool) {
	flags := os.O_WRONLY
	if gone {
		flags |= syscall.O_NONBLOCK
	}
	if f, err := os.OpenFile(filepath.Join(dir, "hold"), flags, 0); err == nil {
		f.Close()
	}
}

// TestWatchClosedStdoutLosesNothing is `watch run --once --json | head -1`
// made exact: the test reads one line and closes the pipe before the
// service answers the second poll. The write of that event fails, so the
// run stops at once (exit 141, as a shell counts SIGPIPE), naming it as
// not delivered; the next run delivers it first. No event was stored
// that no stdout got.
func TestWatchClosedStdoutLosesNothing(t *testing.T) {
	t.Parallel() // its own binary run, directories and service: it waits on the child, not on the CPU
	v := startVolatileWatch(t)
	state := watchedOnce(t, v, []string{"HEAD01", "PIPE02"})
	arrived, answer := make(chan struct{}), make(chan struct{})
	v.setHold(func(paid string) {
		if paid == "PIPE02" {
			close(arrived)
			<-answer
		}
	})

	run := watchProcess(t, state, v.URL, "watch", "run", "--once", "--json", "--rate", "1000")
	stdout, _ := run.StdoutPipe()
	var stderr bytes.Buffer
	run.Stderr = &stderr
	if err := run.Start(); err != nil {
		t.Fatal(err)
	}
	first, err := bufio.NewReader(stdout).ReadBytes('\n')
	if err != nil {
		t.Fatal(err)
	}
	head := readEvents(t, first)
	<-arrived
	stdout.Close() // head -1 has its line and is gone
	v.setHold(nil)
	close(answer)
	err = run.Wait()
	msg := stderr.String()
	if code := exitCode(err); code != 141 || head[0].PAID != "HEAD01" ||
		!strings.Contains(msg, "padview: stdout was closed (its reader has gone): stopped ") ||
		!strings.Contains(msg, "1 event was not delivered (printed): PIPE02 changed; the next 'padview watch run' delivers it first, under the same id") {
		t.Fatalf("exit %d, read %v\n%s", code, head, msg)
	}

	next := watchProcess(t, state, v.URL, "watch", "run", "--once", "--json", "--rate", "1000")
	var nextErr bytes.Buffer
	next.Stderr = &nextErr
	out, err := next.Output()
	again := readEvents(t, out)
	if code := exitCode(err); code != 1 || len(again) != 1 || again[0].PAID != "PIPE02" || again[0].Event != "changed" || again[0].ID == head[0].ID ||
		!strings.Contains(nextErr.String(), "padview: 1 event from an interrupted run, delivered first") {
		t.Fatalf("the next run: exit %d %v\n%s", code, again, nextErr.String())
	}
	log, _ := watchProcess(t, state, v.URL, "watch", "log", "--json").Output()
	stored := readEvents(t, log)
	if len(stored) != 4 || !slices.Contains(ids(stored), head[0].ID) || !slices.Contains(ids(stored), again[0].ID) {
		t.Errorf("the log: %v", stored)
	}
}
