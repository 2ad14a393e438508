package ui

import (
	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"
)

// keyMap is every key padview answers to, with its help text. It is the
// one home of the keys: the help overlay, the key line and the README's
// table describe these bindings.
type keyMap struct {
	Fetch, FocusInput, Cancel, Refetch, Token, Copy     key.Binding
	NextTab, PrevTab, Left, Right, Jump                 key.Binding
	Up, Down, PageUp, PageDown, Home, End, DetailScroll key.Binding
	Full, Standard, Mask, Help, Quit, ForceQuit         key.Binding
	InputHistory                                        key.Binding
	CopyMenu, Export, Compare                           key.Binding
	Find, FindStep                                      key.Binding
	BackForward, Lookups, Worklist                      key.Binding
	// In the full-view confirmation: the purpose the access log records.
	Purpose, OwnPurpose key.Binding
}

func newKeyMap() keyMap {
	b := func(keys []string, k, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, desc))
	}
	return keyMap{
		Fetch:        b([]string{"enter"}, "enter", "fetch"),
		FocusInput:   b([]string{"o", "ctrl+l"}, "o", "new PAID"),
		Cancel:       b([]string{"esc"}, "esc", "cancel / leave input"),
		Refetch:      b([]string{"r"}, "r", "refetch"),
		Token:        b([]string{"t"}, "t", "new token"),
		Copy:         b([]string{"c"}, "c", "copy curl command"),
		CopyMenu:     b([]string{"y"}, "y", "copy…"),
		Export:       b([]string{"e"}, "e", "export…"),
		Compare:      b([]string{"="}, "=", "compare: mark / clear"),
		NextTab:      b([]string{"tab"}, "tab", "next pane"),
		PrevTab:      b([]string{"shift+tab"}, "shift+tab", "previous pane"),
		Left:         b([]string{"left", "h"}, "←/h", "previous pane"),
		Right:        b([]string{"right", "l"}, "→/l", "next pane"),
		Jump:         b([]string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "0"}, "1-9,0", "jump to pane"),
		Up:           b([]string{"up", "k"}, "↑/k", "up"),
		Down:         b([]string{"down", "j"}, "↓/j", "down"),
		PageUp:       b([]string{"pgup", "ctrl+b"}, "pgup", "page up"),
		PageDown:     b([]string{"pgdown", "ctrl+f", "space"}, "pgdn", "page down"),
		Home:         b([]string{"home", "g"}, "home/g", "top"),
		End:          b([]string{"end", "G"}, "end/G", "bottom"),
		DetailScroll: b([]string{"J", "K"}, "J/K", "scroll details"),
		Full:         b([]string{"f"}, "f", "full view…"),
		Standard:     b([]string{"s"}, "s", "standard view"),
		Mask:         b([]string{"m"}, "m", "privacy mask"),
		Help:         b([]string{"?"}, "?", "help"),
		Quit:         b([]string{"q"}, "q", "quit"),
		ForceQuit:    b([]string{"ctrl+c"}, "ctrl+c", "quit"),
		InputHistory: b([]string{"up", "down"}, "↑/↓", "history"),
		Find:         b([]string{"/"}, "/", "find in pane"),
		FindStep:     b([]string{"n", "N"}, "n/N", "next/previous match"),
		BackForward:  b([]string{"[", "]", "alt+left", "alt+right"}, "[/] alt+←/→", "back/forward"),
		Lookups:      b([]string{"H"}, "H", "history list"),
		Worklist:     b([]string{"ctrl+n", "ctrl+p"}, "ctrl+n/p", "next/previous item"),
		Purpose:      b([]string{"1", "2", "3", "4"}, "1-4", "purpose"),
		OwnPurpose:   b([]string{"5"}, "5", "type a purpose"),
	}
}

// groups are the help overlay's columns, laid out two by two on a narrow
// terminal, in as few rows as fit 80×24: keys that go in pairs share one.
func (k keyMap) groups() [][]key.Binding {
	pair := func(a, b key.Binding, keys, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(append(a.Keys(), b.Keys()...)...), key.WithHelp(keys, desc))
	}
	return [][]key.Binding{
		{k.Fetch, k.FocusInput, key.NewBinding(key.WithKeys("ctrl+l"), key.WithHelp("ctrl+l", "edit the PAID")), k.Cancel, k.Refetch},
		{k.CopyMenu, k.Copy, k.Export, k.Compare, k.Token},
		{k.BackForward, k.Lookups, k.Worklist, k.Find, k.FindStep},
		{k.Full, k.Standard, k.Mask, k.Help, pair(k.Quit, k.ForceQuit, "q/ctrl+c", "quit")},
		{pair(k.NextTab, k.PrevTab, "tab/shift+tab", "next/previous pane"), pair(k.Right, k.Left, "→/← l/h", "next/previous pane"), k.Jump},
		{pair(k.Up, k.Down, "↑/↓ k/j", "up/down"), pair(k.PageUp, k.PageDown, "pgup/pgdn", "page up/down"),
			pair(k.Home, k.End, "g/G home/end", "top/bottom"), k.DetailScroll},
	}
}

// hint is one entry of the key line; when the line is too narrow the
// entries with the lowest keep go first.
type hint struct {
	b    key.Binding
	keep int
}

// keyLine renders hints in their order in w cells, dropping the least
// needed first, so that help and quit are the last to go.
func keyLine(h help.Model, hints []hint, w int) string {
	for {
		bs := make([]key.Binding, 0, len(hints))
		for _, x := range hints {
			bs = append(bs, x.b)
		}
		h.SetWidth(0) // we fit the line ourselves
		s := h.ShortHelpView(bs)
		if lipgloss.Width(s) <= w || len(hints) <= 1 {
			return s
		}
		low := 0
		for i, x := range hints {
			if x.keep < hints[low].keep {
				low = i
			}
		}
		hints = append(hints[:low:low], hints[low+1:]...)
	}
}

// rebind is a binding with another description, for a key line that says
// what the key does here ("r retries").
func rebind(b key.Binding, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(b.Help().Key, desc))
}
