package vocab

import (
	"slices"
	"strings"
	"unicode"
)

// byWords reads a name no vocabulary file lists by what its words mean
// (data/lexicon): the field whose signature its concepts meet and which
// explains the most of its words, in the scope's context (a "country"
// inside the targeting is a targeted country). A name with a word that
// nothing explains, or that negates, is not recognised: its Meaning names
// the fields it may be (Candidates), or says that none of its words could
// be read (Unread).
func (v *Vocabulary) byWords(table, key string) Meaning {
	if strings.ContainsFunc(key, hides) {
		// a name with a control or a format character inside is never
		// read as the words around it: it may be made to pass for them
		return Meaning{Unread: true, By: "not read: the name hides a control or format character"}
	}
	if !theLexicon().mayRead(key) {
		return unread
	}
	if short, ok := withoutHint(key); ok {
		if m := v.byWords(table, short); m.Recognised() {
			return m
		}
	}
	toks := v.wordsOf(key)
	if len(toks) == 0 {
		return Meaning{}
	}
	r := v.reading(table, toks)
	if m, ok := r.decide(v); ok {
		return m
	}
	return r.undecided(v)
}

// withoutHint is a heading without the hint a form writes in parentheses
// ("c. Berechnungsmethode: (z. B. Tarif pro mm/Spalte, Pauschale etc.)"):
// a parenthesis of three words or more is a hint, one or two a qualifier
// that stays ("Regions (Included)"). ok is false where there is no hint.
func withoutHint(key string) (string, bool) {
	open := strings.IndexByte(key, '(')
	closing := strings.LastIndexByte(key, ')')
	if open < 0 || closing < open || len(nameWords(key[open:closing])) < 3 {
		return "", false
	}
	short := strings.TrimSpace(key[:open] + key[closing+1:])
	return short, short != ""
}

// unread is the one Meaning of every name none of whose words padview
// can read, whatever its words: a hostile answer's million names then
// share it (the normalizer interns meanings).
var unread = Meaning{Unread: true, By: "none of its words padview can read"}

// hides reports whether a rune can hide text or change how it reads:
// controls, format characters (bidirectional overrides, zero-width
// joiners) and marks that stand alone.
func hides(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Cf, r)
}

// wordReading is a name's tokens read in a scope: its roles, its context
// and every signature its concepts meet.
type wordReading struct {
	table    string
	toks     []token
	l        *lexicon
	has      []bool // by concept: a word says it
	context  []bool // by concept: the scope says it
	party    string // the party a role word names; "" for none
	currency string
	negated  bool
	read     int   // tokens that carry a concept, a currency or a number
	said     []int // the concepts the words say, once each
}

// rolePrecedence orders the roles when a name has several: "paying
// advertiser" is the payer, "controlling entity of the sponsor" the
// controlling entity.
var rolePrecedence = []string{ControllingEntity, Payer, Controllers, Advertiser}

func (v *Vocabulary) reading(table string, toks []token) *wordReading {
	l := theLexicon()
	r := &wordReading{table: table, toks: toks, l: l, has: make([]bool, len(l.concepts)),
		context: make([]bool, len(l.concepts))}
	rank := len(rolePrecedence)
	for _, t := range toks {
		if t.currency != "" {
			r.currency = t.currency
		}
		if len(t.concepts) > 0 || t.currency != "" || t.number {
			r.read++
		}
		for _, c := range t.concepts {
			if !r.has[c] {
				r.said = append(r.said, c)
			}
			r.has[c] = true
			switch k := l.concepts[c]; k.kind {
			case kindNegation:
				r.negated = true
			case kindRole:
				if i := slices.Index(rolePrecedence, k.party); i >= 0 && i < rank {
					rank, r.party = i, k.party
				}
			}
		}
	}
	if n, ok := l.byID[contextOf(table)]; ok {
		r.context[n] = true
	}
	return r
}

