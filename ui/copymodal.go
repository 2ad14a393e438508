package ui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
)

// maxClipboard is the most padview puts on the clipboard: terminals cap
// what an OSC 52 sequence may carry, and more than this is better saved
// with e.
const maxClipboard = 1 << 20

// copyChoice is one thing the copy menu offers.
type copyChoice struct {
	key     key.Binding   // the key that copies it
	label   string        // what the menu calls it
	what    string        // what the status and the toast call it
	preview string        // a line of what it copies
	why     string        // why it cannot be copied here; "" when it can
	text    func() string // what it copies; run in a command, as a pane's text can be long
	offers  []offer       // the keys that act on what it copies, for the toast to offer
}

// copyMenu is the copy menu: what of the exchange on screen can go to the
// clipboard, each with its key and a preview. It copies through the
// terminal (OSC 52), says so, and the root shows what was copied.
type copyMenu struct {
	k        *kit
	title    string // which exchange and pane
	personal bool   // the full view's personal data is on screen
	choices  []copyChoice
	cursor   int
	w, h     int
}

// openCopy opens the copy menu for the exchange and the pane on screen.
func (m *Model) openCopy() {
	if m.ex == nil {
		m.status = status{level: levelInfo, text: "Nothing to copy yet: fetch an advertisement first."}
		return
	}
	if m.ex.maskPending() {
		m.status = status{level: levelInfo, text: "Masking the personal data: copying waits for the masked copy."}
		return
	}
	p := m.deck.current()
	m.open(newCopyMenu(m.kit, m.ex, p, m.exportDoc()))
}

// exportDoc is the advertisement as copy and export hand it out, or nil
// after a failure: as shown, so masked under the privacy mask. This is the
// one place the mask applies to them.
func (m Model) exportDoc() *advert.Document { return m.ex.shown() }

func newCopyMenu(k *kit, ex *exchange, p Pane, doc *advert.Document) Modal {
	value, row := paneSelection(p)
	tab := p.Tab().Label
	none := "nothing is selected in " + tab
	paid := text.CleanText(ex.paid)
	keys := k.keys.copy
	choices := []copyChoice{
		{key: keys.PAID, label: "PAID", what: "the PAID", preview: paid,
			text: func() string { return ex.paid }},
		{key: keys.Value, label: "selected value", what: "the selected value", preview: value,
			text: func() string { return value }},
		{key: keys.Row, label: "selected row", what: "the selected row (tab-separated)", preview: strings.Join(row, " ⇥ "),
			text: func() string { return strings.Join(row, "\t") }},
		{key: keys.Text, label: "this pane as text", what: "the " + tab + " pane as text", preview: "all of " + tab + ", unwrapped",
			text: func() string { return paneText(p) }, offers: paneOffers(p)},
		{key: keys.JSON, label: "normalized JSON", what: "the advertisement as normalized JSON", preview: "all groups, indented",
			text: func() string { return docJSON(doc) }, offers: []offer{exportOffer(k)}},
		curlChoice(k, ex),
	}
	if row == nil {
		choices[1].why, choices[2].why = none, none
	}
	if doc == nil {
		choices[4].why = "none: the lookup failed"
	}
	if ex.file != nil {
		choices[5].why = "none: read from a file, not asked of the service"
	}
	return copyMenu{k: k, title: ex.name() + " · " + tab, personal: ex.personal() && !ex.mask, choices: choices}
}

// curlChoice copies the request of the exchange as a curl command; the
// token in it stays $PADVIEW_TOKEN.
func curlChoice(k *kit, ex *exchange) copyChoice {
	curl := ex.rec.Curl
	return copyChoice{key: k.keys.copy.Curl, label: "curl command", what: "the curl command of " + ex.name(), preview: curl,
		text: func() string { return curl }}
}

// copyCurl is c: the curl command without the menu.
func (m *Model) copyCurl() tea.Cmd {
	if m.ex == nil {
		m.status = status{level: levelInfo, text: "Nothing to copy yet: fetch an advertisement first."}
		return nil
	}
	if m.ex.file != nil {
		m.status = status{level: levelInfo, text: "No curl command: this answer was read from a file, not asked of the service."}
		return nil
	}
	c := curlChoice(m.kit, m.ex)
	return copyCmd(c)
}

// docJSON is the normalized document, indented.
func docJSON(d *advert.Document) string {
	raw, err := d.MarshalJSON()
	if err != nil {
		return ""
	}
	var b bytes.Buffer
	if json.Indent(&b, raw, "", "  ") != nil {
		return string(raw)
	}
	return b.String() + "\n"
}

func (m copyMenu) Resize(w, h int) Modal {
	m.w, m.h = w, h
	return m
}

