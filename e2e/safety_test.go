//go:build linux

package e2e

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/padview/padview/api/audit"
	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/api/text"
)

// The binary's tests of what disks, signals and other local users do to
// the access log and the state directory (issue 17), and of a service
// that echoes the token. They run the real padview as a user does, against
// the fake service on loopback, as root here: other users' files are made
// with chown.

// fileLimitEnv makes the test binary, started as a helper, set its
// RLIMIT_FSIZE (what `ulimit -f` sets) and become the command after it.
const fileLimitEnv = "PADVIEW_E2E_FSIZE"

func init() {
	lim := os.Getenv(fileLimitEnv)
	if lim == "" {
		return
	}
	n, err := strconv.ParseUint(lim, 10, 64)
	if err == nil {
		err = syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: n, Max: n})
	}
	if err == nil {
		err = syscall.Exec(os.Args[1], os.Args[1:], os.Environ())
	}
	fmt.Fprintln(os.Stderr, "file-limit helper:", err)
	os.Exit(99)
}

// hooked is padview built with the access log's hook between a line and
// its head file (audit.windowFIFO), once for the run.
var hooked struct {
	once sync.Once
	dir  string
	path string
	err  error
}

func hookedBinary(t *testing.T) (bin, fifo string) {
	t.Helper()
	padviewBinary(t) // its directory, which TestMain removes, holds this one too
	hooked.once.Do(func() {
		hooked.dir = filepath.Join(binary.dir, "hooked")
		if hooked.err = os.Mkdir(hooked.dir, 0o700); hooked.err != nil {
			return
		}
		hooked.path = filepath.Join(hooked.dir, "padview")
		fifo := filepath.Join(hooked.dir, "window")
		for _, p := range []string{fifo + ".at", fifo + ".go"} {
			if hooked.err = syscall.Mkfifo(p, 0o600); hooked.err != nil {
				return
			}
		}
		ld := "-X github.com/padview/padview/api/audit.windowFIFO=" + fifo
		if out, err := exec.Command("go", "build", "-ldflags", ld, "-o", hooked.path, mainPackage).CombinedOutput(); err != nil {
			hooked.err = fmt.Errorf("build: %v\n%s", err, out)
		}
	})
	if hooked.err != nil {
		t.Fatal(hooked.err)
	}
	return hooked.path, filepath.Join(hooked.dir, "window")
}

// service is the fake behind a front that counts full-view requests and
// may act on each before the fake answers.
type service struct {
	url    string
	full   atomic.Int32
	before atomic.Pointer[func(r *http.Request)] // may hold nil; set while padview runs
}

// setBefore makes f act on each request before the fake answers it (nil:
// none). The server's goroutines read it, so it is swapped atomically.
func (s *service) setBefore(f func(r *http.Request)) {
	if f == nil {
		s.before.Store(nil)
		return
	}
	s.before.Store(&f)
}

func startService(t *testing.T) *service {
	t.Helper()
	f, err := fake.Start(fake.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	s := &service{}
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.URL.Path, "advertisement-full") {
			s.full.Add(1)
		}
		if before := s.before.Load(); before != nil {
			(*before)(r)
		}
		f.Handler().ServeHTTP(w, r)
	}))
	t.Cleanup(front.Close)
	s.url = front.URL + "/v1"
	return s
}

// ran is how one padview command ended: its exit code, the signal it
// ended of (if any), stdout and stderr.
type ran struct {
	code           int
	signal         syscall.Signal
	stdout, stderr string
}

// prepared is a command set up to run padview in a private home and
// config directory, with the state directory state ("" for none: HOME
// decides), against s; extra is more environment ("NAME=value").
type prepared struct {
	cmd       *exec.Cmd
	out, errb bytes.Buffer
	home      string
}

func prepare(t *testing.T, cmd *exec.Cmd, s *service, state string, extra ...string) *prepared {
	t.Helper()
	p := &prepared{cmd: cmd, home: t.TempDir()}
	cmd.Env = append([]string{"HOME=" + p.home, "PATH=" + os.Getenv("PATH"), "PADVIEW_CONFIG_DIR=" + filepath.Join(p.home, "config"),
		"PADVIEW_BASE_URL=" + s.url, "PADVIEW_TOKEN=" + fake.DemoToken}, extra...)
	if state != "" {
		cmd.Env = append(cmd.Env, audit.EnvStateDir+"="+state)
	}
	if cmd.Stdout == nil {
		cmd.Stdout = &p.out
	}
	cmd.Stderr = &p.errb
	return p
}

