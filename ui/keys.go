package ui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"

	"github.com/padview/padview/api/audit"
)

// This file is the one home of the keys. Every key padview answers to is a
// key.Binding declared here, with its help, in the key map of the part of
// the screen that takes it: the root (lookups, views, tabs, quitting), the
// PAID input, scrolling (every pane and the lists), the find line, the
// sponsors and controllers tables, and each dialog. The code that handles a
// key asks key.Matches(msg, binding), never the key's name; the key line,
// the ? help and the hints inside panes and dialogs are drawn from the
// bindings. help; and TestKeyTablesMatchTheBindings holds the key tables of
// docs/tui.md against keySets, both ways.

// keyMap is every key map; the model's kit carries one.
type keyMap struct {
	root    rootKeys
	input   inputKeys
	scroll  scrollKeys
	find    findKeys
	table   tableKeys
	transp  transparencyKeys
	raw     rawKeys
	help    helpKeys
	confirm confirmKeys
	token   tokenKeys
	copy    copyKeys
	export  exportKeys
	history historyKeys
	access  accessKeys
	other   otherKeys
	line    lineKeys
}

// bind is a binding: the keys, and the help's name for them and what they do.
func bind(label, desc string, keys ...string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(label, desc))
}

// rebind is a binding with another description, for a key line that says
// what the key does here ("r retries").
func rebind(b key.Binding, desc string) key.Binding {
	return bind(b.Help().Key, desc, b.Keys()...)
}

// join is bindings that share one line of help ("[/] back/forward"): it
// matches every key of each.
func join(label, desc string, bs ...key.Binding) key.Binding {
	var keys []string
	for _, b := range bs {
		keys = append(keys, b.Keys()...)
	}
	return bind(label, desc, keys...)
}

// say is a binding as a hint in running text: "esc clears".
func say(b key.Binding, desc string) string { return b.Help().Key + " " + desc }

// sayAll is hints in running text: "enter keeps · esc clears".
func sayAll(hints ...string) string { return strings.Join(hints, " · ") }

// rootKeys are the keys the root model handles while a pane has focus.
type rootKeys struct {
	Fetch, NewPAID, EditPAID, Cancel, Refetch, Token   key.Binding
	CopyMenu, Curl, Export, Compare                    key.Binding
	NextTab, PrevTab, Right, Left                      key.Binding
	Tabs                                               [10]key.Binding // 1 is the first tab, 0 the tenth
	Back, Forward, Lookups, WorklistNext, WorklistPrev key.Binding
	Full, Standard, Mask, Help, Quit, ForceQuit        key.Binding
	Watch                                              key.Binding
}

// tabKeys are the keys that jump to a tab, in tab order.
var tabKeys = [10]string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "0"}

func newRootKeys() rootKeys {
	k := rootKeys{
		Fetch:        bind("enter", "fetch", "enter"),
		NewPAID:      bind("o", "new PAID", "o"),
		EditPAID:     bind("ctrl+l", "edit the PAID", "ctrl+l"),
		Cancel:       bind("esc", "cancel / leave input", "esc"),
		Refetch:      bind("r", "refetch", "r"),
		Token:        bind("t", "new token", "t"),
		CopyMenu:     bind("y", "copy…", "y"),
		Curl:         bind("c", "copy curl command", "c"),
		Export:       bind("e", "export…", "e"),
		Compare:      bind("=", "compare: mark / clear", "="),
		NextTab:      bind("tab", "next pane", "tab"),
		PrevTab:      bind("shift+tab", "previous pane", "shift+tab"),
		Right:        bind("→/l", "next pane", "right", "l"),
		Left:         bind("←/h", "previous pane", "left", "h"),
		Back:         bind("[ alt+←", "back", "[", "alt+left"),
		Forward:      bind("] alt+→", "forward", "]", "alt+right"),
		Lookups:      bind("H", "history list", "H"),
		WorklistNext: bind("ctrl+n", "next item", "ctrl+n"),
		WorklistPrev: bind("ctrl+p", "previous item", "ctrl+p"),
		Full:         bind("f", "full view…", "f"),
		Standard:     bind("s", "standard view", "s"),
		Mask:         bind("m", "privacy mask", "m"),
		Help:         bind("?", "help", "?"),
		Quit:         bind("q", "quit", "q"),
		ForceQuit:    bind("ctrl+c", "quit", "ctrl+c"),
		Watch:        bind("w", "watch / unwatch", "w"),
	}
	for i, name := range tabKeys {
		k.Tabs[i] = bind(name, "jump to pane "+name, name)
	}
	return k
}

