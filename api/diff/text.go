package diff

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
)

// MaxValueText is how many characters of one value the text shows; the
// rest is cut with "…" (the JSON output has every value whole).
const MaxValueText = 200

// Label is the change's place for people: the party's name, then the
// labels of the path, " › " between: "Friends of the Estuary › Contribution".
// It is cleaned of control characters.
func (c Change) Label() string {
	var parts []string
	if c.InParty {
		name := text.CleanText(c.Party)
		if c.Nth > 0 {
			name += fmt.Sprintf(" [%d]", c.Nth)
		}
		parts = append(parts, name)
	}
	for _, st := range c.Path {
		if st.IsIndex {
			parts = append(parts, fmt.Sprintf("#%d", st.Index+1))
			continue
		}
		parts = append(parts, text.CleanText(text.LabelFor(st.Key)))
	}
	if len(parts) == 0 {
		return c.Group.Label()
	}
	return strings.Join(parts, " › ")
}

// key is the last member name on the path, which hints at how to format
// the value (a date, an amount).
func (c Change) key() string {
	for i := len(c.Path) - 1; i >= 0; i-- {
		if !c.Path[i].IsIndex {
			return c.Path[i].Key
		}
	}
	return ""
}

// AText and BText are the two sides as the text shows them: formatted like
// padview's text output (dates, amounts, yes/no), cleaned, cut at
// MaxValueText characters; "" for the missing side.
// A whole party list (IsList) reads "not disclosed" or "3 listed".
// Where that would make two different values read alike, each side is
// written exactly (see texts).
func (c Change) AText() string { a, _ := c.texts(); return a }

// BText: see AText.
func (c Change) BText() string { _, b := c.texts(); return b }

// texts are the two sides as AText and BText give them. Where formatting
// makes two different values of a kind read alike (a time that changed by
// seconds reads "09:30 UTC" on both sides; two long texts that differ past
// the cut), each side is written exactly: an instant to the second and
// its fraction, any other value as its JSON, cut around where the two
// first differ. Sides that read alike even so are alike but for what the
// mask hid.
func (c Change) texts() (a, b string) {
	a, b = c.sideText(c.A), c.sideText(c.B)
	if a != b || c.IsList() || !c.A.IsPresent() || !c.B.IsPresent() || c.A.Kind != c.B.Kind {
		return a, b
	}
	if ea, ok := text.FormatDateExact(c.A); ok {
		if eb, ok := text.FormatDateExact(c.B); ok && ea != eb {
			return ea, eb
		}
	}
	ja, jb := text.CleanText(string(c.A.AppendJSON(nil))), text.CleanText(string(c.B.AppendJSON(nil)))
	if ja == jb {
		return a, b
	}
	return aroundDifference(ja, jb, MaxValueText)
}

// aroundDifference cuts a and b to n characters each, around where they
// first differ: "…" marks what was left out.
func aroundDifference(a, b string, n int) (string, string) {
	ra, rb := []rune(a), []rune(b)
	first := 0
	for first < len(ra) && first < len(rb) && ra[first] == rb[first] {
		first++
	}
	from := 0
	if first > n/2 {
		from = first - n/4
	}
	window := func(r []rune) string {
		if from == 0 && len(r) <= n {
			return string(r)
		}
		end := min(len(r), from+n-2)
		s := string(r[from:end])
		if from > 0 {
			s = "…" + s
		}
		if end < len(r) {
			s += "…"
		}
		return s
	}
	return window(ra), window(rb)
}

func (c Change) sideText(v advert.Value) string {
	if c.IsList() {
		return listText(v)
	}
	return valueText(c.key(), v)
}

// listText is a whole party list in words: "not disclosed", "3 listed",
// "none listed"; "" when absent.
func listText(v advert.Value) string {
	switch {
	case v.Kind == advert.Null:
		return text.NotDisclosed
	case v.Kind != advert.Array:
		return ""
	case v.Len() == 0:
		return "none listed"
	}
	return fmt.Sprintf("%d listed", v.Len())
}

