package ui

import (
	"github.com/padview/padview/api/advert"
)

// keyLine offers the keys that work now, most needed kept longest: the
// modal's own, the input's, the find line's while it is typed in, or the
// root's and the pane's. Each comes from its bindings (keys.go).
func (m Model) keyLine(w int) string {
	var hints []hint
	switch {
	case m.modal != nil:
		hints = m.modal.Keys()
	case m.focus == focusInput:
		hints = m.inputHints()
	case m.deck.current().Finding() == findTyping:
		k := m.kit.keys
		hints = append(findHints(k.find, findTyping), hint{rebind(k.find.Pass, "move"), 2}, hint{k.root.ForceQuit, 6})
	default:
		r := m.kit.keys.root
		hints = append(append(append(m.placeHints(), paneHints(m.deck.current())...), m.viewHints()...), m.exchangeHints()...)
		hints = append(hints, hint{r.Help, 6}, hint{r.Quit, 7})
	}
	return keyLine(m.kit.help, hints, w)
}

// hinter is a pane with keys of its own for the key line.
type hinter interface{ Hints() []hint }

// paneHints are the keys the pane on screen offers, if it has any.
func paneHints(p Pane) []hint {
	if h, ok := p.(hinter); ok {
		return h.Hints()
	}
	return nil
}

// inputHints are the PAID input's keys.
func (m Model) inputHints() []hint {
	r, in := m.kit.keys.root, m.kit.keys.input
	hints := []hint{{r.Fetch, 5}, {in.History(), 2}, {rebind(in.Clear, "clear"), 3}}
	if len(m.deck.panes) > 1 {
		hints = append(hints, hint{r.NextTab, 1})
	}
	return append(hints, hint{in.Leave, 4}, hint{r.Help, 6}, hint{r.ForceQuit, 6})
}

// placeHints are where to go from here: a new PAID, the tabs, scrolling,
// the find, the worklist and this session's lookups. Only what applies:
// no panes to go through or scroll before the first answer.
func (m Model) placeHints() []hint {
	k := m.kit.keys
	hints := []hint{{k.root.NewPAID, 5}}
	if len(m.deck.panes) > 1 {
		hints = append(hints, hint{k.root.NextTab, 3})
	}
	if m.ex != nil || m.deck.current().Where() != "" {
		hints = append(hints, hint{k.scroll.Down, 1})
	}
	switch find := m.deck.current().Finding(); find {
	case findKept:
		hints = append(hints, findHints(k.find, find)...)
	case findOff:
		hints = append(hints, hint{rebind(k.find.Open, "find"), 3})
	}
	if len(m.list.items) > 1 {
		hints = append(hints, hint{rebind(k.root.Worklist(), "next/prev item"), 4})
	}
	if len(m.hist.visits) > 1 { // the help names alt+←/→ too
		hints = append(hints, hint{join("[/]", "back/forward", k.root.Back, k.root.Forward), 2})
	}
	return hints
}

// viewHints are the view and the mask, as they can change from here.
func (m Model) viewHints() []hint {
	r := m.kit.keys.root
	var hints []hint
	switch {
	case m.sess.view == advert.Full:
		hints = append(hints, hint{r.Standard, 4})
	case !m.cfg.FullViewNever:
		hints = append(hints, hint{r.Full, 4})
	}
	if m.mask {
		hints = append(hints, hint{rebind(r.Mask, "unmask"), 3})
	} else if m.ex.personal() {
		hints = append(hints, hint{rebind(r.Mask, "mask"), 2})
	}
	return hints
}

// failureHints are r and t after a failure, by the TUI's table of
// failures: t first when the service refused the token, none when the
// token is not at fault; r as "retry" only when trying again can help.
func (m Model) failureHints() []hint {
	r := m.kit.keys.root
	switch tokenAfterFailure(m.ex.err) {
	case tokenFirst:
		return []hint{{r.Token, 5}, {r.Refetch, 2}}
	case tokenNone:
		if !retryHelps(m.ex) {
			return []hint{{r.Refetch, 2}}
		}
		return []hint{{rebind(r.Refetch, "retry"), 4}}
	}
	if !retryHelps(m.ex) {
		return []hint{{r.Refetch, 2}, {r.Token, 1}}
	}
	return []hint{{rebind(r.Refetch, "retry"), 4}, {r.Token, 1}}
}

// exchangeHints are what can be done with the exchange on screen: fetch it
// again (with a new token when the service refused this one), copy,
// export, compare. Nothing to fetch again before the first lookup.
func (m Model) exchangeHints() []hint {
	r := m.kit.keys.root
	var hints []hint
	switch {
	case m.onHistory(): // r reads the watch history again here
		hints = append(hints, hint{rebind(r.Refetch, "read again"), 3})
	case m.ex != nil && m.ex.err != nil:
		hints = append(hints, m.failureHints()...)
	case m.sess.last.paid != "":
		hints = append(hints, hint{r.Refetch, 2})
	}
	if m.ex != nil {
		hints = append(hints, hint{r.CopyMenu, 1}, hint{r.Export, 0})
	}
	switch {
	case m.watch.link == nil || m.ex == nil:
	case m.ex.watched.isWatched():
		hints = append(hints, hint{rebind(r.Watch, "unwatch"), 0})
	default:
		hints = append(hints, hint{rebind(r.Watch, "watch"), 0})
	}
	switch {
	case m.mark != nil:
		hints = append(hints, hint{rebind(r.Compare, "clear mark"), 3})
	case m.ex != nil:
		hints = append(hints, hint{rebind(r.Compare, "compare"), 0})
	}
	return hints
}