// tab is the tab a jump key asks for (from 0), if msg is one.
func (k rootKeys) tab(msg fmt.Stringer) (int, bool) {
	for i, b := range k.Tabs {
		if key.Matches(msg, b) {
			return i, true
		}
	}
	return 0, false
}

// Jump, BackForward and Worklist are the pairs and runs of keys as the
// help and the key line name them together.
func (k rootKeys) Jump() key.Binding { return join("1-9,0", "jump to pane", k.Tabs[:]...) }
func (k rootKeys) BackForward() key.Binding {
	return join("[/] alt+←/→", "back/forward", k.Back, k.Forward)
}
func (k rootKeys) Worklist() key.Binding {
	return join("ctrl+n/p", "next/previous item", k.WorklistNext, k.WorklistPrev)
}

// inputKeys are the keys the PAID input takes while it has focus; every
// other key is text.
type inputKeys struct {
	Leave, Older, Newer, Clear key.Binding
}

func newInputKeys() inputKeys {
	return inputKeys{
		Leave: bind("esc", "leave input", "esc"),
		Older: bind("↑", "earlier PAID", "up"),
		Newer: bind("↓", "later PAID", "down"),
		Clear: bind("ctrl+u", "clear the input", "ctrl+u"),
	}
}

// History is ↑/↓ as the input's key line names them.
func (k inputKeys) History() key.Binding { return join("↑/↓", "history", k.Older, k.Newer) }

// scrollKeys move a pane, a list or a dialog's text; the wheel does too
// (scrollDelta).
type scrollKeys struct {
	Up, Down, PageUp, PageDown, Home, End key.Binding
}

func newScrollKeys() scrollKeys {
	return scrollKeys{
		Up:       bind("↑/k", "up", "up", "k"),
		Down:     bind("↓/j", "down", "down", "j"),
		PageUp:   bind("pgup/ctrl+b", "page up", "pgup", "ctrl+b"),
		PageDown: bind("pgdn/ctrl+f/space", "page down", "pgdown", "ctrl+f", "space"),
		Home:     bind("home/g", "top", "home", "g"),
		End:      bind("end/G", "bottom", "end", "G"),
	}
}

// UpDown is ↑/↓ as hints name them.
func (k scrollKeys) UpDown() key.Binding { return join("↑/↓", "up/down", k.Up, k.Down) }

// all is every scroll binding.
func (k scrollKeys) all() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.PageUp, k.PageDown, k.Home, k.End}
}

// findKeys are the find line's keys (find.go). While it is typed in,
// every other key is text.
type findKeys struct {
	Open, Keep, Clear, Next, Prev, Pass key.Binding
}

func newFindKeys() findKeys {
	return findKeys{
		Open:  bind("/", "find in pane", "/"),
		Keep:  bind("enter", "keep find", "enter"),
		Clear: bind("esc", "clear find", "esc"),
		Next:  bind("n", "next match", "n"),
		Prev:  bind("N", "previous match", "N"),
		// While typing these still move in the pane.
		Pass: bind("↑/↓ pgup/pgdn", "move in the pane", "up", "down", "pgup", "pgdown"),
	}
}

// Step is n/N as the help and the key line name them.
func (k findKeys) Step() key.Binding { return join("n/N", "next/previous match", k.Next, k.Prev) }

// tableKeys are the sponsors and controllers tables' own keys, and the
// History tab's; ↑/↓ and the other scroll keys move the selected row.
type tableKeys struct {
	DetailDown, DetailUp key.Binding
}

