package ui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/api/vocab"
)

// The Other tab lists first the members of the answer padview did not
// recognise, each with the [fields] line it suggests for it, as `padview
// fields` lists them (advert.Places and Vocabulary.SuggestAt, the same
// walk and the same suggestion); a adds the selected one to the config
// file after a confirmation (linemodal.go), and the answer on screen is
// read again with it, without a request.

// unplaced is a member of the answer the vocabulary did not recognise.
type unplaced struct {
	source string        // its path in the answer as sent
	path   string        // where the document put it
	line   vocab.Mapping // the suggested [fields] line; Name "" when none
	why    string        // what the suggestion rests on
}

// maxUnplaced bounds the members the Other tab lists: a hostile answer
// can hold thousands of names padview does not know, and `padview
// fields` lists them all.
const maxUnplaced = 200

// unplacedOf lists the members of d's answer the vocabulary did not
// recognise, in the answer's order, up to maxUnplaced, and how many there
// are. It parses the answer again (unless the normalizer counted none):
// it runs in a command, never in Update.
// It is never nil for a document, so that an answer worked out to have
// none is told from one not worked out.
func unplacedOf(d *advert.Document) ([]unplaced, int) {
	out := []unplaced{}
	if d == nil || d.Raw == nil || d.Unrecognised == 0 { // Places counts what Normalize counted: nothing to list
		return out, 0
	}
	places, err := advert.Places(d.Raw, d.PAID, d.View, d.Vocabulary())
	if err != nil { // the answer was normalized from these bytes: it parses
		return out, 0
	}
	n := 0
	for _, p := range places {
		if p.Recognised {
			continue
		}
		if n++; len(out) == maxUnplaced {
			continue
		}
		u := unplaced{source: p.Source, path: p.Path}
		if s, ok := d.Vocabulary().SuggestAt(p.Path, p.Name); ok {
			u.line, u.why = s.Mapping(), s.Why
		}
		out = append(out, u)
	}
	return out, n
}

// unplacedLayout lays out the list of the members not recognised: the
// member as sent and where it went, and under it the line padview
// suggests, or that it has none. Each member is one item: y copies its
// line, a adds it.
//
// Under the mask a member named by personal data (an email, a phone
// number) is shown masked, as its value is; the line it would add keeps
// the name, which is the service's, for a and y.
func unplacedLayout(k *kit, list []unplaced, total int, paid string, width int, masked bool) ([]string, []fieldItem) {
	shown := func(s string) string {
		if masked {
			s = text.MaskText(s)
		}
		return text.CleanText(s)
	}
	st := k.st
	head := st.Label.Bold(true).Render("Not recognised") + st.Muted.Render(" · "+text.Plural(total, "member", "members")+" · "+
		say(k.keys.other.Add, "adds a member's line to the config file"))
	out := []string{ansi.Truncate(head, max(width, 1), "…")}
	labelW := 0
	for _, u := range list {
		labelW = max(labelW, lipgloss.Width(shown(u.source)))
	}
	labelW = min(labelW, max(12, width/3))
	var items []fieldItem
	for _, u := range list {
		source, path := shown(u.source), shown(u.path)
		label := ansi.Truncate(source, labelW, "…")
		pad := strings.Repeat(" ", labelW-lipgloss.Width(label))
		rest := "  " + st.Muted.Render("now "+path)
		it := fieldItem{first: len(out), label: source, value: path, line: u.line,
			selected: ansi.Truncate(st.Selected.Render(label+pad)+rest, max(width, 1), "…")}
		out = append(out, ansi.Truncate(st.Label.Render(label)+pad+rest, max(width, 1), "…"))
		suggest := st.Null.Render("no line to suggest: map it in [fields] yourself")
		if u.line.Name != "" {
			it.value = shown(u.line.Line())
			suggest = st.Value.Render(it.value) + st.Muted.Render(" ("+shown(u.why)+")")
		}
		for _, l := range wrap(suggest, max(8, width-4)) {
			out = append(out, "    "+l)
		}
		it.last = len(out) - 1
		items = append(items, it)
	}
	if total > len(list) {
		out = append(out, st.Muted.Render(fmt.Sprintf("and %s more: %s fields %s lists them all",
			text.Thousands(int64(total-len(list))), k.cli, text.CleanText(paid))))
	}
	return out, items
}

// lineAsked is a at a member whose line the Other tab suggests: the root
// asks before the line is added (linemodal.go).
type lineAsked struct {
	source string
	line   vocab.Mapping
}

// askLine is a on the Other tab: the selected member's line to add, or
// why there is none.
func (p fieldsPane) askLine() tea.Cmd {
	if len(p.items) == 0 || p.cursor >= p.listed {
		return report(levelInfo, "Select a member under Not recognised (↑/↓): "+say(p.k.keys.other.Add, "adds its [fields] line")+".")
	}
	it := p.items[p.cursor]
	if it.line.Name == "" {
		return report(levelInfo, "padview has no [fields] line to suggest for "+it.label+": map it yourself (docs/configuration.md says how).")
	}
	a := lineAsked{source: it.label, line: it.line}
	return func() tea.Msg { return a }
}
