package check

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/api/vocab"
)

// partyState is what one party (the advertiser or a sponsor) holds for a
// rule.
type partyState struct {
	presence
	natural bool // a natural person, where the rule does not apply to one
	path    string
}

// partyStates is what the advertiser and each sponsor hold for a rule.
type partyStates struct {
	adv                        partyState
	n, withValue, naturals, no int
	found                      []string
}

// evalParty reads a sponsor item, met by the advertiser or by every
// sponsor. With naturalNA the item does not apply to a natural person.
func evalParty(naturalNA bool) func(*checker, Rule) Result {
	return func(c *checker, r Rule) Result { return c.partyResult(r, naturalNA) }
}

// evalRegistration reads the registration number, which the template asks
// for only where the sponsor has one: where no sponsor gives one it does
// not apply, as far as the answer says (a member padview did not read that
// may be it makes it unknown).
func evalRegistration(c *checker, r Rule) Result {
	res := c.partyResult(r, true)
	if res.Status == Missing && res.absent && len(res.Found) == 0 {
		return Result{Status: NotApplicable, absent: true,
			Note: "none is given: the template asks for one only where the sponsor is registered (a company, an association)"}
	}
	return res
}

// partyStates reads the advertiser and every sponsor for a rule.
func (c *checker) partyStates(r Rule, naturalNA bool) partyStates {
	set := c.fieldSet(r.Fields)
	state := func(v advert.Value, prefix string) partyState {
		m, p := best(c.inObject(v, vocab.Sponsors, set, prefix))
		return partyState{presence: p, natural: naturalNA && c.naturalPerson(v), path: m.path}
	}
	s := partyStates{adv: state(c.d.Advertiser, "advertiser."), n: len(c.d.Sponsors)}
	seen := map[string]bool{}
	for _, sp := range c.d.Sponsors {
		st := state(sp, "sponsors[].")
		switch {
		case st.presence == given:
			s.withValue++
			if !seen[st.path] {
				seen[st.path] = true
				s.found = append(s.found, st.path)
			}
		case st.natural:
			s.naturals++
		case st.presence == none:
			s.no++
		}
	}
	return s
}

// partyResult decides a sponsor item from the parties' states. It is one
// table on purpose: the order of its cases is the order of precedence
// (a value over not applicable over not disclosed over not in view over
// missing), which split functions would hide.
func (c *checker) partyResult(r Rule, naturalNA bool) Result {
	s := c.partyStates(r, naturalNA)
	if s.adv.presence == given {
		return Result{Status: Present, Found: []string{s.adv.path}}
	}
	switch {
	case s.n > 0 && s.withValue > 0 && s.withValue+s.naturals == s.n:
		note := "every sponsor gives one"
		if s.naturals > 0 {
			note = "every sponsor that is not a natural person gives one"
		}
		return Result{Status: Present, Found: s.found, Note: note}
	case s.adv.natural:
		return Result{Status: NotApplicable, Note: "the advertiser is a natural person"}
	case s.n > 0 && s.naturals == s.n:
		return Result{Status: NotApplicable, Note: "every sponsor is a natural person"}
	case s.adv.presence == none:
		return Result{Status: DeclaredNone, Found: []string{s.adv.path}, Note: "the advertiser's is not disclosed"}
	case c.d.SponsorsState == advert.ListNull:
		return Result{Status: DeclaredNone, Found: []string{string(advert.GroupSponsors)},
			Note: "the sponsor list is not disclosed (null)"}
	case s.n > 0 && s.no > 0 && s.withValue+s.naturals+s.no == s.n:
		return Result{Status: DeclaredNone, Found: s.found, Note: fmt.Sprintf("not disclosed for %d of %d sponsors", s.no, s.n)}
	case c.isPersonal(r.Fields) && c.d.View == advert.Standard:
		return Result{Status: NotInView, Found: s.found,
			Note: NotInViewNote}
	case s.withValue > 0:
		// what the advertiser and the other sponsors hold may be among the
		// members padview did not recognise
		return Result{Status: Missing, Found: s.found,
			Note: fmt.Sprintf("given for %d of %d sponsors, not for the advertiser", s.withValue, s.n), absent: s.adv.presence == absent}
	case s.adv.presence == empty:
		return Result{Status: Missing, Found: []string{s.adv.path}, Note: "the advertiser's is sent empty"}
	}
	return notFound("neither the advertiser nor every sponsor gives one")
}

