package vocab

import (
	"embed"
	"fmt"
	"slices"
	"strings"
	"sync"
)

//go:embed data/*.vocab
var dataFiles embed.FS

// builtinFiles are the vocabularies in the order they are read: where two
// give one name, the first says what recognised it.
var builtinFiles = []string{
	"spec.vocab", "ttpa-annex2.vocab", "politiekereclame-nl.vocab", "meta-ad-library.vocab",
	"ad-collectors.vocab", "names-nl-de-fr.vocab", "values.vocab",
}

// Builtin is the vocabulary padview ships: every data file, compiled on
// first use. It panics on a broken data file, which the package's tests
// rule out.
var Builtin = sync.OnceValue(func() *Vocabulary {
	v, err := compile(builtinFiles)
	if err != nil {
		panic("vocab: " + err.Error())
	}
	return v
})

// Vocabulary says what member names mean. It is read-only once built and
// safe for concurrent use.
type Vocabulary struct {
	fields map[string]*Field // by path: "party.email", "campaign.startDate"
	order  []*Field          // in the order the data declares them

	// names are per scope: "top", "party" and each object group; a name
	// found nowhere in its scope is read as at the top level.
	names  map[string]map[string]entry
	groups map[string]entry // folded group names → the group (entry.group)

	roles         []affix // prefixes naming a party: opdrachtgever → advertiser
	groupPrefixes []affix // a group's names before its fields: campaign → campaign
	prefixes      []affix // prefixes sending a member to a group under its own name
	qualifiers    []affix
	trailers      map[string]bool // folded words after a party's field that do not change what it holds ("nummer")
	currencies    []affix         // words naming a currency → ISO code in affix.to
	envelope      map[string]string
	identifier    map[string]string
	parts         map[string]string // money members: amount, currency, lower, upper
	words         map[string][]phrase
	listed        map[string][]string // the partner interface's fields of a group, in its order
	sets          map[string][]*Field // "set" lines: fields that together say one thing
	notice        map[string]string   // folded names only a record that is itself a notice carries → its source

	// personal are the names of personal fields (a party's and the top
	// level's), by folded name and as suffixes by their last byte: what
	// a name the vocabulary does not read as a field suggests (Personal).
	personal      map[string]Category
	personalIdx   *affixIndex
	currencyParts []string // folded names of an amount's currency ("currency", "waehrung"), longest first

	// The affixes by the first byte they start with (the last one a
	// currency ends with): a name is tried only against those that can
	// match it, so that a million unknown names cost little.
	roleIdx, groupIdx, prefixIdx, qualIdx *affixIndex
	curFirst, curLast                     *affixIndex

	// conflicts are names the data gives two meanings in one scope; the
	// first stands. Tests keep the built-in data free of them.
	conflicts []string

	cache   lookupCache
	guesses categoryCache
}

// entry is what one name means in one scope.
type entry struct {
	field    *Field
	group    string // the party or group the field is read in; for a group name, the group
	by       string // the vocabulary that gave it
	spelling string // as the data writes it
	override bool   // a name for the top level only, which stands over the groups' names
	part     string // for a user's line to "….lowerBound" or "….upperBound": the end of a range it is
}

// affix is a prefix or a word with what it stands for.
type affix struct {
	folded, spelling, to, by string
	// keeps: a user's prefix ("x_*"): whatever follows goes to the party
	// or group, under its own name where the vocabulary does not know it,
	// routed there but not recognised.
	keeps bool
}

// phrase is a value word or phrase, normalized (see normalizeWords).
type phrase struct {
	text  string
	whole bool // matches only a whole value
}

const topScope = "top"

