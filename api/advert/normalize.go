package advert

import (
	"fmt"
	"strings"
)

// Normalize turns a response body into a Document. It fails only when the
// body is not JSON; any JSON at all is placed somewhere, nothing is dropped.
func Normalize(raw []byte, paid string, view View) (*Document, error) {
	v, err := ParseValue(raw)
	if err != nil {
		return nil, err
	}
	d := NormalizeValue(v, paid, view)
	d.Raw = raw
	return d, nil
}

// NormalizeValue places the members of an already parsed response.
func NormalizeValue(v Value, paid string, view View) *Document {
	d := &Document{PAID: paid, View: view, Other: NewObject()}
	root, envelope := unwrap(v)
	if root.Kind != Object {
		d.Other.Members = append(d.Other.Members, Member{Key: "response", Value: root})
		addOther(d, envelope, "envelope.")
		return d
	}
	var adv, camp []Member
	n := &normalizer{}
	for _, m := range root.Members {
		f := FoldKey(m.Key)
		if g, ok := groupNames[f]; ok {
			n.placeGroup(d, g, m)
			continue
		}
		if paidKeys[f] && (m.Value.Kind == String || m.Value.Kind == Number) && m.Value.Str == paid {
			continue // the identifier we asked for: it is the document's PAID
		}
		if name, ok := flatAdvertiserField(f); ok {
			adv = append(adv, Member{Key: name, Value: m.Value})
			continue
		}
		if name, ok := flatCampaignField(f); ok {
			camp = append(camp, Member{Key: name, Value: m.Value})
			continue
		}
		d.Other.Members = append(d.Other.Members, m)
	}
	d.Advertiser = mergeFlat(d.Advertiser, adv)
	d.Campaign = mergeFlat(d.Campaign, camp)
	addOther(d, envelope, "envelope.")
	return d
}

// unwrap descends through envelopes: an object whose only member besides
// wrapper metadata holds an object (or a one-object array) and is not itself
// a group or field name. It returns the advertisement and the metadata
// members it passed, so that those are kept too.
func unwrap(v Value) (Value, []Member) {
	var meta []Member
	for depth := 0; depth < 16; depth++ {
		if v.Kind == Array && len(v.Items) == 1 && v.Items[0].Kind == Object {
			v = v.Items[0]
			continue
		}
		if v.Kind != Object {
			return v, meta
		}
		inner := -1
		for i, m := range v.Members {
			if envelopeMeta[FoldKey(m.Key)] {
				continue
			}
			if inner >= 0 {
				return v, meta // two or more substantive members: this is the advertisement
			}
			inner = i
		}
		if inner < 0 {
			return v, meta
		}
		m := v.Members[inner]
		if isKnownName(FoldKey(m.Key)) || !holdsObject(m.Value) {
			return v, meta
		}
		meta = append(meta, v.Members[:inner]...)
		meta = append(meta, v.Members[inner+1:]...)
		v = m.Value
	}
	return v, meta
}

func holdsObject(v Value) bool {
	return v.Kind == Object || v.Kind == Array && len(v.Items) == 1 && v.Items[0].Kind == Object
}

// isKnownName reports whether a folded name is a group, a flat field or
// the identifier.
func isKnownName(f string) bool {
	if _, ok := groupNames[f]; ok {
		return true
	}
	_, adv := flatAdvertiserField(f)
	_, camp := flatCampaignField(f)
	return adv || camp || paidKeys[f]
}

// flatAdvertiserField recognizes an advertiser field written at the top
// level, bare ("companyName") or prefixed ("advertiser_email"); f is folded.
func flatAdvertiserField(f string) (string, bool) {
	return specFieldFolded(f, advertiserFieldSet, "advertiser")
}

// flatCampaignField recognizes a campaign field at the top level. A bare
// "name" is not taken: at the top level it names the advertisement as often
// as the campaign, so only "campaignName" counts.
func flatCampaignField(f string) (string, bool) {
	name, ok := specFieldFolded(f, campaignFieldSet, "campaign")
	if ok && name == "name" && fieldSynonyms[f] == "name" {
		return "", false
	}
	return name, ok
}

