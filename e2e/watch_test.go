package e2e

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/padview/padview/api/fake"
)

// padviewBinary is the padview binary the end-to-end tests run (in tmux,
// or as a process for real signals): the one a user runs (builtBinary).
func padviewBinary(t testing.TB) string {
	t.Helper()
	wholeBinary(t)
	return builtBinary(t)
}

// hangingService is the fake behind a handler that holds the first
// hangs requests for HANG01 until the client gives up on each (never
// answering it), then answers HANG01 with AB12CD's content; it counts the
// requests per PAID.
type hangingService struct {
	*httptest.Server
	mu       sync.Mutex
	requests map[string]int
	arrived  chan struct{} // a hanging request is in
	dropped  chan struct{} // the client went away from it
}

func startHanging(t *testing.T, hangs int) *hangingService {
	f, err := fake.Start(fake.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	h := &hangingService{requests: map[string]int{}, arrived: make(chan struct{}, hangs), dropped: make(chan struct{}, hangs)}
	inner := f.Handler()
	h.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		paid := r.URL.Path[strings.LastIndexByte(r.URL.Path, '/')+1:]
		h.mu.Lock()
		h.requests[paid]++
		n := h.requests[paid]
		h.mu.Unlock()
		if paid == "HANG01" {
			if n <= hangs {
				h.arrived <- struct{}{}
				<-r.Context().Done()
				h.dropped <- struct{}{}
				return
			}
			r = r.Clone(r.Context())
			r.URL.Path = strings.TrimSuffix(r.URL.Path, "HANG01") + "AB12CD"
		}
		inner.ServeHTTP(w, r)
	}))
	t.Cleanup(h.Close)
	return h
}

func (h *hangingService) count(paid string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.requests[paid]
}

// watchProcess runs the real binary with a private state and config
// directory (state) against base.
func watchProcess(t *testing.T, state, base string, args ...string) *exec.Cmd {
	c := exec.Command(padviewBinary(t), args...)
	c.Env = append(os.Environ(), "PADVIEW_STATE_DIR="+state, "PADVIEW_CONFIG_DIR="+filepath.Join(state, "config"),
		"PADVIEW_BASE_URL="+base+"/v1", "PADVIEW_TOKEN="+fake.DemoToken)
	return c
}

func exitCode(err error) int {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	if err != nil {
		return -1
	}
	return 0
}

