package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/api/vocab"
)

// Adding a [fields] line from the Other tab: a asks (lineAsked), the
// confirmation names the file (lineModal), the line is written by the
// command line's writer in a command (Config.Fields), and the answer on
// screen is read again from its bytes with the new vocabulary, without a
// request: its members move from Other to their panes.

// lineAdded is the outcome of adding a line: the error, or the answer it
// was asked from (from) read again with the new vocabulary (r).
type lineAdded struct {
	line   vocab.Mapping
	err    error
	from   *exchange
	reread bool // r holds from's answer read again
	r      fetchResult
}

// onLineAsked opens the confirmation, or says why a line cannot be added.
func (m Model) onLineAsked(a lineAsked) (tea.Model, tea.Cmd) {
	switch {
	case m.cfg.Fields == nil:
		m.status = status{level: levelWarn, text: "The demo reads no config file, so there is none to add this line to; " +
			"with a profile of your own, " + say(m.kit.keys.other.Add, "adds it to the profile's [fields]") + "."}
	case m.adding:
		m.status = status{level: levelInfo, text: "Still adding the last line; " + say(m.kit.keys.other.Add, "works again once it is written") + "."}
	default:
		m.open(newLineModal(m.kit, a, m.cfg.FieldsTable, m.cfg.FieldsFile))
	}
	return m, nil
}

// onLineConfirmed adds the line in a command: the file is written off the
// UI goroutine, one line at a time.
func (m Model) onLineConfirmed(c lineConfirmed) (tea.Model, tea.Cmd) {
	if m.adding {
		return m, nil
	}
	m.adding = true
	m.status = status{level: levelInfo, text: "Adding " + text.CleanText(c.line.Line()) + " to " + text.CleanText(m.cfg.FieldsFile) + "…"}
	return m, addLineCmd(m.cfg.Fields, c.line, m.ex, m.mask)
}

// addLineCmd writes the line, then reads the answer of ex again from its
// bytes with the vocabulary the profile reads with now, and works out
// what the screen shows of it (fetchResult.read), as a fetch does.
func addLineCmd(write FieldsWriter, line vocab.Mapping, ex *exchange, masked bool) tea.Cmd {
	return func() tea.Msg {
		v, err := write(line)
		added := lineAdded{line: line, err: err, from: ex}
		if err != nil || ex == nil || ex.doc == nil {
			return added
		}
		d := ex.doc
		doc, err := advert.NormalizeWith(d.Raw, d.PAID, d.View, v)
		if err != nil { // it was read from these bytes before: this does not happen
			return added
		}
		added.r = fetchResult{l: ex.lookup, masked: ex.recordedMasked, rec: ex.rec}
		added.r.read(doc, masked)
		added.reread = true
		return added
	}
}

// onLineAdded shows what adding the line came to. A failure is said with
// the file, and nothing else changes. Once it is added, later lookups read
// with it (the client is built again, keeping its rate budget), and the
// answer it was asked from, if still on screen, is shown read again: on
// the Other tab while members remain there, else on the tab of the group
// the line maps to.
func (m Model) onLineAdded(a lineAdded) (tea.Model, tea.Cmd) {
	m.adding = false
	line := text.CleanText(a.line.Line())
	if a.err != nil {
		m.status = status{level: levelError, text: "Not added: " + capitalize(text.CleanText(a.err.Error()))}
		return m, nil
	}
	m.setToken(m.sess.token, m.sess.source)
	if !a.reread || m.ex != a.from {
		m.status = status{level: levelOK, text: "Added; later lookups read with it: " + line}
		return m, nil
	}
	ex := newExchange(a.r, m.mask)
	ex.against, ex.againstAt, ex.watched = m.ex.against, m.ex.againstAt, m.ex.watched
	m.hist.reread(m.ex, ex)
	m.ex = ex
	stay := m.deck.label()
	if stay == otherLabel() && ex.unplacedTotal == 0 && ex.doc.Other.Len() == 0 {
		stay = groupLabel(a.line.Path) // Other has gone: to where the member went
	}
	in := m.layout.paneInner()
	m.deck = newDeck(panesFor(m.kit, m.ex), stay, in.w, in.h)
	m.status = status{level: levelOK, text: "Added, and read again without a request: " + line}
	return m, tea.Batch(m.maskCmd(), m.compareCmd())
}

// otherLabel is the Other tab's label.
func otherLabel() string { return groupLabel(string(advert.GroupOther)) }

// groupLabel is the label of the tab of the group a document path starts
// in ("targeting.impressions": Targeting; "payer.*": Compliance and
// Funding, where the payer is); "" when none.
func groupLabel(path string) string {
	group := path
	if i := strings.IndexAny(path, ".["); i >= 0 {
		group = path[:i]
	}
	if h := vocab.Home(group); h != "" {
		group = h
	}
	for _, g := range advert.Groups {
		if string(g.Group) == group {
			return g.Label
		}
	}
	return ""
}
