package ui

import (
	"bytes"
	"encoding/base64"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/fake"
)

// program runs the model in a real Bubble Tea program with a pinned size,
// colour profile and environment, against the fake over loopback, on a
// clock the test moves. A command key acts at once, as after a pause:
// the typing rule, whose keys wait on that clock, is tested on its own
// (typingProgram).
func program(t *testing.T, cfg Config, w, h int) (*teatest.TestModel, *clock) {
	t.Helper()
	return startProgram(t, cfg, w, h, 0)
}

// typingProgram is program with the typing rule on (typing.go).
func typingProgram(t *testing.T, cfg Config, w, h int) (*teatest.TestModel, *clock) {
	t.Helper()
	return startProgram(t, cfg, w, h, typingWindow)
}

func startProgram(t *testing.T, cfg Config, w, h int, typing time.Duration) (*teatest.TestModel, *clock) {
	t.Helper()
	m, c := New(cfg), newClock()
	m.kit.typing = typing
	c.hold(t)
	c.set(&m)
	return teatest.NewTestModel(t, m,
		teatest.WithInitialTermSize(w, h),
		teatest.WithProgramOptions(
			tea.WithColorProfile(colorprofile.Ascii),
			tea.WithEnvironment([]string{"TERM=xterm-256color", "NO_COLOR=1"}),
		)), c
}

// hungAfter only stops a program that hangs: the tests wait on what the
// screen shows, never on time, and a busy machine may take seconds.
const hungAfter = time.Minute

// waitFor reads the program's output until it shows every want, and
// returns what it read. The renderer writes only what changed (the one
// digit of "request id fake-3" that differs from "fake-2"), so while a
// want is missing the program is asked every repaintEvery checks to paint
// the whole screen again: a want that is on the screen is then read whole.
func waitFor(t *testing.T, tm *teatest.TestModel, wants ...string) string {
	t.Helper()
	var seen []byte
	checks := 0
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		seen = b
		for _, w := range wants {
			if !bytes.Contains(b, []byte(w)) {
				if checks++; checks%repaintEvery == 0 {
					tm.Send(tea.ClearScreen()) // the renderer repaints; the model does nothing with it
				}
				return false
			}
		}
		return true
	}, teatest.WithDuration(hungAfter), teatest.WithCheckInterval(20*time.Millisecond))
	return string(seen)
}

// repaintEvery is how many checks of 20 ms waitFor lets pass before it
// asks for a whole screen.
const repaintEvery = 10

// redraw makes the program paint the whole screen again, so that what
// waitFor reads next is the screen, not a difference to the last one.
func redraw(tm *teatest.TestModel, w, h int) {
	tm.Send(tea.WindowSizeMsg{Width: w - 1, Height: h})
	tm.Send(tea.WindowSizeMsg{Width: w, Height: h})
}

func send(tm *teatest.TestModel, keys ...string) {
	for _, k := range keys {
		tm.Send(keyMsg(k))
	}
}

// confirm answers the full-view confirmation once it is armed.
func confirm(t *testing.T, tm *teatest.TestModel, clk *clock) {
	t.Helper()
	send(tm, "f")
	waitFor(t, tm, "Show personal data")
	clk.add(confirmArmDelay)
	send(tm, "y")
}

func finalModel(t *testing.T, tm *teatest.TestModel) Model {
	t.Helper()
	send(tm, "ctrl+c")
	return tm.FinalModel(t, teatest.WithFinalTimeout(hungAfter)).(Model)
}

func TestProgramLookupTabsAndFullView(t *testing.T) {
	t.Parallel() // each program has its own fake, clock and terminal
	s := startFake(t, fake.Options{})
	tm, clk := program(t, demoConfig(s), 100, 30)
	waitFor(t, tm, "Look up a political advertisement")
	tm.Type("AB12CD")
	send(tm, "enter")
	waitFor(t, tm, "Riverside Civic Alliance")
	send(tm, "2")
	waitFor(t, tm, "Clean Rivers Referendum 2026")
	send(tm, "4")
	waitFor(t, tm, "1 controller · entry 1")

	// Cancel the confirmation: nothing personal is requested.
	send(tm, "f")
	waitFor(t, tm, "Show personal data")
	clk.add(confirmArmDelay)
	send(tm, "esc")
	waitFor(t, tm, "Full view not opened")
	if s.Stats().Full != 0 {
		t.Fatal("a cancelled confirmation requested the full view")
	}
	confirm(t, tm, clk)
	waitFor(t, tm, "FULL · personal data")
	redraw(tm, 100, 30)
	waitFor(t, tm, "privacy@riverside-civic.example")

	send(tm, "s")
	waitFor(t, tm, "Back to the standard view")
	// s fetches the standard view again: the third request. Its message
	// stays until the next key; then the status bar shows the answer's
	// request id once it is on screen.
	send(tm, "4")
	waitFor(t, tm, "request id fake-3")
	m := finalModel(t, tm)
	if m.sess.view != advert.Standard || m.ex.personal() || s.Stats().Full != 1 {
		t.Fatalf("final: view %v, exchange %v, full requests %d", m.sess.view, m.ex, s.Stats().Full)
	}
}