func newTableKeys() tableKeys {
	return tableKeys{
		DetailDown: bind("J", "scroll details down", "J"),
		DetailUp:   bind("K", "scroll details up", "K"),
	}
}

// Details is J/K as the help names them.
func (k tableKeys) Details() key.Binding {
	return join("J/K", "scroll details", k.DetailDown, k.DetailUp)
}

// transparencyKeys are the Transparency tab's own keys.
type transparencyKeys struct {
	// Notice switches the tab between the check's checklist and the
	// transparency notice laid out in the template's order.
	Notice key.Binding
}

func newTransparencyKeys() transparencyKeys {
	return transparencyKeys{Notice: bind("v", "Transparency: notice/checklist", "v")}
}

// rawKeys are the Raw tab's own keys: its lines can be wider than the pane
// (a long string of the body, the curl command), and < and > move them
// sideways, as ←/→ do in less -S (here ←/→ change the pane).
type rawKeys struct{ Left, Right key.Binding }

func newRawKeys() rawKeys {
	return rawKeys{Left: bind("<", "Raw: scroll lines left", "<"), Right: bind(">", "Raw: scroll lines right", ">")}
}

// Sideways is < and > as hints name them.
func (k rawKeys) Sideways() key.Binding { return join("</>", "Raw: sideways", k.Left, k.Right) }

// otherKeys are the Other tab's own keys: its members padview did not
// recognise are listed first, each with the [fields] line it suggests.
type otherKeys struct{ Add key.Binding }

func newOtherKeys() otherKeys {
	return otherKeys{Add: bind("a", "Other: add the suggested [fields] line…", "a")}
}

// lineKeys answer the confirmation before a [fields] line is added to the
// config file; the scroll keys scroll it.
type lineKeys struct{ Yes, No key.Binding }

func newLineKeys() lineKeys {
	return lineKeys{Yes: bind("y", "add the line", "y"), No: bind("n/esc/q", "cancel", "n", "esc", "q")}
}

// helpKeys are the ? help's keys; the scroll keys and the wheel scroll it.
type helpKeys struct{ Close key.Binding }

func newHelpKeys() helpKeys { return helpKeys{Close: bind("?/esc/q", "close", "?", "esc", "q")} }

// confirmKeys are the full-view confirmation's keys. Its notice scrolls
// with the scroll keys but space, which answers.
type confirmKeys struct {
	Yes, No, Choose, Answer key.Binding
	Purposes                []key.Binding // audit.Purposes, in order: 1, 2, …
	OwnPurpose, Typed, Done key.Binding   // the key after the purposes; enter, and the others that end typing
	Scroll                  scrollKeys
}

func newConfirmKeys(scroll scrollKeys) confirmKeys {
	own := tabKeys[len(audit.Purposes)]
	k := confirmKeys{
		Yes:        bind("y", "show personal data", "y"),
		No:         bind("n/esc/q", "cancel", "n", "esc", "q"),
		Choose:     bind("←/→ tab h/l", "choose", "left", "right", "tab", "shift+tab", "h", "l"),
		Answer:     bind("enter/space", "answer the choice", "enter", "space"),
		OwnPurpose: bind(own, "type a purpose", own),
		Typed:      bind("enter", "done: focus Show personal data", "enter"),
		Done:       bind("esc/tab", "done typing", "esc", "tab", "shift+tab"),
		Scroll:     scroll,
	}
	k.Scroll.PageDown = bind("pgdn/ctrl+f", "page down", "pgdown", "ctrl+f")
	for _, n := range tabKeys[:len(audit.Purposes)] {
		k.Purposes = append(k.Purposes, bind(n, "purpose "+n, n))
	}
	return k
}

// purpose is the purpose a key picks (1 to 4), if msg is one.
func (k confirmKeys) purpose(msg fmt.Stringer) (int, bool) {
	for i, b := range k.Purposes {
		if key.Matches(msg, b) {
			return i + 1, true
		}
	}
	return 0, false
}