func (n *normalizer) placeGroup(d *Document, g Group, m Member) {
	switch g {
	case GroupSponsors:
		d.SponsorsPresent = true
		d.Sponsors = append(d.Sponsors, n.entries(m.Value)...)
	case GroupControllers:
		d.ControllersPresent = true
		d.Controllers = append(d.Controllers, n.entries(m.Value)...)
	case groupSponsorsAndControllers:
		n.splitParties(d, m)
	case GroupAdvertiser:
		d.Advertiser = n.mergeGroup(d.Advertiser, m, advertiserFieldSet, "advertiser")
	case GroupCampaign:
		d.Campaign = n.mergeGroup(d.Campaign, m, campaignFieldSet, "campaign")
	case GroupBasicInformation:
		d.BasicInformation = n.mergeGroup(d.BasicInformation, m, nil, "")
	case GroupComplianceAndFunding:
		d.ComplianceAndFunding = n.mergeGroup(d.ComplianceAndFunding, m, nil, "")
	case GroupTargeting:
		d.Targeting = n.mergeGroup(d.Targeting, m, nil, "")
	case GroupLegalAndMetadata:
		d.LegalAndMetadata = n.mergeGroup(d.LegalAndMetadata, m, nil, "")
	}
}

// mergeGroup adds a group member to what the document already holds for
// that group. A group that is not an object is kept under its own key; a
// second spelling of the same group ("compliance" and "funding") is merged,
// its clashing names prefixed with its own key.
func (n *normalizer) mergeGroup(cur Value, m Member, fields map[string]bool, prefix string) Value {
	var add []Member
	if m.Value.Kind == Object {
		add = m.Value.Members
		if fields != nil {
			add = n.canonicalMembers(add, fields, prefix)
		}
	} else {
		add = []Member{{Key: m.Key, Value: m.Value}}
	}
	if cur.Kind != Object {
		return Value{Kind: Object, Members: append([]Member{}, add...)}
	}
	for _, a := range add {
		if _, clash := cur.Get(a.Key); clash {
			a.Key = m.Key + "." + a.Key
		}
		cur.Members = append(cur.Members, a)
	}
	return cur
}

// mergeFlat adds top-level advertiser or campaign fields to the group.
func mergeFlat(cur Value, flat []Member) Value {
	if len(flat) == 0 {
		return cur
	}
	if cur.Kind != Object {
		cur = NewObject()
	}
	for _, f := range flat {
		if _, clash := cur.Get(f.Key); clash {
			f.Key = "top-level." + f.Key
		}
		cur.Members = append(cur.Members, f)
	}
	return cur
}

// canonicalMembers writes the spec's spelling for recognized fields; other
// members keep their key. A second spelling of a field already present keeps
// its own key, so no member overwrites another.
func (n *normalizer) canonicalMembers(ms []Member, fields map[string]bool, prefix string) []Member {
	var out []Member // allocated on the first rename only
	for i, m := range ms {
		name, ok := n.specField(m.Key, fields, prefix)
		if !ok || name == m.Key || hasKey(ms, name) || out != nil && hasKey(out[:i], name) {
			if out != nil {
				out = append(out, m)
			}
			continue
		}
		if out == nil {
			out = make([]Member, i, len(ms))
			copy(out, ms[:i])
		}
		out = append(out, Member{Key: name, Value: m.Value})
	}
	if out == nil {
		return ms
	}
	return out
}

func hasKey(ms []Member, key string) bool {
	for _, m := range ms {
		if m.Key == key {
			return true
		}
	}
	return false
}

// normalizer carries a memo of field-name lookups through one
// normalization: the same few names repeat in each of thousands of sponsors.
type normalizer struct {
	memo map[[2]string]fieldLookup
}

type fieldLookup struct {
	name string
	ok   bool
}

