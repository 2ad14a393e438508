package vocab

import (
	"strings"
	"sync"
	"sync/atomic"
)

// Lookup says what a member name means in a scope: "" for the top level of
// an answer, a group ("campaign", "complianceAndFunding") for a member of
// that group's object, or a party ("advertiser", "sponsors", "payer") for a
// member of a party. A name the scope does not know is read as at the top
// level, so that a member a service put in an unexpected group is still
// recognised (its Meaning's Group then names the group it belongs to).
func (v *Vocabulary) Lookup(scope, key string) Meaning {
	s := TableOf(scope)
	if m, ok := v.cache.get(s, key); ok {
		return m
	}
	m := v.lookup(s, Fold(key))
	if m.Kind == Unknown {
		m = v.rangeOf(scope, key)
	}
	if m.Kind == Unknown {
		m = v.byWords(s, key)
	}
	v.cache.put(s, key, m)
	return m
}

// rangeOf reads the name padview gives a range it joined from two
// members ("lo/hi", see advert's joinRanges): the field both ends belong
// to, where the names on either side of the slash are its lower and upper
// end.
func (v *Vocabulary) rangeOf(scope, key string) Meaning {
	lo, hi, ok := strings.Cut(key, "/")
	if !ok || lo == "" || hi == "" {
		return Meaning{}
	}
	a, b := v.Lookup(scope, lo), v.Lookup(scope, hi)
	if a.Kind != FieldName || b.Kind != FieldName || a.Part != "lower" || b.Part != "upper" ||
		a.Field != b.Field || a.Group != b.Group {
		return Meaning{}
	}
	return Meaning{Kind: FieldName, Group: a.Group, Field: a.Field, Currency: a.Currency,
		By: a.By + "; " + b.By, spelling: a.spelling}
}

// TableOf is the table of names a scope reads: every party reads the
// party's, and the top level and Other read one. Scopes of one table mean
// the same by every name.
func TableOf(scope string) string {
	switch {
	case scope == "" || scope == Other:
		return topScope
	case IsParty(scope):
		return party
	}
	return scope
}

func (v *Vocabulary) lookup(scope, f string) Meaning {
	if f == "" {
		return Meaning{}
	}
	if m, ok := v.exact(scope, f); ok {
		return m
	}
	if m, ok := v.composed(scope, f); ok {
		return m
	}
	if m, ok := v.currencyNamed(scope, f); ok {
		return m
	}
	if scope == topScope {
		if _, ok := v.envelope[f]; ok {
			return Meaning{Kind: Envelope, By: "envelope"}
		}
		return Meaning{}
	}
	return v.lookup(topScope, f)
}

// exact finds a whole name in the scope.
func (v *Vocabulary) exact(scope, f string) (Meaning, bool) {
	if scope == topScope {
		if _, ok := v.identifier[f]; ok {
			return Meaning{Kind: Identifier, By: "identifier"}, true
		}
	}
	if scope == topScope || scope == ComplianceAndFunding {
		if e, ok := v.groups[f]; ok && (scope == topScope || Home(e.group) == scope) {
			return Meaning{Kind: GroupName, Group: e.group, By: e.by}, true
		}
	}
	if e, ok := v.names[scope][f]; ok {
		m := Meaning{Kind: FieldName, Group: e.group, Field: e.field, By: e.by, spelling: e.spelling, Part: e.part}
		if e.part != "" {
			m.Currency = v.CurrencyWord(e.spelling) // "spend_min_eur": the name gives the range's currency
		}
		return m, true
	}
	return Meaning{}, false
}

// composed reads a name made of parts: a role and a party's field
// ("opdrachtgever_mailadres"), a group and its field ("campaignName"), a
// qualifier and a party's field ("contactEmail"), or a prefix that sends
// the member to a group ("akkoord_gegevens_juist").
func (v *Vocabulary) composed(scope, f string) (Meaning, bool) {
	if m, ok := v.withRole(scope, f); ok {
		return m, true
	}
	if scope == party {
		if e, ok := v.qualified(f); ok {
			return Meaning{Kind: FieldName, Field: e.field, By: e.by}, true
		}
		return Meaning{}, false
	}
	if m, ok := v.withGroup(f); ok {
		return m, true
	}
	return v.withPrefix(f)
}

