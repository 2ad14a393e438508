//go:build linux

package e2e

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/padview/padview/api/audit"
	"github.com/padview/padview/api/fake"
)

// stopService is the fake (with its DEMO-* PAIDs) behind a front that
// counts the full-view requests by PAID. A PAID starting HELD is never
// answered: its request waits until padview gives up on it. DEMO-403
// answers only once every PAID of waitFor has arrived, so that those are
// surely in flight when the refusal comes.
type stopService struct {
	*httptest.Server
	mu      sync.Mutex
	full    []string
	arrived map[string]chan struct{}
	// answered gets each PAID the service answered.
	answered chan string
	waitFor  []string
	handler  http.Handler
}

func newStopService(t *testing.T, waitFor ...string) *stopService {
	t.Helper()
	f, err := fake.Start(fake.Options{DemoTriggers: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	s := &stopService{arrived: map[string]chan struct{}{}, waitFor: waitFor, handler: f.Handler(), answered: make(chan string, 64)}
	s.Server = httptest.NewServer(s)
	t.Cleanup(s.Close)
	return s
}

func (s *stopService) came(paid string) chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, ok := s.arrived[paid]
	if !ok {
		ch = make(chan struct{})
		s.arrived[paid] = ch
	}
	return ch
}

func (s *stopService) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	paid := r.URL.Path[strings.LastIndex(r.URL.Path, "/")+1:]
	if strings.Contains(r.URL.Path, "/advertisement-full/") {
		s.mu.Lock()
		s.full = append(s.full, paid)
		s.mu.Unlock()
	}
	arrived := s.came(paid)
	select {
	case <-arrived:
	default:
		close(arrived)
	}
	switch {
	case strings.HasPrefix(paid, "HELD"):
		<-r.Context().Done()
		return
	case paid == "DEMO-403":
		for _, p := range s.waitFor {
			select {
			case <-s.came(p):
			case <-r.Context().Done():
				return
			}
		}
	}
	s.handler.ServeHTTP(w, r)
	select {
	case s.answered <- paid:
	default:
	}
}

func (s *stopService) fullRequests() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.full)
}

// fullViewCmd is `padview get --full …` against s, with its own state
// directory.
func fullViewCmd(t *testing.T, s *stopService, state string, args ...string) *exec.Cmd {
	p := padviewCmd(t, s.URL, append([]string{"get", "--full", "--accept-personal-data", "--reason", "Compliance review"}, args...)...)
	p.Env = append(p.Env, audit.EnvStateDir+"="+state)
	return p
}

// requestLines is the PAIDs of the access log's request lines, and the
// error each one's outcome recorded.
func requestLines(t *testing.T, state string) (requested []string, outcome map[string]string) {
	outcome = map[string]string{}
	for _, e := range logEvents(t, state) {
		switch e.Event {
		case audit.EventRequest:
			requested = append(requested, e.PAID)
		case audit.EventOutcome:
			outcome[e.PAID] = e.Error
		}
	}
	return requested, outcome
}

