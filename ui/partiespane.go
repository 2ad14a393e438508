package ui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/api/vocab"
	"github.com/padview/padview/theme"
)

// partiesPane is the sponsors or controllers table with the selected
// entry's details: side by side on wide terminals, stacked otherwise. It
// draws only the visible rows, so its cost does not grow with the list.
// / filters the rows on every column as one types (partyfind.go).
type partiesPane struct {
	k     *kit
	info  advert.GroupInfo
	doc   *advert.Document // whose vocabulary reads the entries' names
	list  []advert.Value
	state advert.ListState // absent, null ("not disclosed") or a list
	full  bool             // full view: contact columns first
	kind  column           // the entries' kind or role (kindColumn)
	// contrib is the sponsors' contributions, when an entry gives one
	// (contributionColumn); its title is "" otherwise.
	contrib column
	fit     map[string]int // each column's width as its entries need it (fitWidths)
	count   partyCount     // how many entries, of which roles

	width, height int
	cursor        int // the selected row, among the rows shown
	offset        int // the first row in sight
	detail        int // how far the selected entry's details are scrolled

	find    finder
	shown   []int           // the entries the find leaves, in order; nil: all of them
	past    searches[[]int] // what the queries typed so far left
	hay     *partyHay       // every entry's columns, folded, built when / first opens
	hayWant int             // the index asked for (findIndex.id) until it comes

	// The selected entry's fields, laid out when the selection, the width
	// or the theme changes, so View only reads them.
	fields      []string
	fieldsOf    int
	fieldsWidth int
	fieldsDark  bool
}

func newPartiesPane(k *kit, g advert.GroupInfo, d *advert.Document) Pane {
	list, state := d.Parties(g.Group)
	vc := d.Vocabulary()
	kind, contrib, full := kindColumn(vc, g.Group, list), contributionColumn(vc, list), d.View == advert.Full
	return partiesPane{k: k, info: g, doc: d, list: list, state: state, full: full,
		kind: kind, contrib: contrib, fit: fitWidths(partyColumns(vc, kind, contrib, nil, 1<<20, full)[1:], list),
		count: countParties(g, list, kind)}
}

func (p partiesPane) Tab() Tab {
	if p.state != advert.ListSent { // not disclosed, or not sent: nothing to count
		return Tab{Label: p.info.Label, Empty: true}
	}
	return Tab{Label: p.info.Label, Count: text.Thousands(int64(len(p.list))), Empty: len(p.list) == 0}
}

// controllersNote says what the Controllers collection lists, longest
// first: the data controllers and processors of the GDPR (the service's
// word is "controllers"; a "processor" is listed too), whom the entity
// ultimately controlling the sponsor (Annex II item 2) must not be taken
// for. The pane shows the longest that fits; the count line says how many
// of each role there are (countParties).
var controllersNote = []string{
	"Data controllers and processors in the GDPR sense: who handles personal data, not the entity controlling the sponsor.",
	"GDPR data controllers and processors, not the entity controlling the sponsor.",
	"GDPR controllers/processors, not who controls the sponsor.",
}

// note is the line at the top of the pane that says what its entries
// are: the controllers' only; "" for the sponsors.
func (p partiesPane) note() string {
	if p.info.Group != advert.GroupControllers {
		return ""
	}
	return longestFit(p.width, controllersNote...)
}

// top is how many lines stand above the count line: the note's.
func (p partiesPane) top() int {
	if p.note() == "" {
		return 0
	}
	return 1
}

// sideBySide is whether the details sit right of the table.
func (p partiesPane) sideBySide() bool { return p.width >= 110 }

// n is how many rows there are: the entries the find leaves.
func (p partiesPane) n() int {
	if p.shown != nil {
		return len(p.shown)
	}
	return len(p.list)
}

// entry is the list index of row i.
func (p partiesPane) entry(i int) int {
	if p.shown != nil {
		return p.shown[i]
	}
	return i
}

// body is the pane's height less the note and the find line.
func (p partiesPane) body() int { return p.height - p.top() - p.find.rows() }

// rows is how many table rows are visible.
func (p partiesPane) rows() int {
	if p.sideBySide() {
		return max(1, p.body()-2) // the count line and the header
	}
	return max(1, (p.body()-3)/2)
}

func (p partiesPane) Resize(w, h int) Pane {
	p.width, p.height = w, h
	p.find.setWidth(w)
	p.clamp()
	p.layoutFields()
	return p
}

