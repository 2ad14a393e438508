package advert

import (
	"fmt"
	"slices"
	"strings"

	"github.com/padview/padview/api/vocab"
)

// typer walks a normalized document: in each group and party it writes
// recognised members under the vocabulary's names and counts those it does
// not recognise; everywhere it reads typed values in place of their values
// as sent. What it cannot read stays as sent, with a warning.
type typer struct {
	n    *normalizer
	path []pathStep
	d    *Document
}

// pathStep is a member name, or an index when key is empty and index >= 0.
type pathStep struct {
	key   string
	index int
}

func (t *typer) push(key string) { t.path = append(t.path, pathStep{key: key, index: -1}) }
func (t *typer) pushIndex(i int) { t.path = append(t.path, pathStep{index: i}) }
func (t *typer) pop()            { t.path = t.path[:len(t.path)-1] }

func (t *typer) warn(problem string, v Value) {
	t.d.warn(func() string { return fmt.Sprintf("%s: %s %s; kept as sent", pathText(t.path), Brief(v), problem) })
}

// types reads every group and party of d.
func (n *normalizer) types(d *Document) {
	t := &typer{n: n, d: d}
	group := func(v Value, g Group) Value {
		t.path = append(t.path[:0], pathStep{key: string(g), index: -1})
		if v.Kind != Object || g == GroupOther {
			return t.value(v)
		}
		return t.object(v, scopeOf(string(g)), string(g))
	}
	parties := func(list []Value, g Group) {
		at := string(g) + "[]"
		for i, e := range list {
			t.path = append(t.path[:0], pathStep{key: string(g), index: -1}, pathStep{index: i})
			if e.Kind == Object {
				list[i] = t.object(e, scopeParty, at)
			} else {
				list[i] = t.value(e)
			}
		}
	}
	d.Advertiser = group(d.Advertiser, GroupAdvertiser)
	d.Campaign = group(d.Campaign, GroupCampaign)
	parties(d.Sponsors, GroupSponsors)
	parties(d.Controllers, GroupControllers)
	d.BasicInformation = group(d.BasicInformation, GroupBasicInformation)
	d.ComplianceAndFunding = group(d.ComplianceAndFunding, GroupComplianceAndFunding)
	d.Targeting = group(d.Targeting, GroupTargeting)
	d.LegalAndMetadata = group(d.LegalAndMetadata, GroupLegalAndMetadata)
	d.Other = group(d.Other, GroupOther)
}

// value types the members of every object within v, by their names alone:
// v is inside a field's value, where the vocabulary names no field.
func (t *typer) value(v Value) Value {
	switch v.Kind {
	case Object:
		if t.isMoney(v) {
			return t.moneyObject(v, "")
		}
		return t.object(v, scopeNone, "")
	case Array:
		return t.items(v, func(it Value) Value { return t.value(it) })
	}
	return v
}

// scopeNone reads names inside a field's value: by their form, no member
// renamed or counted.
const scopeNone = numScopes

// items applies f to each item. The typer rewrites the tree Normalize
// has just parsed and alone holds, so changed items are written in place.
func (t *typer) items(v Value, f func(Value) Value) Value {
	items := v.Items()
	for i, it := range items {
		t.pushIndex(i)
		items[i] = f(it)
		t.pop()
	}
	return v
}

// isMoney reports whether an object is an amount by its shape alone: an
// amount and a currency, or the bounds of a range and a currency.
func (t *typer) isMoney(v Value) bool {
	ms := v.Members()
	if len(ms) < 2 || len(ms) > 3 {
		return false
	}
	var amount, currency, lower, upper int
	for _, m := range ms {
		switch t.n.info(scopeNone, m.Key).part {
		case "amount":
			amount++
		case "currency":
			currency++
		case "lower":
			lower++
		case "upper":
			upper++
		default:
			return false
		}
	}
	// bounds without a currency are money only where the name says so
	return amount == 1 && currency == 1 && len(ms) == 2 || lower == 1 && upper == 1 && currency == 1
}

// object types the members of an object read in scope s (scopeNone inside
// a field's value), where, in a group or party, at names the path of the
// object for counting what is not recognised ("sponsors[]").
func (t *typer) object(v Value, s scope, at string) Value {
	ms := v.Members()
	var buf [16]*keyInfo
	info := buf[:0]
	if len(ms) > len(buf) {
		info = make([]*keyInfo, 0, len(ms))
	}
	info = info[:len(ms)]
	for i, m := range ms {
		info[i] = t.n.info(s, m.Key)
		if s != scopeNone && !info[i].mean.Recognised() {
			t.n.unrecognised(at, m.Key, m.Value, info[i].mean)
		}
	}
	var cur currencies
	t.currencies(&cur, ms, info) // before renaming: "<name>Currency" is the name as sent
	if s != scopeNone {
		t.rename(ms, info, s)
	}
	for i, m := range ms {
		t.push(m.Key)
		nv, consumed := t.typedMember(ms, i, info[i], &cur)
		if consumed >= 0 {
			cur.consumed = append(cur.consumed, consumed)
		}
		t.pop()
		ms[i].Value = nv // in place: see items
	}
	return cur.without(v)
}