func valueText(key string, v advert.Value) string {
	if !v.IsPresent() {
		return ""
	}
	var s string
	if v.Kind == advert.Array && text.IsScalarList(v) {
		parts := make([]string, len(v.Items()))
		for i, it := range v.Items() {
			parts[i] = text.FormatField(key, it)
		}
		s = strings.Join(parts, ", ")
		if len(parts) == 0 {
			s = "(none)"
		}
	} else {
		s = text.FormatField(key, v)
	}
	if s == "" {
		return `""`
	}
	return cut(text.CleanText(s), MaxValueText)
}

func cut(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}

// kindName names a JSON type for people, for a change of type only.
func kindName(k advert.Kind) string {
	switch k {
	case advert.String:
		return "text"
	case advert.Number:
		return "number"
	case advert.Bool:
		return "true/false"
	case advert.Null:
		return "null"
	case advert.Object:
		return "object"
	case advert.Array:
		return "list"
	}
	return "absent"
}

// FullOnlyHeading starts the section of what only the full view holds,
// after the changes of a comparison across views.
const FullOnlyHeading = "Only in the full view"

// FullOnlyMarker marks what only the full view holds: no change, so none
// of + - ~; the sign padview marks personal data with.
const FullOnlyMarker = "◆"

// side names one side for people: "AB12CD standard".
func side(paid string, view advert.View) string { return text.CleanText(paid) + " " + view.String() }

// WriteText writes the result for people: a heading naming both sides and
// their views, then each group with changes under its label, one line per
// change marked + (only in B), - (only in A) or ~ (changed, "A → B"). A
// party or object added or removed whole is listed member by member below
// its name. Across views, what only the full view holds follows in a
// section of its own (FullOnlyHeading), marked ◆. Nothing depends on
// colour and every server string is cleaned.
func WriteText(w io.Writer, r *Result) error { return writeText(w, r, false) }

// WriteTextMarked is WriteText with ◆ (FullOnlyMarker) before each value
// the vocabulary takes for personal data, as the TUI's panes mark it: its
// Compare tab.
func WriteTextMarked(w io.Writer, r *Result) error { return writeText(w, r, true) }

// personalAt says whether the value at a place (placeIn's form) is
// personal data; nil marks nothing.
type personalAt func(place []string) bool

// personal reads side's document (0 for A, 1 for B) for personalAt.
func (r *Result) personal(side int) personalAt {
	d := r.docs[side]
	return func(place []string) bool { return text.PersonalCategoryAt(d, place...) != "" }
}

func writeText(w io.Writer, r *Result, marked bool) error {
	bw := bufio.NewWriter(w)
	a, b := side(r.A, r.AView), side(r.B, r.BView)
	if r.Masked {
		fmt.Fprintln(bw, "MASKED · personal data hidden for screen sharing")
	}
	if r.Equal() && len(r.FullOnly) == 0 {
		fmt.Fprintf(bw, "%s and %s have the same normalized fields.\n", a, b)
		return bw.Flush()
	}
	if r.Equal() {
		fmt.Fprintf(bw, "%s → %s: no changes\n", a, b)
	} else {
		fmt.Fprintf(bw, "%s → %s: %s\n", a, b, text.Plural(len(r.Changes), "change", "changes"))
		writeLegend(bw, r)
	}
	writeGroups(bw, r.Changes, func(w io.Writer, c Change) {
		var a, b personalAt
		if marked {
			a, b = r.personal(0), r.personal(1)
		}
		writeChange(w, c, r.Masked, a, b)
	})
	if len(r.FullOnly) > 0 {
		fmt.Fprintf(bw, "\n%s: %s the standard view does not carry (not changes)\n", FullOnlyHeading,
			text.Plural(len(r.FullOnly), "member", "members"))
		writeGroups(bw, r.FullOnly, writeFullOnly)
	}
	return bw.Flush()
}

// writeLegend says what the markers mean; the sides are named by their
// PAIDs, and by their views too when the PAIDs are the same.
func writeLegend(w io.Writer, r *Result) {
	a, b := text.CleanText(r.A), text.CleanText(r.B)
	onlyA, onlyB := a, b
	if r.A == r.B && r.CrossView() {
		onlyA, onlyB = side(r.A, r.AView), side(r.B, r.BView)
	}
	fmt.Fprintf(w, "  + only in %s   - only in %s   ~ changed (%s → %s)\n", onlyB, onlyA, a, b)
}