// detailWidth is the width of the selected entry's details.
func (p partiesPane) detailWidth() int {
	if p.sideBySide() {
		return p.width - p.width*3/5 - 3
	}
	return p.width
}

// layoutFields lays out the selected entry's fields when needed.
func (p *partiesPane) layoutFields() {
	if p.n() == 0 {
		return
	}
	w, e := p.detailWidth(), p.entry(p.cursor)
	if p.fields != nil && p.fieldsOf == e && p.fieldsWidth == w && p.fieldsDark == p.k.st.IsDark {
		return
	}
	entry := p.list[e]
	if entry.Kind == advert.Object {
		p.fields = fieldLines(p.k.st, p.doc, entry, w)
	} else {
		p.fields = []string{p.k.st.Value.Render(text.CleanText(entry.Text()))}
	}
	p.fieldsOf, p.fieldsWidth, p.fieldsDark = e, w, p.k.st.IsDark
}

// clamp keeps the cursor in sight and the table full: after any resize
// the rows below the cursor fill the pane when there are enough.
func (p *partiesPane) clamp() {
	p.cursor, p.offset = listWindow(p.cursor, p.offset, p.n(), p.rows())
}

// selectRow makes row c the selected one.
func (p *partiesPane) selectRow(c int) {
	if c != p.cursor {
		p.cursor, p.detail = c, 0
	}
	p.clamp()
	p.layoutFields()
}

func (p partiesPane) Update(msg tea.Msg) (Pane, tea.Cmd) {
	if taken, cmd := p.updateFind(msg); taken {
		return p, cmd
	}
	row, detail := listInput(p.k, msg, p.cursor, p.n(), p.rows(), p.rowAt)
	p.detail = max(0, p.detail+detail)
	if row >= 0 {
		p.selectRow(row)
	}
	return p, nil
}

// rowAt is the row drawn at x, y (the pane's own cells), if any: the
// note, the count line and the header are above the rows.
func (p partiesPane) rowAt(x, y int) (int, bool) {
	if p.sideBySide() && x >= p.width*3/5 {
		return 0, false
	}
	r := y - p.top() - 2
	if r < 0 || r >= p.rows() || p.offset+r >= p.n() {
		return 0, false
	}
	return p.offset + r, true
}

func (p partiesPane) Where() string { return "" }

func (p partiesPane) Finding() findMode { return p.find.mode() }

func (p partiesPane) View() string {
	v := p.view()
	if n := p.note(); n != "" {
		v = fit(p.k.st.Muted.Render(n), p.width) + "\n" + v
	}
	return v
}

// view is the pane below the note.
func (p partiesPane) view() string {
	st := p.k.st
	if len(p.list) == 0 {
		msg := text.NotInResponse
		switch p.state {
		case advert.ListNull:
			msg = text.NotDisclosed
		case advert.ListSent:
			msg = text.EmptyList
		}
		return st.Null.Render(p.info.Label + ": " + msg)
	}
	keys := sayAll(say(p.k.keys.scroll.UpDown(), "select"), say(p.k.keys.table.Details(), "scroll details"))
	var count string
	switch {
	case p.n() == 0:
		count = fmt.Sprintf("none of %s match", p.count.entries)
	case p.shown != nil:
		count = fmt.Sprintf("%d of %s · entry %d · %s", p.n(), p.count.entries, p.entry(p.cursor)+1, keys)
	default:
		count = fmt.Sprintf("%s · entry %d · %s", p.count.all, p.cursor+1, keys)
	}
	out := []string{st.Muted.Render(count)}
	out = append(out, listAndDetails(p.k, p.sideBySide(), p.width, p.width*3/5, p.body()-1, p.table, p.details)...)
	return withFindLine(p.k, out, p.body(), p.find, p.findCount())
}

