package text

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/vocab"
)

// Masked is what a hidden value reads as.
const Masked = "•••"

// The categories of personal data, as the access log records them and the
// mask treats them: the vocabulary's.
const (
	CategoryEmail   = string(vocab.Email)
	CategoryPhone   = string(vocab.Phone)
	CategoryAddress = string(vocab.Address)
	CategoryName    = string(vocab.Name)      // the name of a natural person
	CategoryOther   = string(vocab.OtherData) // date of birth, passport or tax number, IBAN and the like
)

// Categories lists the categories in the order they are reported.
var Categories = []string{CategoryEmail, CategoryPhone, CategoryAddress, CategoryName, CategoryOther}

// PersonalCategoryAt is the one answer to "is this member of the
// normalized document personal data, and of which category": "" when it is
// not. path leads from a group to the member: the group's name, then member
// names, with an index into the sponsors or controllers ("sponsors", "2",
// "email"; "advertiser", "address", "line1"; "complianceAndFunding",
// "payer", "email"). The answer follows the vocabulary's categories, never
// a substring of the name: a party's plain name counts only where the
// party is a natural person, and a member inside a personal one (an
// address's lines) is personal too. It says nothing of the value: an
// empty value, which shows nothing, is the caller's to leave alone.
func PersonalCategoryAt(d *advert.Document, path ...string) string {
	if len(path) < 2 {
		return ""
	}
	_, c, _ := placeAt(d, path)
	return string(c)
}

// placeAt is where the value at path stands in d (see PersonalCategoryAt
// for path), and its category; ok is false when d has no such place.
func placeAt(d *advert.Document, path []string) (p place, c vocab.Category, ok bool) {
	if d == nil || len(path) < 1 {
		return place{}, vocab.NotPersonal, false
	}
	g := advert.Group(path[0])
	vc := d.Vocabulary()
	var v advert.Value
	rest := path[1:]
	if items, _ := d.Parties(g); isPartyGroup(g) {
		i, isIndex := index(rest)
		if !isIndex || i >= len(items) {
			return place{}, vocab.NotPersonal, false
		}
		v, rest = items[i], rest[1:]
		p = partyPlace(vc, v)
	} else {
		v = d.Group(g)
		p = objectPlace(vc, string(g), v)
	}
	for _, key := range rest {
		if v.Kind == advert.Array {
			v = advert.Value{} // an index: the items share the place of their list
			continue
		}
		child, _ := v.Get(key)
		c, p = p.member(key, child)
		v = child
	}
	return p, c, true
}

func isPartyGroup(g advert.Group) bool {
	return g == advert.GroupSponsors || g == advert.GroupControllers
}

// index reads the first step of a path as a list index.
func index(path []string) (int, bool) {
	if len(path) == 0 || path[0] == "" {
		return 0, false
	}
	i := 0
	for _, c := range path[0] {
		if c < '0' || c > '9' {
			return 0, false
		}
		i = i*10 + int(c-'0')
	}
	return i, true
}

// MaskValueIn masks v as MaskDocument masks the value at path in d (path
// as PersonalCategoryAt reads it; a party group alone for its whole list):
// by the vocabulary's categories, a party's plain name where that party of
// d is a natural person. A comparison masks each side in its own
// document. Where d has no such place, v is masked as MaskValueAt masks
// it. It does not change v.
func MaskValueIn(d *advert.Document, v advert.Value, path ...string) advert.Value {
	if len(path) == 1 && isPartyGroup(advert.Group(path[0])) && v.Kind == advert.Array {
		return advert.NewArray(maskParties(d.Vocabulary(), v.Items())...) // a whole list, each party by itself
	}
	p, _, ok := placeAt(d, path)
	if !ok {
		if len(path) > 0 {
			path = path[1:]
		}
		if _, isIndex := index(path); isIndex {
			path = path[1:]
		}
		return MaskValueAt(path, v)
	}
	return maskAt(p, v)
}

// MaskedPartyName is the name of a party of d (a sponsor, a controller,
// the advertiser) as the mask shows it: "•••" where the name is a natural
// person's, read with d's vocabulary.
func MaskedPartyName(d *advert.Document, v advert.Value) string {
	if v.Kind != advert.Object {
		return MaskValue("", PartyName(v))
	}
	return PartyName(maskAt(partyPlace(d.Vocabulary(), v), v))
}

