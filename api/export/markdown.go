package export

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
)

// forPeople flattens for a report: amounts and lists of plain values read
// as one value, lists of objects are walked item by item.
var forPeople = flattening{wholeAmounts: true}

// writeMarkdown writes one advertisement as a report: a title, its
// provenance, the groups as sections in the order of advert.Groups (object
// groups as field/value tables, sponsors and controllers as one table
// each), then the normalizer's warnings. Every server string is cleaned
// and escaped, so that no value can break a table or become a link or HTML.
func writeMarkdown(w *bufio.Writer, it Item) {
	d := it.Doc
	// In a heading a trailing "#" would be read as its closing sequence.
	fmt.Fprintf(w, "# Advertisement %s\n\n", strings.ReplaceAll(md(d.PAID), "#", `\#`))
	if d.Masked {
		w.WriteString("**MASKED:** " + maskedWords + ".\n\n")
	}
	if d.AnsweredPAID != "" { // before anything is read as the PAID's
		fmt.Fprintf(w, "**Warning:** %s.\n\n- **Answered PAID:** %s\n", md(d.AnsweredFor()), md(d.AnsweredPAID))
	}
	WriteProvenanceMarkdown(w, it.From)
	switch {
	case d.View == advert.Full && d.Masked:
		fmt.Fprintf(w, "Full view, as normalized by padview, its personal data masked.\n\n> **Personal data.** %s\n", md(advert.DataProtectionNotice))
	case d.View == advert.Full:
		fmt.Fprintf(w, "Full view, as normalized by padview.\n\n> **Personal data.** %s\n", md(advert.DataProtectionNotice))
	default:
		fmt.Fprintf(w, "Standard view, as normalized by padview.\n")
	}
	for _, g := range advert.Groups {
		if g.Parties {
			writePartySection(w, d, g)
		} else {
			writeGroupSection(w, d, g)
		}
	}
	if len(d.Warnings) > 0 {
		w.WriteString("\n## Warnings\n\n")
		for _, s := range d.Warnings {
			fmt.Fprintf(w, "- %s\n", md(s))
		}
	}
}

// WriteProvenanceMarkdown writes the provenance as a list under the
// title, "not known" in italics for what it lacks: the export's and the
// notice's.
func WriteProvenanceMarkdown(w *bufio.Writer, p Provenance) {
	for _, f := range p.Fields() {
		value := "_" + NotKnown + "_"
		if f.Value != "" {
			value = md(f.Value)
		}
		fmt.Fprintf(w, "- **%s:** %s\n", md(f.Label), value)
	}
	w.WriteByte('\n')
}

// writePartySection writes the sponsors or controllers: a table, or what
// the service said instead of one.
func writePartySection(w *bufio.Writer, d *advert.Document, g advert.GroupInfo) {
	list, state := d.Parties(g.Group)
	if state == advert.ListNull {
		fmt.Fprintf(w, "\n## %s\n\n_Not disclosed._\n", md(g.Label))
		return
	}
	fmt.Fprintf(w, "\n## %s (%d)\n\n", md(g.Label), len(list))
	switch {
	case state == advert.ListAbsent:
		w.WriteString("_Not in this response._\n")
	case len(list) == 0:
		w.WriteString("_None._\n")
	default:
		writePartyTable(w, list)
	}
}

// writeGroupSection writes an object group as a field/value table; Other
// only when something is in it, like the text output.
func writeGroupSection(w *bufio.Writer, d *advert.Document, g advert.GroupInfo) {
	v := d.Group(g.Group)
	if g.Group == advert.GroupOther && v.Len() == 0 {
		return
	}
	fmt.Fprintf(w, "\n## %s\n\n", md(g.Label))
	switch {
	case v.Kind != advert.Object:
		w.WriteString("_Not in this response._\n")
	case len(v.Members()) == 0:
		w.WriteString("_Empty._\n")
	default:
		writeFieldTable(w, v)
	}
}

// writeFieldTable writes an object group as Field | Value rows, nested
// members labelled by their path ("Audience › Age range").
func writeFieldTable(w *bufio.Writer, v advert.Value) {
	w.WriteString("| Field | Value |\n| --- | --- |\n")
	forPeople.walk(nil, v, func(path []step, leaf advert.Value) {
		fmt.Fprintf(w, "| %s | %s |\n", md(pathLabel(path)), md(peopleText(lastKey(path), leaf)))
	})
}

