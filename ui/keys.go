package ui

import "charm.land/bubbles/v2/key"

// keyMap is every key padview answers to, with its help text.
type keyMap struct {
	Fetch, NextTab, PrevTab, Left, Right, Up, Down, PageUp, PageDown, Home, End key.Binding
	Full, Standard, Refetch, Cancel, FocusInput, Token, Help, Quit, ForceQuit   key.Binding
	Copy                                                                        key.Binding
	Jump, History                                                               key.Binding
}

func newKeyMap() keyMap {
	b := func(keys []string, k, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, desc))
	}
	return keyMap{
		Fetch:      b([]string{"enter"}, "enter", "fetch"),
		NextTab:    b([]string{"tab"}, "tab", "next pane"),
		PrevTab:    b([]string{"shift+tab"}, "shift+tab", "previous pane"),
		Left:       b([]string{"left", "h"}, "←/h", "previous pane"),
		Right:      b([]string{"right", "l"}, "→/l", "next pane"),
		Up:         b([]string{"up", "k"}, "↑/k", "up"),
		Down:       b([]string{"down", "j"}, "↓/j", "down"),
		PageUp:     b([]string{"pgup", "ctrl+b"}, "pgup", "page up"),
		PageDown:   b([]string{"pgdown", "ctrl+f", "space"}, "pgdn", "page down"),
		Home:       b([]string{"home", "g"}, "home/g", "top"),
		End:        b([]string{"end", "G"}, "end/G", "bottom"),
		Full:       b([]string{"f"}, "f", "full view…"),
		Standard:   b([]string{"s"}, "s", "standard view"),
		Refetch:    b([]string{"r"}, "r", "refetch"),
		Cancel:     b([]string{"esc"}, "esc", "cancel / leave input"),
		FocusInput: b([]string{"/", "ctrl+l"}, "/", "new PAID"),
		Token:      b([]string{"t"}, "t", "new token"),
		Copy:       b([]string{"c"}, "c", "copy curl command"),
		Help:       b([]string{"?"}, "?", "help"),
		Quit:       b([]string{"q"}, "q", "quit"),
		ForceQuit:  b([]string{"ctrl+c"}, "ctrl+c", "quit"),
		Jump:       b([]string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "0"}, "1-9,0", "jump to pane"),
		History:    b([]string{"up", "down"}, "↑/↓", "history"),
	}
}

// paneHelp is the short help while a pane has focus.
type paneHelp struct{ k keyMap }

func (h paneHelp) ShortHelp() []key.Binding {
	return []key.Binding{h.k.FocusInput, h.k.NextTab, h.k.Down, h.k.Full, h.k.Standard, h.k.Refetch, h.k.Help, h.k.Quit}
}

func (h paneHelp) FullHelp() [][]key.Binding {
	k := h.k
	return [][]key.Binding{
		{k.Fetch, k.FocusInput, k.Cancel, k.Refetch, k.Token, k.Copy},
		{k.NextTab, k.PrevTab, k.Left, k.Right, k.Jump},
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Home, k.End},
		{k.Full, k.Standard, k.Help, k.Quit, k.ForceQuit},
	}
}

// inputHelp is the short help while the PAID input has focus.
type inputHelp struct{ k keyMap }

func (h inputHelp) ShortHelp() []key.Binding {
	esc := key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "leave input"))
	return []key.Binding{h.k.Fetch, h.k.History, h.k.NextTab, esc, h.k.Help, h.k.ForceQuit}
}

func (h inputHelp) FullHelp() [][]key.Binding { return paneHelp(h).FullHelp() }
