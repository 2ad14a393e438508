package notice

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/check"
	"github.com/padview/padview/api/text"
)

// Bounds of what an entry shows, documented in docs/notice.md: a list of
// 50,000 sponsors' names does not belong on a notice, nor a megabyte of
// one value.
const (
	maxValues     = 5    // distinct values of one place (each sponsor's, say)
	maxValueRunes = 2000 // characters of one value, then …
)

// place is what the document holds at one place the check found an item:
// its values, written for people.
type place struct {
	label    string // the member's label, for an entry that shows several places
	values   []string
	seen     map[string]bool
	more     int  // distinct values beyond maxValues
	withheld bool // a personal value the standard view does not show
}

// values are the document's values at every place the check found an
// item, read in one walk of the document.
type values struct {
	at       map[string]*place // by the path as the check writes it (cleaned)
	under    map[string]bool   // every prefix of those paths that ends in "." or "[]."
	standard bool
	// written gathers the categories of personal data of the values kept,
	// which the notice shows: what a file of it holds.
	written text.CategorySet
}

// readValues walks d once for the places rep found its items at: the
// members of each group and of the objects inside them (a payer's email,
// a period's start), and each sponsor's members. It reads only the
// members at those places and the objects on the way to them, so that
// 50,000 sponsors cost little when no sponsor's member is wanted.
func readValues(d *advert.Document, rep check.Report) values {
	v := values{at: map[string]*place{}, under: map[string]bool{}, standard: d.View == advert.Standard, written: text.CategorySet{}}
	for _, res := range rep.Results {
		if res.Status != check.Present || len(res.Rule.Over) > 0 { // a requirement over items has no entry
			continue
		}
		for _, p := range res.Found {
			v.at[p] = &place{seen: map[string]bool{}}
			for i := range len(p) {
				if p[i] == '.' {
					v.under[p[:i+1]] = true
				}
			}
		}
	}
	for _, g := range advert.Groups {
		if prefix := string(g.Group) + "."; !g.Parties && v.under[prefix] {
			obj := d.Group(g.Group)
			v.object(prefix, obj, text.PlaceOfGroup(d, g.Group), 2, nil)
		}
	}
	if prefix := string(advert.GroupSponsors) + "[]."; v.under[prefix] {
		// Read as a party that is not a natural person: whether it is one
		// decides only whether its name is personal, and names are shown
		// in both views (see hidden). Telling reads every member, so it is
		// told only for the values kept, whose categories are gathered.
		party := text.PlaceOfParty(d, advert.Value{})
		for _, sp := range d.Sponsors {
			v.object(prefix, sp, party, 1, d)
		}
	}
	return v
}

// object reads the members of obj, whose paths start with prefix, and
// depth-1 levels of objects below them. party, when not nil, is the
// document obj is a party of, read there as one that is not a natural
// person: whether it is one is told for the values kept.
func (v values) object(prefix string, obj advert.Value, pp text.PersonalPlace, depth int, party *advert.Document) {
	for _, m := range obj.Members() {
		path := prefix + m.Key
		p := v.at[text.CleanText(path)]
		below := depth > 1 && m.Value.Kind == advert.Object && v.under[text.CleanText(path)+"."]
		if p == nil && !below {
			continue
		}
		category, inner := pp.Member(m.Key, m.Value)
		if p != nil {
			v.add(p, member{key: m.Key, val: m.Value, category: category, pp: inner, party: party, of: obj})
		}
		if below {
			v.object(path+".", m.Value, inner, depth-1, nil)
		}
	}
}

// member is a member of an object at a place the check found an item:
// its name and value, its category and the place of its own members, and
// for a party's member (party not nil) the party it is of, to tell them
// exactly.
type member struct {
	key      string
	val      advert.Value
	category string
	pp       text.PersonalPlace
	party    *advert.Document
	of       advert.Value
}

// hidden reports whether a value of the category stays off the notice:
// any personal data but a name, in the standard view. (The full view adds
// emails, phone numbers and addresses, not names; see text.AbsentSpecFields.)
func hidden(standard bool, category string) bool {
	return standard && category != "" && category != text.CategoryName
}