// Purpose is 1–4 as the key line names them.
func (k confirmKeys) Purpose() key.Binding {
	return join(k.Purposes[0].Help().Key+"–"+k.Purposes[len(k.Purposes)-1].Help().Key, "purpose", k.Purposes...)
}

// tokenKeys are the token entry's keys; every other key is the token.
type tokenKeys struct {
	Save, Close, Replace, Keep key.Binding
}

func newTokenKeys() tokenKeys {
	return tokenKeys{
		Save:    bind("enter", "save", "enter"),
		Close:   bind("esc", "close", "esc"),
		Replace: bind("y", "replace", "y"),
		Keep:    bind("n/esc", "keep the current one", "n", "esc"),
	}
}

// copyKeys are the copy menu's keys: a letter a choice, and the list's.
type copyKeys struct {
	PAID, Value, Row, Text, JSON, Curl key.Binding
	Up, Down, Copy, Close              key.Binding
}

func newCopyKeys() copyKeys {
	return copyKeys{
		PAID:  bind("p", "the PAID", "p"),
		Value: bind("v", "the selected value", "v"),
		Row:   bind("r", "the selected row", "r"),
		Text:  bind("t", "this pane as text", "t"),
		JSON:  bind("j", "normalized JSON", "j"),
		Curl:  bind("c", "curl command", "c"),
		Up:    bind("↑/shift+tab", "previous choice", "up", "shift+tab"),
		Down:  bind("↓/tab", "next choice", "down", "tab"),
		Copy:  bind("enter", "copy", "enter"),
		Close: bind("esc/q/y", "close", "esc", "q", "y"),
	}
}

// Choices is the letters as the key line names them.
func (k copyKeys) Choices() key.Binding {
	return join("p/v/r/t/j/c", "copy", k.PAID, k.Value, k.Row, k.Text, k.JSON, k.Curl)
}

// exportKeys are the export dialog's keys; every other key edits the name.
type exportKeys struct {
	Save, Cancel, Prev, Next, Replace, Keep key.Binding
}

func newExportKeys() exportKeys {
	return exportKeys{
		Save:    bind("enter", "save", "enter"),
		Cancel:  bind("esc", "cancel", "esc"),
		Prev:    bind("↑/shift+tab", "previous format", "up", "shift+tab"),
		Next:    bind("↓/tab", "next format", "down", "tab"),
		Replace: bind("y", "replace", "y"),
		Keep:    bind("n/esc", "keep it", "n", "esc"),
	}
}

// Format is ↑/↓ as the key line names them.
func (k exportKeys) Format() key.Binding { return join("↑/↓", "format", k.Prev, k.Next) }

// historyKeys are the history list's keys; the scroll keys move the
// selection.
type historyKeys struct{ Reopen, Close key.Binding }

func newHistoryKeys() historyKeys {
	return historyKeys{Reopen: bind("enter", "reopen", "enter"), Close: bind("esc/H/q", "close", "esc", "H", "q")}
}

// accessKeys close the dialog that says the access log cannot be
// written; the scroll keys scroll its text.
type accessKeys struct{ Close key.Binding }

func newAccessKeys() accessKeys { return accessKeys{Close: bind("esc/enter", "close", "esc", "enter")} }

func newKeyMap() keyMap {
	scroll := newScrollKeys()
	return keyMap{
		root: newRootKeys(), input: newInputKeys(), scroll: scroll, find: newFindKeys(), table: newTableKeys(), transp: newTransparencyKeys(), raw: newRawKeys(),
		help: newHelpKeys(), confirm: newConfirmKeys(scroll), token: newTokenKeys(), copy: newCopyKeys(),
		export: newExportKeys(), history: newHistoryKeys(), access: newAccessKeys(), other: newOtherKeys(), line: newLineKeys(),
	}
}

// lasting are the keys that wait on a result screen (typing.go): each has an effect that typing must
// not cause (a dialog, a request, the clipboard, the watchlist, quitting).
func (k keyMap) lasting() []key.Binding {
	r := k.root
	return []key.Binding{r.Quit, r.Refetch, r.Token, r.CopyMenu, r.Curl, r.Export, r.Full, r.Standard, r.Mask, r.Watch, r.Lookups, k.other.Add}
}