// compile reads the named data files into a vocabulary: every field first,
// so that a file may name a field another file declares.
func compile(files []string) (*Vocabulary, error) {
	v := &Vocabulary{
		fields: map[string]*Field{}, names: map[string]map[string]entry{}, groups: map[string]entry{},
		envelope: map[string]string{}, identifier: map[string]string{}, parts: map[string]string{},
		words: map[string][]phrase{}, listed: map[string][]string{}, sets: map[string][]*Field{},
		notice: map[string]string{}, trailers: map[string]bool{},
	}
	var all []line
	for _, name := range files {
		data, err := dataFiles.ReadFile("data/" + name)
		if err != nil {
			return nil, err
		}
		lines, err := parseFile(name, string(data))
		if err != nil {
			return nil, err
		}
		all = append(all, lines...)
	}
	for _, l := range all {
		if l.verb == "field" {
			if err := v.declare(l); err != nil {
				return nil, err
			}
		}
	}
	// Names are entered tier by tier: names for the top level only, then
	// each group's names in the document's order, so that where a name is a
	// field of two groups the earlier group's reading stands at the top.
	for _, tier := range []string{"top", "field", "name", "scoped", "other"} {
		for _, l := range all {
			if err := v.enter(tier, l); err != nil {
				return nil, err
			}
		}
	}
	for f, e := range v.groups {
		if slices.Contains(objectGroups, e.group) {
			v.groupPrefixes = append(v.groupPrefixes, affix{folded: f, spelling: e.spelling, to: e.group, by: e.by})
		}
	}
	slices.SortFunc(v.groupPrefixes, func(a, b affix) int { return strings.Compare(a.folded, b.folded) })
	sortAffixes(v.roles, v.groupPrefixes, v.prefixes, v.qualifiers, v.currencies)
	v.index()
	return v, nil
}

// affixIndex is a list of affixes by a byte of their folded form, each
// list in the order of the whole (longest first).
type affixIndex [256][]affix

func indexBy(l []affix, byteOf func(string) byte) *affixIndex {
	var x affixIndex
	for _, a := range l {
		if a.folded != "" {
			b := byteOf(a.folded)
			x[b] = append(x[b], a)
		}
	}
	return &x
}

func firstByte(s string) byte { return s[0] }
func lastByte(s string) byte  { return s[len(s)-1] }

// index builds the affix indexes; call it whenever a list changes.
func (v *Vocabulary) index() {
	v.roleIdx, v.groupIdx = indexBy(v.roles, firstByte), indexBy(v.groupPrefixes, firstByte)
	v.prefixIdx, v.qualIdx = indexBy(v.prefixes, firstByte), indexBy(v.qualifiers, firstByte)
	v.curFirst, v.curLast = indexBy(v.currencies, firstByte), indexBy(v.currencies, lastByte)
	v.personal = map[string]Category{}
	var suffixes []affix
	for _, scope := range []string{party, topScope} {
		for f, e := range v.names[scope] {
			if c := e.field.Category; c != NotPersonal {
				if _, dup := v.personal[f]; !dup {
					v.personal[f] = c
					suffixes = append(suffixes, affix{folded: f, to: string(c)})
				}
			}
		}
	}
	slices.SortFunc(suffixes, func(a, b affix) int { return strings.Compare(a.folded, b.folded) })
	sortAffixes(suffixes)
	v.personalIdx = indexBy(suffixes, lastByte)
	v.currencyParts = v.currencyParts[:0]
	for f, part := range v.parts {
		if part == "currency" {
			v.currencyParts = append(v.currencyParts, f)
		}
	}
	slices.Sort(v.currencyParts)
	slices.SortStableFunc(v.currencyParts, func(a, b string) int { return len(b) - len(a) })
}

// starting are the affixes of x that f may start with.
func (x *affixIndex) starting(f string) []affix {
	if f == "" {
		return nil
	}
	return x[f[0]]
}

// line is one statement of a data file.
type line struct {
	file, by string
	no       int
	verb     string
	args     []string
	names    []string
}

func (l line) errorf(format string, a ...any) error {
	return fmt.Errorf("%s:%d: %s", l.file, l.no, fmt.Sprintf(format, a...))
}

// parseFile splits a data file into statements: "verb args = names", an
// indented line continuing the names of the one above.
func parseFile(file, data string) ([]line, error) {
	var out []line
	by := file
	for i, raw := range strings.Split(data, "\n") {
		text := strings.TrimRight(raw, " \t\r")
		trimmed := strings.TrimSpace(text)
		switch {
		case trimmed == "" || strings.HasPrefix(trimmed, "#"):
			continue
		case text[0] == ' ' || text[0] == '\t':
			if len(out) == 0 {
				return nil, fmt.Errorf("%s:%d: a continuation with nothing to continue", file, i+1)
			}
			out[len(out)-1].names = append(out[len(out)-1].names, splitNames(trimmed)...)
			continue
		}
		if rest, ok := strings.CutPrefix(trimmed, "vocabulary "); ok {
			by = strings.TrimSpace(rest)
			continue
		}
		head, names, ok := strings.Cut(trimmed, "=")
		if !ok {
			return nil, fmt.Errorf("%s:%d: no '=' in %q", file, i+1, trimmed)
		}
		f := strings.Fields(head)
		out = append(out, line{file: file, by: by, no: i + 1, verb: f[0], args: f[1:], names: splitNames(names)})
	}
	return out, nil
}

