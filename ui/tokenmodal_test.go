package ui

import (
	"errors"
	"strings"
	"testing"
	"testing/synctest"

	"charm.land/bubbles/v2/cursor"
	tea "charm.land/bubbletea/v2"

	"github.com/padview/padview/api/fake"
)

const refusal = "The token contains whitespace: a space at character 4"

// The token dialog's refusal stays until the token typed changes: a
// cursor blink or a key that only moves the cursor does not clear it.
func TestTokenRefusalStaysUntilTheInputChanges(t *testing.T) {
	t.Parallel()
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

// With the cursor blinking (its real timer, on synctest's clock) the
// refusal is still on screen after several blinks.
func TestTokenRefusalOutlivesTheCursorBlink(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cursorBlink = true // the blink is what cleared it
		defer func() { cursorBlink = false }()
		next, _ := New(Config{Profile: "demo", Tokens: &saver{saved: map[string]string{}}}).Update(tea.WindowSizeMsg{Width: 100, Height: 30})
		m := next.(Model)
		var blink tea.Cmd
		for _, k := range []string{"b", "a", "d", " ", "t", "o", "k", "enter"} {
			var cmd tea.Cmd
			next, cmd = m.Update(keyMsg(k))
			if m = next.(Model); cmd != nil {
				blink = cmd // each key asks for the blink anew
			}
		}
		requireContains(t, screen(m), refusal)
		blinks := 0
		for blink != nil && blinks < 4 {
			cmd := blink
			blink = nil
			for _, msg := range execute(cmd) {
				if _, ok := msg.(cursor.BlinkMsg); ok {
					blinks++
					next, blink = m.Update(msg)
					m = next.(Model)
				}
			}
		}
		if blinks < 2 {
			t.Fatalf("the cursor blinked %d times", blinks)
		}
		if tok, ok := m.modal.(tokenModal); !ok || !strings.Contains(tok.problem, "contains whitespace") {
			t.Fatalf("after %d blinks the dialog says %q", blinks, m.modal.(tokenModal).problem)
		}
	})
}

// ruleSaver is a token saver with a rule of its own.
type ruleSaver struct{ saver }

func (ruleSaver) CleanToken(in string) (string, error) {
	if !strings.HasPrefix(in, "pv_") {
		return "", errors.New("a partner token starts with pv_")
	}
	return in, nil
}

// The token entry checks what was typed by the rule of the saver that
// keeps it, and by nothing else; without a saver (the demo) a paste's
// whitespace is trimmed and the token kept for the session.
func TestTokenEntryChecksByTheSaversRule(t *testing.T) {
	t.Parallel()
	cfg := demoConfig(startFake(t, fake.Options{}))
	cfg.Token = ""
	sv := &ruleSaver{saver{saved: map[string]string{}}}
	cfg.Tokens = sv
	m, _ := newModel(t, cfg, 100, 30)
	m = press(t, typeText(t, m, "bad token"), "enter")
	requireContains(t, screen(m), "A partner token starts with pv_.")
	m.modal = setTokenText(m.modal, "pv_token with a space") // keystore's rule would refuse it
	m = press(t, m, "enter")
	if m.modal != nil || sv.saved["demo"] != "pv_token with a space" {
		t.Fatalf("the saver's rule was not the one applied: %+v\n%s", sv.saved, screen(m))
	}

	cfg.Tokens = nil
	m, _ = newModel(t, cfg, 100, 30)
	m = press(t, m, "enter")
	requireContains(t, screen(m), "Enter a token.")
	m.modal = setTokenText(m.modal, "  "+fake.DemoToken+"\n")
	m = press(t, m, "enter")
	if m.modal != nil || m.sess.token != fake.DemoToken || m.sess.client == nil {
		t.Fatalf("the demo's token was not kept: %q\n%s", m.sess.token, screen(m))
	}
	requireContains(t, screen(m), "Token kept for this session only.")
}
