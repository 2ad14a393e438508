package ui

import (
	tea "charm.land/bubbletea/v2"
	"github.com/padview/padview/api/advert"
)

// onKey routes a key press: dialogs first, then the input or the pane.
func (m Model) onKey(k tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	if matches(k, m.keys.ForceQuit) {
		m.cancelPending()
		return m, tea.Quit
	}
	switch {
	case m.tokenEntry != nil:
		return m.onTokenKey(k)
	case m.confirm != nil:
		return m.onConfirmKey(k)
	case m.showHelp:
		switch {
		case matches(k, m.keys.Help) || matches(k, m.keys.Cancel) || matches(k, m.keys.Quit):
			m.showHelp, m.helpOffset = false, 0
		case matches(k, m.keys.Down):
			m.helpOffset = min(m.helpOffset+1, 60)
		case matches(k, m.keys.Up):
			m.helpOffset = max(0, m.helpOffset-1)
		}
		return m, nil
	case m.focus == focusInput:
		return m.onInputKey(k)
	}
	return m.onPaneKey(k)
}

func (m Model) onInputKey(k tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	switch {
	case matches(k, m.keys.Fetch):
		return m, m.startFetch(m.input.Value(), m.view)
	case matches(k, m.keys.Cancel):
		if m.pending != nil {
			m.cancelPending()
			m.status = status{levelInfo, "Canceled.", false}
			return m, nil
		}
		m.focusPane()
		return m, nil
	case matches(k, m.keys.Help):
		// '?' can never be part of a PAID, so it is free for help here too.
		m.showHelp = true
		return m, nil
	case k.String() == "up":
		m.historyStep(-1)
		return m, nil
	case k.String() == "down":
		m.historyStep(1)
		return m, nil
	case matches(k, m.keys.NextTab):
		m.focusPane()
		m.switchTab(1)
		return m, nil
	case matches(k, m.keys.PrevTab):
		m.focusPane()
		m.switchTab(-1)
		return m, nil
	}
	m.inputMsg = ""
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(k)
	return m, cmd
}

// historyStep walks this session's PAIDs; below the newest is the draft.
func (m *Model) historyStep(d int) {
	if len(m.history) == 0 {
		return
	}
	if m.histPos == len(m.history) {
		m.draft = m.input.Value()
	}
	m.histPos = min(max(m.histPos+d, 0), len(m.history))
	if m.histPos == len(m.history) {
		m.input.SetValue(m.draft)
	} else {
		m.input.SetValue(m.history[m.histPos])
	}
	m.input.CursorEnd()
}

func (m Model) onPaneKey(k tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	keys := m.keys
	switch {
	case matches(k, keys.Quit):
		m.cancelPending()
		return m, tea.Quit
	case matches(k, keys.Fetch):
		if m.input.Value() == "" {
			return m, m.focusInputBox()
		}
		return m, m.startFetch(m.input.Value(), m.view)
	case matches(k, keys.FocusInput):
		if k.String() == "/" {
			// A new lookup starts empty; ↑ brings the last PAID back.
			m.input.SetValue("")
			m.histPos = len(m.history)
		}
		return m, m.focusInputBox()
	case matches(k, keys.Cancel):
		if m.pending != nil {
			m.cancelPending()
			m.status = status{levelInfo, "Canceled.", false}
		}
	case matches(k, keys.Help):
		m.showHelp = true
	case matches(k, keys.NextTab), matches(k, keys.Right):
		m.switchTab(1)
	case matches(k, keys.PrevTab), matches(k, keys.Left):
		m.switchTab(-1)
	case matches(k, keys.Jump):
		n := int(k.String()[0] - '0')
		if n == 0 {
			n = 10
		}
		if n <= len(m.tabs) {
			m.tab = n - 1
		}
	case k.String() == "J":
		m.scrollDetail(1)
	case k.String() == "K":
		m.scrollDetail(-1)
	case matches(k, keys.Up):
		m.scroll(-1)
	case matches(k, keys.Down):
		m.scroll(1)
	case matches(k, keys.PageUp):
		m.scroll(-m.paneHeight())
	case matches(k, keys.PageDown):
		m.scroll(m.paneHeight())
	case matches(k, keys.Home):
		m.scroll(-1 << 30)
	case matches(k, keys.End):
		m.scroll(1 << 30)
	case matches(k, keys.Full):
		m.openConfirm()
	case matches(k, keys.Standard):
		if m.view == advert.Standard {
			m.status = status{levelInfo, "Already in the standard view.", false}
			return m, nil
		}
		return m, m.leaveFull("Back to the standard view; personal data cleared.")
	case matches(k, keys.Refetch):
		return m.refetch()
	case matches(k, keys.Copy):
		if m.ex == nil {
			m.status = status{levelInfo, "Nothing to copy yet: fetch an advertisement first.", false}
			return m, nil
		}
		m.status = status{levelOK, "Copied the curl command (the token stays $PADVIEW_TOKEN) to the clipboard.", false}
		return m, tea.SetClipboard(m.ex.Curl)
	case matches(k, keys.Token):
		m.openTokenEntry("Enter a new partner token for profile " + m.cfg.Profile + ".")
		return m, m.tokenEntry.input.Focus()
	}
	return m, nil
}

// refetch repeats the latest lookup in the current view.
func (m Model) refetch() (tea.Model, tea.Cmd) {
	paid := m.last.paid
	if m.doc != nil && m.pending == nil && paid == "" {
		paid = m.doc.PAID
	}
	if paid == "" {
		m.status = status{levelInfo, "Nothing to fetch yet: press / and enter a PAID.", false}
		return m, nil
	}
	return m, m.startFetch(paid, m.view)
}

func (m *Model) switchTab(d int) {
	n := len(m.tabs)
	m.tab = ((m.tab+d)%n + n) % n
}

func (m Model) onPaste(p tea.PasteMsg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	switch {
	case m.tokenEntry != nil:
		m.tokenEntry.input, cmd = m.tokenEntry.input.Update(p)
	case m.confirm != nil || m.showHelp:
		// A paste never answers a dialog.
	default:
		if m.focus != focusInput {
			cmd = m.focusInputBox()
			m.input.SetValue("")
		}
		m.inputMsg = ""
		var c tea.Cmd
		m.input, c = m.input.Update(p)
		cmd = tea.Batch(cmd, c)
	}
	return m, cmd
}

func (m Model) onWheel(w tea.MouseWheelMsg) (tea.Model, tea.Cmd) {
	if m.confirm != nil || m.tokenEntry != nil {
		return m, nil
	}
	switch w.Button {
	case tea.MouseWheelUp:
		m.scroll(-3)
	case tea.MouseWheelDown:
		m.scroll(3)
	}
	return m, nil
}

func (m Model) onClick(c tea.MouseClickMsg) (tea.Model, tea.Cmd) {
	if m.confirm != nil || m.tokenEntry != nil || c.Button != tea.MouseLeft {
		return m, nil
	}
	mouse := c.Mouse()
	switch {
	case mouse.Y == tabBarRow:
		_, hits := tabBar(m.st, m.tabs, m.tab, m.doc, m.width)
		for _, h := range hits {
			if mouse.X >= h.from && mouse.X < h.to {
				m.tab = h.index
				m.focusPane()
			}
		}
	case mouse.Y == inputRow:
		return m, m.focusInputBox()
	}
	return m, nil
}
