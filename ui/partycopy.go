package ui

import (
	"strings"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
)

// The copy menu's row and table of a parties pane hold every member of the
// entries, not only the columns the table has room for: an address inside
// an entry becomes one column per line of it ("Address / City").

// partyCell is one member of an entry, its place among the columns named
// by path.
type partyCell struct {
	path  string // "address.city"
	title string // "Address / City"
	value string // as the fields pane writes it, cleaned
}

// partyCells walks an entry's members, objects opened up (an amount stays
// one value), in the entry's order.
func partyCells(e advert.Value) []partyCell {
	var out []partyCell
	var walk func(v advert.Value, path, title string)
	walk = func(v advert.Value, path, title string) {
		for _, m := range v.Members() {
			p, t := m.Key, text.CleanText(text.LabelFor(m.Key))
			if path != "" {
				p, t = path+"."+p, title+" / "+t
			}
			if m.Value.Kind == advert.Object && !text.IsAmount(m.Value) && len(m.Value.Members()) > 0 {
				walk(m.Value, p, t)
				continue
			}
			out = append(out, partyCell{path: p, title: t, value: text.CleanText(text.FormatField(m.Key, m.Value))})
		}
	}
	if e.Kind == advert.Object {
		walk(e, "", "")
	} else {
		out = append(out, partyCell{path: "", title: "Value", value: text.CleanText(e.Text())})
	}
	return out
}

// partyRow is the selected entry's members, for y r.
func partyRow(e advert.Value) []string {
	cells := partyCells(e)
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = c.value
	}
	return out
}

// partyTable is every entry under a header of every member any entry has,
// in the order first met, tab-separated, for y t.
func partyTable(list []advert.Value) string {
	index := map[string]int{}
	var titles []string
	rows := make([][]partyCell, len(list))
	for i, e := range list {
		rows[i] = partyCells(e)
		for _, c := range rows[i] {
			if _, ok := index[c.path]; !ok {
				index[c.path] = len(titles)
				titles = append(titles, c.title)
			}
		}
	}
	var b strings.Builder
	b.WriteString(strings.Join(titles, "\t") + "\n")
	line := make([]string, len(titles))
	for _, cells := range rows {
		clear(line)
		for _, c := range cells {
			line[index[c.path]] = c.value
		}
		b.WriteString(strings.Join(line, "\t") + "\n")
	}
	return b.String()
}
