package advert

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Normalize turns a response body into a Document. It fails only when the
// body is not JSON or holds more than MaxValues values; any JSON at all is
// placed somewhere. A member name repeated with another value keeps its
// first value and a warning; a typed field padview cannot read stays as
// sent, with a warning. Normalize keeps raw as the document's Raw, and the
// document's strings share its memory: the caller never changes raw
// afterwards.
func Normalize(raw []byte, paid string, view View) (*Document, error) {
	d := &Document{PAID: paid, View: view, Raw: raw, Warnings: []string{}}
	v, err := parseUnique(raw, d.warn)
	if err != nil {
		return nil, err
	}
	normalize(d, v)
	return d, nil
}

// NormalizeValue normalizes an already parsed value, as Normalize does a
// body. It works on a copy (v written out and read back), so v and values
// sharing its storage do not change; Raw stays empty.
func NormalizeValue(v Value, paid string, view View) *Document {
	d, err := Normalize(v.AppendJSON(nil), paid, view)
	if err != nil { // only a value of more than MaxValues values
		return &Document{PAID: paid, View: view, Other: NewObject(), Warnings: []string{err.Error()}}
	}
	d.Raw = nil
	return d
}

// normalize places the members of a parsed response (whose member names
// are unique) in d, then reads its typed fields.
func normalize(d *Document, v Value) {
	n := &normalizer{}
	var other []Member
	root, envelope := unwrap(v)
	if root.Kind != Object {
		other = append(other, Member{Key: "response", Value: root})
	} else {
		var adv, camp []Member
		named := map[string]bool{} // spec names given to flat fields so far
		flat := func(to []Member, name string, m Member) []Member {
			if named[name] {
				name = m.Key // a second spelling keeps its own name
			}
			named[name] = true
			return append(to, Member{Key: name, Value: m.Value})
		}
		ms := root.Members()
		other = ms[:0] // filtered in place: Normalize alone holds the tree
		for _, m := range ms {
			f := FoldKey(m.Key)
			if g, ok := groupNames[f]; ok {
				other = n.placeGroup(d, g, m, other)
				continue
			}
			if paidKeys[f] && (m.Value.Kind == String || m.Value.Kind == Number) && m.Value.Str == d.PAID {
				continue // the identifier we asked for: it is the document's PAID
			}
			if name, ok := flatAdvertiserField(f); ok {
				adv = flat(adv, name, m)
				continue
			}
			if name, ok := flatCampaignField(f); ok {
				camp = flat(camp, name, m)
				continue
			}
			other = append(other, m)
		}
		d.Advertiser = mergeFlat(d.Advertiser, adv)
		d.Campaign = mergeFlat(d.Campaign, camp)
	}
	d.Other = NewObject(appendUnique(other, envelope, "envelope.")...)
	n.types(d)
}

// types reads the typed fields of every group and party.
func (n *normalizer) types(d *Document) {
	t := &typer{n: n, d: d}
	group := func(v Value, g Group) Value {
		t.path = t.path[:0]
		t.push(string(g))
		return t.value(v)
	}
	party := func(v Value, g Group, i int) Value {
		t.path = t.path[:0]
		t.push(string(g))
		t.pushIndex(i)
		return t.value(v)
	}
	d.Advertiser = group(d.Advertiser, GroupAdvertiser)
	d.Campaign = group(d.Campaign, GroupCampaign)
	for i := range d.Sponsors {
		d.Sponsors[i] = party(d.Sponsors[i], GroupSponsors, i)
	}
	for i := range d.Controllers {
		d.Controllers[i] = party(d.Controllers[i], GroupControllers, i)
	}
	d.BasicInformation = group(d.BasicInformation, GroupBasicInformation)
	d.ComplianceAndFunding = group(d.ComplianceAndFunding, GroupComplianceAndFunding)
	d.Targeting = group(d.Targeting, GroupTargeting)
	d.LegalAndMetadata = group(d.LegalAndMetadata, GroupLegalAndMetadata)
	d.Other = group(d.Other, GroupOther)
}