// contextOf is the concept a scope lends its members: a member of the
// targeting speaks of targeting, one of the campaign of the campaign.
func contextOf(table string) string {
	switch table {
	case Targeting:
		return "targeting"
	case Campaign:
		return "campaign"
	}
	return ""
}

// fit is how one signature reads the name.
type fit struct {
	sig        *signature
	explained  int  // words its need and also explain
	unexplain  int  // words with a meaning it does not take, or with none
	meetsNeed  bool // every need met
	touches    bool // a need met by a word of the name (not the context alone)
	partyField bool
}

// fitOf scores one signature against the name.
func (r *wordReading) fitOf(s *signature) fit {
	f := fit{sig: s, partyField: s.path == "party" || strings.HasPrefix(s.path, "party.")}
	for _, c := range r.said {
		if s.not[c] {
			return fit{sig: s}
		}
	}
	f.meetsNeed = true
	for _, alts := range s.need {
		met := false
		for _, c := range alts {
			switch {
			case r.has[c]:
				met, f.touches = true, true
			case r.context[c]:
				met = true
			case s.path == "party" && r.l.concepts[c].kind == kindEntity && r.party != "":
				met, f.touches = true, true // a role names a party as an entity does
			}
		}
		f.meetsNeed = f.meetsNeed && met
	}
	for _, t := range r.toks {
		switch r.explains(s, t, f.partyField) {
		case 2:
			f.explained++
		case 0:
			f.unexplain++
		}
	}
	return f
}

// explains says what a signature makes of one token: 2 it is a word of
// the field's, 1 it qualifies without weight (a modifier, a role of a
// party's field, a currency, a number), 0 the field leaves it unexplained.
func (r *wordReading) explains(s *signature, t token, partyField bool) int {
	if t.currency != "" || t.number {
		return 1
	}
	out := 0
	for _, c := range t.concepts {
		switch k := r.l.concepts[c]; {
		case s.also[c] || slices.ContainsFunc(s.need, func(alts []int) bool { return slices.Contains(alts, c) }):
			return 2
		case k.kind == kindModifier:
			out = 1
		case k.kind == kindRole && partyField:
			out = 1
		case k.kind == kindEntity && partyField:
			out = 1
		}
	}
	return out
}

// fits are the signatures the name meets, best first: most words
// explained, then fewest left over, then the data's order.
func (r *wordReading) fits(v *Vocabulary) []fit {
	var out []fit
	for _, i := range r.l.touched(r.said, r.party != "") {
		s := &r.l.fields[i]
		if !r.allowed(v, s) {
			continue
		}
		if f := r.fitOf(s); f.touches {
			out = append(out, f)
		}
	}
	slices.SortStableFunc(out, func(a, b fit) int {
		if a.meetsNeed != b.meetsNeed {
			if a.meetsNeed {
				return -1
			}
			return 1
		}
		if a.explained != b.explained {
			return b.explained - a.explained
		}
		return a.unexplain - b.unexplain
	})
	return out
}

// allowed says whether a signature can mean the name in its scope: a
// party's field needs a party (a role word, the party's own object, or
// the top level, where it is the advertiser's); inside a party only a
// party's fields; the field must be one of the vocabulary's.
func (r *wordReading) allowed(v *Vocabulary, s *signature) bool {
	isParty := s.path == "party" || strings.HasPrefix(s.path, "party.")
	switch {
	case r.table == party && !isParty:
		return false
	case isParty && r.party == "" && r.table != party && r.table != topScope:
		return false
	case s.path != "party":
		if _, ok := v.Field(s.path); !ok {
			return false
		}
	}
	return true
}