// wait waits for the command Start began, and says how it ended.
func (p *prepared) wait(t *testing.T) ran {
	t.Helper()
	err := p.cmd.Wait()
	r := ran{stdout: p.out.String(), stderr: p.errb.String()}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		r.code = exit.ExitCode()
		if ws := exit.Sys().(syscall.WaitStatus); ws.Signaled() {
			r.signal = ws.Signal()
		}
	case err != nil:
		t.Fatal(err)
	}
	return r
}

func (p *prepared) run(t *testing.T) ran {
	t.Helper()
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return p.wait(t)
}

// padview runs cmd as prepare sets it up.
func padview(t *testing.T, cmd *exec.Cmd, s *service, state string, extra ...string) ran {
	t.Helper()
	return prepare(t, cmd, s, state, extra...).run(t)
}

func fullView(bin string, extra ...string) *exec.Cmd {
	return exec.Command(bin, append([]string{"get", "--full", "--accept-personal-data", "--reason", "Compliance review"}, extra...)...)
}

func fileSize(t *testing.T, path string) int64 {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Size()
}

// verify is `padview audit --verify` on state.
func verify(t *testing.T, bin string, s *service, state string) ran {
	t.Helper()
	return padview(t, exec.Command(bin, "audit", "--verify"), s, state)
}

func wantIntact(t *testing.T, bin string, s *service, state string, lines int) {
	t.Helper()
	v := verify(t, bin, s, state)
	if v.code != 0 || !strings.Contains(v.stdout, ": "+text.Plural(lines, "line", "lines")+", chain intact") {
		t.Fatalf("audit --verify: exit %d\n%s%s", v.code, v.stdout, v.stderr)
	}
}

func logEvents(t *testing.T, state string) []audit.Entry {
	t.Helper()
	f, err := os.Open(filepath.Join(state, audit.FileName))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var es []audit.Entry
	audit.Each(f, func(l audit.Line) error { es = append(es, l.Entry); return nil })
	return es
}