func (m copyMenu) Update(msg tea.Msg) (Modal, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return m, nil // clicks and pastes land on the menu, not beneath it
	}
	for i, c := range m.choices { // before ↑/↓: j copies the JSON here
		if key.Matches(k, c.key) {
			return m.choose(i)
		}
	}
	keys := m.k.keys.copy
	switch {
	case key.Matches(k, keys.Close):
		return nil, nil
	case key.Matches(k, keys.Up):
		m.cursor = (m.cursor + len(m.choices) - 1) % len(m.choices)
	case key.Matches(k, keys.Down):
		m.cursor = (m.cursor + 1) % len(m.choices)
	case key.Matches(k, keys.Copy):
		return m.choose(m.cursor)
	}
	return m, nil
}

// choose copies choice i, or says why it cannot.
func (m copyMenu) choose(i int) (Modal, tea.Cmd) {
	c := m.choices[i]
	if c.why != "" {
		m.cursor = i
		return m, nil // the menu shows why next to it
	}
	return nil, copyCmd(c)
}

// copied is the text of a copy choice, worked out off the UI goroutine.
type copied struct {
	what   string
	text   string
	size   int     // the text's size in bytes when it was too large to copy
	offers []offer // what the toast and the status may offer for it
}

func copyCmd(c copyChoice) tea.Cmd {
	what, text, offers := c.what, c.text, c.offers
	return func() tea.Msg {
		s := text()
		if len(s) > maxClipboard {
			return copied{what: what, size: len(s), offers: offers}
		}
		return copied{what: what, text: s, offers: offers}
	}
}

// body is the choices and what to know about copying; on a small screen
// the notes shrink so that every choice shows.
func (m copyMenu) body() []string {
	st, f := m.k.st, newFrame(m.w, m.h)
	var out []string
	for i, c := range m.choices {
		mark := "  "
		name := c.key.Help().Key
		line := st.InputPrompt.Render(name) + "  " + pad(c.label, 18) + " "
		switch {
		case c.why != "":
			line = st.Null.Render(name + "  " + pad(c.label, 18) + " " + c.why)
		case c.preview == "":
			line += st.Null.Render(`""`)
		default:
			line += st.Muted.Render(text.CleanText(c.preview))
		}
		if i == m.cursor {
			mark = st.Selected.Render("▸") + " "
		}
		out = append(out, mark+line)
	}
	room := f.room(len(m.head()), 0)
	notes := []string{""}
	for _, l := range wrap("padview copies with OSC 52: the terminal must allow it (in tmux: set-clipboard on). "+
		"What was copied also shows below the panes, to select by hand where the terminal does not.", f.inner) {
		notes = append(notes, st.Muted.Render(l))
	}
	if m.personal {
		notes = append(notes, "")
		for _, l := range wrap("Personal data of the full view is copied as shown: paste it only where it may be.", f.inner) {
			notes = append(notes, st.StatusWarn.Render(l))
		}
	}
	if len(out)+len(notes) > room {
		notes = []string{st.Muted.Render("Copies by OSC 52: the terminal must allow it.")}
		if m.personal {
			notes = []string{st.StatusWarn.Render("Copies personal data as shown (OSC 52).")}
		}
	}
	if len(out)+len(notes) > room {
		notes = nil
	}
	return append(out, notes...)
}

func (m copyMenu) head() []string {
	st := m.k.st
	return []string{st.ModalTitle.Render("Copy to the clipboard"), st.Muted.Render(m.title), ""}
}

func (m copyMenu) View() string {
	st := m.k.st
	return newFrame(m.w, m.h).render(st.Modal.BorderForeground(st.Palette.Accent), m.head(), m.body(), nil, 0)
}

func (m copyMenu) Keys() []hint {
	keys := m.k.keys.copy
	return []hint{{keys.Choices(), 4}, {join("↑/↓", "choose", keys.Up, keys.Down), 2}, {keys.Copy, 3}, {keys.Close, 5}}
}

// onCopied puts what a copy choice produced on the clipboard, says so, and
// shows it for a while for selecting by hand.
func (m Model) onCopied(c copied) (tea.Model, tea.Cmd) {
	if c.size > 0 {
		m.status = status{level: levelWarn, text: fmt.Sprintf("Not copied: %s is %s, over the clipboard's %s%s.",
			c.what, text.FormatSize(int64(c.size)), text.FormatSize(maxClipboard), offering(c.offers))}
		return m, nil
	}
	m.status = status{level: levelOK, text: "Copied " + c.what + " to the clipboard (OSC 52)."}
	m.toast = newCopyToast(c, m.kit.now())
	return m, tea.SetClipboard(c.text)
}