// rename writes each recognised member of a group or party under the
// vocabulary's name for it, where no other member has that name: a second
// spelling of a field keeps its own name, so that no member overwrites
// another. It renames in place, as items writes.
func (t *typer) rename(ms []Member, info []*keyInfo, s scope) {
	var taken func(string) bool
	var given []string
	for i, m := range ms {
		name := canonicalName(info[i].mean, s)
		if name == "" || name == m.Key {
			continue
		}
		if taken == nil {
			taken = nameIndex(slices.Clone(ms))
		}
		if taken(name) || slices.Contains(given, name) {
			continue
		}
		given = append(given, name)
		ms[i].Key = name
	}
}

// canonicalName is the name the document writes a member under in scope
// s: the field's own name where the field belongs to the scope (a party's
// field in a party, a group's in its group, the payer in
// complianceAndFunding); "" where the member keeps its name.
func canonicalName(mean vocab.Meaning, s scope) string {
	switch {
	case mean.Kind == vocab.GroupName && s == scopeComplianceAndFunding && vocab.Home(mean.Group) != "":
		return mean.Group
	case mean.Kind != vocab.FieldName:
		return ""
	case s == scopeParty && mean.Field.Group == "party",
		s != scopeParty && s != scopeTop && mean.Field.Group == scopeNames[s]:
		return mean.Field.Name
	}
	return ""
}

// typedMember reads one member's value by its type; consumed is the index
// of a currency member it took into an amount, or -1.
func (t *typer) typedMember(ms []Member, i int, m *keyInfo, cur *currencies) (Value, int) {
	v := ms[i].Value
	switch m.typ {
	case vocab.Money, vocab.Benefit:
		return t.moneyMember(ms, i, m, cur)
	case vocab.Date:
		return t.typedScalar(v, readDate, "is not a date"), -1
	case vocab.Bool:
		return t.typedScalar(v, ReadBool, "is not yes or no"), -1
	case vocab.Flag:
		if b, ok := ReadBool(v); ok {
			return b, -1
		}
	case vocab.Country:
		return t.typedScalar(v, readCountry, "is not an ISO 3166 country code"), -1
	case vocab.Place:
		if c, ok := readCountry(v); ok {
			return c, -1
		}
	case vocab.PartyType:
		if v.Kind == Object {
			return t.object(v, scopeParty, pathText(t.path)), -1
		}
		if m.mean.Kind != vocab.GroupName {
			break // inside a field's value, where names are read by their form alone
		}
		if ms, _, ok := partyTextMembers(t.n.vocab, v); ok { // a party's text block, in a group
			return t.object(NewObject(ms...), scopeParty, pathText(t.path)), -1
		}
	case vocab.Count:
		if v.Kind == Object {
			return t.object(v, scopeNone, ""), -1 // a range of counts is no money
		}
	}
	if v.Kind == Object || v.Kind == Array {
		return t.value(v), -1
	}
	return v, -1
}

// typedScalar reads a scalar (or each item of an array) with read; a
// value it cannot read stays as sent with a warning. Null stays null.
func (t *typer) typedScalar(v Value, read func(Value) (Value, bool), problem string) Value {
	switch v.Kind {
	case Null:
		return v
	case Array:
		return t.items(v, func(it Value) Value { return t.typedScalar(it, read, problem) })
	}
	if nv, ok := read(v); ok {
		return nv
	}
	t.warn(problem, v)
	return t.value(v)
}

// pathText writes a place in the normalized document: campaign.totalValue,
// sponsors[2].country; names that are not plain words are quoted.
func pathText(path []pathStep) string {
	var b strings.Builder
	for i, p := range path {
		switch {
		case p.index >= 0:
			fmt.Fprintf(&b, "[%d]", p.index)
		case isPlainName(p.key):
			if i > 0 {
				b.WriteByte('.')
			}
			b.WriteString(p.key)
		default:
			b.WriteByte('[')
			b.Write(AppendQuoted(nil, p.key))
			b.WriteByte(']')
		}
	}
	return b.String()
}

func isPlainName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}
