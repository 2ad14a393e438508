package ui

import tea "charm.land/bubbletea/v2"

// onClick reads the layout: a tab selects it, the input takes focus, the
// pane gets the click in its own coordinates.
func (m Model) onClick(c tea.MouseClickMsg) (tea.Model, tea.Cmd) {
	mouse := c.Mouse()
	l := m.layout
	switch {
	case c.Button != tea.MouseLeft:
	case l.tabs.contains(mouse.X, mouse.Y):
		_, hits := m.deck.bar(m.kit, l.width)
		for _, h := range hits {
			if mouse.X >= h.from && mouse.X < h.to {
				m.deck.jump(h.index)
				m.blurInput()
			}
		}
	case l.input.contains(mouse.X, mouse.Y):
		return m, m.focusInput()
	case l.pane.contains(mouse.X, mouse.Y):
		in := l.paneInner()
		c.X, c.Y = mouse.X-in.x, mouse.Y-in.y
		return m, m.deck.update(c)
	}
	return m, nil
}
