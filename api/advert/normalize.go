package advert

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/padview/padview/api/vocab"
)

// Normalize turns a response body into a Document, reading member names
// with the built-in vocabulary. It fails only when the body is not JSON or
// holds more than MaxValues values; any JSON at all is placed somewhere. A
// member name repeated with another value keeps its first value and a
// warning; a typed field padview cannot read stays as sent, with a warning.
// Normalize keeps raw as the document's Raw, and the document's strings
// share its memory: the caller never changes raw afterwards.
func Normalize(raw []byte, paid string, view View) (*Document, error) {
	return NormalizeWith(raw, paid, view, nil)
}

// NormalizeWith is Normalize with a vocabulary of its own (the built-in
// one with a user's [fields] mappings); nil is the built-in vocabulary.
func NormalizeWith(raw []byte, paid string, view View, v *vocab.Vocabulary) (*Document, error) {
	d := &Document{PAID: paid, View: view, Raw: raw, Warnings: []string{}, vocabulary: v}
	tree, err := parseUnique(raw, d.warn)
	if err != nil {
		return nil, err
	}
	normalize(d, tree)
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
	n := newNormalizer(d.Vocabulary())
	var other []Member
	root, envelope := n.unwrap(v)
	if root.Kind != Object {
		other = append(other, Member{Key: "response", Value: root})
		n.unrecognised("", "response", root, vocab.Meaning{Unread: true})
	} else {
		other = n.placeTop(d, root)
	}
	d.Other = NewObject(appendUnique(other, envelope, "envelope.")...)
	n.types(d)
	d.Unrecognised = len(n.unknown) + n.moreUnknown
	d.Unplaced = n.unplaced
}

// normalizer carries one normalization: the vocabulary, memos of its
// lookups (the same few names repeat in each of thousands of sponsors),
// and the places of the members it did not recognise. The memos stop
// growing at memoMax names, so that a hostile response of a million
// distinct names costs no more memory than the tree.
type normalizer struct {
	vocab       *vocab.Vocabulary
	memo        [numScopes + 1]map[string]*keyInfo // the last for scopeNone
	interned    map[keyInfo]*keyInfo
	unknown     map[string]struct{}
	unplaced    []Unplaced // the unknown places, in the answer's order
	moreUnknown int
}

// keyInfo is what a member name says in one scope, worked out once.
type keyInfo struct {
	mean     vocab.Meaning
	typ      vocab.Type
	currency string // the currency the name gives
	part     string // the part of an amount of money it names, if any
}

const memoMax = 4096

// scope is where a member name is read: a scope of the vocabulary.
type scope uint8

const (
	scopeTop scope = iota
	scopeParty
	scopeCampaign
	scopeBasicInformation
	scopeComplianceAndFunding
	scopeTargeting
	scopeLegalAndMetadata
	numScopes
)

var scopeNames = [numScopes]string{"", vocab.Advertiser, vocab.Campaign, vocab.BasicInformation,
	vocab.ComplianceAndFunding, vocab.Targeting, vocab.LegalAndMetadata}

// scopeOf is the scope a group's members are read in.
func scopeOf(g string) scope {
	if vocab.IsParty(g) {
		return scopeParty
	}
	for s, name := range scopeNames {
		if name == g && s > 0 {
			return scope(s)
		}
	}
	return scopeTop
}

func newNormalizer(v *vocab.Vocabulary) *normalizer { return &normalizer{vocab: v} }

// meaning is the vocabulary's Lookup, remembered.
func (n *normalizer) meaning(s scope, key string) vocab.Meaning { return n.info(s, key).mean }

// info is what a name says in scope s (scopeNone: inside a field's value,
// where only its form and the fields it names anywhere say how its value
// is read), remembered.
func (n *normalizer) info(s scope, key string) *keyInfo {
	if k, ok := n.memo[s][key]; ok {
		return k
	}
	k := keyInfo{part: n.vocab.MoneyPart(key)}
	if s == scopeNone {
		k.typ, k.currency = n.vocab.TypeOf(key)
	} else {
		k.mean = n.vocab.Lookup(scopeNames[s], key)
		k.typ, k.currency = k.mean.Type(), k.mean.Currency
		switch {
		case k.mean.Kind == vocab.GroupName && vocab.Home(k.mean.Group) != "":
			k.typ = vocab.PartyType
		case k.mean.Kind != vocab.FieldName && k.mean.Kind != vocab.GroupName:
			k.typ, k.currency = n.vocab.TypeByForm(key) // the scope's lookup read it as at the top level already
		}
	}
	if k.part == "" && k.typ == vocab.Currency {
		k.part = "currency" // a name that means the currency field ("ausgaben_waehrung" under a user's prefix)
	}
	if n.memo[s] == nil {
		n.memo[s] = make(map[string]*keyInfo)
	}
	if len(n.memo[s]) < memoMax {
		p := new(keyInfo)
		*p = k
		n.memo[s][key] = p
		return p
	}
	return n.intern(k)
}

