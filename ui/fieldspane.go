package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/api/vocab"
	"github.com/padview/padview/theme"
)

// fieldsPane shows one group of the advertisement as aligned label/value
// lines. One value is selected (its label reversed), for the copy menu;
// ↑/↓ move the selection and the window follows it.
type fieldsPane struct {
	k      *kit
	info   advert.GroupInfo
	value  advert.Value
	place  text.PersonalPlace // where the group's members stand, as far as personal data goes
	absent []advert.Member    // spec fields the answer lacks, with what to say
	lines  []string           // laid out by Resize for width and theme
	items  []fieldItem        // the values among lines, in order
	cursor int                // the selected item
	width  int
	height int // the pane's; the find line takes one of them while it shows
	dark   bool
	scroll scroller
	find   textFind
	// The Other tab lists first the members padview did not recognise
	// (unplaced.go): the first listed items are theirs.
	unplaced []unplaced
	total    int // members not recognised, listed or not
	listed   int
	paid     string
	masked   bool // the document on screen is masked: so are the names listed
}

// fieldItem is one value of a fields pane: where its lines are, the first
// line drawn selected, and its label and value as plain text for copying.
type fieldItem struct {
	first, last  int
	selected     string
	label, value string
	line         vocab.Mapping // a member not recognised: the [fields] line suggested for it
}

func newFieldsPane(k *kit, g advert.GroupInfo, d *advert.Document) fieldsPane {
	v := d.Group(g.Group)
	return fieldsPane{k: k, info: g, value: v, place: text.PlaceOfGroup(d, g.Group), absent: text.AbsentSpecFields(v, g.Group, d.View), paid: d.PAID}
}

// newOtherPane is the Other tab: the members padview did not recognise,
// with their suggested lines, then what the group Other holds.
func newOtherPane(k *kit, g advert.GroupInfo, d *advert.Document, list []unplaced, total int) Pane {
	p := newFieldsPane(k, g, d)
	p.unplaced, p.total, p.masked = list, total, d.Masked
	return p
}

func (p fieldsPane) Tab() Tab {
	t := Tab{Label: p.info.Label, Empty: p.value.Len() == 0 && p.total == 0}
	if p.info.Group == advert.GroupOther {
		t.Count = text.Thousands(int64(max(p.value.Len(), p.total)))
	}
	return t
}

func (p fieldsPane) Resize(w, h int) Pane {
	if p.lines == nil || p.width != w || p.dark != p.k.st.IsDark {
		p.lines, p.items = p.layout(w)
		p.listed = min(len(p.unplaced), len(p.items))
		p.width, p.dark = w, p.k.st.IsDark
		p.find.reindex(p.index, p.scroll.offset)
	}
	p.height = h
	p.find.setWidth(w)
	p.scroll.resize(h-p.find.rows(), len(p.lines))
	p.cursor = min(p.cursor, max(0, len(p.items)-1))
	p.follow()
	return p
}

func (p fieldsPane) layout(w int) ([]string, []fieldItem) {
	if len(p.unplaced) == 0 {
		return p.groupLayout(w)
	}
	lines, items := unplacedLayout(p.k, p.unplaced, p.total, p.paid, w, p.masked)
	if p.value.Len() > 0 {
		more, values := p.groupLayout(w)
		lines = append(lines, "", p.k.st.Label.Bold(true).Render(p.info.Label)+p.k.st.Muted.Render(" · what fits no group, as sent"))
		for _, it := range values {
			it.first, it.last = it.first+len(lines), it.last+len(lines)
			items = append(items, it)
		}
		lines = append(lines, more...)
	}
	return lines, items
}

// groupLayout lays out the group's members.
func (p fieldsPane) groupLayout(w int) ([]string, []fieldItem) {
	st := p.k.st
	switch {
	case !p.value.IsPresent():
		return []string{st.Null.Render(p.info.Label + ": not in this response")}, nil
	case p.value.Kind != advert.Object:
		return []string{st.Null.Render(p.info.Label + ": not an object in this response; Raw shows it")}, nil
	}
	if len(p.value.Members()) == 0 && len(p.absent) > 0 {
		return absentLines(st, p.absent, w), nil
	}
	lines, items := fieldLayout(st, p.value, p.place, w)
	if len(p.absent) > 0 {
		lines = append(append(lines, ""), absentLines(st, p.absent, w)...)
	}
	return lines, items
}

// absentLines lists the spec's fields an answer lacks, dimmed and in
// words, so that absent never reads like null ("not disclosed").
func absentLines(st theme.Styles, absent []advert.Member, width int) []string {
	labelW := 0
	for _, m := range absent {
		labelW = max(labelW, lipgloss.Width(text.LabelFor(m.Key)))
	}
	labelW = min(labelW, max(12, width/3))
	out := make([]string, 0, len(absent))
	for _, m := range absent {
		label := ansi.Truncate(text.LabelFor(m.Key), labelW, "…")
		pad := strings.Repeat(" ", labelW-lipgloss.Width(label))
		out = append(out, ansi.Truncate(st.Muted.Render(label)+pad+"  "+st.Null.Render(m.Value.Str), max(width, 1), "…"))
	}
	return out
}