func TestProgramErrorsAndRetry(t *testing.T) {
	t.Parallel() // each program has its own fake, clock and terminal
	s := startFake(t, fake.Options{DemoTriggers: true})
	tm, _ := program(t, demoConfig(s), 100, 30)
	tm.Type("XK9P2M")
	send(tm, "enter")
	waitFor(t, tm, "Collectif")
	s.Inject(fake.Fault{Kind: fake.FaultStatus, Status: 500, Message: "database unavailable"}, 1)
	send(tm, "r")
	waitFor(t, tm, "Service error (500)", "database unavailable")
	send(tm, "r")
	waitFor(t, tm, "200 ·")
	send(tm, "o")
	tm.Type("NOPE42")
	send(tm, "enter")
	waitFor(t, tm, "No advertisement with PAID NOPE42")
	m := finalModel(t, tm)
	if m.ex == nil || m.ex.paid != "NOPE42" || m.ex.doc != nil {
		t.Fatalf("the failure is not the exchange on screen: %v", m.ex)
	}
}

func TestProgramDropsAnswersAfterCancel(t *testing.T) {
	t.Parallel() // each program has its own fake, clock and terminal
	s := startFake(t, fake.Options{Latency: 300 * time.Millisecond})
	tm, _ := program(t, demoConfig(s), 100, 30)
	tm.Type("AB12CD")
	send(tm, "enter")
	waitFor(t, tm, "Fetching AB12CD")
	send(tm, "esc")
	waitFor(t, tm, "Canceled.")
	m := finalModel(t, tm) // TestStaleResponsesAreDropped feeds a model the late answer itself
	if m.ex != nil {
		t.Fatal("an answer after cancel was shown")
	}
	out, _ := io.ReadAll(tm.FinalOutput(t))
	if strings.Contains(string(out), "Riverside") {
		t.Fatal("the cancelled answer reached the screen")
	}
}

// TestProgramFailureAfterFullViewLeavesNoTrace: ZZ7Q1A in the full view,
// then NOPE99: no tab shows anything of ZZ7Q1A any more.
func TestProgramFailureAfterFullViewLeavesNoTrace(t *testing.T) {
	t.Parallel() // each program has its own fake, clock and terminal
	s := startFake(t, fake.Options{DemoTriggers: true})
	tm, clk := program(t, demoConfig(s), 120, 36)
	tm.Type("ZZ7Q1A")
	send(tm, "enter")
	waitFor(t, tm, "Havenwerkers Verbond")
	confirm(t, tm, clk)
	waitFor(t, tm, "s.vdberg@havenwerkers.example")
	send(tm, "o")
	tm.Type("NOPE99")
	send(tm, "enter")
	waitFor(t, tm, "failed (404)")
	for _, tab := range []string{"1", "2"} {
		send(tm, tab)
		redraw(tm, 120, 36)
		scr := waitFor(t, tm, "NOPE99 · full view · failed (404)", "full view on")
		if strings.Contains(scr, "avenwerkers") || strings.Contains(scr, "ZZ7Q1A") {
			t.Fatalf("tab %s still shows the earlier advertisement:\n%s", tab, ansi.Strip(scr))
		}
	}
	m := finalModel(t, tm)
	if all := everyTab(m); strings.Contains(all, "avenwerkers") || m.ex.doc != nil {
		t.Fatalf("the earlier advertisement is still held:\n%s", all)
	}
}

// TestProgramRawAndCopyAfterFailure: Raw and c describe the failed request.
func TestProgramRawAndCopyAfterFailure(t *testing.T) {
	t.Parallel() // each program has its own fake, clock and terminal
	s := startFake(t, fake.Options{DemoTriggers: true})
	tm, _ := program(t, demoConfig(s), 120, 36)
	tm.Type("AB12CD")
	send(tm, "enter")
	waitFor(t, tm, "Riverside Civic Alliance")
	send(tm, "o")
	tm.Type("DEMO-503")
	send(tm, "enter")
	waitFor(t, tm, "Service error (503)")
	send(tm, "2")
	waitFor(t, tm, "/v1/advertisement/DEMO-503", "→ 503 Service Unavailable", "4 attempts")
	send(tm, "c")
	out := waitFor(t, tm, "\x1b]52;c;")
	encoded := regexp.MustCompile(`\x1b\]52;c;([A-Za-z0-9+/=]+)`).FindStringSubmatch(out)
	if encoded == nil {
		t.Fatalf("no clipboard sequence in %q", out)
	}
	curl, _ := base64.StdEncoding.DecodeString(encoded[1])
	if !strings.Contains(string(curl), "/v1/advertisement/DEMO-503") || strings.Contains(string(curl), fake.DemoToken) {
		t.Fatalf("c copied %q", curl)
	}
	finalModel(t, tm)
}