// withRole reads a role and a party's field; in a party's own scope the
// field is the party's own, whatever the prefix calls it.
func (v *Vocabulary) withRole(scope, f string) (Meaning, bool) {
	for _, r := range v.roleIdx.starting(f) {
		rest, ok := strings.CutPrefix(f, r.folded)
		if !ok || rest == "" {
			continue
		}
		g := r.to
		if scope == party {
			g = ""
		}
		if e, ok := v.partyField(rest); ok {
			return Meaning{Kind: FieldName, Group: g, Field: e.field,
				By: r.by + ": " + r.spelling + " (" + r.to + ") + " + e.spelling + " (" + e.field.Name + ")"}, true
		}
		if r.keeps {
			return Meaning{Kind: Routed, Group: r.to, By: r.by + "*"}, true
		}
	}
	return Meaning{}, false
}

// withGroup reads a group's name and one of its fields.
func (v *Vocabulary) withGroup(f string) (Meaning, bool) {
	for _, g := range v.groupIdx.starting(f) {
		rest, ok := strings.CutPrefix(f, g.folded)
		if !ok || rest == "" {
			continue
		}
		if fe, ok := v.names[g.to][rest]; ok {
			return Meaning{Kind: FieldName, Group: g.to, Field: fe.field,
				By: g.by + ": " + g.spelling + " + " + fe.spelling}, true
		}
	}
	return Meaning{}, false
}

// withPrefix reads a prefix that sends a member to a group: to a field of
// it where the rest names one, else under the member's own name: kept, for
// a prefix of the data, which says what such members are ("akkoord_": the
// publisher's confirmations); routed but not recognised, for a user's.
func (v *Vocabulary) withPrefix(f string) (Meaning, bool) {
	for _, p := range v.prefixIdx.starting(f) {
		rest, ok := strings.CutPrefix(f, p.folded)
		if !ok || rest == "" {
			continue
		}
		if fe, ok := v.names[p.to][rest]; ok {
			return Meaning{Kind: FieldName, Group: p.to, Field: fe.field, By: p.by + ": " + p.spelling + " + " + fe.spelling}, true
		}
		if p.keeps {
			return Meaning{Kind: Routed, Group: p.to, By: p.by + ": " + p.spelling + "*"}, true
		}
		return Meaning{Kind: Kept, Group: p.to, By: p.by + ": " + p.spelling + "*"}, true
	}
	return Meaning{}, false
}

// partyField finds a party's field by a whole name or a qualifier and a
// name ("contactEmail").
func (v *Vocabulary) partyField(f string) (entry, bool) {
	if e, ok := v.names[party][f]; ok {
		return e, true
	}
	return v.qualified(f)
}

// qualified finds a party's field written after a qualifier ("contactEmail").
func (v *Vocabulary) qualified(f string) (entry, bool) {
	for _, q := range v.qualIdx.starting(f) {
		if rest, ok := strings.CutPrefix(f, q.folded); ok && rest != "" {
			if e, ok := v.names[party][rest]; ok {
				e.by = q.by + ": " + q.spelling + " + " + e.spelling
				return e, true
			}
		}
	}
	return entry{}, false
}

// currencyNamed reads a name that ends (or starts) with a currency word:
// the rest names an amount, in that currency ("totale_waarde_campagne_euro",
// "spend_in_eur").
func (v *Vocabulary) currencyNamed(scope, f string) (Meaning, bool) {
	if f == "" {
		return Meaning{}, false
	}
	for _, c := range v.curLast[f[len(f)-1]] {
		if rest, ok := strings.CutSuffix(f, c.folded); ok {
			if m, ok := v.inCurrency(scope, rest, c); ok {
				return m, true
			}
		}
	}
	for _, c := range v.curFirst.starting(f) {
		if rest, ok := strings.CutPrefix(f, c.folded); ok {
			if m, ok := v.inCurrency(scope, rest, c); ok {
				return m, true
			}
		}
	}
	return Meaning{}, false
}

// inCurrency reads the rest of a name that gives a currency ("in" before
// the currency word aside): it must name an amount.
func (v *Vocabulary) inCurrency(scope, rest string, c affix) (Meaning, bool) {
	for _, r := range []string{rest, strings.TrimSuffix(rest, "in")} {
		if r == "" {
			continue
		}
		m, ok := v.exact(scope, r)
		if !ok {
			m, ok = v.composed(scope, r)
		}
		if ok && m.Kind == FieldName && (m.Field.Type == Money || m.Field.Type == Benefit) {
			m.Currency = c.to
			if m.spelling != "" {
				m.By += ": " + m.spelling
			}
			m.By += " + " + c.spelling + " (" + c.to + ")"
			return m, true
		}
	}
	return Meaning{}, false
}