// index is the pane's lines for a find.
func (p fieldsPane) index() *lineIndex { return styledIndex(p.lines) }

func (p fieldsPane) Finding() findMode { return p.find.mode() }

func (p fieldsPane) Update(msg tea.Msg) (Pane, tea.Cmd) {
	lines := func(int) int { return len(p.lines) }
	if taken, show, cmd := p.find.handle(p.k, msg, p.scroll.offset, p.index); taken {
		p.scroll.resize(p.height-p.find.rows(), len(p.lines))
		p.scroll.reveal(show, lines)
		p.selectLine(show) // the value found is the one y copies
		return p, cmd
	}
	if k, ok := msg.(tea.KeyPressMsg); ok && p.total > 0 && key.Matches(k, p.k.keys.other.Add) {
		return p, p.askLine()
	}
	if len(p.items) == 0 {
		p.scroll.update(p.k.keys.scroll, msg, lines)
		return p, nil
	}
	if c, ok := msg.(tea.MouseClickMsg); ok && c.Button == tea.MouseLeft {
		p.selectLine(p.scroll.offset + c.Mouse().Y)
		return p, nil
	}
	d, ok := scrollDelta(p.k.keys.scroll, msg, p.scroll.height)
	switch {
	case !ok:
	case d == 1 || d == -1:
		if _, wheel := msg.(tea.MouseWheelMsg); !wheel {
			p.cursor = min(max(p.cursor+d, 0), len(p.items)-1)
			p.follow()
			break
		}
		fallthrough
	default:
		p.scroll.move(d, lines)
		switch d {
		case -far:
			p.cursor = 0
		case far:
			p.cursor = len(p.items) - 1
		}
		p.keepInView()
	}
	return p, nil
}

// follow scrolls so the selected item shows: the first item brings the
// top of the pane with it, the last one the bottom.
func (p *fieldsPane) follow() {
	if len(p.items) == 0 {
		return
	}
	it, s := p.items[p.cursor], &p.scroll
	switch {
	case p.cursor == 0:
		s.offset = 0
	case it.first < s.offset:
		s.offset = it.first
	case it.last >= s.offset+s.height:
		s.offset = min(it.first, it.last-s.height+1)
	}
	if p.cursor == len(p.items)-1 {
		s.offset = max(s.offset, len(p.lines)-s.height)
	}
	s.offset = min(max(s.offset, 0), max(0, len(p.lines)-s.height))
}

// keepInView moves the selection into the window after a scroll that left
// it behind: to the first value shown when it was above, the last when
// below. When no value starts in the window the selection stays.
func (p *fieldsPane) keepInView() {
	top, bottom := p.scroll.offset, p.scroll.offset+p.scroll.height
	cur := p.items[p.cursor]
	if cur.first >= top && cur.first < bottom {
		return
	}
	for i, it := range p.items {
		if it.first >= top && it.first < bottom {
			p.cursor = i
			if cur.first < top {
				return
			}
		}
	}
}

// selectLine selects the item drawn on line i (a click).
func (p *fieldsPane) selectLine(i int) {
	for j, it := range p.items {
		if i >= it.first && i <= it.last {
			p.cursor = j
			return
		}
	}
}

func (p fieldsPane) View() string {
	lines := append([]string(nil), p.scroll.window(p.lines)...)
	if len(p.items) > 0 {
		if it := p.items[p.cursor]; it.first >= p.scroll.offset && it.first < p.scroll.offset+len(lines) {
			lines[it.first-p.scroll.offset] = it.selected // the same text: the matches stay where they are
		}
	}
	mk := p.find.marker(p.k)
	for i, l := range lines {
		lines[i] = mk.line(p.scroll.offset+i, l)
	}
	return withFindLine(p.k, lines, p.scroll.height, p.find.finder, p.find.count())
}

// Selection is the selected value, and its label and value as a row.
func (p fieldsPane) Selection() (string, []string) {
	if len(p.items) == 0 {
		return "", nil
	}
	it := p.items[p.cursor]
	return it.value, []string{it.label, it.value}
}

// Hints offers a on a member whose [fields] line the Other tab suggests.
func (p fieldsPane) Hints() []hint {
	if p.cursor < p.listed && p.items[p.cursor].line.Name != "" {
		return []hint{{rebind(p.k.keys.other.Add, "add its [fields] line"), 5}}
	}
	return nil
}

// Text is the pane as plain text, values unwrapped.
// Offers: e saves the advertisement this pane shows part of.
func (p fieldsPane) Offers() []offer { return []offer{exportOffer(p.k)} }

func (p fieldsPane) Text() string {
	lines, _ := p.layout(maxTextWidth)
	return plainLines(lines)
}

