package check

import (
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/api/vocab"
)

// evalField is the plain reading: any of the rule's fields in any group.
func evalField(c *checker, r Rule) Result {
	return fromMatches(c.inGroups(r.Fields))
}

// evalTargeting reads the statement on targeting: "none" ("geen") is a
// statement too, and targeting parameters given (the details of item 15)
// say that targeting was used.
func evalTargeting(c *checker, r Rule) Result {
	res := evalField(c, r)
	if res.Status == Missing && res.absent {
		if p, ok := c.saidIn("targeting", true, nil); ok {
			return fromWords(DeclaredNone, p, "the answer says no targeting was used")
		}
	}
	if res.Status == Missing && res.absent {
		// a targeting group sent as null or as a value keeps its own name
		c.each(c.d.Targeting, "", func(m advert.Member, mean vocab.Meaning) {
			if mean.Kind == vocab.GroupName && mean.Group == vocab.Targeting && m.Value.Kind != advert.Object {
				res = fromMatches([]match{{path: string(advert.GroupTargeting) + "." + m.Key, key: m.Key, v: m.Value}})
			}
		})
	}
	if res.Status == Missing && res.absent {
		if p := paths(c.inGroups(targetingDetails), given); len(p) > 0 {
			return Result{Status: Present, Found: p,
				Note: "targeting parameters are given, so targeting was used; uncertain: the answer makes no statement as such"}
		}
	}
	if res.Status == DeclaredNone {
		res.Note = "the service says none were used, or does not say"
	}
	return res
}

// targetingDetails are the places of the targeting's details: the
// vocabulary's set.
var targetingDetails = []string{inSet("", vocab.SetTargetingDetails)}

// targetingUnused reports whether the service says no targeting technique
// was used: a no, or a "none".
func (c *checker) targetingUnused() ([]string, bool) {
	m, p := best(c.inGroups([]string{"targeting.techniquesUsed"}))
	if p == none && m.v.Kind == advert.String {
		return []string{m.path}, true
	}
	if yes, ok := text.ParseBool(m.v); ok && !yes && p == given {
		return []string{m.path}, true
	}
	if p == absent {
		if ps, ok := c.saidIn("targeting", true, nil); ok {
			return []string{ps.path}, true
		}
	}
	return nil, false
}

// evalTargetingDetail reads what the template asks where targeting was
// used: not applicable where the service says none was; a list of
// techniques given as the statement counts as detail.
func evalTargetingDetail(c *checker, r Rule) Result {
	if found, unused := c.targetingUnused(); unused {
		return Result{Status: NotApplicable, Found: found, Note: "the service says no targeting techniques were used"}
	}
	res := evalField(c, r)
	if res.Status == Present || r.ID != "targeting.details" {
		return res
	}
	for _, m := range c.inGroups([]string{"targeting.techniquesUsed"}) {
		if detail, ok := c.otherTechnique(m.v); ok {
			return Result{Status: Present, Found: []string{m.path},
				Note: "read from the words after the other technique: " + strconv.Quote(detail) + "; uncertain"}
		}
	}
	for _, m := range c.inGroups([]string{"targeting.techniquesUsed"}) {
		if presenceOf(m.v) == given && (m.v.Kind == advert.String || m.v.Kind == advert.Array) {
			return Result{Status: Missing, Found: []string{m.path},
				Note: "only the kinds of technique are named, not the recipient groups, parameters or personal data used", weak: true}
		}
	}
	return res
}

// otherTechnique reads the free text a list of techniques gives after its
// "other" choice ("anders:,woningbezitte", "Other: homeowners"): it says
// what the targeting aimed at, which the kinds alone do not.
func (c *checker) otherTechnique(v advert.Value) (string, bool) {
	t := wordsOf(v)
	label, rest, ok := strings.Cut(t, ":")
	if !ok || len(strings.Fields(label)) > 3 {
		return "", false
	}
	if other, neg := c.v.TextSays(label, "other"); !other || neg {
		return "", false
	}
	rest = strings.Trim(rest, " ,;\n\t")
	if rest == "" || vocab.SaysNone(rest) {
		return "", false
	}
	if r := []rune(rest); len(r) > 60 {
		rest = string(r[:60]) + "…"
	}
	return rest, true
}

