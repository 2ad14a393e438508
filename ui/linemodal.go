package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/padview/padview/api/text"
	"github.com/padview/padview/api/vocab"
)

// lineModal asks before a [fields] line goes into the config file: for
// which member, the exact line, the table and the file it goes to, and
// what happens then. Cancel leaves the file alone.
type lineModal struct {
	k      *kit
	source string // the member as sent
	line   vocab.Mapping
	table  string // "[profiles.partner.fields]"
	file   string // the config file
	w, h   int
	offset int
}

// lineConfirmed is the confirmation's yes: add line to the config file.
type lineConfirmed struct{ line vocab.Mapping }

func newLineModal(k *kit, a lineAsked, table, file string) Modal {
	return lineModal{k: k, source: a.source, line: a.line, table: table, file: file}
}

func (m lineModal) Resize(w, h int) Modal {
	m.w, m.h = w, h
	m.offset = min(m.offset, m.frame().maxOffset(len(m.body()), len(m.head()), len(m.foot())))
	return m
}

func (m lineModal) frame() frame { return newFrame(m.w, m.h) }

func (m lineModal) head() []string {
	return []string{m.k.st.ModalTitle.Render("Add a [fields] line to the config file"), ""}
}

// body names the member, the line and the file; it scrolls on a small
// screen, and the line is never cut: it wraps.
func (m lineModal) body() []string {
	st, w := m.k.st, m.frame().inner
	var out []string
	out = append(out, wrap("padview did not recognise "+text.CleanText(m.source)+". This line maps it:", w)...)
	for _, l := range wrap(text.CleanText(m.line.Line()), w-2) {
		out = append(out, "  "+st.Value.Render(l))
	}
	out = append(out, "")
	out = append(out, wrap("It goes into "+text.CleanText(m.table)+" of the config file", w)...)
	for _, l := range wrap(text.CleanText(m.file), w-2) {
		out = append(out, "  "+st.Value.Render(l))
	}
	out = append(out, wrap("where the rest stays as it is. The answer on screen is then read again with it, "+
		"without a new request, and so are later answers.", w)...)
	return out
}

func (m lineModal) foot() []string {
	l := m.k.keys.line
	return []string{"", m.k.st.Muted.Render(sayAll(say(l.Yes, "adds the line"), say(l.No, "cancels")))}
}

func (m lineModal) Update(msg tea.Msg) (Modal, tea.Cmd) {
	if d, ok := scrollDelta(m.k.keys.scroll, msg, 3); ok {
		m.offset = min(max(m.offset+d, 0), m.frame().maxOffset(len(m.body()), len(m.head()), len(m.foot())))
		return m, nil
	}
	k, ok := msg.(tea.KeyPressMsg)
	switch {
	case !ok:
	case key.Matches(k, m.k.keys.line.Yes):
		c := lineConfirmed{line: m.line}
		return nil, func() tea.Msg { return c }
	case key.Matches(k, m.k.keys.line.No):
		return nil, report(levelInfo, "Nothing was added to the config file.")
	}
	return m, nil
}

func (m lineModal) View() string {
	return m.frame().render(m.k.st.Modal, m.head(), m.body(), m.foot(), m.offset)
}

func (m lineModal) Keys() []hint {
	hints := []hint{{m.k.keys.line.Yes, 5}, {m.k.keys.line.No, 5}}
	if m.frame().maxOffset(len(m.body()), len(m.head()), len(m.foot())) > 0 {
		hints = append(hints, hint{rebind(m.k.keys.scroll.UpDown(), "scroll"), 3})
	}
	return append(hints, hint{m.k.keys.root.ForceQuit, 2})
}