// table renders the header and the visible rows.
func (p partiesPane) table(width int) []string {
	st := p.k.st
	cols := partyColumns(p.doc.Vocabulary(), p.kind, p.contrib, p.fit, width, p.full)
	out := make([]string, 0, p.rows()+1)
	var hdr strings.Builder
	for i, c := range cols {
		if i > 0 {
			hdr.WriteByte(' ')
		}
		hdr.WriteString(pad(c.title, c.width))
	}
	out = append(out, st.TableHeader.Render(hdr.String()))
	// Personal cells are many; their style is worked out once per draw.
	open, end := styleCodes(st.Personal)
	for i := p.offset; i < min(p.n(), p.offset+p.rows()); i++ {
		var row strings.Builder
		selected := i == p.cursor
		entry := p.list[p.entry(i)]
		for j, c := range cols {
			s := c.cell(entry)
			personal := c.personal != nil && c.personal(entry) && strings.TrimSpace(s) != ""
			if personal {
				s = theme.PersonalMark + " " + s
			}
			switch {
			case j > 0 && selected:
				row.WriteString(st.Selected.Render(" "))
			case j > 0:
				row.WriteByte(' ')
			}
			s = pad(s, c.width)
			switch {
			case selected:
				row.WriteString(selectedStyle(st, personal).Render(s))
			case personal:
				row.WriteString(open + s + end)
			default:
				row.WriteString(s)
			}
		}
		out = append(out, row.String())
	}
	return out
}

// selectedStyle styles a cell of the selected row: reversed whole, personal
// data keeps its underline inside it.
func selectedStyle(st theme.Styles, personal bool) lipgloss.Style {
	if personal {
		return st.Selected.Underline(true)
	}
	return st.Selected
}

// details is the selected entry's fields from the detail offset on, cut
// to height with a note of what is left below.
func (p partiesPane) details(height int) []string {
	if p.n() == 0 {
		return nil
	}
	return detailWindow(p.k, p.fields, p.detail, height)
}

// column is one column of the table.
type column struct {
	title    string
	width    int
	personal func(advert.Value) bool // whether the cell holds personal data; nil for never
	cell     func(advert.Value) string
}

// memberColumn shows a party's field (the vocabulary's name for it,
// "email"), sent under any name the vocabulary vc knows ("contactEmail",
// "mailadres"), under the field's label; it marks personal data where the
// field is personal.
func memberColumn(vc *vocab.Vocabulary, width int, field string) column {
	f, _ := vc.Field("party." + field)
	title := text.LabelFor(field)
	var personal func(advert.Value) bool
	if f != nil {
		title = text.FieldLabel(f)
		if f.Category != vocab.NotPersonal {
			personal = func(advert.Value) bool { return true }
		}
	}
	return column{title: title, width: width, personal: personal, cell: func(v advert.Value) string {
		for _, m := range v.Members() {
			mean := vc.Lookup(vocab.Sponsors, m.Key)
			if mean.Kind == vocab.FieldName && mean.Field == f && m.Value.Kind != advert.Absent {
				return text.CleanText(text.FormatField(m.Key, m.Value))
			}
		}
		return ""
	}}
}

// fitWidths is how wide each column needs to be for its entries (read
// from the first fitSample), never wider than its usual width nor
// narrower than its title, by the column's title.
func fitWidths(cols []column, list []advert.Value) map[string]int {
	fit := make(map[string]int, len(cols))
	for _, c := range cols {
		w := lipgloss.Width(c.title)
		for _, v := range list[:min(len(list), fitSample)] {
			cw := lipgloss.Width(c.cell(v))
			if c.personal != nil && c.personal(v) {
				cw += 2 // "◆ " before it
			}
			w = max(w, cw)
		}
		fit[c.title] = min(w, c.width)
	}
	return fit
}

// fitSample is how many entries fitWidths reads: a table of 50,000
// sponsors is laid out from its first ones, as it opens on them.
const fitSample = 500

// contributionColumn is the sponsors' contributions, as the other panes
// write money; a list where no entry gives one has none (its title "").
func contributionColumn(vc *vocab.Vocabulary, list []advert.Value) column {
	c := memberColumn(vc, 16, "contribution")
	for _, v := range list {
		if c.cell(v) != "" {
			return c
		}
	}
	return column{}
}

// kindColumn is a party's role or else its kind for the controllers
// ("controller", "processor"), its kind or else its role for the sponsors
// ("association"). Its head names what it holds: the label of the field
// first looked for, or of the other when no entry has the first.
func kindColumn(vc *vocab.Vocabulary, g advert.Group, list []advert.Value) column {
	first, then := memberColumn(vc, 14, "kind"), memberColumn(vc, 14, "role")
	if g == advert.GroupControllers {
		first, then = then, first
	}
	title := first.title
	if !holds(list, first) && holds(list, then) {
		title = then.title
	}
	return column{title: title, width: 14, cell: func(v advert.Value) string {
		if s := first.cell(v); s != "" {
			return s
		}
		return then.cell(v)
	}}
}

