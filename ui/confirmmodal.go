package ui

import (
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
)

// confirmArmDelay is how long the confirmation ignores keys after it
// opens, so that keys already typed cannot answer it.
const confirmArmDelay = 400 * time.Millisecond

// confirmModal asks before the full view is used. Cancel is the default;
// the notice scrolls on small screens while the choice and its keys stay.
type confirmModal struct {
	k       *kit
	paid    string // the advertisement to fetch in the full view, or ""
	note    string // something to know about paid, such as where a pasted URL pointed
	armedAt time.Time
	yes     bool // the focused choice
	w, h    int
	offset  int // of the notice
}

func newConfirmModal(k *kit, paid, note string) Modal {
	return confirmModal{k: k, paid: paid, note: note, armedAt: k.now().Add(confirmArmDelay)}
}

func (m confirmModal) Resize(w, h int) Modal {
	m.w, m.h = w, h
	m.offset = min(m.offset, m.frame().maxOffset(len(m.body()), 2, 4))
	return m
}

func (m confirmModal) frame() frame { return newFrame(m.w, m.h) }

func (m confirmModal) body() []string {
	st, w := m.k.st, m.frame().inner
	lines := wrap(advert.DataProtectionNotice, w)
	if m.paid != "" {
		lines = append(lines, "", "Advertisement: "+st.Title.Render(text.CleanText(m.paid)))
	}
	if m.note != "" {
		lines = append(lines, "")
		for _, l := range wrap(m.note, w) {
			lines = append(lines, st.StatusWarn.Render(l))
		}
	}
	lines = append(lines, "")
	return append(lines, wrap("The full view then stays on for later lookups until you press s, or until "+
		humanDuration(m.k.idle)+" pass without a key press; padview then returns to the standard view by itself.", w)...)
}

func (m confirmModal) Update(msg tea.Msg) (Modal, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	if d, scroll := scrollDelta(m.k.keys, msg, 3); scroll && k.String() != "space" {
		m.offset = min(max(m.offset+d, 0), m.frame().maxOffset(len(m.body()), 2, 4))
		return m, nil
	}
	if !ok || m.k.now().Before(m.armedAt) {
		return m, nil // typed before the dialog could be read; pastes and clicks never answer it
	}
	cancel := func() (Modal, tea.Cmd) { return nil, report(levelInfo, "Full view not opened.") }
	switch k.String() {
	case "left", "right", "tab", "shift+tab", "h", "l":
		m.yes = !m.yes
	case "esc", "n", "q":
		return cancel()
	case "y":
		return nil, func() tea.Msg { return fullConfirmed{paid: m.paid} }
	case "enter", "space":
		if !m.yes {
			return cancel()
		}
		return nil, func() tea.Msg { return fullConfirmed{paid: m.paid} }
	}
	return m, nil
}

func (m confirmModal) View() string {
	st := m.k.st
	cancel, confirm := st.ButtonFocused, st.Button
	if m.yes {
		cancel, confirm = st.Button, st.ButtonFocused
	}
	buttons := lipgloss.JoinHorizontal(lipgloss.Top, cancel.Render("Cancel"), "  ", confirm.Render("Show personal data"))
	head := []string{st.ModalTitle.Render("Full view: personal data"), ""}
	foot := append([]string{""}, strings.Split(buttons, "\n")...)
	return m.frame().render(st.Modal, head, m.body(), foot, m.offset)
}

func (m confirmModal) Keys() []hint {
	hints := []hint{
		{key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "show personal data")), 5},
		{key.NewBinding(key.WithKeys("n", "esc"), key.WithHelp("n/esc", "cancel")), 5},
		{key.NewBinding(key.WithKeys("left", "right"), key.WithHelp("←/→", "choose")), 3},
	}
	if m.frame().maxOffset(len(m.body()), 2, 4) > 0 {
		hints = append(hints, hint{key.NewBinding(key.WithKeys("up", "down"), key.WithHelp("↑/↓", "scroll the notice")), 2})
	}
	return hints
}
