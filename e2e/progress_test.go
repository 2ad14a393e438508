//go:build linux

package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/padview/padview/api/fake"
)

// joinedScreen is the screen with wrapped lines joined: a line wider than
// the pane shows as one line longer than the pane is wide.
func (s *tmuxSession) joinedScreen() string {
	out, _ := s.tmux("capture-pane", "-p", "-J", "-t", "pv")
	return out
}

// batchInTmux runs `padview args…` in tmux at w columns with stdout to
// /dev/null, so that the screen shows stderr alone, and the shell's
// "DONE <exit code>" after it.
func batchInTmux(t *testing.T, w int, env []string, args ...string) *tmuxSession {
	t.Helper()
	args = append(args, ">/dev/null;", "echo", `"DONE $?"`, ";", "read", "x")
	return startPadview(t, w, 20, env, args...)
}

// watchProgress polls the screen until the batch is done and fails if it
// ever holds more than one progress line (one naming total PAIDs, or
// drawing the bar) or a line wider than the pane: the line must replace
// itself, never wrap and never pile up. It returns the last screen and
// every progress line seen.
func watchProgress(t *testing.T, s *tmuxSession, w, total int) (last string, seen []string) {
	t.Helper()
	count := fmt.Sprintf("/%d", total)
	last = s.until("the batch ending", func() (string, bool) {
		scr := s.joinedScreen()
		var progress []string
		for _, line := range strings.Split(scr, "\n") {
			if !strings.Contains(line, count+" ") && !strings.ContainsAny(line, "▌░") {
				continue // the summary line may wrap: it is written once
			}
			if n := ansi.StringWidth(strings.TrimRight(line, " ")); n > w {
				t.Fatalf("a progress line of %d columns in a pane of %d:\n%s", n, w, scr)
			}
			progress = append(progress, line)
		}
		if len(progress) > 1 {
			t.Fatalf("%d progress lines on the screen at once:\n%s", len(progress), scr)
		}
		seen = append(seen, progress...)
		return scr, strings.Contains(scr, "DONE ")
	})
	return last, seen
}

// The progress line fits the terminal, at 80 columns and at 40: a batch
// that starts with DEMO-429 (the service asks for a 5 s wait) and a batch
// held back by a rate limit of 20 requests every 2 s draw one line that
// replaces itself, never wraps, and is gone when the batch ends, leaving
// the summary line alone.
func TestProgressFitsTheTerminalInTmux(t *testing.T) {
	t.Parallel() // its own tmux servers and services: it waits on a screen, not on the CPU
	list := filepath.Join(t.TempDir(), "paids.txt")
	if err := os.WriteFile(list, []byte(paidLines(46, "DEMO-429")), 0o600); err != nil {
		t.Fatal(err)
	}
	summary := regexp.MustCompile(`(?m)^46 PAIDs: 46 found, 0 not found, 0 failed · \S+ · at most \d+ requests every 2 s\n`)
	for _, w := range []int{80, 40} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			t.Parallel() // each width has its own service and budget
			f, err := fake.Start(fake.Options{DemoTriggers: true, Limit: 20, Window: 2 * time.Second, RateHeaders: fake.IETFHeaders})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { f.Close() })
			env := []string{"PADVIEW_BASE_URL=" + f.URL, "PADVIEW_TOKEN=" + fake.DemoToken}
			s := batchInTmux(t, w, env, "get", "--list", list)
			last, seen := watchProgress(t, s, w, 46)
			waited, limited := false, false
			for _, l := range seen {
				waited = waited || strings.Contains(l, "service asked to wait · ")
				// The budget's own wait, whichever way it stands: every slot
				// of the window taken, or requests held back to pace them.
				limited = limited || strings.Contains(l, "at the limit · next in ") || strings.Contains(l, "pacing · next in ")
			}
			if !waited || !limited {
				t.Errorf("the line never said it waited for the service (%v) or the limit (%v): %q", waited, limited, seen)
			}
			if !strings.Contains(last, "DONE 0") || !summary.MatchString(last) || strings.ContainsAny(last, "▌░") || strings.Contains(last, "/46") {
				t.Fatalf("after the batch:\n%s", last)
			}
		})
	}
}

// Ctrl-C typed in the terminal mid-batch (a real SIGINT to the real
// binary): the bar makes way for one summary line that says how many
// PAIDs were done, canceled in flight (HOLD1's request was sent) and not
// looked up, adding up to the batch; nothing of the bar is left.
func TestInterruptedBatchSaysWhatWasDoneInTmux(t *testing.T) {
	t.Parallel() // its own tmux server and service: it waits on a screen, not on the CPU
	srv := newHeldService(t, "HOLD1")
	srv.holdAfterServed(11) // the rest wait, so some are not looked up when Ctrl-C comes
	list := filepath.Join(t.TempDir(), "paids.txt")
	if err := os.WriteFile(list, []byte(paidLines(100, "AB12CD", "HOLD1")), 0o600); err != nil {
		t.Fatal(err)
	}
	s := batchInTmux(t, 80, []string{"PADVIEW_BASE_URL=" + srv.URL + "/v1", "PADVIEW_TOKEN=" + fake.DemoToken}, "get", "--list", list)
	<-srv.arrived("HOLD1")
	srv.awaitServed(11) // lookups in flight, ten answers held back behind HOLD1
	s.waitFor("/100 ")  // the bar is drawn
	s.keys("C-c")
	s.waitFor("DONE 130")
	last := s.joinedScreen() // the summary line wraps at 80 columns
	m := regexp.MustCompile(`(?m)^padview: interrupted: (\d+) of 100 PAIDs done, (\d+) canceled in flight, (\d+) not looked up; `).FindStringSubmatch(last)
	if m == nil || strings.ContainsAny(last, "▌░") || strings.Contains(last, "/100") {
		t.Fatalf("the last screen:\n%s", last)
	}
	done, canceled, left := number(t, m[1]), number(t, m[2]), number(t, m[3])
	if done < 1 || canceled < 1 || left < 1 || done+canceled+left != 100 {
		t.Errorf("%d done, %d canceled in flight, %d not looked up of 100", done, canceled, left)
	}
}
