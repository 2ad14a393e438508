package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// onInputKey handles a key while the PAID input has focus: letters are
// text, and only keys that cannot be part of a PAID do something else.
func (m Model) onInputKey(k tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	r, in := m.kit.keys.root, m.kit.keys.input
	switch {
	case key.Matches(k, r.Fetch):
		return m, m.lookUp(m.input.value())
	case key.Matches(k, in.Leave):
		if !m.cancelFetch() {
			m.blurInput()
			if m.ex != nil {
				m.input.restore(m.ex.paid) // the input names what is on screen, which r fetches
			}
		}
	case key.Matches(k, r.Help): // '?' is never part of a PAID
		m.open(newHelpModal(m.kit))
	case key.Matches(k, r.WorklistNext):
		return m, m.stepWorklist(1)
	case key.Matches(k, r.WorklistPrev):
		return m, m.stepWorklist(-1)
	case key.Matches(k, in.Older):
		m.input.step(-1)
	case key.Matches(k, in.Newer):
		m.input.step(1)
	case key.Matches(k, in.Clear):
		m.input.clear()
		m.input.say("", "")
	case key.Matches(k, r.NextTab):
		m.blurInput()
		m.deck.move(1)
	case key.Matches(k, r.PrevTab):
		m.blurInput()
		m.deck.move(-1)
	default:
		return m, m.input.update(k)
	}
	return m, nil
}

func (m *Model) blurInput() {
	m.focus = focusPane
	m.input.blur()
}

func (m *Model) focusInput() tea.Cmd {
	if m.sess.pending != nil {
		m.sess.pending.opened = true
	}
	m.focus = focusInput
	return m.input.focus()
}
