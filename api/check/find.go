package check

import (
	"strings"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
)

// match is one member a rule found: where, under which name, and its value.
type match struct {
	path   string
	key    string
	v      advert.Value
	holder advert.Value // the object the member sits in
}

// presence sorts what a member holds, from nothing to something.
type presence int

const (
	absent presence = iota // not sent
	empty                  // sent, but holds nothing: "", {}
	none                   // the service says there is none or will not say: null, "none", []
	given                  // a value
)

// noneWords are strings with which services say "not disclosed" or "none".
var noneWords = map[string]bool{"none": true, "not disclosed": true, "undisclosed": true, "withheld": true,
	"n/a": true, "not applicable": true, "not used": true, "-": true, "—": true}

func presenceOf(v advert.Value) presence {
	switch v.Kind {
	case advert.Absent:
		return absent
	case advert.Null:
		return none
	case advert.String:
		s := strings.ToLower(strings.TrimSpace(v.Str))
		switch {
		case s == "":
			return empty
		case noneWords[s]:
			return none
		}
	case advert.Array:
		if len(v.Items()) == 0 {
			return none
		}
	case advert.Object:
		if len(v.Members()) == 0 {
			return empty
		}
	}
	return given
}

// fieldSet folds a rule's field names for lookup.
func fieldSet(fields []string) map[string]bool {
	set := make(map[string]bool, len(fields))
	for _, f := range fields {
		set[advert.FoldKey(f)] = true
	}
	return set
}

// keyMatches reports whether a member name is one of the set, in any case
// style; a name the normalizer prefixed on a clash ("funding.fundingOrigin")
// is read by its last part.
func keyMatches(set map[string]bool, key string) bool {
	if set[advert.FoldKey(key)] {
		return true
	}
	if i := strings.LastIndexByte(key, '.'); i >= 0 {
		return set[advert.FoldKey(key[i+1:])]
	}
	return false
}

// inObject finds the members of obj named in set; prefix starts their paths.
func inObject(obj advert.Value, set map[string]bool, prefix string) []match {
	if obj.Kind != advert.Object {
		return nil
	}
	var out []match
	for _, m := range obj.Members() {
		if keyMatches(set, m.Key) {
			out = append(out, match{path: prefix + m.Key, key: m.Key, v: m.Value, holder: obj})
		}
	}
	return out
}

// inGroups finds the fields in every object group of the document, in the
// order of advert.Groups: services put them where they like.
func inGroups(d *advert.Document, fields []string) []match {
	set := fieldSet(fields)
	var out []match
	for _, g := range advert.Groups {
		if g.Parties {
			continue
		}
		out = append(out, inObject(d.Group(g.Group), set, string(g.Group)+".")...)
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
		return Result{Status: Missing, Found: p, Note: "sent empty"}
	}
	return Result{Status: Missing, Note: "not in this response"}
}

// isPersonal reports whether a rule's fields are personal data, which the
// standard view leaves out.
func isPersonal(fields []string) bool {
	for _, f := range fields {
		if text.IsPersonalField(f) {
			return true
		}
	}
	return false
}

// isNaturalPerson reads whether a party is a natural person: from a member
// such as kind or type, else from a first or last name with no company,
// legal or plain name beside it.
func isNaturalPerson(v advert.Value) bool {
	if v.Kind != advert.Object {
		return false
	}
	hasPersonName, hasOrgName := false, false
	for _, m := range v.Members() {
		switch advert.FoldKey(m.Key) {
		case "kind", "type", "partytype", "entitytype", "persontype", "sponsortype", "legalform":
			if m.Value.Kind == advert.String {
				s := strings.ToLower(m.Value.Str)
				return strings.Contains(s, "individual") || strings.Contains(s, "natural") || strings.TrimSpace(s) == "person"
			}
		case "firstname", "lastname":
			hasPersonName = hasPersonName || presenceOf(m.Value) == given
		case "name", "companyname", "legalname":
			hasOrgName = hasOrgName || presenceOf(m.Value) == given
		}
	}
	return hasPersonName && !hasOrgName
}

// sponsorNames are the names the advertiser and the sponsors go by,
// folded for comparison.
func sponsorNames(d *advert.Document) map[string]bool {
	names := map[string]bool{}
	add := func(s string) {
		if s = strings.ToLower(strings.TrimSpace(s)); s != "" {
			names[s] = true
		}
	}
	for _, k := range []string{"name", "companyName", "legalName"} {
		if v, ok := d.Advertiser.Get(k); ok && v.Kind == advert.String {
			add(v.Str)
		}
	}
	for _, s := range d.Sponsors {
		add(text.PartyName(s))
	}
	return names
}