// intern is the one keyInfo of its value: past memoMax names, names that
// say the same thing (the million unknown names of a hostile answer) share
// one, so that an object's members cost no keyInfo each. Its values are as
// few as the vocabulary's meanings.
func (n *normalizer) intern(k keyInfo) *keyInfo {
	if p, ok := n.interned[k]; ok {
		return p
	}
	if n.interned == nil {
		n.interned = map[keyInfo]*keyInfo{}
	}
	p := new(keyInfo)
	*p = k
	n.interned[k] = p
	return p
}

// unrecognised counts the places of the values under a member the
// vocabulary did not recognise, at path (array indexes left out, so that
// a member repeated in every sponsor counts once), and keeps each with
// its name's meaning and its value's shape (Unplaced); at, if not "",
// goes before path. Once MaxUnrecognised places are known it only counts,
// up to as many again, without making their paths.
func (n *normalizer) unrecognised(at, path string, v Value, mean vocab.Meaning) {
	if len(n.unknown) >= MaxUnrecognised {
		n.moreUnknown = min(n.moreUnknown+leafCount(v), MaxUnrecognised)
		return
	}
	key := path
	if at != "" {
		path = at + "." + path
	}
	leafPaths(path, v, func(p string, leaf Value) {
		if _, ok := n.unknown[p]; ok {
			return
		}
		if len(n.unknown) >= MaxUnrecognised {
			n.moreUnknown = min(n.moreUnknown+1, MaxUnrecognised)
			return
		}
		if n.unknown == nil {
			n.unknown = map[string]struct{}{}
		}
		n.unknown[p] = struct{}{}
		name := key // the member itself; inside it, the leaf's own name
		if p != path {
			name = lastName(strings.TrimPrefix(p, path))
		}
		n.unplaced = append(n.unplaced, Unplaced{Path: p, Name: name, Meaning: mean, Shape: shapeOf(leaf, n.vocab)})
	})
}

// leafCount is how many places leafPaths would name in v.
func leafCount(v Value) int {
	n := 0
	leafPaths("", v, func(string, Value) { n++ })
	return n
}

// leafPaths calls f with the path and the value of each value in v that
// holds no further members: v's own for a scalar or an empty container,
// or list of scalars.
func leafPaths(path string, v Value, f func(string, Value)) {
	switch v.Kind {
	case Object:
		if v.Len() == 0 {
			f(path, v)
		}
		for _, m := range v.Members() {
			leafPaths(path+"."+m.Key, m.Value, f)
		}
	case Array:
		if IsScalarList(v) {
			f(path, v)
			return
		}
		for _, it := range v.Items() {
			leafPaths(path+"[]", it, f)
		}
	default:
		f(path, v)
	}
}

// IsScalarList reports whether an array holds no objects or arrays (an
// empty one included).
func IsScalarList(v Value) bool {
	for _, it := range v.Items() {
		if it.Kind == Object || it.Kind == Array {
			return false
		}
	}
	return true
}

// unwrap descends through envelopes: an object whose only member besides
// wrapper metadata holds an object (or a one-object array) and is not itself
// a group or field name. It returns the advertisement and the metadata
// members it passed, so that those are kept too.
func (n *normalizer) unwrap(v Value) (Value, []Member) {
	root, meta, _ := n.unwrapPath(v)
	return root, meta
}

// unwrapPath is unwrap that also says the path it descended ("data.ad.").
func (n *normalizer) unwrapPath(v Value) (Value, []Member, string) {
	var meta []Member
	path := ""
	for depth := 0; depth < 16; depth++ {
		if items := v.Items(); len(items) == 1 && items[0].Kind == Object {
			v = items[0]
			path = trimDot(path) + "[0]."
			continue
		}
		if v.Kind != Object {
			return v, meta, path
		}
		ms := v.Members()
		inner := -1
		for i, m := range ms {
			if n.vocab.IsEnvelope(m.Key) {
				continue
			}
			if inner >= 0 {
				return v, meta, path // two or more substantive members: this is the advertisement
			}
			inner = i
		}
		if inner < 0 {
			return v, meta, path
		}
		m := ms[inner]
		if mean := n.meaning(scopeTop, m.Key); mean.Recognised() || !holdsObject(m.Value) {
			return v, meta, path
		}
		meta = append(meta, ms[:inner]...)
		meta = append(meta, ms[inner+1:]...)
		v = m.Value
		path += m.Key + "."
	}
	return v, meta, path
}

func trimDot(p string) string {
	if len(p) > 0 && p[len(p)-1] == '.' {
		return p[:len(p)-1]
	}
	return p
}

