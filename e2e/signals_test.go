//go:build linux

package e2e

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/creack/pty"

	"github.com/padview/padview/api/fake"
)

// heldService is the fake service behind a door: a PAID in held gets its
// answer only when the client gives up, and arrived tells when its request
// came in. fullRequests counts requests for the full view. With holdAfter
// set, every request after that many answers is held too, so that a test
// knows some of a batch are still to be looked up however slowly it acts.
type heldService struct {
	*httptest.Server
	holdAfter int
	mu        sync.Mutex
	held      map[string]chan struct{} // closed when the PAID's request arrives
	came      map[string]bool
	full      int
	served    int           // answers sent
	tick      chan struct{} // a signal after each answer
	handler   http.Handler
}

func newHeldService(t *testing.T, held ...string) *heldService {
	f, err := fake.Start(fake.Options{DemoTriggers: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	s := &heldService{held: map[string]chan struct{}{}, came: map[string]bool{}, tick: make(chan struct{}, 1), handler: f.Handler()}
	for _, p := range held {
		s.held[p] = make(chan struct{})
	}
	s.Server = httptest.NewServer(s)
	t.Cleanup(s.Close)
	return s
}

func (s *heldService) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	paid := r.URL.Path[strings.LastIndex(r.URL.Path, "/")+1:]
	s.mu.Lock()
	if strings.Contains(r.URL.Path, "/advertisement-full/") {
		s.full++
	}
	arrived, hold := s.held[paid]
	first := hold && !s.came[paid]
	if !hold && s.holdAfter > 0 && s.served >= s.holdAfter {
		s.mu.Unlock()
		<-r.Context().Done()
		return
	}
	s.came[paid] = true
	s.mu.Unlock()
	if first {
		close(arrived)
	}
	if hold {
		<-r.Context().Done() // answered never: the client gives up
		return
	}
	s.handler.ServeHTTP(w, r)
	s.mu.Lock()
	s.served++
	s.mu.Unlock()
	select {
	case s.tick <- struct{}{}:
	default:
	}
}

// holdAfterServed holds every request after n answers.
func (s *heldService) holdAfterServed(n int) {
	s.mu.Lock()
	s.holdAfter = n
	s.mu.Unlock()
}

// awaitServed waits until n answers have been sent.
func (s *heldService) awaitServed(n int) {
	for {
		s.mu.Lock()
		done := s.served >= n
		s.mu.Unlock()
		if done {
			return
		}
		<-s.tick
	}
}

// arrived returns a channel closed when the held PAID's request arrives.
func (s *heldService) arrived(paid string) <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.held[paid]
}

// padviewCmd is the real binary with a clean environment pointed at base.
func padviewCmd(t *testing.T, base string, args ...string) *exec.Cmd {
	c := exec.Command(padviewBinary(t), args...)
	c.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir(), "TERM=xterm-256color",
		"PADVIEW_CONFIG_DIR=" + t.TempDir(), "PADVIEW_STATE_DIR=" + t.TempDir()}
	if base != "" {
		c.Env = append(c.Env, "PADVIEW_BASE_URL="+base+"/v1", "PADVIEW_TOKEN="+fake.DemoToken)
	}
	return c
}

// smallSamples are the samples of an ordinary size.
func smallSamples() []string {
	var out []string
	for _, p := range fake.SamplePAIDs() {
		if p != fake.ManySponsorsPAID && p != fake.HugeSponsorsPAID {
			out = append(out, p)
		}
	}
	return out
}

// startFed starts p with stdin a pipe the test writes, and its output
// kept.
func startFed(t *testing.T, p *exec.Cmd) (stdin io.WriteCloser, stdout, stderr *bytes.Buffer) {
	stdin, err := p.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, stderr = &bytes.Buffer{}, &bytes.Buffer{}
	p.Stdout, p.Stderr = stdout, stderr
	if err := p.Start(); err != nil {
		t.Fatal(err)
	}
	return stdin, stdout, stderr
}

// paidLines is n PAIDs one a line: first, then the small samples over and
// over.
func paidLines(n int, first ...string) string {
	var b strings.Builder
	for _, p := range first {
		fmt.Fprintln(&b, p)
	}
	samples := smallSamples()
	for i := len(first); i < n; i++ {
		fmt.Fprintln(&b, samples[i%len(samples)])
	}
	return b.String()
}

// skipped reads the summary's "interrupted: 1,000 of 2,500 PAIDs done, 4
// canceled in flight, 1,496 not looked up" figures.
var skipped = regexp.MustCompile(`^padview: interrupted: ([\d,]+) of (?:the )?([\d,]+) PAIDs (?:read )?done(?:, ([\d,]+) canceled in flight)?(?:, ([\d,]+) not looked up)?[,;]`)