// A full-view batch stops after the service refuses the full view (issue
// 17 §8): P1 answers, then HELD02, DEMO-403, HELD03 and HELD04 go out
// together (the default concurrency, 4), and the refusal comes while the
// three HELD ones are in flight. Those three were sent: they are canceled,
// and said so, not "not requested"; the 16 after them were never sent. The
// service's count, padview's summary and the access log agree.
func TestFullViewBatchStoppedMidWayCountsWhatWasSentInTheBinary(t *testing.T) {
	t.Parallel() // its own binary, directories and service: it waits on the child, not on the CPU
	inFlight := []string{"HELD02", "HELD03", "HELD04"}
	paids := append([]string{"AB12CD", "HELD02", "DEMO-403", "HELD03", "HELD04"}, smallSamples()...)
	for len(paids) < 21 {
		paids = append(paids, smallSamples()...)
	}
	paids = paids[:21]
	for _, mode := range []string{"text", "json"} {
		t.Run(mode, func(t *testing.T) {
			s := newStopService(t, inFlight...)
			state := t.TempDir()
			args := []string{"-"}
			if mode == "json" {
				args = []string{"--json", "-"}
			}
			p := fullViewCmd(t, s, state, args...)
			stdin, stdout, stderr := startFed(t, p)
			// The token's first request goes alone: AB12CD, surely, once it
			// is all there is to read. The rest follow its answer.
			io.WriteString(stdin, paids[0]+"\n")
			for <-s.answered != paids[0] {
			}
			io.WriteString(stdin, strings.Join(paids[1:], "\n")+"\n")
			stdin.Close()
			_ = p.Wait()
			if code := p.ProcessState.ExitCode(); code != 4 {
				t.Fatalf("exit %d, want 4 (the refusal)\n%s", code, stderr.String())
			}
			sent := s.fullRequests()
			slices.Sort(sent)
			if want := []string{"AB12CD", "DEMO-403", "HELD02", "HELD03", "HELD04"}; !slices.Equal(sent, want) {
				t.Fatalf("the service got %v, want %v", sent, want)
			}
			errs := strings.TrimSpace(stderr.String())
			last := errs[strings.LastIndex(errs, "\n")+1:]
			if !strings.HasPrefix(last, "padview: stopped, as the service had refused the full view: 2 of 21 PAIDs done, 3 canceled in flight, 16 not requested; 1 found, 0 not found, 1 failed · ") {
				t.Errorf("summary %q", last)
			}
			if mode == "json" {
				out := stdout.String()
				if n := strings.Count(out, `"message":"canceled in flight: the service had refused the full view"`); n != 3 {
					t.Errorf("%d lines canceled in flight, want 3:\n%s", n, out)
				}
				if n := strings.Count(out, `"message":"not requested: the service had refused the full view"`); n != 16 {
					t.Errorf("%d lines not requested, want 16", n)
				}
			}
			requested, outcome := requestLines(t, state)
			slices.Sort(requested)
			if !slices.Equal(requested, sent) {
				t.Errorf("access log request lines %v, the service got %v", requested, sent)
			}
			for _, paid := range inFlight {
				if outcome[paid] != "canceled" {
					t.Errorf("%s: outcome %q, want canceled", paid, outcome[paid])
				}
			}
		})
	}
}

// opened waits until process pid has file path open: for a padview
// waiting for the access log's lock, it has opened the log and waits.
func opened(t *testing.T, p *exec.Cmd, path string) {
	t.Helper()
	fds := fmt.Sprintf("/proc/%d/fd", p.Process.Pid)
	for {
		entries, err := os.ReadDir(fds)
		if err != nil {
			t.Fatalf("padview ended before it opened %s: %v", path, err)
		}
		for _, e := range entries {
			if target, _ := os.Readlink(filepath.Join(fds, e.Name())); target == path {
				return
			}
		}
		runtime.Gosched()
	}
}

// Ctrl-C while `audit --verify` or `--recover` waits for the access log's
// lock (another padview holds it) ends the wait at once: it says it was
// interrupted, in those words, and exits 130 (issue 17 §9).
func TestInterruptedWaitForTheLogsLockInTheBinary(t *testing.T) {
	t.Parallel() // its own binary, directories and service: it waits on the child, not on the CPU
	bin := padviewBinary(t)
	s := startService(t)
	state := t.TempDir()
	if r := padview(t, fullView(bin, "AB12CD"), s, state); r.code != 0 {
		t.Fatalf("a full view to make the log: exit %d\n%s", r.code, r.stderr)
	}
	log := filepath.Join(state, audit.FileName)
	f, err := os.OpenFile(log, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX); err != nil { // as another padview writing a line
		t.Fatal(err)
	}
	for _, flag := range []string{"--verify", "--recover"} {
		p := prepare(t, exec.Command(bin, "audit", flag), s, state)
		if err := p.cmd.Start(); err != nil {
			t.Fatal(err)
		}
		opened(t, p.cmd, log)
		p.cmd.Process.Signal(syscall.SIGINT)
		r := p.wait(t)
		if r.code != 130 || strings.TrimSpace(r.stderr) != "padview: interrupted while waiting for the access log's lock" {
			t.Errorf("audit %s: exit %d, stderr %q", flag, r.code, r.stderr)
		}
	}
}