// periodEnds are the start and the end of the period: members that mean
// them in any group, and those inside a period object ("period": {"start",
// "end"}).
func (c *checker) periodEnds() (start, end []match) {
	start = c.inGroups([]string{"campaign.startDate"})
	end = c.inGroups([]string{"campaign.endDate"})
	set := c.fieldSet([]string{"campaign.startDate", "campaign.endDate"})
	for _, p := range c.inGroups([]string{"campaign.period"}) {
		for _, m := range c.inObject(p.v, string(advert.GroupCampaign), set, p.path+".") {
			if m.mean.Field.Name == "startDate" {
				start = append(start, m)
			} else {
				end = append(end, m)
			}
		}
	}
	return start, end
}

// evalPeriod needs a start and an end, the end not before the start; its
// note names what is wrong.
func evalPeriod(c *checker, _ Rule) Result {
	starts, ends := c.periodEnds()
	start, sp := best(starts)
	end, ep := best(ends)
	var found []string
	for _, m := range []match{start, end} {
		if m.path != "" {
			found = append(found, m.path)
		}
	}
	if sp == absent && ep == absent {
		if res, ok := c.periodFromText(); ok {
			return res
		}
	}
	switch {
	case sp == given && ep == given:
		return periodOrder(start.v, end.v, found)
	case sp <= empty && ep <= empty:
		return Result{Status: Missing, Found: found, Note: "no start and no end date", absent: sp == absent && ep == absent}
	case sp <= empty:
		return Result{Status: Missing, Found: found, Note: "no start date, only an end", absent: sp == absent}
	case ep <= empty:
		return Result{Status: Missing, Found: found, Note: "no end date, only a start" + c.ongoing(), absent: ep == absent}
	case sp == none && ep == none:
		return Result{Status: DeclaredNone, Found: found, Note: "start and end not disclosed"}
	case sp == none:
		return Result{Status: DeclaredNone, Found: found, Note: "the start is not disclosed"}
	}
	return Result{Status: DeclaredNone, Found: found, Note: "the end is not disclosed"}
}

// yearIn finds a year in a text: an election named in words has one
// ("Kommunalwahl 2026", "am 8. März 2026"), a mention of elections in
// general does not.
var yearIn = regexp.MustCompile(`\b(19|20)\d\d\b`)

// hasYear reports whether a text holds a year: not the number of an act
// ("Verordnung 2024/900", "EU-V 2024-900"), which every notice cites.
func hasYear(s string) bool {
	for _, loc := range yearIn.FindAllStringIndex(s, -1) {
		rest := s[loc[1]:]
		if len(rest) >= 2 && (rest[0] == '/' || rest[0] == '-') && rest[1] >= '0' && rest[1] <= '9' {
			continue
		}
		return true
	}
	return false
}

// dateInWords finds a whole date in a text's words ("am 08.03.2026").
func dateInWords(text string) (instant, bool) {
	for _, clause := range strings.FieldsFunc(text, func(r rune) bool { return r == ',' || r == ';' || r == '\n' }) {
		ws := strings.Fields(clause)
		for i := range ws {
			for j := min(len(ws), i+4); j > i; j-- {
				if in, ok := instantOf(advert.StringValue(strings.Trim(strings.Join(ws[i:j], " "), ".()"))); ok {
					return in, true
				}
			}
		}
	}
	return instant{}, false
}