func splitNames(s string) []string {
	var out []string
	for _, n := range strings.Split(s, ",") {
		if n = strings.TrimSpace(n); n != "" {
			out = append(out, n)
		}
	}
	return out
}

// declare reads a field line: "field <group>.<name> <type> <category> = names".
func (v *Vocabulary) declare(l line) error {
	if len(l.args) != 3 {
		return l.errorf("a field line is: field <path> <type> <category> = names")
	}
	group, name := splitPath(l.args[0])
	if name == "" || !(group == party || slices.Contains(objectGroups, group)) {
		return l.errorf("%q is not a path of a group's or party's field", l.args[0])
	}
	t, ok := parseType(l.args[1])
	if !ok {
		return l.errorf("unknown type %q", l.args[1])
	}
	f := &Field{Group: group, Name: name, Type: t}
	switch c := l.args[2]; c {
	case "-":
	case "name?":
		f.NameOfPerson = true
	default:
		if !slices.Contains(Categories, Category(c)) {
			return l.errorf("unknown category %q", c)
		}
		f.Category = Category(c)
	}
	if _, dup := v.fields[f.Path()]; dup {
		return l.errorf("field %s declared twice", f.Path())
	}
	v.fields[f.Path()] = f
	v.order = append(v.order, f)
	return nil
}

// enter reads the statements of one tier (see compile).
func (v *Vocabulary) enter(tier string, l line) error {
	switch {
	case tier == "top" && l.verb == "top":
		return v.enterNames(l, true, false)
	case tier == "field" && l.verb == "field":
		return v.enterNames(l, false, false)
	case tier == "name" && l.verb == "name":
		return v.enterNames(l, false, false)
	case tier == "scoped" && l.verb == "scoped":
		return v.enterNames(l, false, true)
	case tier != "other":
		return nil
	}
	return v.enterOther(l)
}

// enterNames enters a field's names: in its own scope (a party's field in
// every party's), and at the top level unless scoped; a top line only at
// the top level. A path may name a role ("payer.name"): the names then mean
// that party's field at the top level.
func (v *Vocabulary) enterNames(l line, topOnly, scoped bool) error {
	group, name := splitPath(l.args0())
	fieldGroup, role := group, ""
	if IsParty(group) {
		fieldGroup = party
		if group != party {
			role = group
		}
	}
	f, ok := v.fields[fieldGroup+"."+name]
	if !ok {
		return l.errorf("no field %s", l.args0())
	}
	top := group
	if group == party {
		top = Advertiser
	}
	for _, n := range l.names {
		e := entry{field: f, by: l.by, spelling: n, override: topOnly}
		switch {
		case topOnly || role != "":
			e.group = top
			v.put(topScope, n, e)
		case scoped:
			e.group = groupOf(fieldGroup)
			v.put(fieldGroup, n, e)
		default:
			e.group = groupOf(fieldGroup)
			v.put(fieldGroup, n, e)
			e.group = top
			v.put(topScope, n, e)
		}
	}
	return nil
}

// groupOf is the group a scope's own fields are read in: "" for a party,
// whose fields belong to whichever party holds them.
func groupOf(scope string) string {
	if scope == party {
		return ""
	}
	return scope
}

func (l line) args0() string {
	if len(l.args) == 0 {
		return ""
	}
	return l.args[0]
}

func (v *Vocabulary) put(scope, name string, e entry) {
	f := Fold(name)
	if f == "" {
		return
	}
	m := v.names[scope]
	if m == nil {
		m = map[string]entry{}
		v.names[scope] = m
	}
	if old, ok := m[f]; ok {
		if !old.override && (old.field != e.field || old.group != e.group) {
			v.conflicts = append(v.conflicts, fmt.Sprintf("%s in %s: %s (%s) and %s (%s)", name, scope,
				old.field.Path(), old.by, e.field.Path(), e.by))
		}
		return
	}
	m[f] = e
}