// add keeps one value of place p, unless it is hidden: the first
// maxValues distinct ones, written for people, and a count of the rest.
func (v values) add(p *place, m member) {
	if p.label == "" {
		p.label = text.CleanText(text.LabelFor(m.key))
	}
	if hidden(v.standard, m.category) { // a natural person's name is not hidden: no need of the exact place
		p.withheld = true
		return
	}
	raw := m.val.Text() // a scalar is told apart as sent, so that the rest need no writing out
	if m.val.Kind == advert.Object || m.val.Kind == advert.Array {
		raw = writer{standard: v.standard}.text(m.key, m.val, m.category, m.pp)
	}
	if strings.TrimSpace(raw) == "" || p.seen[raw] {
		return
	}
	p.seen[raw] = true
	if len(p.values) >= maxValues {
		p.more++
		return
	}
	if m.party != nil {
		m.category, m.pp = text.PlaceOfParty(m.party, m.of).Member(m.key, m.val)
	}
	if s := clip(text.CleanText(writer{standard: v.standard, written: v.written}.text(m.key, m.val, m.category, m.pp))); !slices.Contains(p.values, s) {
		p.values = append(p.values, s)
	}
}

// writer writes values for people, gathering the categories of personal
// data of what it writes into written (when not nil).
type writer struct {
	standard bool
	written  text.CategorySet
}

// text writes a value for people: as api/text formats it by what its name
// means (money with its currency, dates, yes or no), a party by its name,
// another object by its members ("Label: …"), a list joined. v is of
// category category, its members standing at pp. Inside an object, a
// member of personal data stays out in the standard view.
func (w writer) text(key string, v advert.Value, category string, pp text.PersonalPlace) string {
	switch {
	case v.Kind == advert.Array:
		parts := make([]string, 0, v.Len())
		for _, it := range v.Items() {
			parts = append(parts, w.text(key, it, category, pp))
		}
		return strings.Join(parts, ", ")
	case v.Kind == advert.Object && !text.IsAmount(v):
		if name, ok := partyName(v); ok {
			if w.written != nil {
				w.written.Add(category)
				w.written.Add(pp.NameCategory(v))
			}
			return name
		}
		var parts []string
		for _, m := range v.Members() {
			c, inner := pp.Member(m.Key, m.Value)
			if !hidden(w.standard, c) && !isID(m.Key) {
				parts = append(parts, text.LabelFor(m.Key)+": "+w.text(m.Key, m.Value, c, inner))
			}
		}
		return strings.Join(parts, " · ")
	}
	if w.written != nil {
		pp.Written(category, v, w.written)
	}
	return text.FormatField(key, v)
}

// partyName is the name of a payer or controlling entity written as an
// object: text.PartyName, but not its id (an election's {"id": 14,
// "label", "date"} reads by its members).
func partyName(v advert.Value) (string, bool) {
	name := text.PartyName(v)
	if name == "(unnamed)" {
		return "", false
	}
	for _, m := range v.Members() {
		if isID(m.Key) && m.Value.Text() == name {
			return "", false
		}
	}
	return name, true
}

// isID reports whether a member is the record's identifier in the
// service's own database ("id", "key", as text.PartyName reads them),
// which a notice's reader has no use for.
func isID(key string) bool { return key == "id" || key == "key" }

// clip bounds one value to maxValueRunes characters.
func clip(s string) string {
	if utf8.RuneCountInString(s) <= maxValueRunes {
		return s
	}
	return string([]rune(s)[:maxValueRunes]) + "…"
}

// entry is what the notice says for rule r, which ended in res: the values
// at the places res found, each labelled where there are several (a start
// and an end), or the check's state. A present item whose values are all
// personal data is not in this view, in the standard view.
func (v values) entry(r check.Rule, res check.Result) Entry {
	e := Entry{Label: r.Label, Rule: r.ID, Required: r.Required, Status: res.Status, Note: res.Note, Flagged: res.Flagged}
	if res.Status != check.Present {
		return e
	}
	var places []*place
	withheld := false
	for _, path := range res.Found {
		if p := v.at[path]; p != nil {
			withheld = withheld || p.withheld
			if len(p.values) > 0 {
				places = append(places, p)
			}
		}
	}
	for _, p := range places {
		for _, s := range p.values {
			if len(places) > 1 {
				s = p.label + ": " + s
			}
			e.Values = append(e.Values, s)
		}
		e.More += p.more
	}
	switch {
	case withheld && len(e.Values) == 0:
		e.Status, e.Note = check.NotInView, WithheldNote
	case withheld:
		e.Note = join(e.Note, "some of it is "+WithheldNote)
	}
	return e
}

// join puts two notes together.
func join(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}