// periodFromText reads a period written in words: a period field whose
// value is text, or a passage whose name speaks of the period.
func (c *checker) periodFromText() (Result, bool) {
	ms := c.inGroups([]string{"campaign.period"})
	for _, p := range c.passages() {
		if said, _ := c.v.TextSays(p.key, "period"); said {
			ms = append(ms, match{path: p.path, key: p.key, v: advert.StringValue(p.text)})
		}
	}
	for _, m := range ms {
		if m.v.Kind != advert.String {
			continue
		}
		s, e, ok := periodInText(m.v.Str)
		if !ok {
			continue
		}
		if e.before(s) {
			return Result{Status: Missing, Found: []string{m.path}, Note: fmt.Sprintf("the end (%s) is before the start (%s)", e.text, s.text)}, true
		}
		return Result{Status: Present, Found: []string{m.path}, Note: "read from its words: " + s.text + " to " + e.text}, true
	}
	return c.periodInLines()
}

// periodInLines reads a period from a line of a passage that speaks of
// it under another heading ("• Zeitraum: 03.02.–12.02.2026" under
// "Medium und Budget", "i perioden fra 1/9-2025 og frem til …"). A line
// must give both ends: one date there is a date, not a period.
func (c *checker) periodInLines() (Result, bool) {
	for _, p := range c.passages() {
		for _, line := range strings.Split(p.text, "\n") {
			if said, neg := c.v.TextSays(line, "period"); !said || neg {
				continue
			}
			s, e, ok := periodInText(line)
			if !ok || s == e || e.before(s) {
				continue
			}
			return Result{Status: Present, Found: []string{p.path},
				Note: "read from the words under " + strconv.Quote(p.key) + ": " + s.text + " to " + e.text +
					"; uncertain: the answer has no member for it as such"}, true
		}
	}
	return Result{}, false
}

// ongoing adds to a period without an end that the campaign says it is
// ongoing.
func (c *checker) ongoing() string {
	m, _ := best(c.inGroups([]string{"campaign.isOngoing"}))
	if yes, ok := text.ParseBool(m.v); ok && yes {
		return " (the campaign says it is ongoing)"
	}
	return ""
}

// periodOrder checks that a period given in full ends after it starts.
func periodOrder(start, end advert.Value, found []string) Result {
	s, sok := instantOf(start)
	e, eok := instantOf(end)
	if !sok || !eok {
		which := "start"
		if sok {
			which = "end"
		}
		return Result{Status: Present, Found: found, Flagged: true, Note: "the " + which + " is not a date padview can read"}
	}
	if e.before(s) {
		return Result{Status: Missing, Found: found, Note: fmt.Sprintf("the end (%s) is before the start (%s)", e.text, s.text)}
	}
	return Result{Status: Present, Found: found}
}

// instant is a date or a time as a period compares it.
type instant struct {
	in   advert.Instant
	text string // as text.FormatDate writes it
}

// instantOf reads a date or an instant with the one date reader
// (advert.ReadDate), as the display reads it.
func instantOf(v advert.Value) (instant, bool) {
	in, ok := advert.ReadDate(v)
	if !ok {
		return instant{}, false
	}
	return instant{in: in, text: in.String()}, true
}

// before compares by day when either has no time, so that an end date is
// not taken as ending at midnight, and when one has a zone and the other
// none, which cannot be told apart by the hour.
func (a instant) before(b instant) bool {
	if !a.in.HasTime || !b.in.HasTime || a.in.Zoned != b.in.Zoned {
		return a.in.Date() < b.in.Date()
	}
	return a.in.Time.Before(b.in.Time)
}

// evalAmounts needs an amount, and a currency with every amount.
func evalAmounts(c *checker, r Rule) Result {
	ms := c.inGroups(r.Fields)
	res := fromMatches(ms)
	if res.Status != Present {
		return res
	}
	if words := c.wordsForAmounts(ms); words.Status != "" {
		return words
	}
	var bare []string
	for _, m := range ms {
		if presenceOf(m.v) == given {
			bare = append(bare, c.withoutCurrency(m.path, m.key, m.v, m.holder)...)
		}
	}
	if len(bare) > 0 {
		// the currency may be among the members padview did not recognise
		return Result{Status: Missing, Found: res.Found, Note: "no currency: " + strings.Join(bare, ", "), absent: true}
	}
	return res
}