// shortfall is the figures skipped read, m its match: done, read,
// canceled in flight and not looked up.
func shortfall(t *testing.T, m []string) (done, read, canceled, left int) {
	t.Helper()
	n := func(s string) int {
		if s == "" {
			return 0
		}
		return number(t, s)
	}
	return n(m[1]), n(m[2]), n(m[3]), n(m[4])
}

func number(t *testing.T, s string) int {
	n, err := strconv.Atoi(strings.ReplaceAll(s, ",", ""))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// A signal while a batch waits for an answer ends it with 130 (SIGINT) or
// 143 (SIGTERM). In text, the PAIDs not looked up get one summary line,
// not one line each; in JSON Lines each PAID read keeps its line, marked
// canceled.
func TestSignalMidBatch(t *testing.T) {
	t.Parallel() // its own binary, directories and service: it waits on the child, not on the CPU
	for _, c := range []struct {
		sig  syscall.Signal
		code int
		json bool
	}{{syscall.SIGINT, 130, false}, {syscall.SIGTERM, 143, true}} {
		t.Run(c.sig.String(), func(t *testing.T) {
			srv := newHeldService(t, "HOLD1")
			args := []string{"get", "-"}
			if c.json {
				args = []string{"get", "--json", "-"}
			}
			p := padviewCmd(t, srv.URL, args...)
			stdin, stdout, stderr := startFed(t, p)
			// AB12CD is answered before the rest is read: the first request
			// goes alone, and this makes AB12CD that request.
			io.WriteString(stdin, "AB12CD\n")
			srv.awaitServed(1)
			go func() {
				io.WriteString(stdin, paidLines(2499, "HOLD1"))
				stdin.Close()
			}()
			<-srv.arrived("HOLD1")
			srv.awaitServed(11) // the worst moment: lookups in flight, ten answers held back behind HOLD1
			if err := p.Process.Signal(c.sig); err != nil {
				t.Fatal(err)
			}
			_ = p.Wait()
			if got := p.ProcessState.ExitCode(); got != c.code {
				t.Fatalf("exit %d, want %d\n%s", got, c.code, stderr.String())
			}
			lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
			m := skipped.FindStringSubmatch(lines[len(lines)-1])
			if len(lines) != 1 || m == nil {
				t.Fatalf("stderr is not one summary line:\n%s", stderr.String())
			}
			// HOLD1's request was sent: it is canceled in flight, not "not
			// looked up"; the figures add up to the PAIDs read.
			done, read, canceled, left := shortfall(t, m)
			if canceled < 1 || left < 1 || done < 1 || done+canceled+left != read {
				t.Errorf("%d done, %d canceled, %d not looked up of %d read", done, canceled, left, read)
			}
			if !strings.HasPrefix(stdout.String(), "AB12CD · standard view") && !strings.HasPrefix(stdout.String(), `{"paid":"AB12CD"`) {
				t.Errorf("the answer before the signal was not printed:\n%.200s", stdout.String())
			}
			if c.json {
				if n, c := strings.Count(stdout.String(), "\n"), strings.Count(stdout.String(), `"kind":"canceled"`); n != read || c != canceled+left {
					t.Errorf("%d JSON lines (%d canceled) for %d PAIDs read, %d canceled in flight, %d not looked up", n, c, read, canceled, left)
				}
				if n := strings.Count(stdout.String(), `"message":"canceled in flight: interrupted"`); n != canceled {
					t.Errorf("%d lines canceled in flight, the summary says %d", n, canceled)
				}
			}
		})
	}
}

// The first PAID is looked up while stdin is still open, and a slow first
// answer holds nothing up but the output: the rest is read meanwhile and
// comes out in order.
func TestSlowFirstAnswerAheadOfALongStdin(t *testing.T) {
	t.Parallel() // its own binary, directories and service: it waits on the child, not on the CPU
	srv := newHeldService(t)
	release := make(chan struct{})
	arrived := make(chan struct{})
	inner := srv.handler
	srv.handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/FIRST1") {
			close(arrived)
			<-release
		}
		inner.ServeHTTP(w, r)
	})
	p := padviewCmd(t, srv.URL, "get", "--json", "-")
	stdin, stdout, stderr := startFed(t, p)
	io.WriteString(stdin, "FIRST1\n")
	<-arrived // looked up with stdin still open
	io.WriteString(stdin, paidLines(899))
	stdin.Close()
	close(release)
	if err := p.Wait(); err == nil || p.ProcessState.ExitCode() != 3 { // FIRST1 is not a sample: not found
		t.Fatalf("exit %d\n%s", p.ProcessState.ExitCode(), stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	samples := smallSamples()
	if len(lines) != 900 || !strings.HasPrefix(lines[0], `{"paid":"FIRST1"`) ||
		!strings.HasPrefix(lines[899], fmt.Sprintf(`{"paid":%q`, samples[898%len(samples)])) {
		t.Fatalf("%d lines; first %.60s; last %.60s", len(lines), lines[0], lines[len(lines)-1])
	}
}

// A full-view batch stops after the service refuses the full view (403);
// the rest are reported not requested (or canceled in flight, when their
// requests were sent), in one line.
func TestFullViewBatchStopsAfterA403Binary(t *testing.T) {
	t.Parallel() // its own binary, directories and service: it waits on the child, not on the CPU
	srv := newHeldService(t)
	p := padviewCmd(t, srv.URL, "get", "--full", "--accept-personal-data", "--concurrency", "2", "-")
	p.Stdin = strings.NewReader(paidLines(300, "AB12CD", "DEMO-403"))
	var stdout, stderr bytes.Buffer
	p.Stdout, p.Stderr = &stdout, &stderr
	_ = p.Run()
	lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
	last := lines[len(lines)-1]
	if p.ProcessState.ExitCode() != 4 || !strings.Contains(stderr.String(), "padview: stdin:2: DEMO-403: ") ||
		!regexp.MustCompile(`^padview: stopped, as the service had refused the full view: \d+ of 300 PAIDs done(, \d+ canceled in flight)?, \d+ not requested; `).MatchString(last) {
		t.Fatalf("exit %d\n%s", p.ProcessState.ExitCode(), stderr.String())
	}
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if srv.full > 2+2 { // what was in flight when the 403 came
		t.Errorf("%d full-view requests after the refusal", srv.full)
	}
}

// startInTerminal starts p in a pseudo-terminal of 100×30 and reads it
// until it shows want.
func startInTerminal(t *testing.T, p *exec.Cmd, want string) (*os.File, *bytes.Buffer) {
	tty, err := pty.StartWithSize(p, &pty.Winsize{Rows: 30, Cols: 100})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tty.Close() })
	var seen bytes.Buffer
	if !readUntil(tty, want, &seen) {
		t.Fatalf("the terminal never showed %q:\n%q", want, seen.String())
	}
	return tty, &seen
}

