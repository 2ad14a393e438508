package ui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/padview/padview/api/text"
)

// historyModal lists this session's lookups, newest first: time, PAID,
// view, status and advertiser. enter reopens the selected one; it is a
// snapshot, so it holds no answer itself.
type historyModal struct {
	k       *kit
	rows    []historyRow // newest first
	current int          // the row on screen
	cursor  int
	offset  int
	w, h    int
}

// historyRow is a visit as the list shows it.
type historyRow struct {
	visit
	kept bool // its answer is in memory
}

// newHistoryModal lists h; under the privacy mask (mask) a natural
// person's name as the advertiser is masked.
func newHistoryModal(k *kit, h history, mask bool) Modal {
	m := historyModal{k: k, rows: make([]historyRow, 0, len(h.visits)), current: -1}
	for i := len(h.visits) - 1; i >= 0; i-- {
		v := h.visits[i]
		kept := v.ex != nil
		v.ex = nil
		if mask {
			v.advertiser = v.masked
		}
		if i == h.at {
			m.current = len(m.rows)
		}
		m.rows = append(m.rows, historyRow{v, kept})
	}
	m.cursor = max(m.current, 0)
	return m
}

// visible is how many rows fit under the title and the column heads.
func (m historyModal) visible() int { return max(1, m.h-4) }

func (m historyModal) Resize(w, h int) Modal {
	m.w, m.h = w, h
	m.clamp()
	return m
}

func (m *historyModal) clamp() {
	m.cursor = min(max(m.cursor, 0), len(m.rows)-1)
	m.offset = min(max(m.offset, m.cursor-m.visible()+1), m.cursor)
	m.offset = max(0, min(m.offset, len(m.rows)-m.visible()))
}

func (m historyModal) Update(msg tea.Msg) (Modal, tea.Cmd) {
	keys := m.k.keys.history
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case key.Matches(k, keys.Close):
			return nil, nil
		case key.Matches(k, keys.Reopen):
			id := m.rows[m.cursor].id
			return nil, func() tea.Msg { return historyChosen{id} }
		}
	}
	if d, ok := scrollDelta(m.k.keys.scroll, msg, m.visible()); ok {
		m.cursor += d
		m.clamp()
	}
	return m, nil
}

func (m historyModal) View() string {
	st := m.k.st
	w := max(20, m.w-4)
	paidW := 6
	for _, v := range m.rows {
		paidW = max(paidW, len(v.paid))
	}
	paidW = min(paidW, 24)
	row := func(mark, at, paid, view, status, adv string) string {
		return mark + " " + pad(at, 5) + "  " + pad(paid, paidW) + "  " + pad(view, 8) + "  " + pad(status, 15) + "  " + adv
	}
	out := []string{
		st.Title.Render("This session's lookups") + st.Muted.Render(fmt.Sprintf("  %d · %s", len(m.rows),
			sayAll(say(m.k.keys.history.Reopen, "reopens"), say(m.k.keys.history.Close, "closes")))),
		st.Muted.Render("▸ on screen · ↻ not kept: reopening fetches it again"),
		st.TableHeader.Render(row(" ", "Time", "PAID", "View", "Status", "Advertiser")),
	}
	for i := m.offset; i < min(len(m.rows), m.offset+m.visible()); i++ {
		v := m.rows[i]
		mark := " "
		switch {
		case i == m.current:
			mark = "▸"
		case !v.kept:
			mark = "↻"
		}
		line := pad(row(mark, v.at.Format("15:04"), text.CleanText(v.paid), v.view.String(), v.status, v.advertiser), w)
		if i == m.cursor {
			line = st.Selected.Render(line)
		}
		out = append(out, line)
	}
	if more := len(m.rows) - m.offset - m.visible(); more > 0 {
		out = append(out, st.Muted.Render(fmt.Sprintf("↓ %d more", more)))
	}
	for i := range out {
		out[i] = "  " + out[i]
	}
	return strings.Join(fitBlock(strings.Join(out, "\n"), m.w, m.h), "\n") // from the top, as lists are read
}

func (m historyModal) Keys() []hint {
	k := m.k.keys
	return []hint{{k.history.Reopen, 5}, {rebind(k.scroll.Down, "select"), 3}, {k.history.Close, 4}, {k.root.ForceQuit, 1}}
}