// wordsForAmounts reads amount members that hold words and no figure: a
// sentence saying there is none ("Keine Zuwendungen erhalten") is none, a
// reference elsewhere ("Gemäß den jeweils gültigen Preislisten") or an
// amount of money in words is no amount; a benefit in kind may be words.
// It decides only where every given member is such words; its Status is
// "" where one holds a figure, a currency or a benefit described.
func (c *checker) wordsForAmounts(ms []match) Result {
	var none, words []string
	for _, m := range ms {
		if presenceOf(m.v) != given {
			continue
		}
		if m.v.Kind != advert.String || strings.ContainsAny(m.v.Str, "0123456789") {
			return Result{}
		}
		if _, cur := stringMoney(m.v.Str); cur || currencyAffix.MatchString(m.v.Str) {
			return Result{}
		}
		switch {
		case vocab.SaysNone(m.v.Str):
			none = append(none, m.path)
		case c.v.OpensWith(m.v.Str, "reference"):
			words = append(words, m.path)
		case m.mean.Kind == vocab.FieldName && m.mean.Type() == vocab.Benefit:
			return Result{} // a benefit in kind is said in words ("pro bono design work")
		default:
			words = append(words, m.path)
		}
	}
	switch {
	case len(words) > 0:
		return Result{Status: Missing, Found: words, Note: "words and no amount: " + quoteShort(ms, words)}
	case len(none) > 0:
		return Result{Status: DeclaredNone, Found: none, Note: "the answer says none were received"}
	}
	return Result{}
}

// quoteShort quotes the first of the members named, cut short.
func quoteShort(ms []match, paths []string) string {
	for _, m := range ms {
		if m.path == paths[0] {
			t := m.v.Text()
			if r := []rune(t); len(r) > 60 {
				t = string(r[:60]) + "…"
			}
			return strconv.Quote(t)
		}
	}
	return ""
}

// withoutCurrency lists the amounts in v that name no currency: v itself, or
// items of a list. A currency may sit beside a bare number in the same
// object ("currency", or "totalValueCurrency").
func (c *checker) withoutCurrency(path, key string, v, holder advert.Value) []string {
	switch v.Kind {
	case advert.Array:
		var out []string
		for i, it := range v.Items() {
			out = append(out, c.withoutCurrency(fmt.Sprintf("%s[%d]", path, i), key, it, v)...)
		}
		return out
	case advert.Object:
		if !c.objectWithoutCurrency(v) {
			return nil
		}
	case advert.Number:
		if c.hasCurrencyMember(holder, key) {
			return nil
		}
	case advert.String:
		money, cur := stringMoney(v.Str)
		if !money || cur || c.hasCurrencyMember(holder, key) {
			return nil
		}
	default:
		return nil
	}
	return []string{path}
}

// objectWithoutCurrency reports whether a money object (an amount or a
// range) names no currency.
func (c *checker) objectWithoutCurrency(v advert.Value) bool {
	money := false
	for _, m := range v.Members() {
		switch c.v.MoneyPart(m.Key) {
		case "amount", "lower", "upper":
			if m.Value.Kind == advert.Null {
				continue
			}
			money = true
			if m.Value.Kind == advert.String {
				if _, cur := stringMoney(m.Value.Str); cur {
					return false
				}
			}
		}
	}
	return money && !c.hasCurrencyMember(v, "")
}

// hasCurrencyMember reports whether obj names a currency: a currency member,
// or one named for the amount key ("<key>Currency", vocab.CurrencyOf).
func (c *checker) hasCurrencyMember(obj advert.Value, key string) bool {
	for _, m := range obj.Members() {
		amount, own := c.v.CurrencyOf(m.Key)
		if c.v.MoneyPart(m.Key) != "currency" && (key == "" || !own || amount != advert.FoldKey(key)) {
			continue
		}
		if m.Value.Kind == advert.String && strings.TrimSpace(m.Value.Str) != "" {
			return true
		}
	}
	return false
}