// keySet is the keys of one part of the screen, as its table in
// docs/tui.md lists them.
type keySet struct {
	doc      string // the heading of docs/tui.md the table is the first under
	bindings []key.Binding
}

// keySets is every key padview answers to, by the table that documents it:
// the panes (the root, the input, scrolling, find, the tables) in one, and
// each dialog in its own.
func (k keyMap) keySets() []keySet {
	r, f := k.root, k.find
	main := []key.Binding{r.Fetch, r.NewPAID, r.EditPAID, r.Cancel, r.Refetch, r.Token, r.CopyMenu, r.Curl, r.Export, r.Compare,
		r.NextTab, r.PrevTab, r.Right, r.Left, r.Back, r.Forward, r.Lookups, r.WorklistNext, r.WorklistPrev,
		r.Full, r.Standard, r.Mask, r.Help, r.Quit, r.ForceQuit, k.input.Leave, k.input.Older, k.input.Newer, k.input.Clear,
		f.Open, f.Keep, f.Clear, f.Next, f.Prev, f.Pass, k.table.DetailDown, k.table.DetailUp, r.Watch, k.transp.Notice,
		k.raw.Left, k.raw.Right, k.other.Add}
	main = append(append(main, r.Tabs[:]...), k.scroll.all()...)
	c := k.confirm
	confirm := append([]key.Binding{c.Yes, c.No, c.Choose, c.Answer, c.OwnPurpose, c.Typed, c.Done}, c.Purposes...)
	cp, ex, t := k.copy, k.export, k.token
	return []keySet{
		{"Keys", main},
		{"The ? help", append([]key.Binding{k.help.Close}, k.scroll.all()...)},
		{"The full-view confirmation", append(confirm, c.Scroll.all()...)},
		{"The token entry", []key.Binding{t.Save, t.Close, t.Replace, t.Keep}},
		{"Copy, export and compare", []key.Binding{cp.PAID, cp.Value, cp.Row, cp.Text, cp.JSON, cp.Curl, cp.Up, cp.Down, cp.Copy, cp.Close}},
		{"The export dialog", []key.Binding{ex.Save, ex.Cancel, ex.Prev, ex.Next, ex.Replace, ex.Keep}},
		{"The history list", append([]key.Binding{k.history.Reopen, k.history.Close}, k.scroll.all()...)},
		{"The access-log dialog", append([]key.Binding{k.access.Close}, k.scroll.all()...)},
		{"The [fields] confirmation", append([]key.Binding{k.line.Yes, k.line.No}, k.scroll.all()...)},
	}
}

// helpColumns are the ? help's columns, laid out two by two on a narrow
// terminal, in as few rows as fit 80×24: keys that go in pairs share one.
func (k keyMap) helpColumns() [][]key.Binding {
	r, s := k.root, k.scroll
	return [][]key.Binding{
		{r.Fetch, r.NewPAID, r.EditPAID, k.input.Clear, r.Cancel},
		{r.Refetch, r.CopyMenu, r.Curl, r.Export, r.Compare},
		{r.BackForward(), r.Lookups, r.Worklist(), k.find.Open, k.find.Step()},
		// ? is not listed: the help's first line names it, and its row went
		// to v, so that every key still shows at 80×24.
		{r.Full, r.Standard, r.Mask, k.transp.Notice, join("q/ctrl+c", "quit", r.Quit, r.ForceQuit)},
		{join("tab/shift+tab →/← l/h", "next/previous pane", r.NextTab, r.PrevTab, r.Right, r.Left), r.Jump(), r.Watch, r.Token},
		{join("↑/↓ k/j", "up/down", s.Up, s.Down), join("pgup/pgdn", "page up/down", s.PageUp, s.PageDown),
			join("g/G home/end", "top/bottom", s.Home, s.End), k.table.Details()},
	}
}

// hint is one entry of a key line; when the line is too narrow the
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
