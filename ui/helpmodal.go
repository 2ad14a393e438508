package ui

import (
	"strings"

	"charm.land/bubbles/v2/help"
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
	out := []string{st.Title.Render("Keys") + st.Muted.Render("  "+say(m.k.keys.help.Close, "closes"))}
	var band [][]string
	bandW := 0
	flush := func() {
		if len(band) > 0 {
			out = append(out, "") // one blank line before each band
			out = append(out, helpBand(band)...)
		}
		band, bandW = nil, 0
	}
	for _, b := range m.k.keys.helpColumns() {
		col := helpColumn(m.k.help, b)
		if len(col) == 0 {
			continue
		}
		cw := blockWidth(col)
		if len(band) > 0 && bandW+len(helpGap)+cw > w {
			flush()
		}
		if len(band) > 0 {
			bandW += len(helpGap)
		}
		band, bandW = append(band, col), bandW+cw
	}
	flush()
	out = append(out, "")
	// The Raw tab's < and > are here, not in a column: a fifth row would
	// make the help scroll at 80×24.
	// The typing rule took the place of the wheel's and the find line's
	// notes, which docs/tui.md keeps: three lines would scroll at 80×24.
	notes := typingRule() + " " + say(m.k.keys.raw.Sideways(), "scroll Raw") + ". ≈ marks padview's own budget estimate."
	for _, l := range wrap(notes, w) {
		out = append(out, st.Muted.Render(l))
	}
	return out
}

// helpGap stands between two columns of keys in a band.
const helpGap = "   "

// helpColumn lays one column of keys out: each key padded to the longest
// of the column (lipgloss.Width), then two spaces, then what it does. A
// key may hold spaces ("g/G home/end"), so one space would not read as the
// gap between it and its description.
func helpColumn(hm help.Model, col []key.Binding) []string {
	kw := 0
	for _, b := range col {
		if b.Enabled() {
			kw = max(kw, lipgloss.Width(b.Help().Key))
		}
	}
	var out []string
	for _, b := range col {
		if !b.Enabled() {
			continue
		}
		k := b.Help().Key
		out = append(out, hm.Styles.FullKey.Render(k)+strings.Repeat(" ", kw-lipgloss.Width(k)+2)+hm.Styles.FullDesc.Render(b.Help().Desc))
	}
	return out
}

// helpBand sets columns side by side, helpGap apart, each as wide as its
// widest line; a shorter column leaves its lines below blank.
func helpBand(cols [][]string) []string {
	n := 0
	for _, col := range cols {
		n = max(n, len(col))
	}
	rows := make([]string, n)
	for i, col := range cols {
		w := blockWidth(col)
		for j := range rows {
			cell := ""
			if j < len(col) {
				cell = col[j]
			}
			if i > 0 {
				rows[j] += helpGap
			}
			rows[j] += cell + strings.Repeat(" ", w-lipgloss.Width(cell))
		}
	}
	for j := range rows {
		rows[j] = strings.TrimRight(rows[j], " ")
	}
	return rows
}

// blockWidth is the width of the widest of lines.
func blockWidth(lines []string) int {
	w := 0
	for _, l := range lines {
		w = max(w, lipgloss.Width(l))
	}
	return w
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