// currencyAffix is an ISO 4217 code or a currency sign before or after an
// amount written as text ("EUR 12,500", "12.500 €").
var currencyAffix = regexp.MustCompile(`^(?:[A-Z]{3}|[€£$¥₹₽])\s*|\s*(?:[A-Z]{3}|[€£$¥₹₽]|zł)$`)

// stringMoney reports whether s is an amount written as text, and whether
// it names its currency.
func stringMoney(s string) (money, currency bool) {
	s = strings.TrimSpace(s)
	bare := currencyAffix.ReplaceAllString(s, "")
	currency = bare != s
	bare = strings.NewReplacer(",", "", " ", "", "'", "", "\u00a0", "", "\u202f", "").Replace(bare)
	if _, err := strconv.ParseFloat(bare, 64); err != nil {
		return false, false
	}
	return true, currency
}

// origins are the given origin-of-funds members.
func (c *checker) origins() []match {
	var out []match
	for _, m := range c.inGroups([]string{"complianceAndFunding.fundingOrigin"}) {
		if presenceOf(m.v) == given {
			out = append(out, m)
		}
	}
	if len(out) > 0 {
		return out
	}
	// a notice's heading of the funding ("Finanzierung", "Herkunft der
	// Mittel") over its words
	for _, p := range c.passages() {
		if c.fundingHeading(p.key) && presenceOf(advert.StringValue(p.text)) == given {
			out = append(out, match{path: p.path, key: p.key, v: advert.StringValue(p.text)})
		}
	}
	if len(out) > 0 {
		return out
	}
	// sentences that say where the money comes from, under a heading of
	// several items ("6. Budget / Finanzierung") or of the whole notice
	for _, p := range c.passages() {
		if said := c.originSentences(p.text); said != "" {
			out = append(out, match{path: p.path, key: p.key, v: advert.StringValue(said), sentences: true})
		}
	}
	return out
}

// originSentences are the clauses of a text that speak of funds and say
// where they come from: a kind of source ("Mitgliedsbeiträge", "own
// funds"), public or private, an origin, or inside or outside the EU
// ("keine Mittel aus dem Ausland").
func (c *checker) originSentences(t string) string {
	var out []string
	for _, cl := range vocab.Clauses(t) {
		if len(strings.Fields(cl)) < 3 {
			continue
		}
		if funds, _ := c.v.TextSays(cl, "funds"); !funds {
			continue
		}
		source := false
		for _, concept := range []string{"fundsource", "origin", "public", "private"} {
			if said, _ := c.v.TextSays(cl, concept); said {
				source = true
				break
			}
		}
		if _, side := vocab.ReadEUSide(cl); source || side {
			out = append(out, strings.TrimSpace(cl))
		}
	}
	return strings.Join(out, "\n")
}

// wordsOf is the text of a value: a string as it is, an object's or a
// list's strings one a line (a heading's sub-items: "b. Ursprung der
// Mittel": "innerhalb EU").
func wordsOf(v advert.Value) string {
	switch v.Kind {
	case advert.Object:
		var parts []string
		for _, m := range v.Members() {
			parts = append(parts, wordsOf(m.Value))
		}
		return strings.Join(parts, "\n")
	case advert.Array:
		var parts []string
		for _, it := range v.Items() {
			parts = append(parts, wordsOf(it))
		}
		return strings.Join(parts, "\n")
	}
	return v.Text()
}

// fundingHeading reports whether a name speaks of the funding and not of
// its amounts or their calculation: the heading of where money comes from.
func (c *checker) fundingHeading(key string) bool {
	funds, _ := c.v.TextSays(key, "funds")
	origin, _ := c.v.TextSays(key, "origin")
	if !funds && !origin {
		return false
	}
	for _, other := range []string{"amount", "method", "calculation", "budget"} {
		if said, _ := c.v.TextSays(key, other); said {
			return false
		}
	}
	return true
}

