package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// onInputKey handles a key while the PAID input has focus: letters are
// text, and only keys that cannot be part of a PAID do something else.
func (m Model) onInputKey(k tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	keys := m.kit.keys
	switch {
	case key.Matches(k, keys.Fetch):
		return m, m.lookUp(m.input.value())
	case key.Matches(k, keys.Cancel):
		if m.sess.cancel() {
			m.status = status{level: levelInfo, text: "Canceled."}
			m.unfetching()
		} else {
			m.blurInput()
			if m.ex != nil {
				m.input.restore(m.ex.paid) // the input names what is on screen, which r fetches
			}
		}
	case key.Matches(k, keys.Help): // '?' is never part of a PAID
		m.open(newHelpModal(m.kit))
	case key.Matches(k, keys.Worklist):
		return m, m.stepWorklist(k)
	case k.String() == "up":
		m.input.step(-1)
	case k.String() == "down":
		m.input.step(1)
	case key.Matches(k, keys.NextTab):
		m.blurInput()
		m.deck.move(1)
	case key.Matches(k, keys.PrevTab):
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
	m.focus = focusInput
	return m.input.focus()
}
