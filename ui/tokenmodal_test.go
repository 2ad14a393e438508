package ui

import (
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/cursor"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/padview/padview/api/fake"
)

const refusal = "The token contains whitespace: a space at character 4"

// The token dialog's refusal stays until the token typed changes: a
// cursor blink or a key that only moves the cursor does not clear it.
func TestTokenRefusalStaysUntilTheInputChanges(t *testing.T) {
	cfg := demoConfig(startFake(t, fake.Options{}))
	cfg.Token = ""
	cfg.Tokens = &saver{saved: map[string]string{}}
	m, _ := newModel(t, cfg, 100, 30)
	m = typeText(t, m, "bad token")
	m = press(t, m, "enter")
	requireContains(t, screen(m), refusal)
	for _, msg := range []tea.Msg{cursor.BlinkMsg{}, keyMsg("left"), keyMsg("right"), struct{}{}} {
		next, _ := m.Update(msg)
		m = next.(Model)
		if !strings.Contains(screen(m), refusal) {
			t.Fatalf("%T cleared the refusal:\n%s", msg, screen(m))
		}
	}
	m = press(t, m, "x")
	if strings.Contains(screen(m), refusal) {
		t.Fatalf("typing left the old refusal:\n%s", screen(m))
	}
}

// In a real program with a blinking cursor the refusal is still on screen
// after several blinks.
func TestTokenRefusalOutlivesTheCursorBlink(t *testing.T) {
	cfg := demoConfig(startFake(t, fake.Options{}))
	cfg.Token = ""
	cfg.Tokens = &saver{saved: map[string]string{}}
	cursorBlink = true // the blink is what cleared it
	t.Cleanup(func() { cursorBlink = false })
	tm := teatest.NewTestModel(t, New(cfg),
		teatest.WithInitialTermSize(100, 30),
		teatest.WithProgramOptions(
			tea.WithColorProfile(colorprofile.Ascii),
			tea.WithEnvironment([]string{"TERM=xterm-256color", "NO_COLOR=1"}),
		))
	waitFor(t, tm, "Partner token")
	send(tm, "b", "a", "d", " ", "t", "o", "k", "enter")
	waitFor(t, tm, refusal)
	time.Sleep(1500 * time.Millisecond) // at least two blinks (530 ms each)
	m := finalModel(t, tm)
	if tok, ok := m.modal.(tokenModal); !ok || !strings.Contains(tok.problem, "contains whitespace") {
		t.Fatalf("after the blinks the dialog says %q", m.modal.(tokenModal).problem)
	}
}