// PersonalPlace is where members stand, as far as personal data goes: a
// group's object or a party, then the members inside them. It lets a
// reader that walks a document (a pane drawing ◆ markers) ask the question
// PersonalCategoryAt answers member by member.
type PersonalPlace struct{ p place }

// PlaceOfGroup is the place of the members of group g's object in d (the
// advertiser is a party), read with d's vocabulary.
func PlaceOfGroup(d *advert.Document, g advert.Group) PersonalPlace {
	return PersonalPlace{objectPlace(d.Vocabulary(), string(g), d.Group(g))}
}

// PlaceOfParty is the place of the members of a sponsor or controller of
// d.
func PlaceOfParty(d *advert.Document, entry advert.Value) PersonalPlace {
	return PersonalPlace{partyPlace(d.Vocabulary(), entry)}
}

// Member is the category of personal data the member key (holding v) of
// an object at pp holds ("" when none), and the place of its own members.
func (pp PersonalPlace) Member(key string, v advert.Value) (string, PersonalPlace) {
	c, next := pp.p.member(key, v)
	return string(c), PersonalPlace{next}
}

// place is where a member stands, as far as personal data goes: the
// vocabulary its name is read with (the document's), the scope it is read
// in, whether that is a party that is a natural person, and the category
// of a member above it, which covers everything below.
type place struct {
	vc       *vocab.Vocabulary
	scope    string // a vocabulary scope; nested inside a field's value
	natural  bool
	category vocab.Category
	// block is a party's text block as sent (advert.PartyTextKey), read
	// into its parts: the mask hides the personal ones inside it.
	block []advert.PartyPart
}

const nested = "-"

func groupPlace(vc *vocab.Vocabulary, g string) place {
	if g == string(advert.GroupOther) {
		return place{vc: vc, scope: ""}
	}
	return place{vc: vc, scope: g}
}

// objectPlace is the place of a group's members: a party's for the
// advertiser.
func objectPlace(vc *vocab.Vocabulary, g string, v advert.Value) place {
	if vocab.IsParty(g) {
		return partyPlace(vc, v)
	}
	return groupPlace(vc, g)
}

func partyPlace(vc *vocab.Vocabulary, v advert.Value) place {
	return place{vc: vc, scope: vocab.Sponsors, natural: advert.NaturalPerson(vc, v)}
}

// member is the category of the member key (holding v) of an object at p,
// and the place of the member's own members: the vocabulary's one answer
// (vocab.Personal), which the mask, the ◆ markers, the access log and
// `padview fields` all read.
func (p place) member(key string, v advert.Value) (vocab.Category, place) {
	if p.category != vocab.NotPersonal {
		return p.category, p
	}
	if c := vocab.Category(KeyCategory(key)); c != vocab.NotPersonal {
		// A member named by an email or a phone number is about that
		// person: its value is personal with its name.
		return c, place{vc: p.vc, scope: nested, category: c}
	}
	if p.scope == nested {
		c := nestedCategory(p.vc, key)
		return c, place{vc: p.vc, scope: nested, category: c}
	}
	c := p.vc.Personal(p.scope, key, p.natural)
	if mean := p.vc.Lookup(p.scope, key); mean.Kind == vocab.GroupName && vocab.Home(mean.Group) != "" && v.Kind == advert.Object {
		return c, partyPlace(p.vc, v) // the payer or the controlling entity
	}
	if key == advert.PartyTextKey && p.scope == vocab.Sponsors && v.Kind == advert.String {
		if parts, ok := advert.ReadPartyText(p.vc, v.Str); ok {
			b := place{vc: p.vc, scope: nested, natural: p.natural, block: parts}
			b.category = b.blockCategory()
			return b.category, b
		}
	}
	return c, place{vc: p.vc, scope: nested, category: c}
}

// blockCategory is the category of a party's text block: the first, in
// the order of vocab.Categories, of the personal parts it holds.
func (p place) blockCategory() vocab.Category {
	held := map[vocab.Category]bool{}
	for _, c := range p.blockCategories() {
		held[c] = true
	}
	for _, c := range vocab.Categories {
		if held[c] {
			return c
		}
	}
	return vocab.NotPersonal
}

// blockCategories are the categories of the personal parts of a party's
// text block, as the party's own members of those fields have them.
func (p place) blockCategories() []vocab.Category {
	var out []vocab.Category
	for _, pt := range p.block {
		if pt.Field == "" || pt.End <= pt.Start {
			continue
		}
		if c := p.vc.Personal(vocab.Sponsors, pt.Field, p.natural); c != vocab.NotPersonal {
			out = append(out, c)
		}
	}
	return out
}

