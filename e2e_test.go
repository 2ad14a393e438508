package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// tmuxSession drives the real padview binary in a real terminal: tmux on a
// private socket, keys sent with send-keys, the screen read with
// capture-pane.
type tmuxSession struct {
	t      testing.TB
	socket string
}

func (s *tmuxSession) tmux(args ...string) (string, error) {
	out, err := exec.Command("tmux", append([]string{"-L", s.socket, "-f", "/dev/null"}, args...)...).CombinedOutput()
	return string(out), err
}

func (s *tmuxSession) screen() string {
	out, _ := s.tmux("capture-pane", "-p", "-t", "pv")
	return out
}

// waitFor polls the screen until every want is on it.
func (s *tmuxSession) waitFor(wants ...string) string {
	s.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		scr := s.screen()
		missing := ""
		for _, w := range wants {
			if !strings.Contains(scr, w) {
				missing = w
				break
			}
		}
		if missing == "" {
			return scr
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("screen never showed %q:\n%s", missing, scr)
		}
		time.Sleep(50 * time.Millisecond)
	}
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

// TestTUIInTmux runs lookup → tabs → full view → confirm → standard → quit
// with the binary a user runs, in demo mode.
func TestTUIInTmux(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("CI must install tmux")
		}
		t.Skip("tmux not installed (CI installs it)")
	}
	bin := filepath.Join(t.TempDir(), "padview")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	s := &tmuxSession{t: t, socket: fmt.Sprintf("padview-e2e-%d", os.Getpid())}
	t.Cleanup(func() { s.tmux("kill-server") })
	cmd := fmt.Sprintf("env TERM=xterm-256color PADVIEW_CONFIG_DIR=%s %s --demo", t.TempDir(), bin)
	if out, err := s.tmux("new-session", "-d", "-s", "pv", "-x", "100", "-y", "30", cmd); err != nil {
		t.Fatalf("tmux: %v %s", err, out)
	}

	s.waitFor("Look up a political advertisement", "STANDARD", "AB12CD")
	s.text("AB12CD")
	s.keys("Enter")
	s.waitFor("Riverside Civic Alliance", "200 ·", "budget ≈999/1000")
	s.keys("2")
	s.waitFor("Clean Rivers Referendum 2026", "EUR 48,250.00")
	s.keys("3")
	scr := s.waitFor("2 sponsors", "Friends of the Estuary")
	if strings.Contains(scr, "info@estuary-friends.example") {
		t.Fatal("personal data in the standard view")
	}
	s.keys("f")
	s.waitFor("Full view: personal data", "legitimate business need", "Show personal data")
	time.Sleep(600 * time.Millisecond)
	s.keys("y")
	s.waitFor("FULL · personal data", "info@estuary-friends.example", "◆")
	s.keys("s")
	scr = s.waitFor("STANDARD", "Back to the standard view", "Friends of the Estuary")
	if strings.Contains(scr, "info@estuary-friends.example") {
		t.Fatalf("personal data still on screen after s:\n%s", scr)
	}
	s.keys("q")
	deadline := time.Now().Add(5 * time.Second)
	for {
		if _, err := s.tmux("has-session", "-t", "pv"); err != nil {
			return // padview quit and its session closed
		}
		if time.Now().After(deadline) {
			t.Fatalf("padview did not quit on q:\n%s", s.screen())
		}
		time.Sleep(50 * time.Millisecond)
	}
}