func (p fieldsPane) Where() string { return p.scroll.where(len(p.lines), len(p.lines)) }

// fieldLines renders a party (a sponsor or a controller) as aligned
// label/value lines, nested values as an indented tree. Every string is
// cleaned of control sequences, long values wrap under themselves,
// personal data is marked.
func fieldLines(st theme.Styles, d *advert.Document, v advert.Value, width int) []string {
	lines, _ := fieldLayout(st, v, text.PlaceOfParty(d, v), width)
	return lines
}

// fieldLayout is fieldLines for an object whose members stand at place,
// with the values it drew and where.
func fieldLayout(st theme.Styles, v advert.Value, place text.PersonalPlace, width int) ([]string, []fieldItem) {
	if v.Kind != advert.Object {
		return []string{st.Null.Render("not in this response")}, nil
	}
	if len(v.Members()) == 0 {
		return []string{st.Null.Render("(empty)")}, nil
	}
	var out []string
	var items []fieldItem
	writeMembers(st, &out, &items, v.Members(), place, "", max(width, 20))
	return out, items
}

// writeMembers writes members standing at place; a value is marked ◆ where
// the vocabulary says it is personal data and it is not empty.
func writeMembers(st theme.Styles, out *[]string, items *[]fieldItem, members []advert.Member, place text.PersonalPlace, indent string, width int) {
	labelW := 0
	for _, m := range members {
		labelW = max(labelW, lipgloss.Width(text.CleanText(text.LabelFor(m.Key))))
	}
	labelW = min(labelW, max(12, width/3))
	for _, m := range members {
		full := text.CleanText(text.LabelFor(m.Key))
		label := ansi.Truncate(full, labelW, "…")
		switch {
		case m.Value.Kind == advert.Object && !text.IsAmount(m.Value):
			*out = append(*out, indent+st.Label.Bold(true).Render(label))
			if len(m.Value.Members()) == 0 {
				*out = append(*out, indent+"  "+st.Null.Render("(empty)"))
			}
			_, inside := place.Member(m.Key, m.Value)
			writeMembers(st, out, items, m.Value.Members(), inside, indent+"  ", width)
		case m.Value.Kind == advert.Array && !text.IsScalarList(m.Value):
			*out = append(*out, indent+st.Label.Bold(true).Render(label))
			for _, it := range m.Value.Items() {
				if it.Kind == advert.Object {
					*out = append(*out, indent+"  "+st.Muted.Render("•"))
					_, inside := place.Member(m.Key, m.Value)
					writeMembers(st, out, items, it.Members(), inside, indent+"    ", width)
				} else {
					s := text.CleanText(text.FormatField(m.Key, it))
					*items = append(*items, fieldItem{first: len(*out), last: len(*out), label: full, value: s,
						selected: indent + "  " + st.Selected.Render("•") + " " + st.Value.Render(s)})
					*out = append(*out, indent+"  "+st.Muted.Render("• ")+st.Value.Render(s))
				}
			}
		default:
			pad := strings.Repeat(" ", labelW-lipgloss.Width(label))
			prefix := indent + st.Label.Render(label) + pad + "  "
			valueW := max(8, width-lipgloss.Width(prefix)-2)
			// Break at spaces only: an email or a URL stays whole when it fits.
			s, style := valueText(st, m.Key, m.Value)
			item := fieldItem{first: len(*out), label: full, value: s}
			if c, _ := place.Member(m.Key, m.Value); c != "" && isShown(m.Value) {
				s, style = theme.PersonalMark+" "+s, st.Personal
			}
			for i, l := range wrap(s, valueW) {
				if i == 0 {
					item.selected = indent + st.Selected.Render(label+pad) + "  " + style.Render(l)
					*out = append(*out, prefix+style.Render(l))
				} else {
					*out = append(*out, strings.Repeat(" ", lipgloss.Width(prefix))+style.Render(l))
				}
			}
			item.last = len(*out) - 1
			*items = append(*items, item)
		}
	}
}

// isShown reports whether a value shows something: not null, not empty.
func isShown(v advert.Value) bool {
	switch v.Kind {
	case advert.Null, advert.Absent:
		return false
	case advert.String:
		return strings.TrimSpace(v.Str) != ""
	case advert.Array, advert.Object:
		return v.Len() > 0
	}
	return true
}

// valueText is a scalar (or amount, or list of scalars) as a person reads it.
func valueText(st theme.Styles, key string, v advert.Value) (string, lipgloss.Style) {
	switch v.Kind {
	case advert.Null:
		return text.NotDisclosed, st.Null
	case advert.Array:
		if len(v.Items()) == 0 {
			return "(none)", st.Null
		}
		parts := make([]string, len(v.Items()))
		for i, it := range v.Items() {
			parts[i] = text.CleanText(text.FormatField(key, it))
		}
		return strings.Join(parts, ", "), st.Value
	}
	s := text.CleanText(text.FormatField(key, v))
	if s == "" {
		return `""`, st.Null
	}
	return s, st.Value
}