// evalOrigin is the plain reading, flagged when the words say the funds
// come from outside the EU.
func evalOrigin(c *checker, r Rule) Result {
	res := evalField(c, r)
	if res.Status == Missing && res.absent {
		if ms := c.origins(); len(ms) > 0 {
			res = Result{Status: Present, Found: []string{ms[0].path},
				Note: "read from the words under " + strconv.Quote(ms[0].key) + "; uncertain: the answer has no member for it as such"}
		}
	}
	for _, m := range c.origins() {
		if vocab.EUSide(m.v.Text()) == vocab.Outside {
			res.Flagged, res.Note = true, "says the funds come from outside the EU"
		}
	}
	return res
}

// evalThirdCountry reads the yes/no member, else the origin's words,
// honouring their negations ("keine Zuwendungen aus dem Ausland" says
// inside). Words padview cannot read either way make the item unknown,
// with a note naming the member: never a flag.
func evalThirdCountry(c *checker, _ Rule) Result {
	ms := c.inGroups([]string{"complianceAndFunding.isThirdCountryFunded"})
	var outside, inside, unsure []string
	for _, m := range c.origins() {
		switch side, said := vocab.ReadEUSide(wordsOf(m.v)); {
		case side == vocab.Outside:
			outside = append(outside, m.path)
		case side == vocab.Inside:
			inside = append(inside, m.path)
		case said:
			unsure = append(unsure, m.path)
		}
	}
	if m, p := best(ms); p == given {
		return thirdCountryFlag(m, outside)
	}
	switch {
	case len(outside) > 0:
		return Result{Status: Present, Found: outside, Flagged: true, Note: "read from the origin of funds: outside the EU"}
	case len(unsure) > 0:
		return Result{Status: Unknown, Found: unsure, Note: unsureNote(unsure)}
	case len(inside) > 0:
		return Result{Status: Present, Found: inside, Note: "read from the origin of funds: inside the EU"}
	}
	if p, ok := c.originFromSentences(); ok && len(ms) == 0 {
		return Result{Status: Unknown, Found: []string{p},
			Note: "the origin of funds is read from sentences under a heading that is not the funding's, and they do not " +
				"say inside or outside the EU; other words there may: a reviewer must read them"}
	}
	res := fromMatches(ms)
	if res.Status == Missing && res.absent {
		res.Note = "no yes/no member, and the origin of funds does not say"
	}
	return res
}

// originFromSentences reports whether the origin of funds was read only
// from sentences picked out of a passage, and where.
func (c *checker) originFromSentences() (string, bool) {
	for _, m := range c.origins() {
		if m.sentences {
			return m.path, true
		}
	}
	return "", false
}

// unsureNote says which members speak of the EU in words padview cannot
// read either way.
func unsureNote(paths []string) string {
	return "padview cannot tell inside or outside the EU from the words of " + strings.Join(paths, ", ") +
		" (they negate and affirm it, or negate after it): a reviewer must read them"
}

// thirdCountryFlag reads a given yes/no member on funding from outside the
// EU, against the origin's words; a member that holds words rather than a
// yes or no is read as the origin's words are.
func thirdCountryFlag(m match, outsideWords []string) Result {
	yes, ok := text.ParseBool(m.v)
	if !ok {
		switch vocab.EUSide(m.v.Text()) {
		case vocab.Outside:
			yes, ok = true, true
		case vocab.Inside:
			yes, ok = false, true
		default:
			return Result{Status: Unknown, Found: []string{m.path}, Note: "not a yes or no padview can read: " + m.path}
		}
	}
	switch {
	case yes:
		return Result{Status: Present, Found: []string{m.path}, Flagged: true, Note: "funded from outside the EU"}
	case len(outsideWords) > 0:
		return Result{Status: Present, Found: append([]string{m.path}, outsideWords...), Flagged: true,
			Note: "says no, but the origin of funds says outside the EU"}
	}
	return Result{Status: Present, Found: []string{m.path}, Note: "funded from inside the EU"}
}