// Planted links and other users' files in the state directory are refused
// with a clear error, no request is made, and the file a link points to is
// left as it was; a directory padview makes is 0700; a directory others may
// write to is refused and left as it is.
func TestStateFilesOtherUsersPlantInTheBinary(t *testing.T) {
	t.Parallel() // its own binary, directories and service: it waits on the child, not on the CPU
	bin := padviewBinary(t)
	s := startService(t)
	victim := func(t *testing.T) string {
		p := filepath.Join(t.TempDir(), ".bashrc")
		os.WriteFile(p, []byte("alias ls='ls -F'\n"), 0o644)
		return p
	}
	untouched := func(t *testing.T, p string) {
		t.Helper()
		b, _ := os.ReadFile(p)
		fi, _ := os.Stat(p)
		if string(b) != "alias ls='ls -F'\n" || fi.Mode().Perm() != 0o644 {
			t.Fatalf("the file a link pointed to was changed: %q, mode %o", b, fi.Mode().Perm())
		}
	}
	refused := func(t *testing.T, state string, says ...string) {
		t.Helper()
		before := s.full.Load()
		r := padview(t, fullView(bin, "AB12CD"), s, state)
		if r.code != 1 || s.full.Load() != before || r.stdout != "" {
			t.Fatalf("exit %d, %d full-view requests, stdout %q, stderr %s", r.code, s.full.Load()-before, r.stdout, r.stderr)
		}
		for _, w := range append(says, "no request was made") {
			if !strings.Contains(r.stderr, w) {
				t.Errorf("stderr lacks %q: %s", w, r.stderr)
			}
		}
	}
	for _, name := range []string{audit.FileName, audit.FileName + audit.HeadSuffix} {
		t.Run("link at "+name, func(t *testing.T) {
			state, v := t.TempDir(), victim(t)
			os.Symlink(v, filepath.Join(state, name))
			refused(t, state, "refusing "+filepath.Join(state, name), "symbolic link", "rm ")
			untouched(t, v)
			if r := verify(t, bin, s, state); r.code != 1 || !strings.Contains(r.stderr, "symbolic link") {
				t.Errorf("audit --verify of a planted link: exit %d %s", r.code, r.stderr)
			}
		})
	}
	t.Run("link at the old temporary name", func(t *testing.T) {
		state, v := t.TempDir(), victim(t)
		os.Symlink(v, filepath.Join(state, audit.FileName+audit.HeadSuffix+".tmp"))
		if r := padview(t, fullView(bin, "AB12CD"), s, state); r.code != 0 {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
		untouched(t, v)
		wantIntact(t, bin, s, state, 2)
	})
	for _, name := range []string{audit.FileName, audit.FileName + audit.HeadSuffix} {
		t.Run("another user's "+name, func(t *testing.T) {
			state := t.TempDir()
			p := filepath.Join(state, name)
			os.WriteFile(p, []byte(`{"seq":1,"hash":"planted"}`+"\n"), 0o600)
			if err := os.Chown(p, 4242, 4242); err != nil {
				t.Fatal(err)
			}
			refused(t, state, "refusing "+p, "belongs to uid 4242")
			if b, _ := os.ReadFile(p); !strings.Contains(string(b), "planted") {
				t.Errorf("another user's file was changed: %q", b)
			}
		})
	}
	t.Run("a state directory others may write to", func(t *testing.T) {
		state := filepath.Join(t.TempDir(), "shared")
		os.Mkdir(state, 0o700)
		os.Chmod(state, fs.ModeSticky|0o777)
		refused(t, state, "refusing "+state, "other users may write to the state directory", "chmod go-w")
		if fi, _ := os.Stat(state); fi.Mode()&(fs.ModePerm|fs.ModeSticky) != 0o777|fs.ModeSticky {
			t.Errorf("the directory's mode changed to %v", fi.Mode())
		}
	})
	t.Run("another user's state directory", func(t *testing.T) {
		state := filepath.Join(t.TempDir(), "theirs")
		os.Mkdir(state, 0o700)
		os.Chown(state, 4242, 4242)
		refused(t, state, "refusing "+state, "belongs to uid 4242")
	})
	t.Run("the directory padview makes", func(t *testing.T) {
		p := prepare(t, fullView(bin, "AB12CD"), s, "")
		r := p.run(t)
		dir := filepath.Join(p.home, ".local", "state", "padview")
		di, derr := os.Stat(dir)
		fi, ferr := os.Stat(filepath.Join(dir, audit.FileName))
		if r.code != 0 || derr != nil || ferr != nil || di.Mode().Perm() != 0o700 || fi.Mode().Perm() != 0o600 {
			t.Fatalf("exit %d %s; directory %v %v, log %v %v", r.code, r.stderr, di, derr, fi, ferr)
		}
		if es := logEvents(t, dir); len(es) != 2 || strings.Contains(es[0].User, "unverified") || es[0].User != "root" {
			t.Errorf("the log's user: %+v", es)
		}
	})
}

// A write that fails (the file may grow no more: RLIMIT_FSIZE, as `ulimit
// -f` sets it) leaves no line for a request not sent and no torn line: the
// request is not sent, the log is as it was. When the outcome cannot be
// written, the answer is withheld: `--raw` prints none of it, and the
// JSON line's kind is access_log.
func TestAccessLogThatCannotGrowInTheBinary(t *testing.T) {
	t.Parallel() // its own binary, directories and service: it waits on the child, not on the CPU
	bin := padviewBinary(t)
	s := startService(t)
	state := t.TempDir()
	if r := padview(t, fullView(bin, "AB12CD"), s, state); r.code != 0 {
		t.Fatalf("first full view: exit %d %s", r.code, r.stderr)
	}
	log := filepath.Join(state, audit.FileName)
	before, full := fileSize(t, log), s.full.Load()

	// The request line cannot be written whole: it is cut back, and the
	// request is not sent.
	cmd := exec.Command(os.Args[0], bin, "get", "--full", "--accept-personal-data", "XK9P2M")
	r := padview(t, cmd, s, state, fileLimitEnv+"="+strconv.FormatInt(before+100, 10))
	if r.code != 1 || s.full.Load() != full || !strings.Contains(r.stderr, "ulimit -f") || !strings.Contains(r.stderr, "no request was made") {
		t.Fatalf("exit %d, %d full-view requests: %s", r.code, s.full.Load()-full, r.stderr)
	}
	if got := fileSize(t, log); got != before {
		t.Fatalf("the log went from %d to %d bytes", before, got)
	}
	wantIntact(t, bin, s, state, 2)

	// The outcome cannot be written: the limit is set on the running
	// padview when its request arrives, just past the request line.
	for _, format := range []string{"--raw", "--json"} {
		// The hook is in place before padview starts, so no request can
		// come before it; it learns the pid from Start through started,
		// which it waits on (a request comes only from a started padview).
		p := prepare(t, fullView(bin, format, "AB12CD"), s, state)
		started := make(chan int, 1)
		s.setBefore(func(r *http.Request) {
			pid := <-started
			started <- pid
			fi, err := os.Stat(log)
			if err != nil {
				t.Error(err)
				return
			}
			lim := unix.Rlimit{Cur: uint64(fi.Size()) + 40, Max: uint64(fi.Size()) + 40}
			if err := unix.Prlimit(pid, unix.RLIMIT_FSIZE, &lim, nil); err != nil {
				t.Error(err)
			}
		})
		if err := p.cmd.Start(); err != nil {
			t.Fatal(err)
		}
		started <- p.cmd.Process.Pid
		r := p.wait(t)
		s.setBefore(nil)
		lines := len(logEvents(t, state))
		switch format {
		case "--raw":
			if r.code != 1 || r.stdout != "" || !strings.Contains(r.stderr, "the answer is not shown") {
				t.Fatalf("--raw: exit %d, stdout %q, stderr %s", r.code, r.stdout, r.stderr)
			}
		case "--json":
			var line struct {
				Error struct{ Kind, Message string }
			}
			if err := json.Unmarshal([]byte(r.stdout), &line); err != nil || line.Error.Kind != "access_log" ||
				strings.Contains(r.stdout, "Riverside") {
				t.Fatalf("--json: exit %d, stdout %q (%v)", r.code, r.stdout, err)
			}
		}
		if strings.Contains(r.stdout+r.stderr, "maren.holt") {
			t.Fatalf("the withheld answer was printed: %s%s", r.stdout, r.stderr)
		}
		wantIntact(t, bin, s, state, lines)
		if es := logEvents(t, state); es[len(es)-1].Event != audit.EventRequest {
			t.Fatalf("the last line is not the request whose outcome could not be written: %+v", es[len(es)-1])
		}
	}
}

// serveWindow serves the hooked binary's stops between a line and its
// head file: at(n) runs at the n-th (from 1) while padview waits there,
// and padview goes on when it returns true (false: it was killed). No step
// blocks on a padview that has gone.
func serveWindow(t *testing.T, fifo string, at func(n int) bool) {
	t.Helper()
	stops, err := os.OpenFile(fifo+".at", os.O_RDWR, 0) // never blocks; padview's writes never find it closed
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	t.Cleanup(func() { stops.Close(); <-done })
	go func() {
		defer close(done)
		r := bufio.NewReader(stops)
		for n := 1; ; n++ {
			if _, err := r.ReadString('\n'); err != nil {
				return
			}
			if !at(n) {
				continue
			}
			// padview holds it open while it waits; gone, it is not waited for.
			if resume, err := os.OpenFile(fifo+".go", os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
				resume.Write([]byte{1})
				resume.Close()
			}
		}
	}()
}

// Real signals at the worst moment: padview stopped between writing a line
// of the access log and its head file. INT, TERM and HUP are held until
// both are written, so the chain stays whole; one that comes while the
// request line is written also keeps the request from being sent, and the
// log says so. SIGKILL cannot be held: what it leaves, `audit --verify`
// calls an interrupted write, not an edit, and `audit --recover`
// completes it.
func TestSignalsBetweenALineAndItsHeadInTheBinary(t *testing.T) {
	t.Parallel() // its own binary, directories and service: it waits on the child, not on the CPU
	bin, fifo := hookedBinary(t)
	plain := padviewBinary(t)
	s := startService(t)
	cases := []struct {
		name   string
		sig    syscall.Signal
		at     int  // 1: the request line, 2: the outcome line
		sent   bool // the request reached the service
		ended  bool // padview ended of the signal
		status int  // the outcome's status; -1 for no outcome
	}{
		{"SIGHUP at the request line", syscall.SIGHUP, 1, false, true, 0},
		{"SIGTERM at the request line", syscall.SIGTERM, 1, false, false, 0},
		{"SIGINT at the request line", syscall.SIGINT, 1, false, false, 0},
		{"SIGHUP at the outcome line", syscall.SIGHUP, 2, true, true, 200},
		{"SIGTERM at the outcome line", syscall.SIGTERM, 2, true, false, 200},
		{"SIGINT at the outcome line", syscall.SIGINT, 2, true, false, 200},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			state := t.TempDir()
			p := prepare(t, fullView(bin, "AB12CD"), s, state)
			if err := p.cmd.Start(); err != nil {
				t.Fatal(err)
			}
			serveWindow(t, fifo, func(n int) bool {
				if n == c.at {
					syscall.Kill(p.cmd.Process.Pid, c.sig)
				}
				return true
			})
			before := s.full.Load()
			r := p.wait(t)
			if sent := s.full.Load() != before; sent != c.sent {
				t.Errorf("the request was sent: %v; want %v", sent, c.sent)
			}
			// HUP ends padview once the write is whole; INT and TERM wind it
			// down: 128 + the signal, as shells do.
			if (r.signal == c.sig) != c.ended || !c.ended && r.code != 128+int(c.sig) {
				t.Errorf("exit %d, signal %v: %s", r.code, r.signal, r.stderr)
			}
			es := logEvents(t, state)
			if len(es) != 2 || es[0].Event != audit.EventRequest || es[1].Event != audit.EventOutcome || *es[1].Status != c.status ||
				!c.sent && es[1].Error != "canceled" {
				t.Fatalf("the log: %+v\nstderr: %s", es, r.stderr)
			}
			wantIntact(t, plain, s, state, 2)
		})
	}
	t.Run("SIGKILL at the request line", func(t *testing.T) {
		state := t.TempDir()
		p := prepare(t, fullView(bin, "AB12CD"), s, state)
		if err := p.cmd.Start(); err != nil {
			t.Fatal(err)
		}
		serveWindow(t, fifo, func(int) bool {
			syscall.Kill(p.cmd.Process.Pid, syscall.SIGKILL)
			return false
		})
		if r := p.wait(t); r.signal != syscall.SIGKILL {
			t.Fatalf("exit %d, signal %v", r.code, r.signal)
		}
		v := verify(t, plain, s, state)
		if v.code != 1 || !strings.Contains(v.stderr, "ends in a write padview did not finish, not an edit: line 1 of 1") ||
			!strings.Contains(v.stderr, "`padview audit --recover` completes it") {
			t.Fatalf("audit --verify after SIGKILL: exit %d %s", v.code, v.stderr)
		}
		rec := padview(t, exec.Command(plain, "audit", "--recover"), s, state)
		if rec.code != 0 || !strings.Contains(rec.stdout, "recovered: completed the head file for entry 1") {
			t.Fatalf("audit --recover: exit %d %s%s", rec.code, rec.stdout, rec.stderr)
		}
		wantIntact(t, plain, s, state, 1)
		if r := padview(t, fullView(plain, "XK9P2M"), s, state); r.code != 0 {
			t.Fatalf("the next full view: exit %d %s", r.code, r.stderr)
		}
		wantIntact(t, plain, s, state, 3)
	})
}

