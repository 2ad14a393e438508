package ui

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/fake"
)

// program runs the model in a real Bubble Tea program with a pinned size,
// colour profile and environment, against the fake over loopback.
func program(t *testing.T, cfg Config) *teatest.TestModel {
	t.Helper()
	cursorBlink = false
	m := New(cfg)
	return teatest.NewTestModel(t, m,
		teatest.WithInitialTermSize(100, 30),
		teatest.WithProgramOptions(
			tea.WithColorProfile(colorprofile.Ascii),
			tea.WithEnvironment([]string{"TERM=xterm-256color", "NO_COLOR=1"}),
		))
}

// waitFor reads the program's output until it shows want.
func waitFor(t *testing.T, tm *teatest.TestModel, want string) {
	t.Helper()
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		return bytes.Contains(b, []byte(want))
	}, teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
}

func send(tm *teatest.TestModel, keys ...string) {
	for _, k := range keys {
		tm.Send(keyMsg(k))
	}
}

func finalModel(t *testing.T, tm *teatest.TestModel) Model {
	t.Helper()
	send(tm, "ctrl+c")
	return tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(Model)
}

func TestProgramLookupTabsAndFullView(t *testing.T) {
	s := startFake(t, fake.Options{})
	tm := program(t, demoConfig(s))
	waitFor(t, tm, "Look up a political advertisement")
	tm.Type("AB12CD")
	send(tm, "enter")
	waitFor(t, tm, "Riverside Civic Alliance")
	send(tm, "2")
	waitFor(t, tm, "Clean Rivers Referendum 2026")
	send(tm, "4")
	waitFor(t, tm, "1 controllers")

	// Cancel the confirmation: nothing personal is requested.
	send(tm, "f")
	waitFor(t, tm, "Show personal data")
	time.Sleep(confirmArmDelay + 50*time.Millisecond)
	send(tm, "esc")
	waitFor(t, tm, "Full view not opened")
	if s.Stats().Full != 0 {
		t.Fatal("a cancelled confirmation requested the full view")
	}

	// Confirm: the full view arrives and is marked.
	send(tm, "f")
	waitFor(t, tm, "Show personal data")
	time.Sleep(confirmArmDelay + 50*time.Millisecond)
	send(tm, "right", "enter")
	waitFor(t, tm, "FULL · personal data")
	tm.Send(tea.WindowSizeMsg{Width: 100, Height: 30}) // a full redraw, so the text below is whole
	waitFor(t, tm, "privacy@riverside-civic.example")

	send(tm, "s")
	waitFor(t, tm, "Back to the standard view")
	m := finalModel(t, tm)
	if m.sess.view != advert.Standard || m.ex == nil || m.ex.personal() || s.Stats().Full != 1 {
		t.Fatalf("final: view %v, doc %v, full requests %d", m.sess.view, m.ex, s.Stats().Full)
	}
}

func TestProgramErrorsAndRetry(t *testing.T) {
	s := startFake(t, fake.Options{DemoTriggers: true})
	tm := program(t, demoConfig(s))
	tm.Type("XK9P2M")
	send(tm, "enter")
	waitFor(t, tm, "Collectif")
	s.Inject(fake.Fault{Kind: fake.FaultStatus, Status: 500, Message: "database unavailable"}, 1)
	send(tm, "r")
	waitFor(t, tm, "Service error (500)")
	send(tm, "r")
	waitFor(t, tm, "200 ·")
	send(tm, "/")
	for range len("XK9P2M") {
		tm.Send(tea.KeyPressMsg{Code: tea.KeyBackspace})
	}
	tm.Type("NOPE42")
	send(tm, "enter")
	waitFor(t, tm, "No advertisement with PAID NOPE42")
	m := finalModel(t, tm)
	if m.ex == nil || m.ex.paid != "NOPE42" {
		t.Fatalf("the failure is not the exchange on screen: %v", m.ex)
	}
}

func TestProgramDropsAnswersAfterCancel(t *testing.T) {
	s := startFake(t, fake.Options{Latency: 300 * time.Millisecond})
	tm := program(t, demoConfig(s))
	tm.Type("AB12CD")
	send(tm, "enter")
	waitFor(t, tm, "Fetching AB12CD")
	send(tm, "esc")
	waitFor(t, tm, "Canceled.")
	time.Sleep(500 * time.Millisecond) // the request's answer would have come by now
	m := finalModel(t, tm)
	if m.ex != nil {
		t.Fatal("an answer after cancel was shown")
	}
	out, _ := io.ReadAll(tm.FinalOutput(t))
	if strings.Contains(string(out), "Riverside") {
		t.Fatal("the cancelled answer reached the screen")
	}
}