// unwrap descends through envelopes: an object whose only member besides
// wrapper metadata holds an object (or a one-object array) and is not itself
// a group or field name. It returns the advertisement and the metadata
// members it passed, so that those are kept too.
func unwrap(v Value) (Value, []Member) {
	var meta []Member
	for depth := 0; depth < 16; depth++ {
		if items := v.Items(); len(items) == 1 && items[0].Kind == Object {
			v = items[0]
			continue
		}
		if v.Kind != Object {
			return v, meta
		}
		ms := v.Members()
		inner := -1
		for i, m := range ms {
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
		m := ms[inner]
		if isKnownName(FoldKey(m.Key)) || !holdsObject(m.Value) {
			return v, meta
		}
		meta = append(meta, ms[:inner]...)
		meta = append(meta, ms[inner+1:]...)
		v = m.Value
	}
	return v, meta
}

func holdsObject(v Value) bool {
	items := v.Items()
	return v.Kind == Object || len(items) == 1 && items[0].Kind == Object
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

// placeGroup puts a top-level group member where it belongs and returns
// other, grown by what fits no group.
func (n *normalizer) placeGroup(d *Document, g Group, m Member, other []Member) []Member {
	switch g {
	case GroupSponsors:
		d.SponsorsState = d.SponsorsState.merge(listStateOf(m.Value))
		d.Sponsors = append(d.Sponsors, n.entries(m.Value)...)
	case GroupControllers:
		d.ControllersState = d.ControllersState.merge(listStateOf(m.Value))
		d.Controllers = append(d.Controllers, n.entries(m.Value)...)
	case groupSponsorsAndControllers:
		return n.splitParties(d, m, other)
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
	return other
}

// mergeGroup adds a group member to what the document already holds for
// that group. A group that is not an object is kept under its own key; a
// second spelling of the same group ("compliance" and "funding") is merged,
// its clashing names prefixed with its own key.
func (n *normalizer) mergeGroup(cur Value, m Member, fields map[string]bool, prefix string) Value {
	var add []Member
	if m.Value.Kind == Object {
		add = m.Value.Members()
		if fields != nil {
			add = n.canonicalMembers(add, fields, prefix)
		}
	} else {
		add = []Member{{Key: m.Key, Value: m.Value}}
	}
	if cur.Kind != Object {
		return NewObject(add...)
	}
	return NewObject(appendUnique(cur.Members(), add, m.Key+".")...)
}

// mergeFlat adds top-level advertiser or campaign fields to the group.
func mergeFlat(cur Value, flat []Member) Value {
	if len(flat) == 0 {
		return cur
	}
	return NewObject(appendUnique(cur.Members(), flat, "top-level.")...)
}

// appendUnique appends add to dst, both with unique names, and keeps the
// names unique: a member of add whose name dst has is written prefix+name,
// numbered ("#2") if that is taken too. No member is dropped and none
// overwrites another. dst is not written in place.
func appendUnique(dst, add []Member, prefix string) []Member {
	if len(add) == 0 {
		return dst
	}
	out := make([]Member, 0, len(dst)+len(add))
	out = append(append(out, dst...), add...)
	taken := nameIndex(dst)
	for i := len(dst); i < len(out); i++ {
		if taken(out[i].Key) {
			out[i].Key = prefix + out[i].Key
		}
	}
	return uniqueNames(out)
}

// uniqueNames renames each member whose name an earlier member has to the
// first free name#2, name#3, … in place, and returns ms.
func uniqueNames(ms []Member) []Member {
	dup := duplicates(ms)
	if dup == nil {
		return ms
	}
	taken := nameIndex(ms)
	added := map[string]bool{}
	next := map[string]int{}
	renamed := map[int]string{}
	for i, first := range dup {
		if first < 0 {
			continue
		}
		base := ms[i].Key
		for n := max(next[base], 2); ; n++ {
			name := base + "#" + strconv.Itoa(n)
			if !taken(name) && !added[name] {
				renamed[i], added[name], next[base] = name, true, n+1
				break
			}
		}
	}
	for i, name := range renamed {
		ms[i].Key = name
	}
	return ms
}

// nameIndex answers whether ms, which does not change meanwhile, has a
// member of a name: by a scan for a few members, by a sorted index (four
// bytes a member, not a map) for many.
func nameIndex(ms []Member) func(string) bool {
	if len(ms) <= 32 {
		return func(k string) bool { return hasKey(ms, k) }
	}
	idx := make([]int32, len(ms))
	for i := range idx {
		idx[i] = int32(i)
	}
	slices.SortFunc(idx, func(a, b int32) int { return cmp.Compare(ms[a].Key, ms[b].Key) })
	return func(k string) bool {
		_, found := slices.BinarySearchFunc(idx, k, func(i int32, k string) int { return cmp.Compare(ms[i].Key, k) })
		return found
	}
}

// canonicalMembers writes the spec's spelling for recognized fields; other
// members keep their key. A second spelling of a field already present keeps
// its own key, so no member overwrites another.
func (n *normalizer) canonicalMembers(ms []Member, fields map[string]bool, prefix string) []Member {
	var out []Member          // allocated on the first rename only
	var taken map[string]bool // the spec names ms has, and those given so far
	for i, m := range ms {
		name, ok := n.specField(m.Key, fields, prefix)
		if ok && name != m.Key && taken == nil {
			taken = map[string]bool{}
			for _, m := range ms {
				if fields[m.Key] {
					taken[m.Key] = true
				}
			}
		}
		if !ok || name == m.Key || taken[name] {
			if out != nil {
				out = append(out, m)
			}
			continue
		}
		if out == nil {
			out = make([]Member, i, len(ms))
			copy(out, ms[:i])
		}
		taken[name] = true
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

// normalizer carries memos of name lookups through one normalization: the
// same few names repeat in each of thousands of sponsors. The memos stop
// growing at memoMax names, so that a hostile response of a million
// distinct names costs no more memory than the tree.
type normalizer struct {
	memo  map[string]fieldLookup // party fields
	infos map[string]keyInfo
}

const memoMax = 4096

type fieldLookup struct {
	name string
	ok   bool
}

// specField is the package's specField, remembered for the party fields,
// which repeat in every sponsor; the groups' lookups happen once each.
func (n *normalizer) specField(key string, fields map[string]bool, prefix string) (string, bool) {
	if prefix != "" {
		return specField(key, fields, prefix)
	}
	if r, ok := n.memo[key]; ok {
		return r.name, r.ok
	}
	name, ok := specField(key, fields)
	if n.memo == nil {
		n.memo = make(map[string]fieldLookup)
	}
	if len(n.memo) < memoMax {
		n.memo[key] = fieldLookup{name, ok}
	}
	return name, ok
}

// info is classify, remembered.
func (n *normalizer) info(key string) keyInfo {
	if k, ok := n.infos[key]; ok {
		return k
	}
	k := classify(key)
	if n.infos == nil {
		n.infos = make(map[string]keyInfo)
	}
	if len(n.infos) < memoMax {
		n.infos[key] = k
	}
	return k
}

// entries turns a sponsors or controllers collection into a list: an array
// as it is, a single party object as one entry, an object keyed by id as one
// entry per member with the key kept as "id" (or "key" when an id exists).
func (n *normalizer) entries(v Value) []Value {
	switch v.Kind {
	case Array:
		items := v.Items()
		out := make([]Value, len(items))
		for i, it := range items {
			out[i] = n.party(it)
		}
		return out
	case Object:
		if !keyedByID(v) {
			return []Value{n.party(v)}
		}
		ms := v.Members()
		out := make([]Value, len(ms))
		for i, m := range ms {
			e := n.party(m.Value)
			own := e.Members()
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
	return []Value{v}
}

func keyedByID(v Value) bool {
	ms := v.Members()
	if len(ms) == 0 {
		return false
	}
	for _, m := range ms {
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
	return NewObject(n.canonicalMembers(v.Members(), partyFieldSet, "")...)
}

// splitParties spreads the spec's combined "Sponsors and Controllers" group.
func (n *normalizer) splitParties(d *Document, m Member, other []Member) []Member {
	switch m.Value.Kind {
	case Object:
		var rest []Member
		for _, inner := range m.Value.Members() {
			switch groupNames[FoldKey(inner.Key)] {
			case GroupSponsors:
				d.SponsorsState = d.SponsorsState.merge(listStateOf(inner.Value))
				d.Sponsors = append(d.Sponsors, n.entries(inner.Value)...)
			case GroupControllers:
				d.ControllersState = d.ControllersState.merge(listStateOf(inner.Value))
				d.Controllers = append(d.Controllers, n.entries(inner.Value)...)
			default:
				rest = append(rest, inner)
			}
		}
		if len(rest) > 0 {
			other = append(other, Member{Key: m.Key, Value: NewObject(rest...)})
		}
	case Array:
		d.SponsorsState, d.ControllersState = ListSent, ListSent
		for _, it := range m.Value.Items() {
			if isController(it) {
				d.Controllers = append(d.Controllers, n.party(it))
			} else {
				d.Sponsors = append(d.Sponsors, n.party(it))
			}
		}
	default:
		other = append(other, m)
	}
	return other
}

// isController reads a party's role from a member such as role, type or kind.
func isController(v Value) bool {
	for _, m := range v.Members() {
		switch FoldKey(m.Key) {
		case "role", "type", "kind", "partytype", "partyrole":
			if m.Value.Kind == String && strings.Contains(strings.ToLower(m.Value.Str), "controller") {
				return true
			}
		}
	}
	return false
}

// String summarizes the document for logs and tests.
func (d *Document) String() string {
	return fmt.Sprintf("%s (%s): %d sponsors, %d controllers, %d other members",
		d.PAID, d.View, len(d.Sponsors), len(d.Controllers), d.Other.Len())
}