// enterOther reads the statements that are not a field's names: one case
// for each line form of the data files (spec.vocab lists them). It is
// better whole: it reads as the one list of statements it is.
func (v *Vocabulary) enterOther(l line) error {
	arg := l.args0()
	switch l.verb {
	case "field", "name", "scoped", "top":
		return nil
	case "group":
		return v.enterGroup(l, arg)
	case "role":
		if !IsParty(arg) || arg == Sponsors || arg == Controllers {
			return l.errorf("%q is not a role (advertiser, payer, controllingEntity)", arg)
		}
		v.roles = append(v.roles, l.affixes(arg)...)
	case "prefix":
		if !slices.Contains(objectGroups, arg) {
			return l.errorf("%q is not a group a prefix can send members to", arg)
		}
		v.prefixes = append(v.prefixes, l.affixes(arg)...)
	case "qualifier":
		v.qualifiers = append(v.qualifiers, l.affixes("")...)
	case "trailer":
		for _, n := range l.names {
			v.trailers[Fold(n)] = true
		}
	case "currency":
		v.currencies = append(v.currencies, l.affixes(arg)...)
	case "envelope":
		l.setIn(v.envelope, "envelope")
	case "identifier":
		l.setIn(v.identifier, "identifier")
	case "part":
		l.setIn(v.parts, arg)
	case "listed":
		return v.enterListed(l, arg)
	case "set":
		return v.enterSet(l, arg)
	case "notice":
		l.setIn(v.notice, l.by)
	case "words":
		for _, n := range l.names {
			p := phrase{text: normalizeWords(strings.TrimPrefix(n, "=")), whole: strings.HasPrefix(n, "=")}
			v.words[arg] = append(v.words[arg], p)
		}
	default:
		return l.errorf("unknown statement %q", l.verb)
	}
	return nil
}

// affixes are the line's names as affixes standing for to.
func (l line) affixes(to string) []affix {
	out := make([]affix, 0, len(l.names))
	for _, n := range l.names {
		out = append(out, affix{folded: Fold(n), spelling: n, to: to, by: l.by})
	}
	return out
}

// setIn enters the line's names in m, the first entry of a name standing.
func (l line) setIn(m map[string]string, to string) {
	for _, n := range l.names {
		if _, ok := m[Fold(n)]; !ok {
			m[Fold(n)] = to
		}
	}
}

// enterGroup reads "group <group> = names".
func (v *Vocabulary) enterGroup(l line, group string) error {
	if !isGroup(group) {
		return l.errorf("unknown group %q", group)
	}
	for _, n := range l.names {
		if old, ok := v.groups[Fold(n)]; ok && old.group != group {
			v.conflicts = append(v.conflicts, fmt.Sprintf("group name %s: %s and %s", n, old.group, group))
			continue
		}
		v.groups[Fold(n)] = entry{group: group, by: l.by, spelling: n}
	}
	return nil
}

// enterListed reads "listed <group> = fields".
func (v *Vocabulary) enterListed(l line, group string) error {
	scope := group
	if IsParty(group) {
		scope = party
	}
	for _, n := range l.names {
		if _, ok := v.fields[scope+"."+n]; !ok {
			return l.errorf("no field %s.%s", scope, n)
		}
	}
	v.listed[group] = l.names
	return nil
}

// enterSet reads "set <name> = paths": the fields are added to the set,
// which several files may extend.
func (v *Vocabulary) enterSet(l line, name string) error {
	if name == "" {
		return l.errorf("a set line is: set <name> = paths")
	}
	for _, p := range l.names {
		f, ok := v.fields[p]
		if !ok {
			return l.errorf("no field %s", p)
		}
		if !slices.Contains(v.sets[name], f) {
			v.sets[name] = append(v.sets[name], f)
		}
	}
	return nil
}

// isGroup reports whether g is a group or role a member can stand for.
func isGroup(g string) bool {
	switch g {
	case Advertiser, Campaign, Sponsors, Controllers, SponsorsAndCtrl, BasicInformation,
		ComplianceAndFunding, Targeting, LegalAndMetadata, Payer, ControllingEntity:
		return true
	}
	return false
}

// sortAffixes puts longer affixes first, so that "betalende_partij" is
// tried before "betalende".
func sortAffixes(lists ...[]affix) {
	for _, l := range lists {
		slices.SortStableFunc(l, func(a, b affix) int { return len(b.folded) - len(a.folded) })
	}
}