// evalLegalName reads the legal name, which the template asks for only
// where it differs from the business name: a party that gives a name and
// no legal name beside it is read as having one name.
func evalLegalName(c *checker, r Rule) Result {
	res := c.partyResult(r, true)
	if res.Status != Missing || !res.absent {
		return res
	}
	if c.partyResult(Rule{Fields: partyFields(inSet("", vocab.SetNames), inSet("", vocab.SetPersonName))}, false).Status == Present {
		return Result{Status: NotApplicable,
			Note: "no separate legal name: the template asks for one only where it differs from the name given"}
	}
	return res
}

// evalEstablishment is a sponsor item that services also put in other
// groups ("countryOfEstablishment" beside the funding). Where none is
// given, the address of a sponsor that is not a natural person is read as
// its place of establishment where it says where the sponsor is
// (vocab.SetPlace: a city, a full postal address): uncertain, the note
// says so.
func evalEstablishment(c *checker, _ Rule) Result {
	res := c.partyResult(Rule{Fields: establishmentFields}, true)
	if res.Status == Present || res.Status == NotApplicable {
		return res
	}
	var elsewhere []match
	for _, m := range c.inGroups(establishmentFields) {
		if !strings.HasPrefix(m.path, string(advert.GroupAdvertiser)+".") {
			elsewhere = append(elsewhere, m)
		}
	}
	if p := paths(elsewhere, given); len(p) > 0 {
		return Result{Status: Present, Found: p}
	}
	if p := paths(elsewhere, none); len(p) > 0 && res.Status == Missing {
		return Result{Status: DeclaredNone, Found: p, Note: "the service says it is not disclosed"}
	}
	if res.Status != Missing {
		return res
	}
	switch addr := c.partyResult(Rule{Fields: placeFields}, true); addr.Status {
	case Present:
		addr.Found = append(addr.Found, c.partyResult(Rule{Fields: addressFields}, true).Found...)
		addr.Found = slices.Compact(slices.Sorted(slices.Values(addr.Found)))
		addr.Note = "read from the address of a sponsor that is not a natural person; uncertain: " +
			"it may be a postal address rather than the place of establishment"
		return addr
	case NotInView:
		return Result{Status: NotInView, Note: "no place of establishment; the address, which may give it, is only in the full view"}
	}
	return res
}

// The places evalEstablishment reads: the place of establishment, else
// the address, where the parts of it that say where a party is are given.
var (
	establishmentFields = partyFields("placeOfEstablishment")
	addressFields       = partyFields(inSet("", vocab.SetAddress))
	placeFields         = partyFields(inSet("", vocab.SetPlace))
)

// entities finds the payer or the controlling entity (role) in every
// object group: a member that names the party ("paidBy": {...},
// "controllingEntity": "none"), or a field of it written flat
// ("payerName").
func (c *checker) entities(role string) []match {
	var out []match
	for _, g := range advert.Groups {
		obj := c.d.Group(g.Group)
		if g.Parties || obj.Kind != advert.Object {
			continue
		}
		c.each(obj, string(g.Group), func(m advert.Member, mean vocab.Meaning) {
			names := mean.Kind == vocab.GroupName && mean.Group == role ||
				mean.Kind == vocab.FieldName && mean.Group == role && c.v.InSet(vocab.SetNames, mean.Field)
			if names {
				out = append(out, match{path: string(g.Group) + "." + m.Key, key: m.Key, v: m.Value, holder: obj, mean: mean})
			}
		})
	}
	return out
}

// entityKind sorts what a member naming the payer or the controlling
// entity says.
type entityKind int

const (
	entityEmpty   entityKind = iota // sent empty
	entityNA                        // there is none, or it is the sponsor
	entityNone                      // not disclosed
	entityUnnamed                   // there is one, but no name is given
	entityAnswer                    // a yes or no where its name belongs: the answer to a question padview cannot read
	entityNamed                     // a name
)