// TestWatchCtrlCStopsAtOnceAndResumes sends a real SIGINT to the real
// binary while one poll hangs on a service that never answers it: padview
// must drop that poll and exit 130 at once (a padview that waited would
// hang this test), and the next run polls only what the sweep had left.
// That run, stopped by SIGTERM while it hangs too, says only that it was
// interrupted and how far the sweep got; the third finishes the sweep.
func TestWatchCtrlCStopsAtOnceAndResumes(t *testing.T) {
	t.Parallel() // its own binary, directories and service: it waits on the child, not on the CPU
	if runtime.GOOS == "windows" {
		t.Skip("SIGINT")
	}
	svc := startHanging(t, 2)
	state := t.TempDir()
	paids := []string{"AB12CD", "TN2026", "HANG01", "XK9P2M", "ZZ7Q1A", "Q4R8ST"}
	if out, err := watchProcess(t, state, svc.URL, append([]string{"watch", "add"}, paids...)...).CombinedOutput(); err != nil {
		t.Fatalf("add: %v %s", err, out)
	}

	run := watchProcess(t, state, svc.URL, "watch", "run", "--json", "--rate", "1000")
	stdout, _ := run.StdoutPipe()
	var stderr bytes.Buffer
	run.Stderr = &stderr
	if err := run.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(stdout)
	var events []string
	for len(events) < len(paids)-1 && lines.Scan() {
		events = append(events, lines.Text())
	}
	<-svc.arrived
	if len(events) != len(paids)-1 || strings.Contains(strings.Join(events, ""), "HANG01") {
		t.Fatalf("before the signal: %v\n%s", events, stderr.String())
	}
	if err := run.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	rest, _ := io.ReadAll(stdout)
	err := run.Wait()
	<-svc.dropped // the hanging request was given up, not waited for
	if code := exitCode(err); code != 130 || len(bytes.TrimSpace(rest)) != 0 {
		t.Fatalf("exit %d, more output %q\n%s", code, rest, stderr.String())
	}
	if !strings.Contains(stderr.String(), "padview: interrupted after 5 of 6 advertisements of this sweep; the next 'padview watch run' goes on with the one it had not polled") {
		t.Errorf("stderr: %s", stderr.String())
	}

	resumed := watchProcess(t, state, svc.URL, "watch", "run", "--once")
	var resumedErr bytes.Buffer
	resumed.Stderr = &resumedErr
	if err := resumed.Start(); err != nil {
		t.Fatal(err)
	}
	<-svc.arrived
	resumed.Process.Signal(syscall.SIGTERM)
	err = resumed.Wait()
	<-svc.dropped
	if code := exitCode(err); code != 143 || strings.Contains(resumedErr.String(), "went on") || strings.Contains(resumedErr.String(), "swept") ||
		!strings.Contains(resumedErr.String(), "padview: interrupted after 5 of 6 advertisements of this sweep") {
		t.Fatalf("the resumed run, stopped: exit %d\n%s", code, resumedErr.String())
	}

	before := map[string]int{}
	for _, p := range paids {
		before[p] = svc.count(p)
	}
	out, err := watchProcess(t, state, svc.URL, "watch", "run", "--once", "--json").Output()
	if code := exitCode(err); code != 0 || strings.Count(string(out), "\n") != 1 || !strings.Contains(string(out), `"paid":"HANG01","answeredPaid":"AB12CD",`) || // it is served AB12CD's answer
		!strings.Contains(string(out), `"event":"first"`) {
		t.Fatalf("resumed run: exit %d\n%s", code, out)
	}
	for _, p := range paids {
		want := before[p]
		if p == "HANG01" {
			want++
		}
		if got := svc.count(p); got != want {
			t.Errorf("%s: %d requests after the resumed run, want %d", p, got, want)
		}
	}
}

// TestWatchSecondRunRefuses: while one `watch run` sweeps or waits, a
// second on the same database refuses and names the first; the first,
// interrupted between sweeps, says so.
func TestWatchSecondRunRefuses(t *testing.T) {
	t.Parallel() // its own binary, directories and service: it waits on the child, not on the CPU
	if runtime.GOOS == "windows" {
		t.Skip("SIGINT")
	}
	f, err := fake.Start(fake.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	base := strings.TrimSuffix(f.URL, "/v1")
	state := t.TempDir()
	if out, err := watchProcess(t, state, base, "watch", "add", "AB12CD", "TN2026").CombinedOutput(); err != nil {
		t.Fatalf("add: %v %s", err, out)
	}
	first := watchProcess(t, state, base, "watch", "run", "--every", "1h")
	errPipe, _ := first.StderrPipe()
	if err := first.Start(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { <-ctx.Done(); first.Process.Kill() }() // only if the test fails before its signal
	lines := bufio.NewScanner(errPipe)
	for lines.Scan() && !strings.Contains(lines.Text(), "next sweep at") {
	}

	out, err := watchProcess(t, state, base, "watch", "run", "--once").CombinedOutput()
	want := fmt.Sprintf("another padview watch run (process %d) is using %s", first.Process.Pid, filepath.Join(state, "watch.db"))
	if code := exitCode(err); code != 1 || !strings.Contains(string(out), want) {
		t.Errorf("second run: exit %d\n%s", code, out)
	}

	first.Process.Signal(syscall.SIGINT)
	var rest strings.Builder
	for lines.Scan() {
		rest.WriteString(lines.Text() + "\n")
	}
	if code := exitCode(first.Wait()); code != 130 || !strings.Contains(rest.String(), "interrupted between sweeps") {
		t.Errorf("first run: exit %d\n%s", code, rest.String())
	}
}
