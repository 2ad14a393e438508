package ui

import (
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/fake"
)

// clock is the model's clock in tests: time moves only when a test moves
// it (add). For a test that runs the model's commands itself, a timer
// (after) fires at once, at the time it is set for, without moving the
// clock: a test that wants the tick feeds tickMsg itself. In a running
// program (held) a timer waits until the test moves the clock past it, as
// a real one waits for time to pass: firing at once there would make the
// status tick a loop that repaints the screen thousands of times a second.
type clock struct {
	mu    sync.Mutex
	t     time.Time
	held  bool
	moved chan struct{} // closed and replaced at each add
	done  chan struct{} // closed when the test ends: held timers give up
}

func newClock() *clock {
	return &clock{t: time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC), moved: make(chan struct{})}
}

// hold makes the clock's timers wait for add until the test ends.
func (c *clock) hold(t testing.TB) {
	c.held, c.done = true, make(chan struct{})
	t.Cleanup(func() { close(c.done) })
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	close(c.moved)
	c.moved = make(chan struct{})
	c.mu.Unlock()
}

func (c *clock) after(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
	at := c.now().Add(d)
	if !c.held {
		return func() tea.Msg { return fn(at) }
	}
	return func() tea.Msg {
		for {
			c.mu.Lock()
			now, moved := c.t, c.moved
			c.mu.Unlock()
			if !now.Before(at) {
				return fn(at)
			}
			select {
			case <-moved:
			case <-c.done:
				return nil
			}
		}
	}
}

// set puts the model on the clock.
func (c *clock) set(m *Model) {
	m.kit.now, m.kit.after = c.now, c.after
	m.lastActivity = c.now()
}

func startFake(t testing.TB, opts fake.Options) *fake.Server {
	t.Helper()
	s, err := fake.Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func demoConfig(s *fake.Server) Config {
	return Config{
		Profile: "demo", BaseURL: s.URL, Token: fake.DemoToken,
		NewClient: func(tok string) (*api.Client, error) {
			return api.New(s.URL, tok, api.Options{BackoffBase: time.Millisecond, BackoffMax: 5 * time.Millisecond})
		},
		Samples: fake.SamplePAIDs(), FailureDemos: fake.DemoPAIDs, Demo: true,
	}
}

// newModel is a model at a fixed size and a fixed clock. Its keys act as
// pressed after a pause: the typing rule, whose command keys wait on the
// clock, is tested on its own (typing_test.go).
func newModel(t testing.TB, cfg Config, w, h int) (Model, *clock) {
	c := newClock()
	m := New(cfg)
	m.kit.typing = 0
	c.set(&m)
	next, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return next.(Model), c
}

// settle runs the commands a step returned, feeding fetch and token results
// back into the model until nothing more comes. Ticks, spinner frames and
// cursor blinks are not fed back, so the loop ends.
func settle(t testing.TB, m Model, cmd tea.Cmd) Model {
	t.Helper()
	for _, msg := range execute(cmd) {
		switch msg.(type) {
		case heldKeyDue, fetchResult, tokenChosen, tokenSaved, fullConfirmed, statusMsg, cancelled, copied, exported, compared, historyChosen, maskedCopy, findIndex, watchRead,
			lineAsked, lineConfirmed, lineAdded:
			next, c := m.Update(msg)
			m = settle(t, next.(Model), c)
		}
	}
	return m
}

// execute runs a command tree concurrently and gathers its messages.
func execute(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	msg := cmd() // the model's timers are the test clock's, which fire at once
	if batch, ok := msg.(tea.BatchMsg); ok {
		var out []tea.Msg
		var mu sync.Mutex
		var wg sync.WaitGroup
		for _, c := range batch {
			wg.Add(1)
			go func() {
				defer wg.Done()
				msgs := execute(c)
				mu.Lock()
				out = append(out, msgs...)
				mu.Unlock()
			}()
		}
		wg.Wait()
		return out
	}
	if msg == nil {
		return nil
	}
	return []tea.Msg{msg}
}

// messageOf runs a command and returns its message of type T, which the
// test expects it to bring.
func messageOf[T tea.Msg](t testing.TB, cmd tea.Cmd) T {
	t.Helper()
	for _, msg := range execute(cmd) {
		if m, ok := msg.(T); ok {
			return m
		}
	}
	var none T
	t.Fatalf("no %T came", none)
	return none
}

// press sends keys: named keys ("enter", "tab", "esc", "up") or text.
func press(t testing.TB, m Model, keys ...string) Model {
	t.Helper()
	for _, k := range keys {
		next, cmd := m.Update(keyMsg(k))
		m = settle(t, next.(Model), cmd)
	}
	return m
}

func keyMsg(k string) tea.KeyPressMsg {
	switch k {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	case "shift+tab":
		return tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "left":
		return tea.KeyPressMsg{Code: tea.KeyLeft}
	case "right":
		return tea.KeyPressMsg{Code: tea.KeyRight}
	case "end":
		return tea.KeyPressMsg{Code: tea.KeyEnd}
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	case "alt+left":
		return tea.KeyPressMsg{Code: tea.KeyLeft, Mod: tea.ModAlt}
	case "alt+right":
		return tea.KeyPressMsg{Code: tea.KeyRight, Mod: tea.ModAlt}
	case "ctrl+n":
		return tea.KeyPressMsg{Code: 'n', Mod: tea.ModCtrl}
	case "ctrl+p":
		return tea.KeyPressMsg{Code: 'p', Mod: tea.ModCtrl}
	case "ctrl+u":
		return tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl}
	case "pgdown":
		return tea.KeyPressMsg{Code: tea.KeyPgDown}
	case "ctrl+c":
		return tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}
	}
	r := []rune(k)[0]
	return tea.KeyPressMsg{Code: r, Text: k}
}

// typeText types each character of s.
func typeText(t testing.TB, m Model, s string) Model {
	for _, r := range s {
		m = press(t, m, string(r))
	}
	return m
}

// screen is the visible text of the model, styles stripped.
func screen(m Model) string { return ansi.Strip(m.View().Content) }

func requireContains(t testing.TB, s string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(s, w) {
			t.Fatalf("screen lacks %q:\n%s", w, s)
		}
	}
}
