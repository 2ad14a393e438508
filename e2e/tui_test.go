package e2e

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// tmuxSession drives the real padview binary in a real terminal: tmux on a
// private socket, keys sent with send-keys, the screen read with
// capture-pane.
type tmuxSession struct {
	t      testing.TB
	socket string
	state  string // PADVIEW_STATE_DIR: where the access log goes
	tmp    string // TMPDIR: where --demo keeps its own access log
}

func (s *tmuxSession) tmux(args ...string) (string, error) {
	out, err := exec.Command("tmux", append([]string{"-L", s.socket, "-f", "/dev/null"}, args...)...).CombinedOutput()
	return string(out), err
}

func (s *tmuxSession) screen() string {
	out, _ := s.tmux("capture-pane", "-p", "-t", "pv")
	return out
}

// until polls the real program (its screen, its files) until done says
// what it waits for has happened, and returns what it says then. A program
// in another process has no clock a test can move: what a test waits for
// is a state it can see, looked at again and again (firstPoll, then less
// often). maxPoll only stops a hung program from holding the test; it
// asserts nothing about speed.
func (s *tmuxSession) until(what string, done func() (string, bool)) string {
	s.t.Helper()
	deadline, every := time.Now().Add(maxPoll), firstPoll
	for {
		got, ok := done()
		if ok {
			return got
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("%s never happened:\n%s", what, got)
		}
		time.Sleep(every)
		every = min(2*every, slowestPoll)
	}
}

// A poll is a tmux process started: the first come quickly, for a screen
// about to change, and then less often, so that tests waiting side by side
// leave the CPU to the programs they wait on.
const (
	firstPoll   = 10 * time.Millisecond
	slowestPoll = 80 * time.Millisecond
	maxPoll     = time.Minute
)

// waitFor polls the screen until every want is on it.
func (s *tmuxSession) waitFor(wants ...string) string {
	s.t.Helper()
	missing := ""
	return s.until("the screen showing what is awaited", func() (string, bool) {
		scr := s.screen()
		for _, w := range wants {
			if !strings.Contains(scr, w) {
				missing = w
				return fmt.Sprintf("missing %q:\n%s", missing, scr), false
			}
		}
		return scr, true
	})
}

// settled polls the screen until it has stayed the same for a few polls,
// after a key whose effect has no text of its own to wait for (a tab, a
// page down).
func (s *tmuxSession) settled() string {
	s.t.Helper()
	last, same := s.screen(), 0
	return s.until("the screen settling", func() (string, bool) {
		scr := s.screen()
		if scr == last {
			same++
		} else {
			last, same = scr, 0
		}
		return scr, same >= 3
	})
}

func (s *tmuxSession) keys(keys ...string) {
	s.t.Helper()
	if out, err := s.tmux(append([]string{"send-keys", "-t", "pv"}, keys...)...); err != nil {
		s.t.Fatalf("send-keys %v: %v %s", keys, err, out)
	}
}

func (s *tmuxSession) text(text string) {
	s.t.Helper()
	if out, err := s.tmux("send-keys", "-t", "pv", "-l", text); err != nil {
		s.t.Fatalf("send-keys -l %q: %v %s", text, err, out)
	}
}

// waitingTests is how many of the package's parallel tests run at once.
const waitingTests = 8

// binary is the padview binary the tmux tests run, built once.
var binary struct {
	once sync.Once
	dir  string
	path string
	err  error
}

// TestMain runs more tests at once than go test's default of one a core,
// unless -parallel is given: the tests of this package wait on tmux
// screens, child processes and slow services, not on the CPU, and one at a
// core would leave the suite waiting a minute longer on a two-core machine.
func TestMain(m *testing.M) {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		flag.Set("test.parallel", strconv.Itoa(waitingTests))
	}
	restoreHangup()
	code := m.Run()
	if binary.dir != "" {
		os.RemoveAll(binary.dir)
	}
	os.Exit(code)
}

// restoreHangup gives the children the tests start SIGHUP's default
// effect where this process was started with it ignored (under nohup, or a
// CI runner that ignores it): an ignored signal stays ignored across exec,
// so padview, rightly, would not end of a hangup the tests send it, while
// one this process catches is reset to its default in each child.
func restoreHangup() {
	if signal.Ignored(syscall.SIGHUP) {
		signal.Notify(make(chan os.Signal, 1), syscall.SIGHUP)
	}
}

// wholeBinary leaves a test that builds and runs the real binary (in
// tmux, or to measure it) out of `go test -short`, but never under CI
// (CI set): there every test runs, and one whose tool is missing fails.
func wholeBinary(t testing.TB) {
	t.Helper()
	if testing.Short() && os.Getenv("CI") == "" {
		t.Skip("runs the real binary: left out by -short (CI runs it)")
	}
}

