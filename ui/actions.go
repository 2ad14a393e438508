package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/padview/padview/api/advert"
)

// action is one of the root's keys and what it does while a pane has
// focus. A key that is none of them goes to the pane.
type action struct {
	b  key.Binding
	do func(m *Model, k tea.KeyPressMsg) tea.Cmd
}

// rootActions is what each of the root's keys does, first match first.
func rootActions(r rootKeys) []action {
	do := func(f func(m *Model)) func(*Model, tea.KeyPressMsg) tea.Cmd {
		return func(m *Model, _ tea.KeyPressMsg) tea.Cmd { f(m); return nil }
	}
	cmd := func(f func(m *Model) tea.Cmd) func(*Model, tea.KeyPressMsg) tea.Cmd {
		return func(m *Model, _ tea.KeyPressMsg) tea.Cmd { return f(m) }
	}
	acts := []action{
		{r.Quit, cmd((*Model).quit)},
		{r.Fetch, cmd((*Model).fetchInput)},
		{r.NewPAID, (*Model).newPAID},
		{r.EditPAID, cmd((*Model).focusInput)},
		{r.Cancel, (*Model).cancel},
		{r.Back, cmd(func(m *Model) tea.Cmd { return m.stepHistory(-1) })},
		{r.Forward, cmd(func(m *Model) tea.Cmd { return m.stepHistory(1) })},
		{r.Lookups, do((*Model).openHistory)},
		{r.WorklistNext, cmd(func(m *Model) tea.Cmd { return m.stepWorklist(1) })},
		{r.WorklistPrev, cmd(func(m *Model) tea.Cmd { return m.stepWorklist(-1) })},
		{r.Help, do(func(m *Model) { m.open(newHelpModal(m.kit)) })},
		{r.CopyMenu, do((*Model).openCopy)},
		{r.Export, cmd((*Model).openExport)},
		{r.Compare, do((*Model).toggleMark)},
		{r.NextTab, do(func(m *Model) { m.deck.move(1) })},
		{r.Right, do(func(m *Model) { m.deck.move(1) })},
		{r.PrevTab, do(func(m *Model) { m.deck.move(-1) })},
		{r.Left, do(func(m *Model) { m.deck.move(-1) })},
		{r.Full, cmd((*Model).askFull)},
		{r.Mask, cmd((*Model).toggleMask)},
		{r.Standard, cmd((*Model).standard)},
		{r.Refetch, cmd((*Model).refetch)},
		{r.Curl, cmd((*Model).copyCurl)},
		{r.Watch, cmd((*Model).toggleWatch)},
		{r.Token, cmd(func(m *Model) tea.Cmd {
			return m.openToken("Enter a new partner token for profile " + m.cfg.Profile + ".")
		})},
	}
	for i, b := range r.Tabs {
		acts = append(acts, action{b, do(func(m *Model) { m.deck.jump(i) })})
	}
	return acts
}

// quit stops the fetch in flight and ends the program.
func (m *Model) quit() tea.Cmd {
	m.sess.cancel()
	return tea.Quit
}

// fetchInput looks up what the input holds, or goes there when it is empty.
func (m *Model) fetchInput() tea.Cmd {
	if m.input.value() == "" {
		return m.focusInput()
	}
	return m.lookUp(m.input.value())
}

// newPAID goes to the input for a new lookup, which starts empty; ↑ brings
// the last PAID back.
func (m *Model) newPAID(tea.KeyPressMsg) tea.Cmd {
	m.input.clear()
	return m.focusInput()
}

// cancel is esc: it clears a find in force, else stops the fetch in
// flight, else clears the mark.
func (m *Model) cancel(k tea.KeyPressMsg) tea.Cmd {
	switch {
	case m.sess.pending == nil && m.deck.current().Finding() == findKept:
		return m.deck.update(k)
	case m.cancelFetch():
	case m.mark != nil:
		m.unmark()
	}
	return nil
}

// standard is s: back to the standard view.
func (m *Model) standard() tea.Cmd {
	if m.sess.view == advert.Standard {
		m.status = status{level: levelInfo, text: "Already in the standard view."}
		return nil
	}
	return m.leaveFull(m.backToStandard())
}