// writePartyTable writes sponsors or controllers as one table: a numbered
// row per party, a column per member name any of them has, in the order
// first seen; a party that is not an object fills a Value column.
func writePartyTable(w *bufio.Writer, list []advert.Value) {
	cols := newColumns()
	rows := make([]map[string]string, len(list))
	for i, p := range list {
		row := map[string]string{}
		if p.Kind != advert.Object {
			cols.set(row, "\x00value", "Value", peopleText("", p))
		} else {
			forPeople.walk(nil, p, func(path []step, leaf advert.Value) {
				cols.set(row, dotted(path), pathLabel(path), peopleText(lastKey(path), leaf))
			})
		}
		rows[i] = row
	}
	w.WriteString("| # |")
	for _, c := range cols.order {
		fmt.Fprintf(w, " %s |", md(cols.title[c]))
	}
	w.WriteString("\n| ---: |")
	w.WriteString(strings.Repeat(" --- |", len(cols.order)))
	w.WriteByte('\n')
	for i, row := range rows {
		fmt.Fprintf(w, "| %d |", i+1)
		for _, c := range cols.order {
			fmt.Fprintf(w, " %s |", md(row[c]))
		}
		w.WriteByte('\n')
	}
}

// columns collects the columns of a table in the order first seen.
type columns struct {
	order []string
	title map[string]string
}

func newColumns() *columns { return &columns{title: map[string]string{}} }

// set puts a cell in a row; a name used twice in one entry gets a second
// column ("email #2") rather than overwriting the first.
func (c *columns) set(row map[string]string, id, title, value string) {
	baseID, baseTitle := id, title
	for n := 2; ; n++ {
		if _, taken := row[id]; !taken {
			break
		}
		id, title = baseID+"#"+strconv.Itoa(n), baseTitle+" #"+strconv.Itoa(n)
	}
	if _, known := c.title[id]; !known {
		c.title[id] = title
		c.order = append(c.order, id)
	}
	row[id] = value
}

// pathLabel is a path for people: "Audience › Age range", "Items › #2 › Name".
func pathLabel(path []step) string {
	parts := make([]string, len(path))
	for i, s := range path {
		if s.isIndex {
			parts[i] = "#" + strconv.Itoa(s.index+1)
		} else {
			parts[i] = text.LabelFor(s.key)
		}
	}
	return strings.Join(parts, " › ")
}

// peopleText formats a value as the CLI's text does: dates, amounts,
// yes/no, "not disclosed" for null, lists of plain values joined.
func peopleText(key string, v advert.Value) string {
	if v.Kind == advert.Array && text.IsScalarList(v) {
		if len(v.Items()) == 0 {
			return "(none)"
		}
		parts := make([]string, len(v.Items()))
		for i, it := range v.Items() {
			parts[i] = text.FormatField(key, it)
		}
		return strings.Join(parts, ", ")
	}
	if v.Kind == advert.Object && len(v.Members()) == 0 {
		return "(empty)"
	}
	return text.FormatField(key, v)
}

// mdEscape backslash-escapes what Markdown would read as markup: table
// pipes, emphasis, code, links and images, HTML tags and entities; and
// what GitHub-style renderers turn into links by themselves (GFM's
// autolinks extension): the colon of any "scheme://", every @ (an email
// address, mailto: and xmpp:), the dot of "www.". An escaped character is
// its own text to the renderer, so no link pattern runs across it, and it
// reads as itself.
var mdEscape = strings.NewReplacer(
	`\`, `\\`, "|", `\|`, "`", "\\`", "*", `\*`, "_", `\_`, "~", `\~`,
	"[", `\[`, "]", `\]`, "<", `\<`, ">", `\>`, "&", `\&`,
	"://", `\://`, "@", `\@`,
)

// md makes untrusted text safe inside a Markdown line: cleaned of control
// characters (newlines become ⏎, so a row stays one line), then escaped,
// so that no value becomes markup or a link.
func md(s string) string {
	return escapeWWW(mdEscape.Replace(text.CleanText(s)))
}

// escapeWWW escapes the dot of each "www." (in any case), which GFM links
// without a scheme.
func escapeWWW(s string) string {
	i := indexFold(s, "www.", 0)
	if i < 0 {
		return s
	}
	var b strings.Builder
	last := 0
	for ; i >= 0; i = indexFold(s, "www.", i+4) {
		b.WriteString(s[last : i+3])
		b.WriteString(`\.`)
		last = i + 4
	}
	b.WriteString(s[last:])
	return b.String()
}

// indexFold is the index of sub in s from from on, ASCII case folded; -1
// when there is none.
func indexFold(s, sub string, from int) int {
	for i := from; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}