// startTUI builds padview (once) and runs `padview --demo` in a private
// tmux server at w×h, with args after it (PAIDs to open on).
func startTUI(t *testing.T, w, h int, args ...string) *tmuxSession {
	t.Helper()
	s := startPadview(t, w, h, nil, append([]string{"--demo"}, args...)...)
	if len(args) == 0 {
		s.waitFor("Look up a political advertisement", "STANDARD")
	}
	return s
}

// startPadview runs padview with args in a private tmux server at w×h,
// with its own config and state directories and the extra environment env
// ("NAME=value").
func startPadview(t *testing.T, w, h int, env []string, args ...string) *tmuxSession {
	t.Helper()
	wholeBinary(t)
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("CI must install tmux")
		}
		t.Skip("tmux not installed (CI installs it)")
	}
	bin := padviewBinary(t)
	s := &tmuxSession{t: t, socket: fmt.Sprintf("padview-e2e-%d-%s", os.Getpid(), strings.ReplaceAll(t.Name(), "/", "-")), state: t.TempDir(), tmp: t.TempDir()}
	t.Cleanup(func() { s.tmux("kill-server") })
	env = append([]string{"TERM=xterm-256color", "PADVIEW_CONFIG_DIR=" + t.TempDir(), "PADVIEW_STATE_DIR=" + s.state, "TMPDIR=" + s.tmp}, env...)
	cmd := "env " + strings.Join(env, " ") + " " + bin + " " + strings.Join(args, " ")
	if out, err := s.tmux("new-session", "-d", "-s", "pv", "-x", fmt.Sprint(w), "-y", fmt.Sprint(h), cmd); err != nil {
		t.Fatalf("tmux: %v %s", err, out)
	}
	// OSC 52 from padview lands in tmux's paste buffer, where a test can read it.
	s.tmux("set-option", "-g", "set-clipboard", "on")
	return s
}

// lookUp types a new PAID and waits for the screen to name it.
func (s *tmuxSession) lookUp(paid string, wants ...string) string {
	s.t.Helper()
	s.keys("C-l", "C-u")
	s.text(paid)
	s.keys("Enter")
	return s.waitFor(wants...)
}

// confirmFull answers the full-view confirmation once it is armed.
func (s *tmuxSession) confirmFull() {
	s.t.Helper()
	s.keys("f")
	s.waitFor("Full view: personal data", "Show personal data", "y show personal data") // the key line offers y once it works
	s.keys("y")
}

// mouse sends an SGR mouse report (button, 1-based column and row) as a
// terminal would.
func (s *tmuxSession) mouse(button, x, y int) {
	s.t.Helper()
	s.text(fmt.Sprintf("\x1b[<%d;%d;%dM", button, x, y))
}

func (s *tmuxSession) quit() {
	s.t.Helper()
	s.keys("q")
	s.until("padview quitting on q", func() (string, bool) {
		_, err := s.tmux("has-session", "-t", "pv")
		return s.screen(), err != nil // padview quit and its session closed
	})
}

// TestTUIInTmux runs lookup → tabs → full view → confirm → standard → quit
// with the binary a user runs, in demo mode.
func TestTUIInTmux(t *testing.T) {
	t.Parallel() // its own tmux server, directories and service: it waits on a screen, not on the CPU
	s := startTUI(t, 100, 30)
	s.waitFor("AB12CD")
	s.text("AB12CD")
	s.keys("Enter")
	// The demo sends rate-limit headers: the budget is the service's, not ≈.
	if scr := s.waitFor("Riverside Civic Alliance", "200 ·", "999 of 1,000 left"); strings.Contains(scr, "≈") {
		t.Fatalf("the demo's budget is padview's estimate:\n%s", scr)
	}
	s.keys("2")
	s.waitFor("Clean Rivers Referendum 2026", "EUR 48,250.00")
	s.keys("3")
	scr := s.waitFor("2 sponsors", "Friends of the Estuary")
	if strings.Contains(scr, "info@estuary-friends.example") {
		t.Fatal("personal data in the standard view")
	}
	s.confirmFull()
	s.waitFor("FULL · personal data", "◆ info@estuary-friends.example")
	s.keys("s")
	scr = s.waitFor("STANDARD", "Back to the standard view", "Friends of the Estuary")
	if strings.Contains(scr, "info@estuary-friends.example") {
		t.Fatalf("personal data still on screen after s:\n%s", scr)
	}
	s.quit()
}

