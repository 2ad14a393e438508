package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// helpModal lists every key. Its columns are laid out in as many bands as
// the width needs, never cut; what does not fit the height scrolls.
type helpModal struct {
	k      *kit
	lines  []string
	w, h   int
	offset int
}

func newHelpModal(k *kit) Modal { return helpModal{k: k} }

func (m helpModal) Resize(w, h int) Modal {
	m.w, m.h = w, h
	m.lines = m.layout(w - 4)
	m.offset = min(m.offset, m.maxOffset())
	return m
}

func (m helpModal) layout(w int) []string {
	st := m.k.st
	hm := m.k.help
	hm.SetWidth(0) // bands are fitted here, so no column is cut
	out := []string{st.Title.Render("Keys") + st.Muted.Render("  "+say(m.k.keys.help.Close, "closes"))}
	var band [][]key.Binding
	bandW := 0
	flush := func() {
		if len(band) > 0 {
			out = append(out, "") // one blank line before each band
			out = append(out, strings.Split(hm.FullHelpView(band), "\n")...)
		}
		band, bandW = nil, 0
	}
	for _, col := range m.k.keys.helpColumns() {
		cw := lipgloss.Width(hm.FullHelpView([][]key.Binding{col}))
		if len(band) > 0 && bandW+4+cw > w {
			flush()
		}
		if len(band) > 0 {
			bandW += 4
		}
		band, bandW = append(band, col), bandW+cw
	}
	flush()
	out = append(out, "")
	notes := "Wheel scrolls; click selects a tab, value or row. In the PAID input and find line letters are text " +
		"(esc leaves). ≈ marks padview's own budget estimate."
	for _, l := range wrap(notes, w) {
		out = append(out, st.Muted.Render(l))
	}
	return out
}

func (m helpModal) maxOffset() int { return max(0, len(m.lines)-m.h) }

func (m helpModal) Update(msg tea.Msg) (Modal, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok && key.Matches(k, m.k.keys.help.Close) {
		return nil, nil
	}
	// Clicks land on the help, not on what it covers.
	if d, ok := scrollDelta(m.k.keys.scroll, msg, m.h-1); ok {
		m.offset = min(max(m.offset+d, 0), m.maxOffset())
	}
	return m, nil
}

func (m helpModal) View() string {
	lines := m.lines[min(m.offset, len(m.lines)):]
	out := make([]string, 0, m.h)
	for i, l := range lines {
		if i == m.h-1 && len(lines) > m.h {
			sk := m.k.keys.scroll
			out = append(out, fit("  "+m.k.st.Muted.Render("↓ more ("+sk.Down.Help().Key+", "+sk.PageDown.Help().Key+" or the wheel)"), m.w))
			break
		}
		out = append(out, fit("  "+ansi.Truncate(l, m.w-4, "…"), m.w))
	}
	return strings.Join(out, "\n")
}

func (m helpModal) Keys() []hint {
	k := m.k.keys
	return []hint{{k.help.Close, 3}, {rebind(k.scroll.Down, "scroll"), 2}, {k.root.ForceQuit, 1}}
}
