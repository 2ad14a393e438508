package check

import (
	"strings"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/api/vocab"
)

// checker evaluates the rules on one document: it finds members by what
// the vocabulary says they mean, never by a list of names of its own.
type checker struct {
	d        *advert.Document
	v        *vocab.Vocabulary
	known    meanings
	sponsors map[string]bool // sponsorNames, once read
	texts    *[]passage      // passages, once read
}

// match is one member a rule found: where, under which name, and its value.
type match struct {
	path   string
	key    string
	v      advert.Value
	holder advert.Value // the object the member sits in
	mean   vocab.Meaning
	// sentences says the value is sentences padview picked from a passage
	// under a heading it does not read as the item's: other words there
	// may say more of it
	sentences bool
}

// presence sorts what a member holds, from nothing to something.
type presence int

const (
	absent presence = iota // not sent
	empty                  // sent, but holds nothing: "", {}
	none                   // the service says there is none or will not say: null, "none", "geen", []
	given                  // a value
)

func presenceOf(v advert.Value) presence {
	switch v.Kind {
	case advert.Absent:
		return absent
	case advert.Null:
		return none
	case advert.String:
		switch {
		case strings.TrimSpace(v.Str) == "":
			return empty
		case vocab.IsNone(v.Str), vocab.IsNone(firstClause(v.Str)):
			return none
		}
	case advert.Array:
		if len(v.Items()) == 0 {
			return none
		}
	case advert.Object:
		if allEmpty(v) {
			return empty
		}
	}
	return given
}

// firstClause is a text's first sentence: a service that says there is
// none often says why after it ("Niet van toepassing. Er zijn geen
// voordelen in natura.", "Keine Zuwendungen erhalten.").
func firstClause(s string) string {
	if i := strings.IndexAny(s, ".;\n"); i > 0 {
		return s[:i]
	}
	return s
}

// allEmpty reports whether an object holds nothing: no members, or only
// members sent empty ("betalende_naam_organisatie": "" and its kin).
func allEmpty(v advert.Value) bool {
	for _, m := range v.Members() {
		if presenceOf(m.Value) != empty {
			return false
		}
	}
	return true
}

// meaning is what a member name of a group (or party) means; a name the
// normalizer prefixed on a clash ("funding.fundingOrigin") is read by its
// last part.
func (c *checker) meaning(scope, key string) vocab.Meaning {
	m := c.v.Lookup(scope, key)
	if !m.Recognised() {
		if i := strings.LastIndexByte(key, '.'); i >= 0 {
			m = c.v.Lookup(scope, key[i+1:])
		}
	}
	return m
}

// fieldSet are the vocabulary's fields at the places a rule reads
// ("advertiser.email" and "sponsors[].email" are party.email).
func (c *checker) fieldSet(places []string) map[*vocab.Field]bool {
	set := map[*vocab.Field]bool{}
	for _, p := range expand(c.v, places) {
		if f, ok := fieldAt(c.v, p); ok {
			set[f] = true
		}
	}
	return set
}

// setMark starts the last part of a place that names a set of the
// vocabulary rather than a field: "advertiser.@names" are the advertiser's
// names, "@targetingDetails" the targeting's details (vocab.Set).
const setMark = "@"

// inSet is the place of a set's fields, after the party prefix if any.
func inSet(prefix, set string) string { return prefix + setMark + set }

// expand writes the places a rule reads with each set of the vocabulary
// replaced by its fields: "advertiser.@names" is "advertiser.name",
// "advertiser.companyName", "advertiser.legalName".
func expand(v *vocab.Vocabulary, places []string) []string {
	var out []string
	for _, p := range places {
		i := strings.Index(p, setMark)
		if i < 0 {
			out = append(out, p)
			continue
		}
		for _, f := range v.Set(p[i+len(setMark):]) {
			if i == 0 {
				out = append(out, f.Path())
			} else {
				out = append(out, p[:i]+f.Name)
			}
		}
	}
	return out
}

// fieldAt is the vocabulary's field at a place of the document:
// "sponsors[].email", "complianceAndFunding.payer.email", "campaign.startDate".
func fieldAt(v *vocab.Vocabulary, place string) (*vocab.Field, bool) {
	place = strings.ReplaceAll(place, "[]", "")
	if rest, ok := strings.CutPrefix(place, string(advert.GroupComplianceAndFunding)+"."); ok && strings.Contains(rest, ".") {
		place = rest // the payer's or the controlling entity's field
	}
	return v.Field(place)
}