func holdsObject(v Value) bool {
	items := v.Items()
	return v.Kind == Object || len(items) == 1 && items[0].Kind == Object
}

// topPlan is where the members at the top level of an answer go: each
// group's or party's members as the vocabulary reads their names, the
// rest to Other.
type topPlan struct {
	groups map[string][]Member // group or role → members, in the answer's order
	other  []Member
}

// placeTop places the members of the advertisement's top level and returns
// what goes to Other.
func (n *normalizer) placeTop(d *Document, root Value) []Member {
	ms, _ := joinRanges(root.Members(), func(k string) vocab.Meaning { return n.meaning(scopeTop, k) })
	// Other is filtered in place: Normalize alone holds the tree (or
	// joinRanges made ms anew), and each member adds at most one to it,
	// after it has been read.
	p := topPlan{groups: map[string][]Member{}, other: ms[:0]}
	currencyTo := n.currencyGroup(ms)
	for _, m := range ms {
		n.placeMember(d, &p, m, currencyTo)
	}
	d.Advertiser = mergeFlat(d.Advertiser, p.groups[vocab.Advertiser])
	d.Campaign = mergeFlat(d.Campaign, p.groups[vocab.Campaign])
	d.BasicInformation = mergeFlat(d.BasicInformation, p.groups[vocab.BasicInformation])
	cf := p.groups[vocab.ComplianceAndFunding]
	for _, role := range []string{vocab.Payer, vocab.ControllingEntity} {
		if ms := p.groups[role]; len(ms) > 0 {
			cf = append(cf, Member{Key: role, Value: NewObject(ms...)})
		}
	}
	d.ComplianceAndFunding = mergeFlat(d.ComplianceAndFunding, cf)
	d.Targeting = mergeFlat(d.Targeting, p.groups[vocab.Targeting])
	d.LegalAndMetadata = mergeFlat(d.LegalAndMetadata, p.groups[vocab.LegalAndMetadata])
	return p.other
}

// placeMember decides where one top-level member goes.
func (n *normalizer) placeMember(d *Document, p *topPlan, m Member, currencyTo string) {
	mean := n.meaning(scopeTop, m.Key)
	if src := n.vocab.NoticeSource(m.Key); src != "" {
		d.SelfNotice = src
	}
	n.notePartyNamed(d, mean, m.Key)
	switch mean.Kind {
	case vocab.GroupName:
		n.placeGroup(d, p, mean.Group, m)
	case vocab.Identifier:
		if (m.Value.Kind == String || m.Value.Kind == Number) && m.Value.Str == d.PAID {
			return // the identifier we asked for: it is the document's PAID
		}
		n.answeredFor(d, m.Value)
		p.groups[vocab.BasicInformation] = append(p.groups[vocab.BasicInformation], Member{Key: "paid", Value: m.Value})
	case vocab.FieldName, vocab.Kept, vocab.Routed:
		// a routed member goes where a user's prefix sends it; its group
		// counts it as not recognised when it is typed
		g := mean.Group
		if mean.Kind == vocab.FieldName && mean.Type() == vocab.Currency {
			g = currencyTo
		}
		p.groups[g] = append(p.groups[g], m)
	case vocab.Envelope:
		p.other = append(p.other, m)
	default:
		p.other = append(p.other, m)
		n.unrecognised("", m.Key, m.Value, mean)
	}
}

// notePartyNamed sets d.SponsorNamed where a top-level member names the
// sponsor as such: the advertiser's or the sponsors' group, or a member
// of the advertiser or of no party whose name says the role in words
// ("auftraggeber_name", "beneficiary_payers"). The payer's own members
// ("PayingAdvertiserName") do not: they name who pays.
func (n *normalizer) notePartyNamed(d *Document, mean vocab.Meaning, key string) {
	if d.SponsorNamed {
		return
	}
	if mean.Kind == vocab.GroupName {
		d.SponsorNamed = mean.Group == vocab.Advertiser || mean.Group == vocab.Sponsors || mean.Group == vocab.SponsorsAndCtrl
		return
	}
	if mean.Kind == vocab.FieldName && !vocab.IsParty(mean.Group) || mean.Group == vocab.Advertiser {
		said, negated := n.vocab.TextSays(key, "sponsor")
		d.SponsorNamed = said && !negated
	}
}

// answeredFor notes an identifier member that names another PAID than
// the one asked for: the document keeps the PAID asked for, says the one
// sent (AnsweredPAID) and warns. A PAID that differs only in case is the
// same advertisement to a service that reads PAIDs in any case, and an
// empty one or one that is no string or number names none; the first
// such member speaks for the answer.
func (n *normalizer) answeredFor(d *Document, v Value) {
	if v.Kind != String && v.Kind != Number || strings.TrimSpace(v.Str) == "" ||
		strings.EqualFold(v.Str, d.PAID) || d.AnsweredPAID != "" || d.PAID == "" {
		return
	}
	d.AnsweredPAID = v.Str
	d.warn(d.AnsweredFor)
}