// maxScan bounds the entries read to name a column or count roles: a
// table of 50,000 costs its first draw no more than a table of 1,000.
const maxScan = 1000

// holds reports whether an entry (of the first maxScan) has c's field.
func holds(list []advert.Value, c column) bool {
	for _, v := range list[:min(len(list), maxScan)] {
		if c.cell(v) != "" {
			return true
		}
	}
	return false
}

// partyCount is how many entries a table has, as its count line says it:
// all on its own ("2 controllers", "1 controller, 1 processor"), entries
// after "3 of" while a find narrows them ("2 entries").
type partyCount struct{ all, entries string }

// countParties counts a table's entries; the controllers by role, read
// from the kind column by the vocabulary, when some are not controllers
// ("1 controller, 1 processor", "2 controllers, 1 other"), and as entries
// beyond maxScan, whose roles are not read.
func countParties(g advert.GroupInfo, list []advert.Value, kind column) partyCount {
	label := strings.ToLower(g.Label)
	named := text.Plural(len(list), strings.TrimSuffix(label, "s"), label) // "1 sponsor", "3 sponsors"
	if g.Group != advert.GroupControllers {
		return partyCount{named, named}
	}
	entries := text.Plural(len(list), "entry", "entries")
	if len(list) > maxScan {
		return partyCount{entries, entries}
	}
	var controllers, processors int
	for _, v := range list {
		switch role := kind.cell(v); {
		case vocab.IsControllerRole(role):
			controllers++
		case vocab.IsProcessorRole(role):
			processors++
		}
	}
	if processors == 0 {
		return partyCount{named, named} // the service's word for them all
	}
	parts := []string{text.Plural(processors, "processor", "processors")}
	if controllers > 0 {
		parts = append([]string{text.Plural(controllers, "controller", "controllers")}, parts...)
	}
	if other := len(list) - controllers - processors; other > 0 {
		parts = append(parts, text.Plural(other, "other", "others"))
	}
	return partyCount{strings.Join(parts, ", "), entries}
}

// partyColumns fits the columns into width, dropping from the right while
// the name would get fewer than 16 cells. In the full view the contact data
// a reviewer came for comes first.
func partyColumns(vc *vocab.Vocabulary, kind, contrib column, fit map[string]int, width int, full bool) []column {
	// A natural person's name is personal data.
	natural := func(v advert.Value) bool { return advert.NaturalPerson(vc, v) }
	name := column{title: "Name", personal: natural, cell: func(v advert.Value) string { return text.CleanText(text.PartyName(v)) }}
	city := memberColumn(vc, 16, "city")
	country := memberColumn(vc, 8, "country")
	cols := []column{kind, city, country}
	if full {
		cols = []column{memberColumn(vc, 30, "email"), memberColumn(vc, 20, "phone"), country, city, kind}
	}
	if contrib.title != "" {
		// What each sponsor gave comes right after the name: the column
		// a reader of the sponsors looks for, and the last to go.
		cols = append([]column{contrib}, cols...)
	}
	for i, c := range cols {
		if w, ok := fit[c.title]; ok {
			cols[i].width = w // no wider than its entries need: the name takes the rest
		}
	}
	for len(cols) > 0 {
		used := 0
		for _, c := range cols {
			used += c.width + 1
		}
		if width-used >= 16 {
			name.width = width - used
			break
		}
		cols = cols[:len(cols)-1]
	}
	if name.width == 0 {
		name.width = width
	}
	return append([]column{name}, cols...)
}

// Selection is the selected entry's name, and every member of it
// (partycopy.go), not only the columns the table shows.
func (p partiesPane) Selection() (string, []string) {
	if p.n() == 0 {
		return "", nil
	}
	e := p.list[p.entry(p.cursor)]
	return text.CleanText(text.PartyName(e)), partyRow(e)
}

// Text is every entry (whatever a find leaves on screen) with every
// member, tab-separated under a header row.
// Offers: e saves the advertisement this pane shows part of.
func (p partiesPane) Offers() []offer { return []offer{exportOffer(p.k)} }

func (p partiesPane) Text() string {
	if len(p.list) == 0 {
		return plainLines([]string{p.View()})
	}
	return partyTable(p.list)
}
