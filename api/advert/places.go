package advert

import (
	"strings"

	"github.com/padview/padview/api/vocab"
)

// Place is where one leaf member of an answer goes in the normalized
// document, as `padview fields` lists it for whoever connects a service.
type Place struct {
	// Source is the member's path in the answer as sent: its names from
	// the top, array items written [] ("opdrachtgever_mailadres",
	// "spend.lower_bound", "data[].page_name", "sponsors[].email").
	Source string
	// Name is the member's own name as sent (the last of Source).
	Name string
	// Path is its place in the normalized document ("advertiser.email",
	// "complianceAndFunding.amountsReceived.lowerBound"); "other.…" for
	// what goes to Other.
	Path       string
	Recognised bool
	// By says what recognised it: a vocabulary, a composition of names,
	// the user's [fields], or the member it sits in.
	By string
}

// Places lists where every leaf member of an answer goes when normalized
// with v (nil for the built-in vocabulary): each distinct source path
// once, in the answer's order. It reads the answer with the same
// vocabulary and the same decisions as Normalize, and counts as
// unrecognised exactly what Normalize counts in Document.Unrecognised.
// Whether a place holds personal data is the normalized document's to say
// (text.PersonalCategoryOf), not this walk's: the mask, the ◆ markers and
// `padview fields` then cannot disagree.
func Places(raw []byte, paid string, view View, v *vocab.Vocabulary) ([]Place, error) {
	if v == nil {
		v = vocab.Builtin()
	}
	tree, err := parseUnique(raw, nil)
	if err != nil {
		return nil, err
	}
	p := &placer{n: newNormalizer(v), paid: paid, seen: map[string]bool{}}
	root, meta, prefix := p.n.unwrapPath(tree)
	if root.Kind != Object {
		p.leaves(strings.TrimSuffix(prefix, "."), "other.response", root, vocab.Meaning{})
		return p.out, nil
	}
	p.top(root, prefix)
	for _, m := range meta {
		p.leaves(m.Key, "other."+m.Key, m.Value, vocab.Meaning{Kind: vocab.Envelope, By: "envelope"})
	}
	return p.out, nil
}

// placer walks an answer as the normalizer would place it.
type placer struct {
	n    *normalizer
	paid string
	out  []Place
	seen map[string]bool // source paths listed
}

// top places the members of the advertisement's top level.
func (p *placer) top(root Value, prefix string) {
	ms, ends := joinRanges(root.Members(), func(k string) vocab.Meaning { return p.n.meaning(scopeTop, k) })
	t := topWalk{prefix: prefix, given: p.namesSent(ms)}
	t.currencyTo = p.n.currencyGroup(ms)
	t.served = p.servedAmount(ms, t.currencyTo)
	for _, m := range ms {
		start := len(p.out)
		p.topMember(t, m)
		if e, ok := ends[m.Key]; ok {
			p.rangeSources(start, prefix+m.Key, prefix, e)
		}
	}
}

// topWalk is what placing each top-level member needs to know of all.
type topWalk struct {
	prefix             string
	currencyTo, served string
	given              map[string]map[string]bool
}

// topMember places one top-level member.
func (p *placer) topMember(t topWalk, m Member) {
	src := t.prefix + m.Key
	mean := p.n.meaning(scopeTop, m.Key)
	switch mean.Kind {
	case vocab.GroupName:
		p.group(mean.Group, src, m, mean)
	case vocab.Identifier:
		dest := "basicInformation.paid"
		if (m.Value.Kind == String || m.Value.Kind == Number) && m.Value.Str == p.paid {
			dest = "paid" // the document's own "paid": the identifier asked for
		}
		p.leaves(src, dest, m.Value, mean)
	case vocab.FieldName, vocab.Kept, vocab.Routed:
		g := mean.Group
		if mean.Kind == vocab.FieldName && mean.Type() == vocab.Currency {
			if t.served != "" {
				p.leaves(src, home(t.currencyTo)+"."+t.served+".currency", m.Value,
					vocab.Meaning{Kind: vocab.FieldName, By: "the currency of " + t.served})
				return
			}
			g = t.currencyTo
		}
		p.member(home(g), g, src, m, t.given)
	default:
		p.leaves(src, "other."+m.Key, m.Value, mean)
	}
}

// rangeSources writes, for the places a joined range listed from
// p.out[start:] on, the members its ends came from as their sources: the
// joined member is normalizer's, the ends are what was sent; the
// currency the names gave was not sent.
func (p *placer) rangeSources(start int, joined, prefix string, ends [2]string) {
	out := p.out[:start]
	for _, pl := range p.out[start:] {
		switch pl.Source {
		case joined + ".lowerBound":
			pl.Source, pl.Name, pl.By = prefix+ends[0], ends[0], p.n.meaning(scopeTop, ends[0]).By
		case joined + ".upperBound":
			pl.Source, pl.Name, pl.By = prefix+ends[1], ends[1], p.n.meaning(scopeTop, ends[1]).By
		case joined + ".currency":
			continue
		}
		out = append(out, pl)
	}
	p.out = out
}

