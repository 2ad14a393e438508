package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/padview/padview/api/text"
)

// accessModal says that a full view was not requested because its record
// could not be written to the access log: which file, what is wrong and
// what fixes it (the error names them), and that padview is back in the
// standard view. It takes a key to close, so that it is read.
type accessModal struct {
	k    *kit
	why  string
	w, h int
	off  int
}

func newAccessModal(k *kit, err error) Modal {
	return accessModal{k: k, why: capitalize(text.CleanText(err.Error())) + "."}
}

func (m accessModal) Resize(w, h int) Modal {
	m.w, m.h = w, h
	return m
}

func (m accessModal) body(inner int) []string {
	st := m.k.st
	out := wrap(m.why, inner)
	out = append(out, "")
	for _, l := range wrap("padview is back in the standard view. Once that is fixed, f asks for the full view again.", inner) {
		out = append(out, st.Muted.Render(l))
	}
	return out
}

func (m accessModal) Update(msg tea.Msg) (Modal, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok && key.Matches(k, m.k.keys.access.Close) {
		return nil, nil
	}
	f := newFrame(m.w, m.h)
	if d, ok := scrollDelta(m.k.keys.scroll, msg, f.room(2, 0)); ok {
		m.off = min(max(m.off+d, 0), f.maxOffset(len(m.body(f.inner)), 2, 0))
	}
	return m, nil
}

func (m accessModal) View() string {
	st := m.k.st
	f := newFrame(m.w, m.h)
	head := []string{st.ModalTitle.Render("No full view: the access log cannot be written"), ""}
	return f.render(st.Modal, head, m.body(f.inner), nil, m.off)
}

func (m accessModal) Keys() []hint {
	k := m.k.keys
	return []hint{{k.access.Close, 3}, {k.root.ForceQuit, 1}}
}