// CurrencyWord is the ISO 4217 code a name gives as a word of its own at
// its end or start ("spend_eur", "amountInEuro", "EUR_total"), whatever the
// rest means; "" when it names none.
func (v *Vocabulary) CurrencyWord(key string) string {
	if key == "" {
		return ""
	}
	lower := func(b byte) byte {
		if b >= 'A' && b <= 'Z' {
			return b + 'a' - 'A'
		}
		return b
	}
	for _, c := range v.curLast[lower(key[len(key)-1])] {
		if len(key) > len(c.spelling) && hasWordSuffix(key, c.spelling) {
			return c.to
		}
	}
	for _, c := range v.curFirst[lower(key[0])] {
		if len(key) > len(c.spelling) && hasWordPrefix(key, c.spelling) {
			return c.to
		}
	}
	return ""
}

// CurrencyByWord is the ISO 4217 code a word written beside an amount
// stands for ("euro", "EUR", "€" in "1.250 €"); "" when it names none.
func (v *Vocabulary) CurrencyByWord(word string) string {
	f := Fold(word)
	if f != "" {
		for _, c := range v.curFirst[f[0]] {
			if c.folded == f {
				return c.to
			}
		}
		return ""
	}
	sym := strings.TrimSpace(word) // a symbol ("€") folds to nothing
	for _, c := range v.currencies {
		if c.folded == "" && c.spelling == sym {
			return c.to
		}
	}
	return ""
}

// CurrencyOf reads a name that gives the currency of an amount beside it,
// "<amount name><currency word>" ("totalValueCurrency", "bedrag_valuta",
// "spend_currency_code"): it returns the amount's name, folded; ok is false
// for any other name.
func (v *Vocabulary) CurrencyOf(key string) (amount string, ok bool) {
	var buf [64]byte
	f := AppendFold(buf[:0], key)
	for _, w := range v.currencyParts {
		if len(f) > len(w) && string(f[len(f)-len(w):]) == w {
			return string(f[:len(f)-len(w)]), true
		}
	}
	return "", false
}

// MoneyPart says which part of an amount of money a member of a money
// object is: "amount", "currency", "lower" or "upper" (of a range); "" for
// none of them.
func (v *Vocabulary) MoneyPart(key string) string {
	var buf [32]byte
	return v.parts[string(AppendFold(buf[:0], key))]
}

// IsEnvelope reports whether a name is one a response wrapper carries
// beside the advertisement ("status", "meta").
func (v *Vocabulary) IsEnvelope(key string) bool {
	_, ok := v.envelope[Fold(key)]
	return ok
}

// Field finds a field by its path: "party.email", "advertiser.email",
// "payer.email", "campaign.startDate".
func (v *Vocabulary) Field(path string) (*Field, bool) {
	group, name := splitPath(path)
	if IsParty(group) {
		group = party
	}
	f, ok := v.fields[group+"."+name]
	return f, ok
}

// Fields lists every field in the order the data declares them.
func (v *Vocabulary) Fields() []*Field { return v.order }

// lookupCache remembers lookups: the same few names recur in every answer
// and every sponsor, and readers ask again on every frame they draw. It
// stops growing at cacheMax names, so that hostile answers of a million
// distinct names cost no more than they bring.
type lookupCache struct {
	mu   sync.RWMutex
	m    map[string]map[string]Meaning // scope → name → meaning
	n    int
	full atomic.Bool // n reached cacheMax: put need not take the lock
}

const cacheMax = 1 << 14

func (c *lookupCache) get(scope, key string) (Meaning, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	m, ok := c.m[scope][key]
	return m, ok
}

func (c *lookupCache) put(scope, key string, m Meaning) {
	if c.full.Load() {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n >= cacheMax {
		c.full.Store(true)
		return
	}
	if c.m == nil {
		c.m = map[string]map[string]Meaning{}
	}
	if c.m[scope] == nil {
		c.m[scope] = map[string]Meaning{}
	}
	if _, ok := c.m[scope][key]; !ok {
		c.m[scope][key] = m
		c.n++
	}
}

// Listed are the fields the partner interface lists for a group, in its
// order: the advertiser's and the campaign's; nil for the other groups, for
// which it lists none.
func (v *Vocabulary) Listed(group string) []string { return v.listed[group] }