// evalElectionDate reads the election's date, or the date of a linked
// election written as an object ({"label", "date"}).
func evalElectionDate(c *checker, r Rule) Result {
	res := fromMatches(c.inGroups(r.Fields[:1]))
	if res.Status == Present {
		return res
	}
	switch e := evalElection(c, Rule{Fields: []string{"complianceAndFunding.linkedElection"}}); {
	case res.Status != Missing || !res.absent:
	case e.Status == Unknown:
		return Result{Status: Unknown, Found: e.Found, Note: "whether an election is linked is unknown: " + e.Note}
	case e.Status == NotApplicable:
		return Result{Status: NotApplicable, Note: "no election or referendum is named", absent: e.absent}
	case e.Status == Present && len(e.Found) == 1 && strings.Contains(e.Note, "read from the words"):
		for _, p := range c.passages() {
			if p.path == e.Found[0] {
				if d, ok := dateInWords(p.text); ok {
					return Result{Status: Present, Found: e.Found, Note: "read from the words naming the election: " + d.text}
				}
			}
		}
	}
	vc := c.v
	for _, e := range c.inGroups([]string{"complianceAndFunding.linkedElection"}) {
		for _, m := range e.v.Members() {
			if typ, _ := vc.TypeOf(m.Key); typ == vocab.Date && presenceOf(m.Value) == given {
				return Result{Status: Present, Found: []string{e.path + "." + m.Key}, Note: "the linked election's date"}
			}
		}
	}
	return res
}

// evalElectionInformation needs official information only where an
// election or referendum is linked.
// evalElection is the plain reading; where no member gives the election,
// the words of a notice may ("im Zusammenhang mit der Kommunalwahl").
func evalElection(c *checker, r Rule) Result {
	res := evalField(c, r)
	if res.Status == Present {
		if p, ok := c.namesNoElection(r.Fields); ok {
			return Result{Status: Unknown, Found: []string{p},
				Note: "the member for the election holds words that name no election, referendum or legislative " +
					"process padview can read, and no year or date: a reviewer must read it"}
		}
	}
	if res.Status == Missing && res.weak {
		return Result{Status: NotApplicable, Found: res.Found, Note: "sent empty: no election or referendum is named", absent: true}
	}
	if res.Status != Missing || !res.absent {
		return res
	}
	if p, ok := c.saidIn("election", false, func(p passage) bool { return !hasYear(p.text) }); ok {
		return fromWords(Present, p, "an election is named")
	}
	for _, p := range c.passages() { // a heading that names it ("Transparenzbekanntmachung zur Kommunalwahl 2026")
		if said, neg := c.v.TextSays(p.key, "election"); said && !neg && hasYear(p.key) {
			return Result{Status: Present, Found: []string{p.path},
				Note: "an election is named in the heading " + strconv.Quote(p.key) + "; uncertain: the answer has no member for it as such"}
		}
	}
	if p, ok := c.saidIn("election", false, nil); ok {
		return Result{Status: Missing, Found: []string{p.path}, weak: true,
			Note: "elections are spoken of under " + strconv.Quote(p.key) + ", but none is named"}
	}
	return Result{Status: NotApplicable, Note: "no election, referendum or legislative process is named; " +
		"the template asks for one only where the advertisement is linked to one", absent: true}
}