// entityOf reads one member naming the payer or the controlling
// entity.
func (c *checker) entityOf(v advert.Value, sponsors map[string]bool) entityKind {
	switch v.Kind {
	case advert.Null:
		return entityNone
	case advert.Bool:
		if v.Bool {
			return entityUnnamed
		}
		return entityNA
	case advert.String:
		switch {
		case strings.TrimSpace(v.Str) == "":
			return entityEmpty
		case namesNone(v.Str, sponsors):
			return entityNA
		}
		if yes, ok := vocab.YesNo(v.Str); ok && yes {
			return entityUnnamed // "yes", there is one: no name
		}
	case advert.Object:
		return entityObject(v, sponsors)
	case advert.Array:
		if len(v.Items()) == 0 {
			return entityNA
		}
	}
	return entityNamed
}

// entityObject reads a payer or a controlling entity sent as an object:
// one whose members are all empty is none (a statement's empty section).
func entityObject(v advert.Value, sponsors map[string]bool) entityKind {
	name := text.PartyName(v)
	if _, ok := vocab.YesNo(name); ok && len(strings.Fields(name)) == 1 {
		// "Ist der Sponsor zugleich der Zahlende?": "Ja" read as a name:
		// what a bare yes or no says depends on the question
		return entityAnswer
	}
	switch {
	case allEmpty(v), namesNone(name, sponsors):
		return entityNA
	case name == "(unnamed)" || strings.TrimSpace(name) == "":
		return entityUnnamed
	}
	return entityNamed
}

// namesNone reports whether a name for the payer or the controlling entity
// says there is none, or that it is the sponsor ("n/a", "no", "same as
// sponsor", the sponsor's own name).
func namesNone(s string, sponsors map[string]bool) bool {
	s = strings.TrimSpace(s)
	yes, ok := vocab.YesNo(s)
	return vocab.IsNone(s) || vocab.IsSelf(s) || ok && !yes || sponsors[nameKey(s)] || sameParty(s, sponsors)
}

// sameParty reports whether a name is one of the sponsors' written
// longer or shorter: every word of two or more of one stands in the other
// ("ALDE Group in the European Parliament" and "ALDE Group – Liberals and
// Democrats in the European Parliament"). Words of one or two letters
// ("in", "de", "of") count for nothing.
func sameParty(s string, sponsors map[string]bool) bool {
	a := partyWords(s)
	if len(a) < 2 {
		return false
	}
	for name := range sponsors {
		b := partyWords(name)
		if len(b) >= 2 && (subset(a, b) || subset(b, a)) {
			return true
		}
	}
	return false
}

// partyWords are a name's folded words of three letters or more.
func partyWords(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if f := vocab.Fold(w); len(f) >= 3 && f != "the" && f != "and" && f != "der" && f != "die" && f != "het" {
			out[f] = true
		}
	}
	return out
}

func subset(a, b map[string]bool) bool {
	for w := range a {
		if !b[w] {
			return false
		}
	}
	return true
}

// nameKey writes a party's name as two spellings of it compare equal: case,
// accents, spaces and punctuation aside, and "&", "and", "en", "und",
// "et", "e", "y", "og", "och", "i" one word ("Boer & Burger Partij " is
// "Boer en Burger Partij").
func nameKey(s string) string {
	ws := strings.FieldsFunc(strings.ReplaceAll(s, "&", " & "), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '&'
	})
	for i, w := range ws {
		switch strings.ToLower(w) {
		case "&", "and", "en", "und", "et", "e", "y", "og", "och", "i":
			ws[i] = "and"
		}
	}
	return vocab.Fold(strings.Join(ws, " "))
}