// maskBlock masks a party's text block part by part: each personal part
// as the party's member of its field is masked, the rest as free text
// (its emails and phone numbers). An organisation's name stays.
func (p place) maskBlock(s string) string {
	var b strings.Builder
	last := 0
	for _, pt := range p.block {
		if pt.Field == "" || pt.Start < last || pt.End > len(s) {
			continue
		}
		c := p.vc.Personal(vocab.Sponsors, pt.Field, p.natural)
		if c == vocab.NotPersonal {
			continue
		}
		b.WriteString(MaskText(s[last:pt.Start]))
		b.WriteString(maskAs(c, s[pt.Start:pt.End]))
		last = pt.End
	}
	b.WriteString(MaskText(s[last:]))
	return b.String()
}

// nestedCategory is the category of a name inside a field's value, where
// the vocabulary names no field: what the name means at the top level or
// in a party ("contact" › "email").
func nestedCategory(vc *vocab.Vocabulary, key string) vocab.Category {
	if c := vc.Personal("", key, false); c != vocab.NotPersonal {
		return c
	}
	return vc.Personal(vocab.Sponsors, key, false)
}

// PersonalCategory names the kind of personal data a member holds: by
// what its name means anywhere (a party's field or the top level's), or,
// under any name, by a value shaped like an email address. It returns ""
// for anything else. A member of a known place in a document reads better
// through PersonalCategoryAt.
func PersonalCategory(key, value string) string {
	if c := KeyCategory(key); c != "" {
		return c
	}
	if c := nestedCategory(vocab.Builtin(), key); c != vocab.NotPersonal {
		return string(c)
	}
	if looksLikeEmail(value) {
		return CategoryEmail
	}
	return ""
}

// KeyCategory is the one answer to "is this member's name itself personal
// data": the category of an email address or a phone number it is or
// holds, as MaskText finds them in free text ("jane.doe@mail.example",
// "+49 30 1234567", "0301234567"); "" for any other name. A service may
// key a list of contacts by them: {"contacts": {"jane.doe@mail.example":
// …}}. Such a member is personal data whole, its name and its value (see
// place.member): the mask shows its name masked (MaskName), the screen
// marks it ◆, and the watch history keeps a keyed hash of the name as of
// the value.
func KeyCategory(key string) string {
	if looksLikeEmail(key) {
		return CategoryEmail
	}
	if c := TextCategories(key); len(c) > 0 {
		return c[0]
	}
	return ""
}

// MaskName is a member's name as the mask shows it: a name that is
// personal data (KeyCategory) with its email address or phone number
// masked as a value is ("j•••@mail.example"), hidden whole where that
// would leave it as it was; any other name as it is.
func MaskName(key string) string {
	if KeyCategory(key) == "" {
		return key
	}
	if m := MaskValue("", key); m != key {
		return m
	}
	return Masked
}

// looksLikeEmail is a loose shape test (something@something.tld, no spaces):
// it decides what the mask hides, so it errs towards hiding.
func looksLikeEmail(s string) bool {
	s = strings.TrimSpace(s)
	at := strings.LastIndexByte(s, '@')
	if at <= 0 || strings.ContainsAny(s, " \t") {
		return false
	}
	domain := s[at+1:]
	dot := strings.LastIndexByte(domain, '.')
	return dot > 0 && dot < len(domain)-1
}

// MaskEmail keeps the first character and the domain: "j•••@example.org".
// Anything that is not shaped like an address is hidden whole.
func MaskEmail(s string) string {
	s = strings.TrimSpace(s)
	if !looksLikeEmail(s) {
		return Masked
	}
	at := strings.LastIndexByte(s, '@')
	first, _ := utf8.DecodeRuneInString(s)
	return string(first) + Masked + s[at:]
}