// currencyGroup is where a currency written at the top level beside the
// amounts goes: to the group of the amounts it serves, where the typer
// moves it into them ("spend" and "currency" of an ad library).
func (n *normalizer) currencyGroup(ms []Member) string {
	to := ""
	for _, m := range ms {
		mean := n.meaning(scopeTop, m.Key)
		if mean.Kind != vocab.FieldName || mean.Type() != vocab.Money && mean.Type() != vocab.Benefit {
			continue
		}
		switch g := mean.Group; {
		case to == "":
			to = g
		case to != g:
			return vocab.ComplianceAndFunding
		}
	}
	if to == "" || vocab.IsParty(to) {
		return vocab.ComplianceAndFunding
	}
	return to
}

// placeGroup puts a top-level member that names a group where it belongs.
// A group sent as a bare string is the group's (or party's) name; a
// party's text block is read into its members (partyOf).
func (n *normalizer) placeGroup(d *Document, p *topPlan, g string, m Member) {
	switch g {
	case vocab.Sponsors:
		d.SponsorsState = d.SponsorsState.merge(listStateOf(m.Value))
		d.Sponsors = append(d.Sponsors, n.entries(m.Value)...)
	case vocab.Controllers:
		d.ControllersState = d.ControllersState.merge(listStateOf(m.Value))
		d.Controllers = append(d.Controllers, n.entries(m.Value)...)
	case vocab.SponsorsAndCtrl:
		p.other = n.splitParties(d, m, p.other)
	case vocab.Payer, vocab.ControllingEntity:
		switch m.Value.Kind {
		case Object:
			p.groups[g] = append(p.groups[g], m.Value.Members()...)
		case String:
			p.groups[g] = append(p.groups[g], partyOf(n.vocab, m.Value).Members()...)
		default:
			p.groups[vocab.ComplianceAndFunding] = append(p.groups[vocab.ComplianceAndFunding], Member{Key: g, Value: m.Value})
		}
	default:
		n.mergeGroupMember(d, Group(g), m)
	}
}

// mergeGroupMember adds an object group sent at the top level to what the
// document already holds for it. A group that is not an object is kept
// under its own key, except that a bare string is the advertiser's or the
// campaign's name, or the members of the advertiser's text block; a
// string that refers to the sponsor ("wie zu 1.", "same as sponsor")
// names no advertiser and stays under its key. A second spelling of the
// same group ("compliance" and "funding") is merged, its clashing names
// prefixed with its own key.
func (n *normalizer) mergeGroupMember(d *Document, g Group, m Member) {
	var add []Member
	switch {
	case m.Value.Kind == Object:
		s := scopeOf(string(g))
		add, _ = joinRanges(m.Value.Members(), func(k string) vocab.Meaning { return n.meaning(s, k) })
	case m.Value.Kind == String && g == GroupAdvertiser && !vocab.IsSelf(m.Value.Str):
		add = partyOf(n.vocab, m.Value).Members()
	case m.Value.Kind == String && g == GroupCampaign:
		add = []Member{{Key: "name", Value: m.Value}}
	default:
		add = []Member{{Key: m.Key, Value: m.Value}}
	}
	cur := d.Group(g)
	var next Value
	if cur.Kind != Object {
		next = NewObject(add...)
	} else {
		next = NewObject(appendUnique(cur.Members(), add, m.Key+".")...)
	}
	d.SetGroup(g, next)
}

// SetGroup replaces an object group of d (not sponsors or controllers,
// which are lists).
func (d *Document) SetGroup(g Group, v Value) {
	switch g {
	case GroupAdvertiser:
		d.Advertiser = v
	case GroupCampaign:
		d.Campaign = v
	case GroupBasicInformation:
		d.BasicInformation = v
	case GroupComplianceAndFunding:
		d.ComplianceAndFunding = v
	case GroupTargeting:
		d.Targeting = v
	case GroupLegalAndMetadata:
		d.LegalAndMetadata = v
	case GroupOther:
		d.Other = v
	}
}

// mergeFlat adds top-level fields to their group.
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

func hasKey(ms []Member, key string) bool {
	for _, m := range ms {
		if m.Key == key {
			return true
		}
	}
	return false
}

// String summarizes the document for logs and tests.
func (d *Document) String() string {
	return fmt.Sprintf("%s (%s): %d sponsors, %d controllers, %d other members",
		d.PAID, d.View, len(d.Sponsors), len(d.Controllers), d.Other.Len())
}