// writeGroups writes changes under the label of their group, each as
// write writes it.
func writeGroups(w io.Writer, changes []Change, write func(io.Writer, Change)) {
	group := advert.Group("")
	for _, c := range changes {
		if c.Group != group {
			group = c.Group
			fmt.Fprintf(w, "\n%s\n", c.Group.Label())
		}
		write(w, c)
	}
}

// writeFullOnly writes a member only the full view holds, with its value
// (whole, member by member when nested), marked FullOnlyMarker.
func writeFullOnly(w io.Writer, c Change) {
	v := c.B
	if c.Kind == Removed {
		v = c.A
	}
	writeWhole(w, "  ", FullOnlyMarker, c.Label(), c.key(), v, c.partyName(), nil, nil)
}

// writeChange writes one change; masked says the values were masked, so
// that two sides that read alike differ in what the mask hid. inA and inB
// mark personal data in A's values and B's (nil: none marked).
func writeChange(w io.Writer, c Change, masked bool, inA, inB personalAt) {
	const indent = "  "
	switch c.Kind {
	case Changed:
		at, bt := c.AText(), c.BText()
		if c.IsList() {
			fmt.Fprintf(w, "%s~ %s: %s → %s\n", indent, c.Label(), at, bt)
			writeListed(w, indent+"    ", "-", c.A)
			writeListed(w, indent+"    ", "+", c.B)
			return
		}
		switch {
		case at == bt && c.A.Kind != c.B.Kind:
			at += " (" + kindName(c.A.Kind) + ")"
			bt += " (" + kindName(c.B.Kind) + ")"
		case at == bt && masked: // texts show exact values where they differ; the mask's are alike
			bt += " (they differ in what is hidden)"
		}
		if inB != nil && inB(c.placeIn(1)) {
			bt = FullOnlyMarker + " " + bt
		}
		if inA != nil && inA(c.placeIn(0)) {
			at = FullOnlyMarker + " " + at
		}
		fmt.Fprintf(w, "%s~ %s: %s → %s\n", indent, c.Label(), at, bt)
	case Added:
		writeWhole(w, indent, "+", c.Label(), c.key(), c.B, c.partyName(), c.placeIn(1), inB)
	case Removed:
		writeWhole(w, indent, "-", c.Label(), c.key(), c.A, c.partyName(), c.placeIn(0), inA)
	}
}

// writeListed lists the parties of a whole list that changed to or from
// null, each under its name.
func writeListed(w io.Writer, indent, mark string, list advert.Value) {
	for _, p := range list.Items() {
		name := text.PartyName(p)
		writeWhole(w, indent, mark, text.CleanText(name), "", p, name, nil, nil)
	}
}

// partyName is the name a whole party is listed under, so that its "name"
// member is not repeated below it.
func (c Change) partyName() string {
	if c.InParty && len(c.Path) == 0 {
		return c.Party
	}
	return ""
}

// writeWhole lists a value added or removed whole: a plain value on its
// line, an object or a list of objects member by member below its label.
func writeWhole(w io.Writer, indent, mark, label, key string, v advert.Value, heading string, place []string, personal personalAt) {
	nested := v.Kind == advert.Object && !text.IsAmountObject(v) || v.Kind == advert.Array && !text.IsScalarList(v)
	if !nested {
		val := valueText(key, v)
		if personal != nil && v.Kind != advert.Null && personal(place) {
			val = FullOnlyMarker + " " + val
		}
		fmt.Fprintf(w, "%s%s %s: %s\n", indent, mark, label, val)
		return
	}
	at := func(step string) []string { return append(place[:len(place):len(place)], step) }
	fmt.Fprintf(w, "%s%s %s\n", indent, mark, label)
	inner := indent + "    "
	if v.Kind == advert.Array {
		for i, it := range v.Items() {
			writeWhole(w, inner, mark, fmt.Sprintf("#%d", i+1), key, it, "", at(strconv.Itoa(i)), personal)
		}
		return
	}
	for _, m := range v.Members() {
		if heading != "" && m.Key == "name" && m.Value.Kind == advert.String && m.Value.Str == heading {
			continue
		}
		writeWhole(w, inner, mark, text.CleanText(text.LabelFor(m.Key)), m.Key, m.Value, "", at(m.Key), personal)
	}
}