// decide takes the best fit where it meets its need and explains every
// word, and the name negates nothing.
func (r *wordReading) decide(v *Vocabulary) (Meaning, bool) {
	if r.negated && len(r.toks) <= maxNegatedName {
		return Meaning{}, false
	}
	fs := r.fits(v)
	if len(fs) == 0 || !fs[0].meetsNeed || !enough(fs[0]) || fs[0].explained == 0 && fs[0].sig.path != "party" {
		if r.roleOnly() {
			return Meaning{Kind: GroupName, Group: r.party, By: r.evidence(r.party)}, true
		}
		return Meaning{}, false
	}
	s := fs[0].sig
	group := r.partyOf(s)
	if s.path == "party" {
		return Meaning{Kind: GroupName, Group: group, By: r.evidence(group)}, true
	}
	f, _ := v.Field(s.path)
	m := Meaning{Kind: FieldName, Group: f.Group, Field: f, Part: s.part, Currency: r.currency}
	if strings.HasPrefix(s.path, "party.") {
		m.Group = group
	}
	if f.Type != Money && f.Type != Benefit {
		m.Currency = ""
	}
	to := m.Path()
	if m.Group == "" && r.party != "" && strings.HasPrefix(s.path, "party.") {
		to = r.party + strings.TrimPrefix(s.path, "party") // inside a party, the role the words name
	}
	m.By = r.evidence(to)
	return m, true
}

// maxNegatedName is the longest name a negation keeps from being
// recognised: "not_political" is no field, but a heading written as a
// sentence ("Meldeverfahren, falls eine Anzeige nicht der Verordnung
// entspricht": how to report an advertisement that does not comply)
// negates within its description of the item.
const maxNegatedName = 4

// enough says whether a fit is evidence enough to recognise a name: every
// word explained, or, in a long name (a heading written as a sentence,
// "Methode zur Berechnung der aggregierten Beträge und des aggregierten
// Werts anderer Leistungen …"), at least three of the field's words and
// at most one word nothing explains for every two that it explains. A
// short name with a word padview cannot read stays a candidate.
func enough(f fit) bool {
	return f.unexplain == 0 || f.explained >= 3 && 2*f.unexplain <= f.explained
}

// roleOnly reports whether the name says a party and nothing else: a
// role, with modifiers or an entity word ("paid for by", "Kontrollierende
// Einrichtung").
func (r *wordReading) roleOnly() bool {
	if r.party == "" || r.negated || r.table == party {
		return false
	}
	for _, t := range r.toks {
		if t.number {
			continue
		}
		ok := false
		for _, c := range t.concepts {
			switch r.l.concepts[c].kind {
			case kindRole, kindEntity, kindModifier:
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// partyOf is the party a party's field belongs to: the role's, else ""
// inside a party (its own), else the advertiser at the top level.
func (r *wordReading) partyOf(s *signature) string {
	switch {
	case !strings.HasPrefix(s.path, "party"):
		return ""
	case r.party != "":
		if r.table == party {
			return ""
		}
		return r.party
	case r.table == party:
		return ""
	}
	return Advertiser
}

// evidence says what the words read as, for people: "words: paying
// advertiser name → payer.name".
func (r *wordReading) evidence(to string) string {
	ws := make([]string, len(r.toks))
	for i, t := range r.toks {
		ws[i] = t.text
	}
	return "words: " + strings.Join(ws, " ") + " → " + to
}

// undecided is the Meaning of a name the words do not decide: the fields
// it may be, best first, or Unread where no word of it could be read.
func (r *wordReading) undecided(v *Vocabulary) Meaning {
	if r.read == 0 {
		return unread
	}
	// By stays empty: a Meaning of a name padview did not recognise is
	// its candidates alone, so that the many names a hostile answer may
	// send share one (the normalizer interns meanings); Suggest words the
	// evidence of the one name it is asked about.
	var m Meaning
	var cands []string
	for _, f := range r.fits(v) {
		p := f.sig.path
		if g := r.partyOf(f.sig); g != "" {
			p = g + strings.TrimPrefix(p, "party")
		}
		if !slices.Contains(cands, p) {
			cands = append(cands, p)
		}
	}
	if r.party != "" && len(cands) == 0 && r.table != party {
		cands = []string{r.party}
	}
	m.candidates = strings.Join(cands, ",")
	return m
}
