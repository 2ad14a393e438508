package check

import (
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
)

// evalField is the plain reading: any of the rule's fields in any group.
func evalField(d *advert.Document, r Rule) Result {
	return fromMatches(inGroups(d, r.Fields))
}

// partyState is what one party (the advertiser or a sponsor) holds for a
// rule.
type partyState struct {
	presence
	natural bool // a natural person, where the rule does not apply to one
	path    string
}

// evalParty reads a sponsor item, met by the advertiser or by every
// sponsor. With naturalNA the item does not apply to a natural person.
func evalParty(naturalNA bool) func(*advert.Document, Rule) Result {
	return func(d *advert.Document, r Rule) Result { return partyResult(d, r, naturalNA) }
}

func partyResult(d *advert.Document, r Rule, naturalNA bool) Result {
	set := fieldSet(r.Fields)
	state := func(v advert.Value, prefix string) partyState {
		m, p := best(inObject(v, set, prefix))
		return partyState{presence: p, natural: naturalNA && isNaturalPerson(v), path: m.path}
	}
	adv := state(d.Advertiser, "advertiser.")
	if adv.presence == given {
		return Result{Status: Present, Found: []string{adv.path}}
	}
	sponsors := make([]partyState, len(d.Sponsors))
	var withValue, naturals, nones int
	var found []string
	seen := map[string]bool{}
	for i, s := range d.Sponsors {
		st := state(s, "sponsors[].")
		sponsors[i] = st
		switch {
		case st.presence == given:
			withValue++
			if !seen[st.path] {
				seen[st.path] = true
				found = append(found, st.path)
			}
		case st.natural:
			naturals++
		case st.presence == none:
			nones++
		}
	}
	n := len(sponsors)
	switch {
	case n > 0 && withValue > 0 && withValue+naturals == n:
		note := "every sponsor gives one"
		if naturals > 0 {
			note = "every sponsor that is not a natural person gives one"
		}
		return Result{Status: Present, Found: found, Note: note}
	case adv.natural:
		return Result{Status: NotApplicable, Note: "the advertiser is a natural person"}
	case n > 0 && naturals == n:
		return Result{Status: NotApplicable, Note: "every sponsor is a natural person"}
	case adv.presence == none:
		return Result{Status: DeclaredNone, Found: []string{adv.path}, Note: "the advertiser's is not disclosed"}
	case d.SponsorsState == advert.ListNull:
		return Result{Status: DeclaredNone, Found: []string{string(advert.GroupSponsors)},
			Note: "the sponsor list is not disclosed (null)"}
	case n > 0 && nones > 0 && withValue+naturals+nones == n:
		return Result{Status: DeclaredNone, Found: found, Note: fmt.Sprintf("not disclosed for %d of %d sponsors", nones, n)}
	case isPersonal(r.Fields) && d.View == advert.Standard:
		return Result{Status: NotInView, Found: found,
			Note: "contact data is not in the standard view; the full view shows it"}
	case withValue > 0:
		return Result{Status: Missing, Found: found,
			Note: fmt.Sprintf("given for %d of %d sponsors, not for the advertiser", withValue, n)}
	case adv.presence == empty:
		return Result{Status: Missing, Found: []string{adv.path}, Note: "the advertiser's is sent empty"}
	}
	return Result{Status: Missing, Note: "neither the advertiser nor every sponsor gives one"}
}