// readUntil reads the terminal until it has shown want; false when the
// program ended first.
func readUntil(tty io.Reader, want string, seen *bytes.Buffer) bool {
	buf := make([]byte, 4096)
	for !bytes.Contains(seen.Bytes(), []byte(want)) {
		n, err := tty.Read(buf)
		seen.Write(buf[:n])
		if err != nil {
			return false
		}
	}
	return true
}

// The TUI ends on SIGINT and SIGTERM, restores the terminal, and exits
// 130 and 143.
func TestTUIExitsWithTheSignalsCode(t *testing.T) {
	t.Parallel() // its own binary, directories and service: it waits on the child, not on the CPU
	for sig, code := range map[syscall.Signal]int{syscall.SIGINT: 130, syscall.SIGTERM: 143} {
		t.Run(sig.String(), func(t *testing.T) {
			p := padviewCmd(t, "", "--demo")
			tty, _ := startInTerminal(t, p, "quit")
			if err := p.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			go io.Copy(io.Discard, tty)
			_ = p.Wait()
			if got := p.ProcessState.ExitCode(); got != code {
				t.Fatalf("exit %d, want %d", got, code)
			}
		})
	}
}

// Ctrl-C at `token set`'s hidden prompt stores nothing: not what was typed
// before it, not what is typed after it.
func TestTokenSetHonoursCtrlC(t *testing.T) {
	t.Parallel() // its own binary, directories and service: it waits on the child, not on the CPU
	p := padviewCmd(t, "")
	p.Args = append(p.Args, "token", "set")
	p.Env = append(p.Env, keyringSession(t)...) // token set asks only once it found the keyring
	tty, seen := startInTerminal(t, p, "(input hidden): ")
	io.WriteString(tty, "tok-typed-before")
	tty.Write([]byte{3}) // Ctrl-C: the terminal sends SIGINT
	io.WriteString(tty, "tok-typed-after-1\n")
	readUntil(tty, "\x00never", seen) // everything until padview ends
	_ = p.Wait()
	out := seen.String()
	if code := p.ProcessState.ExitCode(); code != 130 || !strings.Contains(out, "interrupted: nothing was saved") || strings.Contains(out, "Saved") {
		t.Fatalf("exit %d:\n%q", code, out)
	}
}
