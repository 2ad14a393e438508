package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// deck is the panes of the exchange on screen and which of them shows.
type deck struct {
	panes  []Pane
	active int
	stay   string // the tab asked for when it is not there (yet)
}

// newDeck lays panes out at size w×h, showing the one labelled stay when
// there is one (a new answer keeps the reader on the tab they were on).
func newDeck(panes []Pane, stay string, w, h int) deck {
	d := deck{panes: panes, stay: stay}
	for i, p := range panes {
		if p.Tab().Label == stay {
			d.active = i
		}
	}
	d.resize(w, h)
	return d
}

func (d deck) current() Pane { return d.panes[d.active] }

// label is the tab the reader is on, or was on before the panes went (a
// refetch in progress), for the next deck to open on.
func (d deck) label() string {
	if l := d.current().Tab().Label; l != "" {
		return l
	}
	return d.stay
}

func (d *deck) resize(w, h int) {
	panes := make([]Pane, len(d.panes))
	for i, p := range d.panes {
		panes[i] = p.Resize(w, h)
	}
	d.panes = panes
}

// update hands a message to the pane that shows.
func (d *deck) update(msg tea.Msg) tea.Cmd {
	p, cmd := d.current().Update(msg)
	d.panes = append([]Pane(nil), d.panes...) // models are values: do not write into an earlier one's slice
	d.panes[d.active] = p
	return cmd
}

// broadcast hands a message to every pane, for an answer to one of them
// that may come after the reader moved to another tab.
func (d *deck) broadcast(msg tea.Msg) tea.Cmd {
	panes := make([]Pane, len(d.panes)) // models are values: do not write into an earlier one's slice
	cmds := make([]tea.Cmd, len(d.panes))
	for i, p := range d.panes {
		panes[i], cmds[i] = p.Update(msg)
	}
	d.panes = panes
	return tea.Batch(cmds...)
}

// move goes delta tabs right (left when negative), round the end.
func (d *deck) move(delta int) {
	n := len(d.panes)
	d.active = ((d.active+delta)%n + n) % n
}

// jump shows tab i (from 0), if there is one.
func (d *deck) jump(i int) {
	if i >= 0 && i < len(d.panes) {
		d.active = i
	}
}

// tabHit is where a tab sits on the tab bar line.
type tabHit struct{ index, from, to int }

// cells are the tabs as the bar draws them: the key that jumps there, the
// label and the count.
func (d deck) cells(k *kit) []string {
	st, jump := k.st, k.keys.root.Tabs
	cells := make([]string, len(d.panes))
	for i, p := range d.panes {
		t := p.Tab()
		label := t.Label
		if i < len(jump) {
			label = jump[i].Help().Key + " " + label
		}
		if t.Count != "" {
			label += " " + t.Count
		}
		style := st.Tab
		switch {
		case i == d.active:
			style = st.TabActive
		case t.Empty:
			style = st.TabEmpty
		}
		cells[i] = style.Render(label)
	}
	return cells
}

// bar renders the tab bar in width cells, scrolled so the active tab shows,
// and where each visible tab is, for mouse clicks. A click on ‹ or ›
// shows the tab hidden beyond it, which scrolls the bar.
func (d deck) bar(k *kit, width int) (string, []tabHit) {
	if width <= 0 || len(d.panes) == 0 || d.panes[0].Tab().Label == "" {
		return "", nil
	}
	st, cells := k.st, d.cells(k)
	first := 0
	for first < d.active && lipgloss.Width(strings.Join(cells[first:d.active+1], "│")) > width-4 {
		first++
	}
	var b strings.Builder
	var hits []tabHit
	x := 0
	if first > 0 {
		b.WriteString(st.Muted.Render("‹ "))
		hits = append(hits, tabHit{index: first - 1, from: 0, to: 2})
		x += 2
	}
	for i := first; i < len(cells); i++ {
		sep := 0
		if i > first {
			sep = 1
		}
		w := lipgloss.Width(cells[i])
		if x+sep+w > width-2 && i != d.active {
			b.WriteString(st.Muted.Render(" ›"))
			hits = append(hits, tabHit{index: i, from: x, to: x + 2})
			break
		}
		if sep == 1 {
			b.WriteString(st.TabBar.Render("│"))
			x++
		}
		b.WriteString(cells[i])
		hits = append(hits, tabHit{index: i, from: x, to: x + w})
		x += w
	}
	return ansi.Truncate(b.String(), width, "…"), hits
}