// The issue's own case: `padview get --full … | head -1`. The reader goes
// after the first line; padview ends of SIGPIPE, and never between a line
// of the access log and its head file: the log is intact after every run.
func TestFullViewBatchIntoHeadInTheBinary(t *testing.T) {
	t.Parallel() // its own binary, directories and service: it waits on the child, not on the CPU
	bin := padviewBinary(t)
	s := startService(t)
	paids := strings.Fields(strings.Repeat("AB12CD XK9P2M ZZ7Q1A TN2026 ", 8))
	state := t.TempDir()
	lines, piped := 0, 0
	for range 10 {
		pr, pw, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		cmd := fullView(bin, append([]string{"--json", "--concurrency", "8"}, paids...)...)
		cmd.Stdout = pw
		p := prepare(t, cmd, s, state)
		if err := p.cmd.Start(); err != nil {
			t.Fatal(err)
		}
		pw.Close()
		if _, err := bufio.NewReader(pr).ReadString('\n'); err != nil {
			t.Fatal(err)
		}
		pr.Close() // head -1 is done
		r := p.wait(t)
		if r.signal == syscall.SIGPIPE {
			piped++
		}
		v := verify(t, bin, s, state)
		if v.code != 0 {
			t.Fatalf("after a run ended by %v (exit %d): audit --verify: %s%s", r.signal, r.code, v.stdout, v.stderr)
		}
		lines = len(logEvents(t, state))
	}
	if piped == 0 {
		t.Fatal("no run ended of SIGPIPE: the case was not reached")
	}
	t.Logf("10 runs, %d ended of SIGPIPE; the log has %d lines, intact after each", piped, lines)
}