// inObject finds the members of obj, read in scope, that mean one of the
// fields; prefix starts their paths.
func (c *checker) inObject(obj advert.Value, scope string, set map[*vocab.Field]bool, prefix string) []match {
	if obj.Kind != advert.Object {
		return nil
	}
	var out []match
	c.eachField(obj, scope, func(m advert.Member, mean vocab.Meaning) {
		if set[mean.Field] {
			out = append(out, match{path: prefix + m.Key, key: m.Key, v: m.Value, holder: obj, mean: mean})
		}
	})
	return out
}

// inGroups finds the fields in every object group of the document, in the
// order of advert.Groups: services put them where they like.
func (c *checker) inGroups(places []string) []match {
	set := c.fieldSet(places)
	var out []match
	for _, g := range advert.Groups {
		if g.Parties {
			continue
		}
		out = append(out, c.inObject(c.d.Group(g.Group), string(g.Group), set, string(g.Group)+".")...)
	}
	if len(out) == 0 {
		out = c.inSections(set)
	}
	return out
}

// isSection reports whether an object is a heading's sub-items: two or
// more members, each named in words ("a. Quelle der Gelder"), none a part
// of an amount of money ("amount", "currency") or a bound.
func (c *checker) isSection(v advert.Value) bool {
	if v.Kind != advert.Object || v.Len() < 2 {
		return false
	}
	for _, m := range v.Members() {
		if c.v.MoneyPart(m.Key) != "" || len(strings.Fields(m.Key)) < 2 {
			return false
		}
	}
	return true
}

// inSections finds the fields one level down, in a member whose value is
// an object of items: a notice's heading over lettered sub-items ("8.
// Kostenangaben" → "c. Berechnungsmethode"), each read by its own name.
// It is asked only where no group holds the field itself.
func (c *checker) inSections(set map[*vocab.Field]bool) []match {
	var out []match
	for _, g := range advert.Groups {
		obj := c.d.Group(g.Group)
		if g.Parties || obj.Kind != advert.Object {
			continue
		}
		for _, m := range obj.Members() {
			if c.isSection(m.Value) {
				out = append(out, c.inObject(m.Value, string(g.Group), set, string(g.Group)+"."+m.Key+".")...)
			}
		}
	}
	return out
}

// best is the most telling of the matches: a value over a declared none
// over an empty member; absent when there are none.
func best(ms []match) (match, presence) {
	var top match
	p := absent
	for _, m := range ms {
		if q := presenceOf(m.v); q > p {
			top, p = m, q
		}
	}
	return top, p
}

// paths of the matches with the given presence.
func paths(ms []match, p presence) []string {
	var out []string
	for _, m := range ms {
		if presenceOf(m.v) == p {
			out = append(out, m.path)
		}
	}
	return out
}

// fromMatches is the plain reading of a rule: present when any member
// holds a value, declared none when the service says so, else missing.
func fromMatches(ms []match) Result {
	if p := paths(ms, given); len(p) > 0 {
		return Result{Status: Present, Found: p}
	}
	if p := paths(ms, none); len(p) > 0 {
		return Result{Status: DeclaredNone, Found: p, Note: "the service says none, or not disclosed"}
	}
	if p := paths(ms, empty); len(p) > 0 {
		return Result{Status: Missing, Found: p, Note: "sent empty", weak: true}
	}
	return notFound(text.NotInResponse)
}

// notFound is a missing item padview found no member for.
func notFound(note string) Result { return Result{Status: Missing, Note: note, absent: true} }

// isPersonal reports whether a rule's fields are personal data, which the
// standard view leaves out.
func (c *checker) isPersonal(places []string) bool {
	for f := range c.fieldSet(places) {
		if f.Category != vocab.NotPersonal {
			return true
		}
	}
	return false
}

// sponsorNames are the names the advertiser and the sponsors go by,
// folded for comparison; read once a check, as the rules ask for them
// again.
func (c *checker) sponsorNames() map[string]bool {
	if c.sponsors == nil {
		c.sponsors = c.readSponsorNames()
	}
	return c.sponsors
}

func (c *checker) readSponsorNames() map[string]bool {
	names := map[string]bool{}
	add := func(s string) {
		if strings.TrimSpace(s) != "" {
			names[nameKey(s)] = true
			names[s] = true // as written, for sameParty
		}
	}
	add(text.PartyName(c.d.Advertiser))
	c.each(c.d.Advertiser, vocab.Advertiser, func(m advert.Member, mean vocab.Meaning) {
		if mean.Kind == vocab.FieldName && m.Value.Kind == advert.String && c.v.InSet(vocab.SetNames, mean.Field) {
			add(m.Value.Str)
		}
	})
	for _, s := range c.d.Sponsors {
		add(text.PartyName(s))
	}
	return names
}