// TestTUIFailureAfterFullViewInTmux is issue 8's scenario: ZZ7Q1A in the
// full view, then NOPE99. Nothing of ZZ7Q1A stays on any tab; Raw and c
// describe the failed request; the keys offered work.
func TestTUIFailureAfterFullViewInTmux(t *testing.T) {
	t.Parallel() // its own tmux server, directories and service: it waits on a screen, not on the CPU
	s := startTUI(t, 120, 36)
	s.lookUp("ZZ7Q1A", "Havenwerkers Verbond")
	s.confirmFull()
	s.waitFor("◆ s.vdberg@havenwerkers.example")
	scr := s.lookUp("NOPE99", "NOPE99 · full view · failed (404)", "What happened")
	s.keys("2")
	raw := s.waitFor("GET http://", "/v1/advertisement-full/NOPE99", "→ 404")
	for _, seen := range []string{scr, raw} {
		if strings.Contains(seen, "avenwerkers") || strings.Contains(seen, "ZZ7Q1A") || strings.Contains(seen, "FULL · personal data") {
			t.Fatalf("the earlier advertisement is still on screen:\n%s", seen)
		}
	}
	s.keys("c")
	s.until("c copying the failed request", func() (string, bool) {
		buf, _ := s.tmux("show-buffer")
		return fmt.Sprintf("the clipboard has %q", buf), strings.Contains(buf, "/v1/advertisement-full/NOPE99") &&
			strings.Contains(buf, `curl -sS -i -H 'Accept: application/json' -H "Authorization: Bearer $(padview --demo token print)" `)
	})
	// The keys offered are keys: tab, 3 and t are not typed into the input.
	s.keys("Tab", "3", "t")
	s.waitFor("Partner token")
	s.keys("Escape")
	scr = s.waitFor("PAID ❯ NOPE99\n")
	if strings.Contains(scr, "NOPE99t") || strings.Contains(scr, "NOPE993") {
		t.Fatalf("keys were typed into the input:\n%s", scr)
	}
	s.quit()
}

// TestTUIRefusedFullViewInTmux: a 403 on the full view goes back to the
// standard view's answer (the refusal does not stay until r), the badge
// at STANDARD; [ shows the refusal; the next lookup is standard, without
// the dialog.
func TestTUIRefusedFullViewInTmux(t *testing.T) {
	t.Parallel() // its own tmux server, directories and service: it waits on a screen, not on the CPU
	s := startTUI(t, 100, 30)
	s.lookUp("DEMO-403", "Showing DEMO-403")
	s.confirmFull()
	scr := s.waitFor("Full view refused (403): back in the standard view", "STANDARD", "Riverside Civic Alliance")
	if strings.Contains(scr, "FULL") {
		t.Fatalf("badge after a refused full view:\n%s", scr)
	}
	s.keys("[")
	s.waitFor("✗ Full view refused (403)", "forbidden: this token may not use the full view (demo)")
	scr = s.lookUp("AB12CD", "Showing AB12CD · standard view", "STANDARD")
	if strings.Contains(scr, "Full view: personal data") {
		t.Fatal("the next lookup asked for the full view")
	}
	s.quit()
}

// TestTUIHelpSwallowsMouseInTmux: a click on the tab bar through the help
// does not switch tabs; the wheel scrolls the help.
func TestTUIHelpSwallowsMouseInTmux(t *testing.T) {
	t.Parallel() // its own tmux server, directories and service: it waits on a screen, not on the CPU
	s := startTUI(t, 60, 15)
	s.lookUp("AB12CD", "Company name")
	s.keys("?")
	s.waitFor("?/esc/q closes", "↓ more")
	s.mouse(0, 25, 4) // press on the tab bar's row
	for range 8 {
		s.mouse(65, 20, 8) // wheel down
	}
	s.waitFor("ctrl+c", "J/K")
	s.keys("Escape")
	s.waitFor("Company name", "Riverside Civic Alliance")
	s.quit()
}

// TestTUITableRefillInTmux: G in 5,000 sponsors, shrink to 60×15 and grow
// to 200×60: the table fills the pane.
func TestTUITableRefillInTmux(t *testing.T) {
	t.Parallel() // its own tmux server, directories and service: it waits on a screen, not on the CPU
	s := startTUI(t, 120, 36)
	s.lookUp("MANY5000", "Showing MANY5000")
	s.keys("3", "G")
	s.waitFor("entry 5000")
	s.tmux("resize-window", "-t", "pv", "-x", "60", "-y", "15")
	s.waitFor("Donor 5000")
	s.tmux("resize-window", "-t", "pv", "-x", "200", "-y", "60")
	s.waitFor("Donor 5000", "Donor 4949")
	s.quit()
}