// echoService answers as a careless service does: the token it was sent
// comes back in the error body, a header, the body of an advertisement,
// or a plain-text page.
func echoService(t *testing.T) *service {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		tok := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		switch paid := r.URL.Path[strings.LastIndex(r.URL.Path, "/")+1:]; paid {
		case "ECHO401":
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token", token="`+tok+`"`)
			w.WriteHeader(http.StatusUnauthorized)
			fmt.Fprintf(w, `{"error":{"code":"invalid_token","message":"the token %s is not valid"}}`, tok)
		case "ECHOTEXT":
			w.Header().Set("Content-Type", "text/plain")
			w.WriteHeader(http.StatusBadGateway)
			fmt.Fprintf(w, "upstream said: Bearer %s", tok)
		default:
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("X-Request-Id", "req-"+tok)
			fmt.Fprintf(w, `{"paid":%q,"advertiser":{"companyName":"Echo %s"}}`, paid, tok)
		}
	}))
	t.Cleanup(srv.Close)
	return &service{url: srv.URL + "/v1"}
}

// echoToken has characters JSON and URLs escape; the shell never sees it.
const echoToken = "pv_live/EchoT0ken+9&x<y>"

// The token never shows, even when the service echoes it: not on stderr,
// in -v, in a --json error line, in --raw to a pipe (the server's bytes,
// with the token replaced), in text, nor in the access log.
func TestEchoedTokenInTheBinary(t *testing.T) {
	t.Parallel() // its own binary, directories and service: it waits on the child, not on the CPU
	bin := padviewBinary(t)
	s := echoService(t)
	state := t.TempDir()
	for _, args := range [][]string{
		{"get", "ECHO401"}, {"get", "-v", "ECHO401"}, {"get", "--json", "ECHO401"}, {"get", "--raw", "ECHO401"},
		{"get", "--raw", "ECHOTEXT"}, {"get", "-v", "ECHOTEXT"}, {"get", "ECHOOK"}, {"get", "--json", "-v", "ECHOOK"},
		{"get", "--full", "--accept-personal-data", "-v", "ECHOOK"}, {"check", "ECHOOK"}, {"diff", "ECHOOK", "ECHO401"},
		{"token", "status", "--check"},
	} {
		cmd := exec.Command(bin, args...)
		p := prepare(t, cmd, s, state)
		cmd.Env = append(cmd.Env, "PADVIEW_TOKEN="+echoToken) // the later one wins
		r := p.run(t)
		all := r.stdout + r.stderr
		for _, form := range []string{echoToken, "EchoT0ken+9", `EchoT0ken+9\u0026`, "EchoT0ken%2B9"} {
			if strings.Contains(all, form) {
				t.Fatalf("%v shows the token (as %q):\n%s", args, form, all)
			}
		}
		if shows := args[0] == "get" && args[len(args)-1] != "ECHOTEXT" || args[len(args)-2] == "--raw"; shows && !strings.Contains(all, "[token]") {
			t.Errorf("%v: no [token] where the service echoed it:\n%s", args, all)
		}
	}
	b, err := os.ReadFile(filepath.Join(state, audit.FileName))
	if err != nil || strings.Contains(string(b), "EchoT0ken") {
		t.Fatalf("the access log: %v\n%s", err, b)
	}
}