// namesSent are the names in each destination object before the typer
// renames, as it sees them: a name one member has is no other's to take.
func (p *placer) namesSent(ms []Member) map[string]map[string]bool {
	given := map[string]map[string]bool{}
	for _, m := range ms {
		if mean := p.n.meaning(scopeTop, m.Key); mean.Kind == vocab.FieldName || mean.Kind == vocab.Kept || mean.Kind == vocab.Routed {
			dest := home(mean.Group)
			if given[dest] == nil {
				given[dest] = map[string]bool{}
			}
			given[dest][m.Key] = true
		}
	}
	return given
}

// servedAmount is the one amount a currency at the top level moves into,
// as the typer moves it: "" when it serves none or several.
func (p *placer) servedAmount(ms []Member, g string) string {
	name, n := "", 0
	for _, m := range ms {
		mean := p.n.meaning(scopeTop, m.Key)
		if mean.Kind != vocab.FieldName || mean.Group != g || mean.Type() != vocab.Money && mean.Type() != vocab.Benefit {
			continue
		}
		if m.Value.Kind == Array || m.Value.Kind == Object && (&typer{n: p.n}).hasCurrency(m.Value) {
			continue
		}
		n++
		if name = canonicalName(p.n.meaning(scopeOf(g), m.Key), scopeOf(g)); name == "" {
			name = m.Key
		}
	}
	if n != 1 {
		return ""
	}
	return name
}

// home is where a group's or a party's object lives in the document.
func home(g string) string {
	if h := vocab.Home(g); h != "" {
		return h + "." + g
	}
	return g
}

// member places one member in the object at dest, read in group g's
// scope, under the name the typer gives it there.
func (p *placer) member(dest, g, src string, m Member, given map[string]map[string]bool) {
	s := scopeOf(g)
	mean := p.n.meaning(s, m.Key)
	name := canonicalName(mean, s)
	if given[dest] == nil {
		given[dest] = map[string]bool{}
	}
	if name == "" || name != m.Key && given[dest][name] {
		name = m.Key // a second spelling keeps its own name
	}
	given[dest][name] = true
	if !mean.Recognised() {
		mean = p.n.meaning(scopeTop, m.Key)
	}
	p.value(src, dest+"."+name, m.Value, mean)
}

// group places a top-level member m (at src) that names a group or a
// party.
func (p *placer) group(g, src string, m Member, mean vocab.Meaning) {
	v := m.Value
	switch {
	case g == vocab.Sponsors || g == vocab.Controllers:
		p.parties(g, src, v)
	case g == vocab.SponsorsAndCtrl:
		p.combined(src, v)
	case v.Kind == Object:
		p.object(home(g), g, src, v)
	case v.Kind == String && g == vocab.Advertiser && vocab.IsSelf(v.Str):
		p.leaves(src, home(g)+"."+m.Key, v, mean) // a reference to the sponsor names no advertiser
	case v.Kind == String && vocab.IsParty(g):
		p.partyString(src, home(g), v, mean)
	case v.Kind == String && g == vocab.Campaign:
		p.leaves(src, home(g)+".name", v, mean)
	default:
		p.leaves(src, home(g)+"."+lastName(src), v, mean)
	}
}

// partyString places a party sent as a string (at src) in the party's
// object at dest, as partyOf reads it: the members of its text block, or
// its name.
func (p *placer) partyString(src, dest string, v Value, mean vocab.Meaning) {
	ms, hows, ok := partyTextMembers(p.n.vocab, v)
	if !ok {
		p.leaves(src, dest+".name", v, mean)
		return
	}
	for i, m := range ms {
		path := dest + "." + m.Key
		if p.seen[src+"\x00"+path] || m.Key == "name" && p.seen[src] {
			continue // listed for an earlier party of the same list
		}
		p.seen[src+"\x00"+path] = true
		p.out = append(p.out, Place{Source: src, Name: lastName(src), Path: path, Recognised: true,
			By: "a party's text block: " + hows[i]})
	}
	p.seen[src] = true
}