// TestTUIHelpAt80x24InTmux: every key shows at 80×24, q among them.
func TestTUIHelpAt80x24InTmux(t *testing.T) {
	t.Parallel() // its own tmux server, directories and service: it waits on a screen, not on the CPU
	s := startTUI(t, 80, 24)
	s.keys("Escape") // alone: ESC and ? together would read as alt+?
	s.waitFor("o new PAID")
	s.keys("?")
	scr := s.waitFor("?/esc/q closes", "q/ctrl+c  quit", "J/K", "1-9,0", "g/G home/end  top/bottom")
	if strings.Contains(scr, "↓ more") {
		t.Fatalf("the help does not fit 80×24:\n%s", scr)
	}
	s.keys("Escape")
	s.waitFor("o new PAID")
	s.quit()
}

// TestTUIFindInTmux: / in the sponsors table of MANY5000 filters it to one
// sponsor as one types; esc keeps that sponsor selected; a click selects a
// row; / in Raw marks and counts matches.
func TestTUIFindInTmux(t *testing.T) {
	t.Parallel() // its own tmux server, directories and service: it waits on a screen, not on the CPU
	s := startTUI(t, 120, 36)
	s.lookUp("MANY5000", "Showing MANY5000")
	s.keys("3", "/")
	s.text("Donor 4711")
	scr := s.waitFor("1 of 5,000 sponsors · entry 4711", "/Donor 4711", "1 of 5,000")
	if strings.Contains(scr, "Donor 4712") || strings.Contains(scr, "Donor 0001") {
		t.Fatalf("the table is not filtered:\n%s", scr)
	}
	s.keys("Enter")
	s.waitFor("n/N next/previous match")
	s.keys("Escape")
	s.waitFor("5,000 sponsors · entry 4711")
	// The table shows 4684 to 4711 (28 rows, the selection at the bottom);
	// its rows start on the seventh line. A press on the tenth line (1-based)
	// is the fourth row.
	s.mouse(0, 10, 10)
	s.waitFor("entry 4687")
	s.keys("0", "/")
	s.text("donor 0042")
	s.waitFor(`"name": "Donor 0042"`, "1 of 1")
	s.keys("Enter") // while the find line is typed in, q is text
	s.waitFor("n/N next/previous match")
	s.quit()
}

// TestTUIHistoryInTmux: [ goes back without a request (the budget does
// not move), ] forward; H lists the lookups and enter reopens one.
func TestTUIHistoryInTmux(t *testing.T) {
	t.Parallel() // its own tmux server, directories and service: it waits on a screen, not on the CPU
	s := startTUI(t, 100, 30)
	s.lookUp("AB12CD", "Riverside Civic Alliance")
	s.lookUp("XK9P2M", "Collectif", "998 of 1,000 left")
	s.keys("[")
	s.waitFor("Showing AB12CD", "from this session, fetched", "998 of 1,000 left")
	s.keys("]")
	s.waitFor("Showing XK9P2M", "998 of 1,000 left")
	s.keys("H")
	s.waitFor("This session's lookups", "XK9P2M", "AB12CD", "200 OK", "Riverside Civic Alliance")
	s.keys("Down", "Enter")
	scr := s.waitFor("Showing AB12CD", "from this session")
	if !strings.Contains(scr, "998 of 1,000 left") {
		t.Fatalf("reopening from the list sent a request:\n%s", scr)
	}
	s.quit()
}

// TestTUIWorklistInTmux: `padview AB12CD XK9P2M` opens on AB12CD with the
// worklist's place in the header; ctrl+n opens the next.
func TestTUIWorklistInTmux(t *testing.T) {
	t.Parallel() // its own tmux server, directories and service: it waits on a screen, not on the CPU
	s := startTUI(t, 100, 30, "AB12CD", "XK9P2M")
	s.waitFor("worklist 1/2", "Showing AB12CD", "Riverside Civic Alliance")
	s.keys("C-n")
	s.waitFor("worklist 2/2", "Showing XK9P2M")
	s.keys("C-p")
	s.waitFor("worklist 1/2", "Showing AB12CD", "from this session")
	s.quit()
}

// TestTUIOpensOnPAIDInTmux: `padview AB12CD` opens the UI on AB12CD.
func TestTUIOpensOnPAIDInTmux(t *testing.T) {
	t.Parallel() // its own tmux server, directories and service: it waits on a screen, not on the CPU
	s := startTUI(t, 100, 30, "AB12CD")
	scr := s.waitFor("Showing AB12CD · standard view", "Riverside Civic Alliance", "200 ·")
	if strings.Contains(scr, "worklist") || strings.Contains(scr, "Look up a political advertisement") {
		t.Fatalf("one PAID is not a worklist:\n%s", scr)
	}
	s.quit()
}