// In the TUI too, an echoed token is nowhere on screen: not on the error
// pane, not in Raw's headers or body, not in the advertisement.
func TestEchoedTokenInTmux(t *testing.T) {
	t.Parallel() // its own tmux server, directories and service: it waits on a screen, not on the CPU
	s := echoService(t)
	const tok = "pv_live_EchoToken42x"
	tm := startPadview(t, 120, 36, []string{"PADVIEW_BASE_URL=" + s.url, "PADVIEW_TOKEN=" + tok})
	tm.waitFor("Look up a political advertisement")
	screens := []string{tm.lookUp("ECHO401", "ECHO401 · standard view · failed (401)", "The service said", "[token]")}
	tm.keys("2")
	screens = append(screens, tm.waitFor("Www-Authenticate", "[token]"))
	screens = append(screens, tm.lookUp("ECHOOK", "Echo [token]"))
	tm.keys("0")
	screens = append(screens, tm.waitFor("X-Request-Id: req-[token]"))
	for _, scr := range screens {
		if strings.Contains(scr, tok) || strings.Contains(scr, "EchoToken42") {
			t.Fatalf("the token is on screen:\n%s", scr)
		}
	}
	tm.quit()
}

// In the TUI, an answer whose outcome cannot be recorded (a link planted at
// the head file while the request is out) is withheld: no pane or Raw shows
// it, the badge stays STANDARD; an access log that cannot be opened (a
// state directory others may write to) makes no request, says what to fix
// and returns to the standard view; the next f, once fixed, works.
func TestAccessLogFailuresInTmux(t *testing.T) {
	t.Parallel() // its own tmux server, directories and service: it waits on a screen, not on the CPU
	s := startService(t)
	var plant atomic.Value // the head file to plant a link at, or ""
	plant.Store("")
	s.setBefore(func(r *http.Request) {
		if head := plant.Load().(string); head != "" && strings.Contains(r.URL.Path, "advertisement-full") {
			os.Remove(head)
			os.Symlink("/nonexistent/elsewhere", head)
		}
	})
	tm := startPadview(t, 120, 36, []string{"PADVIEW_BASE_URL=" + s.url, "PADVIEW_TOKEN=" + fake.DemoToken})
	tm.waitFor("Look up a political advertisement")
	head := filepath.Join(tm.state, audit.FileName+audit.HeadSuffix)
	tm.lookUp("AB12CD", "Riverside Civic Alliance")
	plant.Store(head)
	tm.confirmFull()
	scr := tm.waitFor("AB12CD · full view · failed (200)", "The access log cannot be written; back to the standard view", "STANDARD")
	tm.keys("2")
	raw := tm.waitFor("not shown: its outcome could not be written to the access log")
	for _, seen := range []string{scr, raw} {
		if strings.Contains(seen, "maren.holt") || strings.Contains(seen, "FULL · personal data") || strings.Contains(seen, "Riverside") {
			t.Fatalf("the withheld answer is on screen:\n%s", seen)
		}
	}
	plant.Store("")
	os.Remove(head)
	tm.confirmFull()
	tm.waitFor("FULL · personal data", "maren.holt@riverside-civic.example")
	tm.keys("s")
	tm.waitFor("STANDARD", "Back to the standard view")

	os.Chmod(tm.state, 0o777)
	full := s.full.Load()
	tm.confirmFull()
	tm.waitFor("No full view: the access log cannot be written", "(mode 0777)", "chmod go-w")
	tm.keys("Enter")
	if scr := tm.waitFor("STANDARD", "The access log cannot be written; back to the standard view", "f full view"); strings.Contains(scr, "No full view") {
		t.Fatalf("the dialog stayed:\n%s", scr)
	}
	if s.full.Load() != full {
		t.Fatal("a full-view request was made without its record")
	}
	os.Chmod(tm.state, 0o700)
	tm.confirmFull()
	tm.waitFor("FULL · personal data", "maren.holt@riverside-civic.example")
	tm.quit()
}

// The log's user is the OS user by uid, never $USER; a uid the system has
// no name for is written as such and marked unverified. padview runs here
// as uid 4242, which has no entry, with USER set to someone else.
func TestLogUserIsTheUID(t *testing.T) {
	bin := padviewBinary(t)
	s := startService(t)
	shared, err := os.MkdirTemp("", "padview-uid-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(shared) })
	os.Chmod(shared, 0o755)
	copied := filepath.Join(shared, "padview")
	b, _ := os.ReadFile(bin)
	os.WriteFile(copied, b, 0o755)
	state := filepath.Join(shared, "state")
	os.Mkdir(state, 0o700)
	os.Chown(state, 4242, 4242)
	cmd := fullView(copied, "AB12CD")
	p := prepare(t, cmd, s, state)
	cmd.Env = append(cmd.Env, "USER=maren", "LOGNAME=maren", "HOME="+state, "PADVIEW_CONFIG_DIR="+filepath.Join(state, "config"))
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 4242, Gid: 4242}}
	if r := p.run(t); r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	es := logEvents(t, state)
	if len(es) != 2 || es[0].User != "uid 4242 (not verified: the system has no name for it)" {
		t.Fatalf("the log's user: %+v", es)
	}
}