// MaskPhone keeps the country code and the last two digits, and hides how
// many digits lie between: "+49 ••• •• 99". Short numbers are hidden whole.
func MaskPhone(s string) string {
	s = strings.TrimSpace(s)
	var digits []rune
	for _, r := range s {
		if r >= '0' && r <= '9' {
			digits = append(digits, r)
		}
	}
	if len(digits) < 6 {
		return Masked
	}
	last := string(digits[len(digits)-2:])
	prefix := ""
	if rest, ok := strings.CutPrefix(s, "+"); ok {
		cc := strings.FieldsFunc(rest, func(r rune) bool { return !unicode.IsDigit(r) })
		// A country code is 1 to 3 digits; without a separator after it its
		// length is unknown, so only the plus is kept.
		if len(cc) > 1 && len(cc[0]) <= 3 && strings.HasPrefix(rest, cc[0]) {
			prefix = "+" + cc[0] + " "
		} else {
			prefix = "+"
		}
	}
	return prefix + Masked + " •• " + last
}

// MaskValue hides a value of personal data for screen sharing: emails and
// phone numbers keep a recognizable edge, addresses, names and everything
// else personal are hidden whole. Values of other members come back with
// only the emails and phone numbers inside them masked (see MaskText). An
// empty value stays empty: it shows nothing.
func MaskValue(key, value string) string {
	return maskAs(vocab.Category(PersonalCategory(key, value)), value)
}

// maskAs hides a value of category c; "" masks only the emails and phone
// numbers inside free text.
func maskAs(c vocab.Category, value string) string {
	if strings.TrimSpace(value) == "" {
		return value
	}
	switch c {
	case vocab.NotPersonal:
		if looksLikeEmail(value) {
			return MaskEmail(value)
		}
		return MaskText(value)
	case vocab.Email:
		return MaskEmail(value)
	case vocab.Phone:
		return MaskPhone(value)
	}
	return Masked
}

// MaskDocument returns a copy of d with every value of personal data
// masked (see MaskValue and PersonalCategoryAt), in every group, sponsor
// and controller, the payer and the controlling entity; a value inside a
// personal member (an "address" object) is masked whatever its own name,
// and an email or phone number inside any other string (see MaskText),
// warnings included. null stays null: "not disclosed" reveals nothing. The
// copy has no Raw bytes, which could not be masked. d itself is not
// changed.
func MaskDocument(d *advert.Document) *advert.Document {
	if d == nil {
		return nil
	}
	m := *d
	m.Raw = nil
	vc := d.Vocabulary()
	for _, g := range advert.Groups {
		if g.Parties {
			continue
		}
		v := d.Group(g.Group)
		m.SetGroup(g.Group, maskAt(objectPlace(vc, string(g.Group), v), v))
	}
	m.Sponsors = maskParties(vc, d.Sponsors)
	m.Controllers = maskParties(vc, d.Controllers)
	m.Masked = true
	// Warnings quote values ("kept the first value …"): see MaskWarning.
	if d.Warnings != nil {
		m.Warnings = make([]string, len(d.Warnings))
		for i, w := range d.Warnings {
			m.Warnings[i] = MaskWarning(w)
		}
	}
	return &m
}

func maskParties(vc *vocab.Vocabulary, items []advert.Value) []advert.Value {
	if items == nil {
		return nil
	}
	out := make([]advert.Value, len(items))
	for i, it := range items {
		out[i] = maskAt(partyPlace(vc, it), it)
	}
	return out
}

// MaskTree masks any JSON value as MaskDocument masks a group: for JSON
// that is not an advertisement, such as an error body.
func MaskTree(v advert.Value) advert.Value { return maskAt(place{vc: vocab.Builtin(), scope: ""}, v) }

// maskAt masks v, whose members stand at p; a scalar is masked by the
// category p carries.
func maskAt(p place, v advert.Value) advert.Value {
	switch v.Kind {
	case advert.Object:
		out := make([]advert.Member, v.Len())
		var names map[string]int // masked names, when any: two may mask alike
		for i, m := range v.Members() {
			_, child := p.member(m.Key, m.Value)
			key := m.Key
			if masked := MaskName(key); masked != key {
				if names == nil {
					names = map[string]int{}
				}
				if names[masked]++; names[masked] > 1 {
					masked = fmt.Sprintf("%s (%d)", masked, names[masked])
				}
				key = masked
			}
			out[i] = advert.Member{Key: key, Value: maskAt(child, m.Value)}
		}
		return advert.NewObject(out...)
	case advert.Array:
		out := make([]advert.Value, v.Len())
		for i, it := range v.Items() {
			out[i] = maskAt(p, it)
		}
		return advert.NewArray(out...)
	case advert.String, advert.Number:
		if p.block != nil && v.Kind == advert.String {
			return advert.StringValue(p.maskBlock(v.Str))
		}
		if s := maskAs(p.category, v.Str); s != v.Str {
			return advert.StringValue(s)
		}
	}
	return v
}