// specField is the package's specField, remembered. Each prefix is used
// with one field set only, so (prefix, key) identifies the lookup.
func (n *normalizer) specField(key string, fields map[string]bool, prefix string) (string, bool) {
	k := [2]string{prefix, key}
	if r, ok := n.memo[k]; ok {
		return r.name, r.ok
	}
	var prefixes []string
	if prefix != "" {
		prefixes = []string{prefix}
	}
	name, ok := specField(key, fields, prefixes...)
	if n.memo == nil {
		n.memo = make(map[[2]string]fieldLookup)
	}
	n.memo[k] = fieldLookup{name, ok}
	return name, ok
}

// entries turns a sponsors or controllers collection into a list: an array
// as it is, a single party object as one entry, an object keyed by id as one
// entry per member with the key kept as "id" (or "key" when an id exists).
func (n *normalizer) entries(v Value) []Value {
	switch v.Kind {
	case Array:
		out := make([]Value, len(v.Items))
		for i, it := range v.Items {
			out[i] = n.party(it)
		}
		return out
	case Object:
		if !keyedByID(v) {
			return []Value{n.party(v)}
		}
		out := make([]Value, len(v.Members))
		for i, m := range v.Members {
			e := n.party(m.Value)
			keyName := "id"
			if _, has := e.Get("id"); has {
				keyName = "key"
			}
			e.Members = append([]Member{{Key: keyName, Value: StringValue(m.Key)}}, e.Members...)
			out[i] = e
		}
		return out
	case Absent, Null:
		return nil // a null collection lists no one
	}
	return []Value{v}
}

func keyedByID(v Value) bool {
	if len(v.Members) == 0 {
		return false
	}
	for _, m := range v.Members {
		if m.Value.Kind != Object {
			return false
		}
		if _, ok := specField(m.Key, partyFieldSet); ok {
			return false
		}
	}
	return true
}

func (n *normalizer) party(v Value) Value {
	if v.Kind != Object {
		return v
	}
	return Value{Kind: Object, Members: n.canonicalMembers(v.Members, partyFieldSet, "")}
}

// splitParties spreads the spec's combined "Sponsors and Controllers" group.
func (n *normalizer) splitParties(d *Document, m Member) {
	switch m.Value.Kind {
	case Object:
		rest := NewObject()
		for _, inner := range m.Value.Members {
			switch groupNames[FoldKey(inner.Key)] {
			case GroupSponsors:
				d.SponsorsPresent = true
				d.Sponsors = append(d.Sponsors, n.entries(inner.Value)...)
			case GroupControllers:
				d.ControllersPresent = true
				d.Controllers = append(d.Controllers, n.entries(inner.Value)...)
			default:
				rest.Members = append(rest.Members, inner)
			}
		}
		if len(rest.Members) > 0 {
			d.Other.Members = append(d.Other.Members, Member{Key: m.Key, Value: rest})
		}
	case Array:
		d.SponsorsPresent, d.ControllersPresent = true, true
		for _, it := range m.Value.Items {
			if isController(it) {
				d.Controllers = append(d.Controllers, n.party(it))
			} else {
				d.Sponsors = append(d.Sponsors, n.party(it))
			}
		}
	default:
		d.Other.Members = append(d.Other.Members, m)
	}
}

// isController reads a party's role from a member such as role, type or kind.
func isController(v Value) bool {
	for _, m := range v.Members {
		switch FoldKey(m.Key) {
		case "role", "type", "kind", "partytype", "partyrole":
			if m.Value.Kind == String && strings.Contains(strings.ToLower(m.Value.Str), "controller") {
				return true
			}
		}
	}
	return false
}

func addOther(d *Document, ms []Member, clashPrefix string) {
	for _, m := range ms {
		if _, clash := d.Other.Get(m.Key); clash {
			m.Key = clashPrefix + m.Key
		}
		d.Other.Members = append(d.Other.Members, m)
	}
}

// String summarizes the document for logs and tests.
func (d *Document) String() string {
	return fmt.Sprintf("%s (%s): %d sponsors, %d controllers, %d other members",
		d.PAID, d.View, len(d.Sponsors), len(d.Controllers), d.Other.Len())
}
