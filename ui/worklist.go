package ui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
)

// stepWorklist opens the next (d = 1: ctrl+n) or previous (-1: ctrl+p)
// item of the worklist the command line gave. An advertisement this
// session already holds in the standard view reopens without a request,
// as [ and ] do.
func (m *Model) stepWorklist(d int) tea.Cmd {
	n := len(m.cfg.Worklist)
	i := m.work + d
	switch {
	case n == 0:
		m.status = status{level: levelInfo, text: "No worklist: padview PAID… or padview --list FILE opens one."}
		return nil
	case i < 0:
		m.status = status{level: levelInfo, text: fmt.Sprintf("This is the first item of the worklist (1/%d).", n)}
		return nil
	case i >= n:
		m.status = status{level: levelInfo, text: fmt.Sprintf("This is the last item of the worklist (%d/%d).", n, n)}
		return nil
	}
	m.work = i
	item := m.cfg.Worklist[i]
	if l, err := api.ParseLookup(item, m.cfg.BaseURL); err == nil && m.sess.view == advert.Standard && l.View != advert.Full {
		if v := m.hist.kept(lookup{l.PAID, advert.Standard}); v >= 0 {
			return m.reopen(v)
		}
	}
	m.input.box.SetValue(item)
	return m.lookUp(item)
}

// worklistPlace is where the worklist is, for the header: "3/17"; ""
// for one PAID (padview AB12CD), which is no list to find one's way in,
// and while the exchange on screen is not the worklist's item (another
// PAID was looked up, or the item is still coming).
func (m Model) worklistPlace() string {
	if len(m.cfg.Worklist) < 2 || m.ex == nil || m.work >= len(m.cfg.Worklist) {
		return ""
	}
	if l, err := api.ParseLookup(m.cfg.Worklist[m.work], m.cfg.BaseURL); err != nil || l.PAID != m.ex.paid {
		return ""
	}
	return fmt.Sprintf("%d/%d", m.work+1, len(m.cfg.Worklist))
}