// MaskValueAt masks v as MaskDocument would mask it at the end of path:
// the member names leading to it from its group or party (array indexes
// left out), so that a value inside a personal member ("address" ›
// "line1") is hidden too. Not knowing the party, it reads a party's names
// as those of a party that is not a natural person. It does not change v.
func MaskValueAt(path []string, v advert.Value) advert.Value {
	p := place{vc: vocab.Builtin(), scope: nested}
	for _, k := range path {
		c, next := p.member(k, advert.Value{})
		p = next
		p.category = c
	}
	return maskAt(p, v)
}

// PersonalCategories lists the categories of personal data d holds (a
// value, not null or empty), in the order of Categories: what showing d
// shows, or writing it whole. The access log records these, never the
// values.
func PersonalCategories(d *advert.Document) []string {
	return PersonalCategoriesIn(d)
}

// PersonalCategoriesIn lists the categories of personal data d holds in
// the groups named (every group when none is), in the order of
// Categories: what a writer of those groups writes (the CSV export writes
// the sponsors and the controllers).
func PersonalCategoriesIn(d *advert.Document, groups ...advert.Group) []string {
	if d == nil {
		return nil
	}
	seen := CategorySet{}
	vc := d.Vocabulary()
	for _, g := range advert.Groups {
		if len(groups) > 0 && !slices.Contains(groups, g.Group) {
			continue
		}
		if g.Parties {
			items, _ := d.Parties(g.Group)
			for _, it := range items {
				collectCategories(partyPlace(vc, it), it, seen)
			}
			continue
		}
		v := d.Group(g.Group)
		collectCategories(objectPlace(vc, string(g.Group), v), v, seen)
	}
	return seen.List()
}

// CategorySet gathers the categories of personal data a writer wrote, so
// that an export's line in the access log names what its file holds and
// nothing else.
type CategorySet map[vocab.Category]bool

// Add adds a category; "" (not personal) adds nothing.
func (s CategorySet) Add(category string) {
	if category != "" {
		s[vocab.Category(category)] = true
	}
}

// List lists the categories gathered, in the order of Categories; empty,
// not nil, when there are none.
func (s CategorySet) List() []string {
	out := []string{}
	for _, c := range Categories {
		if s[vocab.Category(c)] {
			out = append(out, c)
		}
	}
	return out
}

// Written adds to s the categories of personal data of v written whole
// (each of its members, and emails and phone numbers in its text): v is a
// member's value of category category (from Member), its own members
// standing at pp.
func (pp PersonalPlace) Written(category string, v advert.Value, s CategorySet) {
	p := pp.p
	if category != "" {
		p.category = vocab.Category(category)
	}
	collectCategories(p, v, s)
}

// NameCategory is the category of personal data of the name PartyName
// writes for v, whose members stand at pp: a person's names are personal
// data; the name a party goes by is where the party is a natural person.
func (pp PersonalPlace) NameCategory(v advert.Value) string {
	if v.Kind != advert.Object {
		return ""
	}
	n := readNaming(vocab.Builtin(), v)
	switch {
	case n.name != "":
		c, _ := pp.p.member(n.nameKey, advert.Value{Kind: advert.String})
		return string(c)
	case n.person != "":
		return CategoryName
	}
	return ""
}

func collectCategories(p place, v advert.Value, seen CategorySet) {
	switch v.Kind {
	case advert.Object:
		for _, m := range v.Members() {
			_, child := p.member(m.Key, m.Value)
			collectCategories(child, m.Value, seen)
		}
	case advert.Array:
		for _, it := range v.Items() {
			collectCategories(p, it, seen)
		}
	case advert.String, advert.Number:
		switch {
		case strings.TrimSpace(v.Str) == "":
		case p.block != nil:
			for _, c := range p.blockCategories() {
				seen[c] = true
			}
			for _, c := range TextCategories(v.Str) {
				seen[vocab.Category(c)] = true
			}
		case p.category != vocab.NotPersonal:
			seen[p.category] = true
		case looksLikeEmail(v.Str):
			seen[vocab.Email] = true
		case v.Kind == advert.String:
			for _, c := range TextCategories(v.Str) {
				seen[vocab.Category(c)] = true
			}
		}
	}
}