// evalEntity reads a party that exists only sometimes (the controlling
// entity, a payer other than the sponsor): not applicable when the service
// says there is none, names the sponsor, or sends its members all empty;
// naNote says which.
func evalEntity(role, naNote string) func(*checker, Rule) Result {
	return func(c *checker, r Rule) Result {
		sponsors := c.sponsorNames()
		byKind := map[entityKind][]string{}
		for _, m := range c.entities(role) {
			k := c.entityOf(m.v, sponsors)
			byKind[k] = append(byKind[k], m.path)
		}
		switch {
		case len(byKind[entityNamed]) > 0 && role == vocab.Payer && c.noSponsorListed():
			return Result{Status: NotApplicable, Found: byKind[entityNamed], Note: payerIsSponsorNote}
		case len(byKind[entityNamed]) > 0:
			return Result{Status: Present, Found: byKind[entityNamed]}
		case len(byKind[entityNA]) > 0:
			return Result{Status: NotApplicable, Found: byKind[entityNA], Note: naNote}
		case len(byKind[entityAnswer]) > 0:
			return Result{Status: Unknown, Found: byKind[entityAnswer],
				Note: "a yes or no is given where a name belongs; it answers a question padview cannot read as one"}
		case len(byKind[entityNone]) > 0:
			return Result{Status: DeclaredNone, Found: byKind[entityNone], Note: "the service says it is not disclosed"}
		case len(byKind[entityUnnamed]) > 0:
			// its name may be among the members padview did not recognise
			return Result{Status: Missing, Found: byKind[entityUnnamed], Note: "sent without a name", absent: true}
		case len(byKind[entityEmpty]) > 0:
			return Result{Status: Missing, Found: byKind[entityEmpty], Note: "sent empty"}
		}
		// The template asks for the party only where there is one: an
		// answer that names none says, as far as it goes, that there is
		// none (a member padview did not recognise that may name it makes
		// it unknown).
		return Result{Status: NotApplicable, Note: "none is named: " + naNote, absent: true}
	}
}

// payerIsSponsorNote says why a payer named in an answer that lists no
// sponsor is not a second party.
const payerIsSponsorNote = "the answer names no sponsor as such, only the account that ran the advertisement, so the one it says pays is the one " +
	"the advertisement is for (as an ad library's \"paid for by\" is); uncertain: the answer does not say so as such"

// noSponsorListed reports whether the answer lists no sponsor of its own
// (an empty or absent sponsor collection). An ad library's record names
// the account that bought the ad and, as "paid for by", "paying
// advertiser" or "funding entity", the one it ran for: that is the
// sponsor, and the payer item, which asks only for a payer other than the
// sponsor, does not apply. Where sponsors are listed or named as such, a
// payer unlike them is a party of its own; where the answer names nobody
// but the payer, the payer is all it says.
func (c *checker) noSponsorListed() bool {
	return len(c.d.Sponsors) == 0 && c.d.SponsorsState != advert.ListNull && !c.d.SponsorNamed &&
		presenceOf(c.d.Advertiser) == given
}

// evalControllingEntity is evalEntity for the entity ultimately
// controlling the sponsor. When it is not named, the note says where it
// was looked for and, where the answer lists controllers, that those are
// data controllers: the Controllers tab and this item are easy to confuse.
func evalControllingEntity(c *checker, r Rule) Result {
	res := evalEntity(vocab.ControllingEntity, "no controlling entity")(c, r)
	if res.Status == Present {
		return res
	}
	if res.absent && len(res.Found) == 0 { // not found at all, not found without a name
		res.Note = "none is named: looked for as " + strings.Join(r.Fields, ", ") +
			", under any of its names, in every group; the template asks for one only where another entity controls the sponsor"
	}
	res.Note += c.controllersNote()
	return res
}

// controllersNote says what the answer's Controllers are, when it lists
// any: the service's data controllers, and processors where a role says
// so (GDPR), never the entity controlling the sponsor.
func (c *checker) controllersNote() string {
	n := len(c.d.Controllers)
	processors := c.processors()
	switch {
	case n == 0:
		return ""
	case processors == 0 && n == 1:
		return "; the controller listed under Controllers is a data controller, not the entity controlling the sponsor"
	case processors == 0:
		return fmt.Sprintf("; the %d controllers listed under Controllers are data controllers, not the entity controlling the sponsor", n)
	case n == 1:
		return "; the entry listed under Controllers is a data processor, not the entity controlling the sponsor"
	}
	return fmt.Sprintf("; the %d entries listed under Controllers are data controllers and processors (%s), not the entity "+
		"controlling the sponsor", n, text.Plural(processors, "processor", "processors"))
}

// maxRoleScan bounds how many of the Controllers' roles are read: beyond
// it the note counts none as processors.
const maxRoleScan = 1000