// namesNoElection reports whether every election member given is words
// that name none: no word of an election, referendum or legislative
// process, no year, no date ("Algemeen - beleid en maatschappelijke
// thema's", a party's short name). It returns the first such member.
func (c *checker) namesNoElection(fields []string) (string, bool) {
	first := ""
	for _, m := range c.inGroups(fields) {
		if presenceOf(m.v) != given {
			continue
		}
		if m.v.Kind != advert.String || len(strings.Fields(m.v.Str)) < 2 {
			return "", false
		}
		if m.mean.Field != nil && m.key != m.mean.Field.Name {
			// a name of its own that says what it holds ("Referendum":
			// "Measure 4") names the vote
			if said, _ := c.v.TextSays(m.key, "election"); said {
				return "", false
			}
		}
		if said, _ := c.v.TextSays(m.v.Str, "election"); said || hasYear(m.v.Str) {
			return "", false
		}
		if body, _ := c.v.TextSays(m.v.Str, "assembly"); body { // "Europees Parlement"
			return "", false
		}
		if _, ok := dateInWords(m.v.Str); ok {
			return "", false
		}
		if first == "" {
			first = m.path
		}
	}
	return first, first != ""
}

func evalElectionInformation(c *checker, r Rule) Result {
	res := evalField(c, r)
	if res.Status != Missing || !res.absent {
		return res
	}
	switch e := evalElection(c, Rule{Fields: []string{"complianceAndFunding.linkedElection"}}); {
	case e.Status == Unknown:
		return Result{Status: Unknown, Found: e.Found, Note: "whether an election is linked is unknown: " + e.Note}
	case e.Status == Missing && e.weak:
		return Result{Status: Missing, Found: e.Found, Note: e.Note + "; no official information on taking part is given"}
	case e.Status == DeclaredNone, e.Status == Missing && !e.absent:
		return Result{Status: NotApplicable, Found: e.Found, Note: "no election or referendum is linked"}
	case e.Status == Present:
		return notFound("an election is linked, but no official information on taking part is given")
	}
	return Result{Status: NotApplicable, Note: "no election or referendum is named", absent: true}
}

// evalNoticeURL needs a web address of the transparency notice, unless
// the answer is itself the notice (a politiekereclame.nl statement, as the
// vocabulary reads it): then no link to one is needed.
func evalNoticeURL(c *checker, r Rule) Result {
	res := evalURL(c, r)
	if res.Status == Present {
		return res
	}
	if c.d.SelfNotice != "" {
		return Result{Status: NotApplicable, Found: res.Found,
			Note: "the answer is itself a transparency notice (" + c.d.SelfNotice + "); uncertain: padview cannot see where the label points to it"}
	}
	if p, ok := c.selfNotice(); ok {
		return Result{Status: NotApplicable, Found: []string{p.path},
			Note: "the answer is itself a transparency notice: it is headed " + strconv.Quote(p.key) +
				"; uncertain: padview cannot see where the label points to it"}
	}
	return res
}

// evalRepository is evalURL, not applicable to an advertisement the answer
// shows to run only off line: the European repository is for online
// political advertisements (Art. 13).
func evalRepository(c *checker, r Rule) Result {
	res := evalURL(c, r)
	if res.Status != Missing {
		return res
	}
	if p, ok := c.offlineOnly(); ok {
		return Result{Status: NotApplicable, Found: []string{p.path},
			Note: "the advertisement runs off line (" + strconv.Quote(p.key) + "); the European repository is for online advertisements"}
	}
	return res
}

// evalURL needs a web address.
func evalURL(c *checker, r Rule) Result {
	ms := c.inGroups(r.Fields)
	var bad []string
	for _, m := range ms {
		if presenceOf(m.v) != given {
			continue
		}
		if isWebAddress(m.v) {
			return Result{Status: Present, Found: []string{m.path}}
		}
		bad = append(bad, m.path)
	}
	if len(bad) > 0 {
		return Result{Status: Missing, Found: bad, Note: "not a web address (http or https)"}
	}
	return fromMatches(ms)
}

func isWebAddress(v advert.Value) bool {
	if v.Kind != advert.String {
		return false
	}
	u, err := url.Parse(strings.TrimSpace(v.Str))
	return err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != ""
}