// evalEstablishment is a sponsor item that services also put in other
// groups ("countryOfEstablishment" beside the funding).
func evalEstablishment(d *advert.Document, r Rule) Result {
	res := partyResult(d, r, true)
	if res.Status == Present || res.Status == NotApplicable {
		return res
	}
	var elsewhere []match
	for _, m := range inGroups(d, r.Fields) {
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
	return res
}

// entityNone are the words with which a service says there is no such
// entity, or that it is the sponsor.
var entityNone = map[string]bool{"none": true, "n/a": true, "not applicable": true, "no": true,
	"sponsor": true, "the sponsor": true, "same as sponsor": true, "same as the sponsor": true,
	"advertiser": true, "the advertiser": true, "self": true, "self-funded": true}

// evalEntity reads a party that exists only sometimes (the controlling
// entity, a payer other than the sponsor): not applicable when the service
// says there is none or names the sponsor; naNote says which.
func evalEntity(naNote string) func(*advert.Document, Rule) Result {
	return func(d *advert.Document, r Rule) Result {
		ms := inGroups(d, r.Fields)
		names := sponsorNames(d)
		var present, na, nones, unnamed []string
		for _, m := range ms {
			switch v := m.v; v.Kind {
			case advert.Null:
				nones = append(nones, m.path)
			case advert.Bool:
				if v.Bool {
					unnamed = append(unnamed, m.path)
				} else {
					na = append(na, m.path)
				}
			case advert.String:
				s := strings.ToLower(strings.TrimSpace(v.Str))
				switch {
				case s == "":
				case entityNone[s], names[s]:
					na = append(na, m.path)
				default:
					present = append(present, m.path)
				}
			case advert.Object:
				name := text.PartyName(v)
				switch {
				case names[strings.ToLower(strings.TrimSpace(name))]:
					na = append(na, m.path)
				case name == "(unnamed)" || strings.TrimSpace(name) == "":
					unnamed = append(unnamed, m.path)
				default:
					present = append(present, m.path)
				}
			case advert.Array:
				if len(v.Items()) == 0 {
					na = append(na, m.path)
				} else {
					present = append(present, m.path)
				}
			default:
				present = append(present, m.path)
			}
		}
		switch {
		case len(present) > 0:
			return Result{Status: Present, Found: present}
		case len(na) > 0:
			return Result{Status: NotApplicable, Found: na, Note: naNote}
		case len(nones) > 0:
			return Result{Status: DeclaredNone, Found: nones, Note: "the service says it is not disclosed"}
		case len(unnamed) > 0:
			return Result{Status: Missing, Found: unnamed, Note: "sent without a name"}
		}
		return Result{Status: Missing, Note: "not in this response"}
	}
}

// evalPeriod needs a start and an end, the end not before the start.
func evalPeriod(d *advert.Document, _ Rule) Result {
	start, sp := best(inGroups(d, startFields))
	end, ep := best(inGroups(d, endFields))
	var found []string
	for _, m := range []match{start, end} {
		if m.path != "" {
			found = append(found, m.path)
		}
	}
	switch {
	case sp == given && ep == given:
		s, sok := text.FormatDate(start.v)
		e, eok := text.FormatDate(end.v)
		if !sok || !eok {
			which := "start"
			if sok {
				which = "end"
			}
			return Result{Status: Present, Found: found, Flagged: true,
				Note: "the " + which + " is not a date padview can read"}
		}
		if endsBefore(s, e) {
			return Result{Status: Missing, Found: found,
				Note: fmt.Sprintf("ends %s, before it starts %s", e, s)}
		}
		return Result{Status: Present, Found: found}
	case sp <= empty && ep <= empty:
		return Result{Status: Missing, Found: found, Note: "no start and no end date"}
	case sp <= empty:
		return Result{Status: Missing, Found: found, Note: "no start date"}
	case ep <= empty:
		return Result{Status: Missing, Found: found, Note: "no end date"}
	case sp == none && ep == none:
		return Result{Status: DeclaredNone, Found: found, Note: "start and end not disclosed"}
	case sp == none:
		return Result{Status: DeclaredNone, Found: found, Note: "the start is not disclosed"}
	}
	return Result{Status: DeclaredNone, Found: found, Note: "the end is not disclosed"}
}

// endsBefore compares two dates as text.FormatDate writes them
// ("2006-01-02" or "2006-01-02 15:04 UTC"): by day when either has no
// time, so that an end date is not taken as ending at midnight.
func endsBefore(start, end string) bool {
	if len(start) == len("2006-01-02") || len(end) == len("2006-01-02") {
		return end[:10] < start[:10]
	}
	return end < start
}

// evalAmounts needs an amount, and a currency with every amount.
func evalAmounts(d *advert.Document, r Rule) Result {
	ms := inGroups(d, r.Fields)
	res := fromMatches(ms)
	if res.Status != Present {
		return res
	}
	var bare []string
	for _, m := range ms {
		if presenceOf(m.v) == given {
			bare = append(bare, withoutCurrency(m.path, m.key, m.v, m.holder)...)
		}
	}
	if len(bare) > 0 {
		return Result{Status: Missing, Found: res.Found, Note: "no currency: " + strings.Join(bare, ", ")}
	}
	return res
}

// withoutCurrency lists the amounts in v that name no currency: v itself, or
// items of a list. A currency may sit beside a bare number in the same
// object ("currency", or "totalValueCurrency").
func withoutCurrency(path, key string, v, holder advert.Value) []string {
	switch v.Kind {
	case advert.Array:
		var out []string
		for i, it := range v.Items() {
			out = append(out, withoutCurrency(fmt.Sprintf("%s[%d]", path, i), key, it, v)...)
		}
		return out
	case advert.Object:
		amount, isMoney := advert.Value{}, false
		for _, k := range []string{"amount", "value", "total", "sum"} {
			if a, ok := v.Get(k); ok {
				amount, isMoney = a, true
				break
			}
		}
		if !isMoney || amount.Kind == advert.Null || hasCurrencyMember(v, "") {
			return nil
		}
		if amount.Kind == advert.String {
			if _, cur := stringMoney(amount.Str); cur {
				return nil
			}
		}
		return []string{path}
	case advert.Number:
		if hasCurrencyMember(holder, key) {
			return nil
		}
		return []string{path}
	case advert.String:
		money, cur := stringMoney(v.Str)
		if !money || cur || hasCurrencyMember(holder, key) {
			return nil
		}
		return []string{path}
	}
	return nil
}

// hasCurrencyMember reports whether obj names a currency: a "currency" or
// "currencyCode" member, or "<key>Currency" for the amount named key.
func hasCurrencyMember(obj advert.Value, key string) bool {
	want := map[string]bool{"currency": true, "currencycode": true}
	if key != "" {
		want[advert.FoldKey(key)+"currency"] = true
	}
	for _, m := range obj.Members() {
		if want[advert.FoldKey(m.Key)] && m.Value.Kind == advert.String && strings.TrimSpace(m.Value.Str) != "" {
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

// euSide reads an origin of funds written as words: "outside" the EU,
// "inside", or "" when it does not say.
func euSide(s string) string {
	s = strings.ToLower(s)
	for _, w := range []string{"third country", "third-country", "outside the eu", "outside the union",
		"outside the european union", "non-eu", "non eu", "foreign"} {
		if strings.Contains(s, w) {
			return "outside"
		}
	}
	for _, w := range []string{"within the eu", "inside the eu", "within the union", "inside the union",
		"within the european union", "inside the european union", "eu-based", "domestic"} {
		if strings.Contains(s, w) {
			return "inside"
		}
	}
	return ""
}

// origins are the given origin-of-funds members.
func origins(d *advert.Document) []match {
	var out []match
	for _, m := range inGroups(d, originFields) {
		if presenceOf(m.v) == given {
			out = append(out, m)
		}
	}
	return out
}

// evalOrigin is the plain reading, flagged when the words say the funds
// come from outside the EU.
func evalOrigin(d *advert.Document, r Rule) Result {
	res := fromMatches(inGroups(d, r.Fields))
	for _, m := range origins(d) {
		if euSide(m.v.Text()) == "outside" {
			res.Flagged, res.Note = true, "says the funds come from outside the EU"
		}
	}
	return res
}

// evalThirdCountry reads the yes/no member, else the origin's words.
func evalThirdCountry(d *advert.Document, r Rule) Result {
	ms := inGroups(d, r.Fields)
	outsideWords := ""
	for _, m := range origins(d) {
		if euSide(m.v.Text()) == "outside" {
			outsideWords = m.path
		}
	}
	if m, p := best(ms); p == given {
		yes, ok := text.ParseBool(m.v)
		switch {
		case !ok:
			return Result{Status: Present, Found: []string{m.path}, Flagged: true,
				Note: "not a yes or no padview can read"}
		case yes:
			return Result{Status: Present, Found: []string{m.path}, Flagged: true, Note: "funded from outside the EU"}
		case outsideWords != "":
			return Result{Status: Present, Found: []string{m.path, outsideWords}, Flagged: true,
				Note: "says no, but the origin of funds says outside the EU"}
		}
		return Result{Status: Present, Found: []string{m.path}, Note: "funded from inside the EU"}
	}
	for _, m := range origins(d) {
		switch euSide(m.v.Text()) {
		case "outside":
			return Result{Status: Present, Found: []string{m.path}, Flagged: true,
				Note: "read from the origin of funds: outside the EU"}
		case "inside":
			return Result{Status: Present, Found: []string{m.path}, Note: "read from the origin of funds: inside the EU"}
		}
	}
	res := fromMatches(ms)
	if res.Status == Missing && res.Note == "not in this response" {
		res.Note = "no yes/no member, and the origin of funds does not say"
	}
	return res
}

// evalURL needs a web address.
func evalURL(d *advert.Document, r Rule) Result {
	ms := inGroups(d, r.Fields)
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