// processors counts the Controllers whose role (under any name the
// vocabulary knows for a party's role or kind) says they are processors.
func (c *checker) processors() int {
	if len(c.d.Controllers) > maxRoleScan {
		return 0
	}
	vc, n := c.d.Vocabulary(), 0
	for _, p := range c.d.Controllers {
		for _, m := range p.Members() {
			mean := vc.Lookup(vocab.Controllers, m.Key)
			if mean.Kind == vocab.FieldName && (mean.Field.Name == "role" || mean.Field.Name == "kind") &&
				m.Value.Kind == advert.String && vocab.IsProcessorRole(m.Value.Str) {
				n++
				break
			}
		}
	}
	return n
}

// evalContact reads the email or postal address of the payer or the
// controlling entity (role), where one other than the sponsor is named.
func evalContact(role string) func(*checker, Rule) Result {
	noun := map[string]string{vocab.Payer: "payer", vocab.ControllingEntity: "controlling entity"}[role]
	return func(c *checker, r Rule) Result {
		ent := evalEntity(role, "")(c, r)
		switch ent.Status {
		case Unknown:
			return Result{Status: Unknown, Found: ent.Found, Note: "whether there is a " + noun + " other than the sponsor is unknown: " + ent.Note}
		case NotApplicable, DeclaredNone:
			return Result{Status: NotApplicable, Note: "no " + noun + " other than the sponsor is named", absent: ent.absent}
		case Missing:
			if ent.absent && len(ent.Found) == 0 {
				return notFound("no " + noun + " in this response")
			}
			return Result{Status: Missing, Note: "the " + noun + " is not named", absent: ent.absent}
		}
		set := c.fieldSet(r.Fields)
		var ms []match
		for _, e := range c.entities(role) {
			ms = append(ms, c.inObject(e.v, vocab.Sponsors, set, e.path+".")...)
		}
		ms = append(ms, c.flatRoleFields(role, set)...)
		res := fromMatches(ms)
		if res.Status == Missing && res.absent && c.d.View == advert.Standard {
			return Result{Status: NotInView, Note: NotInViewNote}
		}
		if res.Status == Missing && res.absent {
			res.Note = "the " + noun + " is named without an email or address"
		}
		return res
	}
}

// flatRoleFields finds a role's fields written flat in a group
// ("payerEmail" in complianceAndFunding).
func (c *checker) flatRoleFields(role string, set map[*vocab.Field]bool) []match {
	var out []match
	for _, g := range advert.Groups {
		obj := c.d.Group(g.Group)
		if g.Parties || vocab.IsParty(string(g.Group)) {
			continue
		}
		for _, m := range c.inObject(obj, string(g.Group), set, string(g.Group)+".") {
			if m.mean.Group == role {
				out = append(out, m)
			}
		}
	}
	return out
}

// evalSponsorEmail reads the sponsor's email; where no party gives one and
// the answer is the sponsor's own notice, naming no other party, an
// address its words give ("Kontakt": "E-Mail: info@…", the address to
// report a notice to) is how the sponsor is reached: uncertain, and said
// so.
func evalSponsorEmail(c *checker, r Rule) Result {
	res := c.partyResult(r, false)
	parties := len(c.d.Sponsors)
	if presenceOf(c.d.Advertiser) == given {
		parties++
	}
	if res.Status != Missing || parties != 1 || !c.ownNotice() {
		return res
	}
	for _, p := range c.passages() {
		if p.mean.Group == vocab.Payer || p.mean.Group == vocab.ControllingEntity ||
			strings.Contains(p.path, "."+vocab.Payer+".") || strings.Contains(p.path, "."+vocab.ControllingEntity+".") {
			continue // another party's
		}
		if addr := emailIn.FindString(p.text); addr != "" {
			return Result{Status: Present, Found: []string{p.path},
				Note: "read from the words under " + strconv.Quote(p.key) + ": the answer is the sponsor's own notice; " +
					"uncertain: the address may be a person's who speaks for it"}
		}
	}
	return res
}

// emailIn finds an email address in a text.
var emailIn = regexp.MustCompile(`[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}`)

// ownNotice reports whether the answer is itself a transparency notice,
// as its source or its words say: the sponsor's own page.
func (c *checker) ownNotice() bool {
	if c.d.SelfNotice != "" {
		return true
	}
	_, ok := c.selfNotice()
	return ok
}
