package advert

import (
	"slices"
	"strings"

	"github.com/padview/padview/api/vocab"
)

// entries turns a sponsors or controllers collection into a list: an array
// as it is, a single party object as one entry, an object keyed by id as one
// entry per member with the key kept as "id" (or "key" when an id exists).
// A party sent as a bare string is its name, or the members of its text
// block (partyOf).
func (n *normalizer) entries(v Value) []Value {
	switch v.Kind {
	case Array:
		items := v.Items()
		out := make([]Value, len(items))
		for i, it := range items {
			out[i] = n.partyEntry(it)
		}
		return out
	case Object:
		if !n.keyedByID(v) {
			return []Value{v}
		}
		ms := v.Members()
		out := make([]Value, len(ms))
		for i, m := range ms {
			own := n.partyEntry(m.Value).Members()
			id := Member{Key: "id", Value: StringValue(m.Key)}
			switch {
			case !hasKey(own, "id"):
				out[i] = NewObject(append([]Member{id}, own...)...)
			case !hasKey(own, "key"):
				id.Key = "key"
				out[i] = NewObject(append([]Member{id}, own...)...)
			default: // it has both: the collection's key goes last, under a free name
				id.Key = "key"
				out[i] = NewObject(appendUnique(own, []Member{id}, "collection.")...)
			}
		}
		return out
	case Absent, Null:
		return nil // no one listed: the document's ListState says null from absent
	}
	return []Value{n.partyEntry(v)}
}

// partyEntry is a party as the document holds it: an object; a bare
// string is the party's name, or its text block's members.
func (n *normalizer) partyEntry(v Value) Value {
	if v.Kind == String {
		return partyOf(n.vocab, v)
	}
	return v
}

// keyedByID reports whether a collection object is parties keyed by their
// ids rather than one party: every member an object, none a party's field.
func (n *normalizer) keyedByID(v Value) bool {
	ms := v.Members()
	if len(ms) == 0 {
		return false
	}
	for _, m := range ms {
		if m.Value.Kind != Object {
			return false
		}
		if mean := n.meaning(scopeParty, m.Key); mean.Kind == vocab.FieldName && mean.Field.Group == "party" {
			return false
		}
	}
	return true
}

// splitParties spreads the spec's combined "Sponsors and Controllers" group.
func (n *normalizer) splitParties(d *Document, m Member, other []Member) []Member {
	switch m.Value.Kind {
	case Object:
		var rest []Member
		for _, inner := range m.Value.Members() {
			mean := n.meaning(scopeTop, inner.Key)
			switch {
			case mean.Kind == vocab.GroupName && mean.Group == vocab.Sponsors:
				d.SponsorsState = d.SponsorsState.merge(listStateOf(inner.Value))
				d.Sponsors = append(d.Sponsors, n.entries(inner.Value)...)
			case mean.Kind == vocab.GroupName && mean.Group == vocab.Controllers:
				d.ControllersState = d.ControllersState.merge(listStateOf(inner.Value))
				d.Controllers = append(d.Controllers, n.entries(inner.Value)...)
			default:
				rest = append(rest, inner)
			}
		}
		if len(rest) > 0 {
			other = append(other, Member{Key: m.Key, Value: NewObject(rest...)})
			for _, inner := range rest {
				n.unrecognised(m.Key, inner.Key, inner.Value, n.meaning(scopeTop, inner.Key))
			}
		}
	case Array:
		d.SponsorsState, d.ControllersState = ListSent, ListSent
		for _, it := range m.Value.Items() {
			if n.isController(it) {
				d.Controllers = append(d.Controllers, n.partyEntry(it))
			} else {
				d.Sponsors = append(d.Sponsors, n.partyEntry(it))
			}
		}
	default:
		other = append(other, m)
		n.unrecognised("", m.Key, m.Value, vocab.Meaning{Unread: true})
	}
	return other
}

// isController reads a party's role from its kind or role member ("role":
// "joint controller", "type": "Data Controller").
func (n *normalizer) isController(v Value) bool {
	for _, m := range v.Members() {
		mean := n.meaning(scopeParty, m.Key)
		if mean.Kind != vocab.FieldName || mean.Field.Name != "role" && mean.Field.Name != "kind" {
			continue
		}
		if m.Value.Kind == String && vocab.IsControllerRole(m.Value.Str) {
			return true
		}
	}
	return false
}

// IsNaturalPerson reads whether a party is a natural person, as the
// built-in vocabulary can tell (see NaturalPerson).
func IsNaturalPerson(v Value) bool { return NaturalPerson(vocab.Builtin(), v) }

// NaturalPerson reads whether a party is a natural person, as the
// vocabulary vc (a document's, Document.Vocabulary) can tell from what
// the answer says:
//
//   - a kind that says so ("individual", "natuurlijk persoon", "personne
//     physique") or a person flag decides;
//   - a registration number answered "not applicable" ("n/a", "NVT",
//     "nie dotyczy": a person has none) makes one of a party whose names
//     have no organisation's word (IsOrganisationName: "e.V.", "Stichting",
//     "CDA Zeeland");
//   - a registration answered "none" ("geen", "keine") makes one only of a
//     party whose names are all a person's (IsPersonalName: "Anna de
//     Vries"): organisations answer so too;
//   - a person's names (vocab.SetPersonName) with none of the names a
//     party goes by (vocab.SetNames) beside them.
//
// A name of a person's shape alone makes none: a brand may have it.
func NaturalPerson(vc *vocab.Vocabulary, v Value) bool {
	if v.Kind != Object {
		return false
	}
	personName := false
	var names []string
	registration := noRegistration
	for _, m := range v.Members() {
		mean := vc.Lookup(vocab.Sponsors, m.Key)
		if mean.Kind != vocab.FieldName || mean.Field.Group != "party" {
			continue
		}
		given := m.Value.Kind == String && strings.TrimSpace(m.Value.Str) != ""
		switch mean.Field.Name {
		case "kind":
			if given {
				return vocab.IsNaturalPersonKind(m.Value.Str)
			}
		case "naturalPerson":
			if b, ok := ReadBool(m.Value); ok {
				return b.Bool
			}
		case "registrationNumber":
			switch {
			case !given:
			case vocab.IsNotApplicable(m.Value.Str):
				registration = registrationNA
			case vocab.IsNone(m.Value.Str) && registration == noRegistration:
				registration = registrationNone
			}
		}
		switch {
		case !given:
		case vc.InSet(vocab.SetPersonName, mean.Field):
			personName = true
		case vc.InSet(vocab.SetNames, mean.Field):
			names = append(names, m.Value.Str)
		}
	}
	switch registration {
	case registrationNA:
		return !slices.ContainsFunc(names, IsOrganisationName)
	case registrationNone:
		return len(names) > 0 && !slices.ContainsFunc(names, func(n string) bool { return !IsPersonalName(n) })
	}
	return personName && len(names) == 0
}

// What a party's registration number says of the party.
const (
	noRegistration   = iota // a number, or nothing
	registrationNA          // "not applicable": a person has none
	registrationNone        // "none": a person, or an organisation without one
)