// object places the members of a group's or party's object.
func (p *placer) object(dest, g, src string, v Value) {
	s := scopeOf(g)
	given := map[string]bool{}
	for _, m := range v.Members() {
		given[m.Key] = true
	}
	for _, m := range v.Members() {
		mean := p.n.meaning(s, m.Key)
		name := canonicalName(mean, s)
		if name == "" || name != m.Key && given[name] {
			name = m.Key
		}
		given[name] = true
		if mean.Kind == vocab.GroupName && vocab.Home(mean.Group) != "" && m.Value.Kind == Object {
			p.object(dest+"."+name, mean.Group, src+"."+m.Key, m.Value)
			continue
		}
		if mean.Kind == vocab.GroupName && vocab.Home(mean.Group) != "" && m.Value.Kind == String {
			if _, _, ok := partyTextMembers(p.n.vocab, m.Value); ok { // a party's text block, in a group
				p.partyString(src+"."+m.Key, dest+"."+name, m.Value, mean)
				continue
			}
		}
		p.value(src+"."+m.Key, dest+"."+name, m.Value, mean)
	}
}

// parties places a sponsors or controllers collection, as entries does.
func (p *placer) parties(g, src string, v Value) {
	switch v.Kind {
	case Array:
		for _, it := range v.Items() {
			p.entry(g, src+"[]", it)
		}
	case Object:
		if !p.n.keyedByID(v) {
			p.entry(g, src, v)
			return
		}
		for _, m := range v.Members() {
			p.entry(g, src+".*", m.Value)
		}
	default:
		p.leaves(src, g, v, vocab.Meaning{Kind: vocab.GroupName, Group: g, By: "a group"})
	}
}

// entry places one sponsor or controller.
func (p *placer) entry(g, src string, v Value) {
	if v.Kind == String {
		p.partyString(src, g+"[]", v, vocab.Meaning{Kind: vocab.GroupName, Group: g, By: "a party sent as a bare string is its name"})
		return
	}
	if v.Kind != Object {
		p.leaves(src, g+"[]", v, vocab.Meaning{Kind: vocab.GroupName, Group: g})
		return
	}
	p.object(g+"[]", g, src, v)
}

// combined places the spec's "Sponsors and Controllers" group.
func (p *placer) combined(src string, v Value) {
	switch v.Kind {
	case Object:
		for _, m := range v.Members() {
			mean := p.n.meaning(scopeTop, m.Key)
			if mean.Kind == vocab.GroupName && (mean.Group == vocab.Sponsors || mean.Group == vocab.Controllers) {
				p.parties(mean.Group, src+"."+m.Key, m.Value)
				continue
			}
			p.leaves(src+"."+m.Key, "other."+lastName(src)+"."+m.Key, m.Value, vocab.Meaning{})
		}
	case Array:
		for _, it := range v.Items() {
			g := vocab.Sponsors
			if p.n.isController(it) {
				g = vocab.Controllers
			}
			p.entry(g, src+"[]", it)
		}
	default:
		p.leaves(src, "other."+lastName(src), v, vocab.Meaning{})
	}
}

// value places a recognised member's value: a money object's parts under
// the names the typer writes, anything else below it as it is.
func (p *placer) value(src, dest string, v Value, mean vocab.Meaning) {
	if v.Kind == Object && (mean.Type() == vocab.Money || mean.Type() == vocab.Benefit) {
		for _, m := range v.Members() {
			name := map[string]string{"amount": "amount", "currency": "currency", "lower": "lowerBound",
				"upper": "upperBound"}[p.n.vocab.MoneyPart(m.Key)]
			if name == "" {
				name = m.Key
			}
			p.leaves(src+"."+m.Key, dest+"."+name, m.Value, inside(mean, dest))
		}
		return
	}
	p.leaves(src, dest, v, mean)
}

// leaves lists the leaves of v at src (placed at dest): v itself, or the
// members within it, which a recognised member's meaning covers.
func (p *placer) leaves(src, dest string, v Value, mean vocab.Meaning) {
	leafPaths("", v, func(rest string, _ Value) {
		if p.seen[src+rest] {
			return
		}
		p.seen[src+rest] = true
		pl := Place{Source: src + rest, Name: lastName(src + rest), Path: dest + rest, Recognised: mean.Recognised()}
		switch {
		case !pl.Recognised:
			// what only placed it (a user's prefix) did not recognise it
		case rest != "":
			pl.By = inside(mean, dest).By
		default:
			pl.By = mean.By
		}
		p.out = append(p.out, pl)
	})
}

// inside is the meaning of what sits in a recognised member.
func inside(mean vocab.Meaning, dest string) vocab.Meaning {
	if !mean.Recognised() {
		return mean
	}
	return vocab.Meaning{Kind: vocab.Kept, By: "inside " + dest}
}

// lastName is the last member name of a source path.
func lastName(src string) string {
	src = strings.TrimSuffix(src, "[]")
	if i := strings.LastIndexAny(src, ".]"); i >= 0 {
		return strings.TrimPrefix(src[i+1:], "[]")
	}
	return src
}
