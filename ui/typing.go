package ui

import (
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/padview/padview/api/text"
)

// The typing rule: on a result screen a PAID typed without first pressing
// o ends in the PAID input, never as commands, while each key alone keeps
// its command (issue 24). PAIDs are letters, digits and - _ . (the demo's
// ab12ce, q4r8st, tn2026, esc4pe, rev2026), and most letters are keys, so
// padview tells typing from browsing by what is bound and by time:
//
//   - a letter, digit or - _ . that no key of the panes uses starts the
//     input with itself;
//   - a key with a lasting effect (q, r, t, y, c, e, f, s, m, w, H, a)
//     waits typingWindow before it acts: if another such character follows
//     in that time, both are typed into the input instead;
//   - a key that only moves (j, l, n, a tab's digit) acts at once, and is
//     remembered: if an unbound character, a waiting key and typing, or o
//     (new PAID) follows within typingWindow of it, it is part of the
//     PAID, and the tab it left is shown again.
//
// Anything else (enter, esc, an arrow, space, ?) ends the typing: a key
// that waits acts first. The wait is what tmux's escape-time and vim's
// timeoutlen do for the same reason; it costs a command key 0.4 s.
const typingWindow = 400 * time.Millisecond

// typing is what the rule remembers between keys.
type typing struct {
	run  string           // the moving keys pressed in a row, each within the window of the one before
	last time.Time        // when the last key of the run, or the held key, came
	tab  int              // the tab on screen before the run moved it
	held *tea.KeyPressMsg // a key with a lasting effect, waiting for the window
	seq  int              // the held key's timer: a later one is told apart
}

// heldKeyDue says the window of a held key has passed.
type heldKeyDue struct{ seq int }

// typable is a key that can be part of a PAID as people type them:
// letters, digits and - _ . , without ctrl or alt.
func typable(k tea.KeyPressMsg) (string, bool) {
	if k.Mod&^tea.ModShift != 0 || utf8.RuneCountInString(k.Text) != 1 {
		return "", false
	}
	r, _ := utf8.DecodeRuneInString(k.Text)
	return k.Text, unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("-_.", r)
}

// matchesAny says whether k is one of bs.
func matchesAny(k tea.KeyPressMsg, bs []key.Binding) bool {
	for _, b := range bs {
		if key.Matches(k, b) {
			return true
		}
	}
	return false
}

// onTyped applies the rule to a key pressed while a pane has focus and no
// find line is typed in. done says the rule took the key; else it goes on
// to the root's keys and the pane.
func (m *Model) onTyped(k tea.KeyPressMsg) (done bool, cmd tea.Cmd) {
	s, ok := typable(k)
	if !ok || m.kit.typing <= 0 {
		m.typing.run = ""
		return false, nil
	}
	now := m.kit.now()
	if m.typing.run != "" && now.Sub(m.typing.last) >= m.kit.typing {
		m.typing.run = ""
	}
	keys := m.kit.keys
	switch {
	case !matchesAny(k, keys.keySets()[0].bindings):
		return true, m.startTyping(s)
	case m.typing.run != "" && key.Matches(k, keys.root.NewPAID):
		return true, m.startTyping(s)
	case matchesAny(k, keys.lasting()): // after a run too: "1m" is tab 1 and the mask, "1mx" typing
		m.typing.seq++
		m.typing.held, m.typing.last = &k, now
		seq := m.typing.seq
		return true, m.kit.after(m.kit.typing, func(time.Time) tea.Msg { return heldKeyDue{seq} })
	}
	if m.typing.run == "" {
		m.typing.tab = m.deck.active
	}
	m.typing.run += s
	m.typing.last = now
	return false, nil
}

// whileHeld is a key that comes while another waits: typing goes on into
// the input, anything else lets the waiting key act first. done says the
// key went into the input.
func (m *Model) whileHeld(k tea.KeyPressMsg) (done bool, cmd tea.Cmd) {
	held := *m.typing.held
	if s, ok := typable(k); ok && m.kit.now().Sub(m.typing.last) < m.kit.typing {
		return true, m.startTyping(held.Text + s)
	}
	return false, m.releaseHeld()
}

// onHeldKeyDue acts on the held key when its window has passed with no
// typing after it.
func (m Model) onHeldKeyDue(msg heldKeyDue) (tea.Model, tea.Cmd) {
	if m.typing.held == nil || msg.seq != m.typing.seq {
		return m, nil
	}
	return m, m.releaseHeld()
}

// releaseHeld does what the held key does.
func (m *Model) releaseHeld() tea.Cmd {
	k := *m.typing.held
	m.typing.held, m.typing.run = nil, ""
	if m.modal != nil || m.focus != focusPane {
		return nil // a click or a paste came first: the key's moment has passed
	}
	return m.act(k)
}

// startTyping puts what was typed in the PAID input, in place of the PAID
// on screen (one ↑ away), and back on the tab the typing left.
func (m *Model) startTyping(s string) tea.Cmd {
	if m.typing.run != "" {
		m.deck.jump(m.typing.tab)
	}
	s = m.typing.run + s
	m.typing = typing{seq: m.typing.seq}
	m.input.clear()
	cmd := m.focusInput()
	m.input.box.SetValue(s)
	m.input.box.CursorEnd()
	return cmd
}

// typingRule is the rule in a sentence, for the ? help.
func typingRule() string {
	return "A typed PAID goes to the input: command keys wait " + text.Duration(typingWindow) + " for more typing; esc leaves it."
}