// TestProgramKeysAfterFailure: after a failure the keys the key line
// offers are keys, not text for the input.
func TestProgramKeysAfterFailure(t *testing.T) {
	t.Parallel() // each program has its own fake, clock and terminal
	s := startFake(t, fake.Options{DemoTriggers: true})
	tm, _ := program(t, demoConfig(s), 100, 30)
	tm.Type("DEMO-503")
	send(tm, "enter")
	waitFor(t, tm, "Service error (503)", "r retry")
	send(tm, "tab")
	waitFor(t, tm, "Response headers")
	send(tm, "3", "t")
	waitFor(t, tm, "Partner token")
	send(tm, "esc", "s")
	waitFor(t, tm, "Already in the standard view")
	m := finalModel(t, tm)
	if m.input.value() != "DEMO-503" || m.focus != focusPane {
		t.Fatalf("keys were typed into the input: %q", m.input.value())
	}
}

// TestProgramBadgeAfterRefusedFullView: a 403 on the full view shows
// STANDARD and the standard view's answer, not the refusal waiting for r;
// the next lookup is standard without a dialog.
func TestProgramBadgeAfterRefusedFullView(t *testing.T) {
	t.Parallel() // each program has its own fake, clock and terminal
	s := startFake(t, fake.Options{DemoTriggers: true})
	tm, clk := program(t, demoConfig(s), 100, 30)
	tm.Type("DEMO-403")
	send(tm, "enter")
	waitFor(t, tm, "Showing DEMO-403")
	confirm(t, tm, clk)
	waitFor(t, tm, "Full view refused (403): back in the standard view", "Riverside Civic Alliance", "STANDARD")
	send(tm, "o")
	tm.Type("AB12CD")
	send(tm, "enter")
	waitFor(t, tm, "Showing AB12CD · standard view")
	m := finalModel(t, tm)
	scr := ansi.Strip(m.View().Content)
	if !strings.Contains(scr, "STANDARD") || strings.Contains(scr, "FULL") || m.sess.view != advert.Standard || s.Stats().Full != 1 {
		t.Fatalf("after a refused full view:\n%s", scr)
	}
}

// TestProgramHelpSwallowsMouse: with the help open a click on the tab bar
// does nothing beneath it, and the wheel scrolls the help.
func TestProgramHelpSwallowsMouse(t *testing.T) {
	t.Parallel() // each program has its own fake, clock and terminal
	s := startFake(t, fake.Options{})
	tm, _ := program(t, demoConfig(s), 60, 15)
	tm.Type("AB12CD")
	send(tm, "enter")
	waitFor(t, tm, "Riverside")
	send(tm, "?")
	waitFor(t, tm, "?/esc/q closes")
	tm.Send(tea.MouseClickMsg{X: 20, Y: 3, Button: tea.MouseLeft})
	for range 8 {
		tm.Send(tea.MouseWheelMsg{X: 20, Y: 8, Button: tea.MouseWheelDown})
	}
	waitFor(t, tm, "scroll details") // the help's last column, scrolled into sight
	m := finalModel(t, tm)
	h, ok := m.modal.(helpModal)
	if !ok || h.offset == 0 || tab(m) != "Advertiser" {
		t.Fatalf("help %v offset %d, tab %q", ok, h.offset, tab(m))
	}
}

// TestProgramTableRefillsAfterResize: G in 5,000 sponsors, shrink to 60×15,
// grow to 200×60: the table is full, not three rows over empty ones.
func TestProgramTableRefillsAfterResize(t *testing.T) {
	t.Parallel() // each program has its own fake, clock and terminal
	s := startFake(t, fake.Options{})
	tm, _ := program(t, demoConfig(s), 120, 36)
	tm.Type(fake.ManySponsorsPAID)
	send(tm, "enter")
	waitFor(t, tm, "Showing MANY5000")
	send(tm, "3", "end") // messages are taken in order: no need to wait
	tm.Send(tea.WindowSizeMsg{Width: 60, Height: 15})
	tm.Send(tea.WindowSizeMsg{Width: 200, Height: 60})
	// At 60×15 three rows show; grown, the table must fill with the rows
	// above them again (the bug left three rows over empty ones). The
	// output is a stream of screen updates, so the screen is read from the
	// final model, which has taken every message sent before the quit.
	m := finalModel(t, tm)
	p := m.deck.current().(partiesPane)
	scr := ansi.Strip(m.View().Content)
	if p.offset != 5000-p.rows() || !strings.Contains(scr, "Donor 4949") || !strings.Contains(scr, "Donor 5000") {
		t.Fatalf("offset %d, rows %d:\n%s", p.offset, p.rows(), scr)
	}
}

// TestProgramHelpAt80x24NamesQuit: the help shows every key at 80×24.
func TestProgramHelpAt80x24NamesQuit(t *testing.T) {
	t.Parallel() // each program has its own fake, clock and terminal
	s := startFake(t, fake.Options{})
	tm, _ := program(t, demoConfig(s), 80, 24)
	waitFor(t, tm, "Look up")
	send(tm, "?")
	waitFor(t, tm, "?/esc/q closes", "q/ctrl+c", "standard view")
	m := finalModel(t, tm)
	if scr := ansi.Strip(m.View().Content); strings.Contains(scr, "↓ more") || !strings.Contains(scr, "J/K") {
		t.Fatalf("help at 80×24:\n%s", scr)
	}
}
