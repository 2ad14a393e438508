package advert

import (
	"strings"
	"testing"

	"github.com/padview/padview/api/vocab"
)

// typedCase is one shape of a typed field: the group body as sent, the
// member to look at, its normalized JSON, and a fragment the warning must
// hold ("" when there must be none).
type typedCase struct {
	name, body, key, want, warning string
}

func checkTyped(t *testing.T, group Group, cases []typedCase) {
	t.Helper()
	for _, c := range cases {
		d := mustNormalize(t, `{"`+string(group)+`":`+c.body+`}`)
		g := d.Group(group)
		got, ok := g.Get(c.key)
		if !ok {
			t.Errorf("%s: %s missing from %s", c.name, c.key, g.Text())
			continue
		}
		if s := string(got.AppendJSON(nil)); s != c.want {
			t.Errorf("%s: %s = %s; want %s", c.name, c.key, s, c.want)
		}
		switch warnings := strings.Join(d.Warnings, "\n"); {
		case c.warning == "" && warnings != "":
			t.Errorf("%s: unexpected warning %q", c.name, warnings)
		case c.warning != "" && !strings.Contains(warnings, c.warning):
			t.Errorf("%s: warning %q does not say %q", c.name, warnings, c.warning)
		}
	}
}

func TestTypedMoney(t *testing.T) {
	checkTyped(t, GroupCampaign, []typedCase{
		{"object", `{"totalValue":{"amount":48250.00,"currency":"EUR"}}`, "totalValue", `{"amount":"48250.00","currency":"EUR"}`, ""},
		{"object with a string amount", `{"totalValue":{"amount":"22000","currency":"eur"}}`, "totalValue", `{"amount":"22000","currency":"EUR"}`, ""},
		{"value and currency", `{"totalValue":{"value":"5","currency":"PLN"}}`, "totalValue", `{"amount":"5","currency":"PLN"}`, ""},
		{"number", `{"totalValue":9800}`, "totalValue", `{"amount":"9800","currency":null}`, ""},
		{"exponent", `{"totalValue":1.5e3}`, "totalValue", `{"amount":"1500","currency":null}`, ""},
		{"small exponent", `{"totalValue":25E-3}`, "totalValue", `{"amount":"0.025","currency":null}`, ""},
		{"numeric string", `{"totalValue":"125000.50"}`, "totalValue", `{"amount":"125000.50","currency":null}`, ""},
		{"leading zeros", `{"totalValue":"007.50"}`, "totalValue", `{"amount":"7.50","currency":null}`, ""},
		{"negative", `{"totalValue":"-12"}`, "totalValue", `{"amount":"-12","currency":null}`, ""},
		{"thousands with decimals", `{"totalValue":"22,000.00"}`, "totalValue", `{"amount":"22000.00","currency":null}`, ""},
		{"thousands, two groups", `{"totalValue":"1,250,000"}`, "totalValue", `{"amount":"1250000","currency":null}`, ""},
		{"ambiguous comma", `{"totalValue":"22,000"}`, "totalValue", `"22,000"`, "ambiguous"},
		{"ambiguous dot", `{"totalValue":"1.250"}`, "totalValue", `"1.250"`, "ambiguous"},
		{"decimal comma", `{"totalValue":"22.000,50"}`, "totalValue", `{"amount":"22000.50","currency":null}`, ""},
		{"decimal comma alone", `{"totalValue":"3200,50"}`, "totalValue", `{"amount":"3200.50","currency":null}`, ""},
		{"decimal comma, one digit", `{"totalValue":"12,5"}`, "totalValue", `{"amount":"12.5","currency":null}`, ""},
		{"decimal comma after four digits", `{"totalValue":"1250,000"}`, "totalValue", `{"amount":"1250.000","currency":null}`, ""},
		{"a fraction of one", `{"totalValue":"0.125"}`, "totalValue", `{"amount":"0.125","currency":null}`, ""},
		{"thousands dots", `{"totalValue":"1.250.000"}`, "totalValue", `{"amount":"1250000","currency":null}`, ""},
		{"thousands dots, decimal comma", `{"totalValue":"1.250.000,50"}`, "totalValue", `{"amount":"1250000.50","currency":null}`, ""},
		{"thousands spaces", `{"totalValue":"1 250 000"}`, "totalValue", `{"amount":"1250000","currency":null}`, ""},
		{"thousands no-break spaces", `{"totalValue":"1\u00a0250,75"}`, "totalValue", `{"amount":"1250.75","currency":null}`, ""},
		{"thousands apostrophes", `{"totalValue":"1'250'000"}`, "totalValue", `{"amount":"1250000","currency":null}`, ""},
		{"one space group", `{"totalValue":"1 250"}`, "totalValue", `{"amount":"1250","currency":null}`, ""},
		{"bad groups", `{"totalValue":"1.25.000"}`, "totalValue", `"1.25.000"`, "not an amount"},
		{"two group kinds", `{"totalValue":"1.250 000"}`, "totalValue", `"1.250 000"`, "not an amount"},
		{"sign after", `{"totalValue":"1.250,00 €"}`, "totalValue", `{"amount":"1250.00","currency":"EUR"}`, ""},
		{"sign before", `{"totalValue":"€1.250.000"}`, "totalValue", `{"amount":"1250000","currency":"EUR"}`, ""},
		{"word after", `{"totalValue":"1250 euro"}`, "totalValue", `{"amount":"1250","currency":"EUR"}`, ""},
		{"a dollar sign says no currency", `{"totalValue":"$1,250.00"}`, "totalValue", `"$1,250.00"`, "not an amount"},
		{"code before", `{"totalValue":"EUR 12500"}`, "totalValue", `{"amount":"12500","currency":"EUR"}`, ""},
		{"code after", `{"totalValue":"12500 gbp"}`, "totalValue", `{"amount":"12500","currency":"GBP"}`, ""},
		{"own currency member", `{"totalValue":"41000","totalValueCurrency":"PLN"}`, "totalValue", `{"amount":"41000","currency":"PLN"}`, ""},
		{"currency beside", `{"totalValue":9800,"currency":"EUR","medium":"radio"}`, "totalValue", `{"amount":"9800","currency":"EUR"}`, ""},
		{"null", `{"totalValue":null}`, "totalValue", `null`, ""},
		{"null amount", `{"totalValue":{"amount":null,"currency":"EUR"}}`, "totalValue", `{"amount":null,"currency":"EUR"}`, ""},
		{"extra members kept", `{"totalValue":{"currency":"EUR","amount":1,"vat":"included"}}`, "totalValue", `{"amount":"1","currency":"EUR","vat":"included"}`, ""},
		{"words", `{"totalValue":"lots"}`, "totalValue", `"lots"`, `campaign.totalValue: "lots" is not an amount; kept as sent`},
		{"unknown currency", `{"totalValue":{"amount":5,"currency":"euros"}}`, "totalValue", `{"amount":5,"currency":"euros"}`, "ISO 4217"},
		{"two currencies", `{"totalValue":"EUR 5","totalValueCurrency":"USD"}`, "totalValue", `"EUR 5"`, "two different currencies"},
		{"own currency in Dutch", `{"totalValue":"41000","totalValue_valuta":"EUR"}`, "totalValue", `{"amount":"41000","currency":"EUR"}`, ""},
		{"unreadable, its currency beside kept", `{"totalValue":"1,250","currency":"KWD"}`, "totalValue",
			`{"amount":"1,250","currency":"KWD"}`, "ambiguous"},
		{"a currency of two decimals: three digits group thousands", `{"totalValue":"1,250","currency":"CHF"}`, "totalValue",
			`{"amount":"1250","currency":"CHF"}`, ""},
		{"the currency in the text tells", `{"totalValue":"5.500 EUR"}`, "totalValue", `{"amount":"5500","currency":"EUR"}`, ""},
		{"boolean", `{"totalValue":true}`, "totalValue", `true`, "not an amount"},
		{"huge exponent", `{"totalValue":1e999999}`, "totalValue", `1e999999`, "exactly"},
	})
	// The currency member beside a single amount moves into it; beside two
	// amounts it serves both and stays.
	d := mustNormalize(t, `{"campaign":{"totalValue":9800,"currency":"EUR"}}`)
	if _, ok := d.Campaign.Get("currency"); ok {
		t.Errorf("currency not moved into the amount: %s", d.Campaign.Text())
	}
	d = mustNormalize(t, `{"complianceAndFunding":{"amountsReceived":9800,"otherBenefits":200,"currency":"EUR"}}`)
	if got := d.ComplianceAndFunding.Text(); got != `{"amountsReceived":{"amount":"9800","currency":"EUR"},"otherBenefits":{"amount":"200","currency":"EUR"},"currency":"EUR"}` {
		t.Errorf("shared currency: %s", got)
	}
	checkTyped(t, GroupComplianceAndFunding, []typedCase{
		{"benefits in words", `{"otherBenefits":"pro bono design work"}`, "otherBenefits", `"pro bono design work"`, ""},
		{"benefits as money", `{"otherBenefits":"EUR 1,200.00"}`, "otherBenefits", `{"amount":"1200.00","currency":"EUR"}`, ""},
		{"list of amounts", `{"amountsReceived":[{"amount":1,"currency":"EUR"},"2 EUR","x"]}`, "amountsReceived",
			`[{"amount":"1","currency":"EUR"},{"amount":"2","currency":"EUR"},"x"]`, `complianceAndFunding.amountsReceived[2]: "x" is not an amount`},
	})
	// One warning for an amount that cannot be read, none for its parts.
	d = mustNormalize(t, `{"campaign":{"totalValue":{"amount":"lots","currency":"EUR"}},"other":{"x":{"value":"?","currency":"EUR"}}}`)
	if len(d.Warnings) != 2 || !strings.HasPrefix(d.Warnings[0], "campaign.totalValue: ") || !strings.HasPrefix(d.Warnings[1], "other.other.x: ") {
		t.Errorf("warnings: %q", d.Warnings)
	}
	// An {amount, currency} object is money under any name.
	d = mustNormalize(t, `{"sponsors":[{"name":"S","contribution":{"amount":30000,"currency":"eur"}}]}`)
	if got := field(t, d.Sponsors[0], "contribution"); got != `{"amount":"30000","currency":"EUR"}` {
		t.Errorf("contribution: %s", got)
	}
}

// The currency a member's name gives stays with an amount padview cannot
// read: it is shown, and the check finds it, with the amount as sent.
func TestUnreadableAmountKeepsTheNamedCurrency(t *testing.T) {
	for _, c := range []struct {
		body, want string
		warns      bool
	}{
		{`{"totale_waarde_campagne_euro":"1.25.000"}`, `{"amount":"1.25.000","currency":"EUR"}`, true},
		// a euro amount has no three decimals: the three digits group thousands
		{`{"totale_waarde_campagne_euro":"1.250"}`, `{"amount":"1250","currency":"EUR"}`, false},
		{`{"totale_waarde_campagne_euro":"1,250"}`, `{"amount":"1250","currency":"EUR"}`, false},
		{`{"totale_waarde_campagne_euro":"1.250.000"}`, `{"amount":"1250000","currency":"EUR"}`, false},
		{`{"totale_waarde_campagne_euro":"3200,50"}`, `{"amount":"3200.50","currency":"EUR"}`, false},
		// a word of its own: padview adds nothing to it
		{`{"totale_waarde_campagne_euro":"1.250 incl. VAT"}`, `"1.250 incl. VAT"`, true},
		// a word padview knows: an approximate amount
		{`{"totale_waarde_campagne_euro":"about 1.250"}`, `{"amount":"1250","currency":"EUR","approximate":true}`, false},
		{`{"totale_waarde_campagne_euro":"USD 1,250"}`, `"USD 1,250"`, true},
	} {
		d := mustNormalize(t, c.body)
		got, _ := d.Campaign.Get("totalValue")
		if s := string(got.AppendJSON(nil)); s != c.want {
			t.Errorf("%s: totalValue = %s; want %s", c.body, s, c.want)
		}
		if warns := len(d.Warnings) > 0; warns != c.warns {
			t.Errorf("%s: warnings %q", c.body, d.Warnings)
		}
	}
}

// A user's prefix for the amounts' group: the currency in another
// language moves into the one amount it serves.
func TestCurrencyUnderAUsersPrefix(t *testing.T) {
	v, err := vocab.Builtin().With([]vocab.Mapping{{Name: "ausgaben_*", Path: "complianceAndFunding.*"}})
	if err != nil {
		t.Fatal(err)
	}
	d, err := NormalizeWith([]byte(`{"ausgaben_waehrung":"EUR","ausgaben_betrag":"980.00","ausgaben_zzz":"?"}`), "X", Full, v)
	if err != nil {
		t.Fatal(err)
	}
	if got := d.ComplianceAndFunding.Text(); got != `{"amountsReceived":{"amount":"980.00","currency":"EUR"},"ausgaben_zzz":"?"}` {
		t.Errorf("complianceAndFunding: %s", got)
	}
	if d.Unrecognised != 1 {
		t.Errorf("the routed member ausgaben_zzz: %d unrecognised", d.Unrecognised)
	}
}

func TestTypedDates(t *testing.T) {
	checkTyped(t, GroupCampaign, []typedCase{
		{"date", `{"startDate":"2026-09-01"}`, "startDate", `"2026-09-01"`, ""},
		{"RFC 3339", `{"startDate":"2026-10-02T09:30:00Z"}`, "startDate", `"2026-10-02T09:30:00Z"`, ""},
		{"offset kept", `{"startDate":"2026-08-20T12:00:00+02:00"}`, "startDate", `"2026-08-20T12:00:00+02:00"`, ""},
		{"space", `{"startDate":"2026-10-02 09:30:00.5Z"}`, "startDate", `"2026-10-02T09:30:00.5Z"`, ""},
		{"midnight UTC is a date", `{"startDate":"2025-03-01T00:00:00Z"}`, "startDate", `"2025-03-01"`, ""},
		{"Unix seconds", `{"startDate":1786233600}`, "startDate", `"2026-08-09"`, ""},
		{"Unix seconds with a time", `{"endDate":1777795200}`, "endDate", `"2026-05-03T08:00:00Z"`, ""},
		{"Unix milliseconds", `{"endDate":1793577600000}`, "endDate", `"2026-11-02"`, ""},
		{"digits in a string", `{"endDate":"1786233600"}`, "endDate", `"2026-08-09"`, ""},
		{"Unix milliseconds with a time", `{"endDate":1793577600123}`, "endDate", `"2026-11-02T00:00:00.123Z"`, ""},
		{"a synonym", `{"start":"2026-01-02"}`, "startDate", `"2026-01-02"`, ""},
		{"null", `{"endDate":null}`, "endDate", `null`, ""},
		{"no zone: as written", `{"endDate":"2026-10-02T09:30:00"}`, "endDate", `"2026-10-02T09:30:00"`, ""},
		{"no zone, fraction", `{"endDate":"2025-10-22T09:07:34.000"}`, "endDate", `"2025-10-22T09:07:34.000"`, ""},
		{"+hhmm offset", `{"endDate":"2019-05-01T20:04:44+0000"}`, "endDate", `"2019-05-01T20:04:44Z"`, ""},
		{"+hhmm offset, not UTC", `{"endDate":"2019-05-01T20:04:44+0200"}`, "endDate", `"2019-05-01T20:04:44+02:00"`, ""},
		{"impossible", `{"endDate":"2026-02-30"}`, "endDate", `"2026-02-30"`, "is not a date"},
		{"day first", `{"endDate":"01/09/2026"}`, "endDate", `"2026-09-01"`, ""},
		{"a two-digit year", `{"endDate":"01/09/26"}`, "endDate", `"01/09/26"`, "is not a date"},
		{"small number", `{"endDate":20260901}`, "endDate", `20260901`, "is not a date"},
		{"words", `{"endDate":"soon"}`, "endDate", `"soon"`, `campaign.endDate: "soon" is not a date; kept as sent`},
	})
	checkTyped(t, GroupLegalAndMetadata, []typedCase{
		{"lastUpdated", `{"lastUpdated":1777795200}`, "lastUpdated", `"2026-05-03T08:00:00Z"`, ""},
		{"created_at", `{"created_at":"2026-01-02"}`, "created", `"2026-01-02"`, ""},
		{"a date by its form", `{"expiry_date":"2026-01-02"}`, "expiry_date", `"2026-01-02"`, ""},
		{"a candidate is no date", `{"candidate":"Jane Roe"}`, "candidate", `"Jane Roe"`, ""},
		{"a format is no instant", `{"format":"video"}`, "format", `"video"`, ""},
	})
}

func TestTypedBooleans(t *testing.T) {
	checkTyped(t, GroupCampaign, []typedCase{
		{"true", `{"isOngoing":true}`, "isOngoing", `true`, ""},
		{"one", `{"isOngoing":1}`, "isOngoing", `true`, ""},
		{"zero", `{"isOngoing":0}`, "isOngoing", `false`, ""},
		{"yes", `{"isOngoing":"yes"}`, "isOngoing", `true`, ""},
		{"Y", `{"isOngoing":"Y"}`, "isOngoing", `true`, ""},
		{"No", `{"isOngoing":" No "}`, "isOngoing", `false`, ""},
		{"synonym", `{"ongoing":"true"}`, "isOngoing", `true`, ""},
		{"null", `{"isOngoing":null}`, "isOngoing", `null`, ""},
		{"perhaps", `{"isOngoing":"perhaps"}`, "isOngoing", `"perhaps"`, "is not yes or no"},
		{"two", `{"isOngoing":2}`, "isOngoing", `2`, "is not yes or no"},
	})
	checkTyped(t, GroupComplianceAndFunding, []typedCase{
		{"is_ snake", `{"is_third_country_funded":"no"}`, "isThirdCountryFunded", `false`, ""},
		{"Dutch nee", `{"is_third_country_funded":"Nee"}`, "isThirdCountryFunded", `false`, ""},
		{"German ja", `{"isThirdCountryFunded":"ja"}`, "isThirdCountryFunded", `true`, ""},
		{"French non", `{"isThirdCountryFunded":"non"}`, "isThirdCountryFunded", `false`, ""},
		{"has", `{"hasTargeting":"y"}`, "hasTargeting", `true`, ""},
		{"without is", `{"thirdCountryFunded":1}`, "isThirdCountryFunded", `true`, ""},
		{"an issue is no flag", `{"issue":"water"}`, "issue", `"water"`, ""},
		{"a hashtag is no flag", `{"hashtag":"#vote"}`, "hashtag", `"#vote"`, ""},
		{"third country snake", `{"third_country_funded":"Yes"}`, "isThirdCountryFunded", `true`, ""},
		{"previously suspended", `{"previouslySuspended":"no"}`, "previouslySuspended", `false`, ""},
		{"previously suspended snake", `{"previously_suspended":"1"}`, "previously_suspended", `true`, ""},
	})
	// The check reads these as yes/no: "yes" is true. A list of techniques
	// or words stay as sent, without a warning: they answer too.
	checkTyped(t, GroupTargeting, []typedCase{
		{"techniques used yes", `{"techniquesUsed":"yes"}`, "techniquesUsed", `true`, ""},
		{"techniques used N", `{"techniques_used":"N"}`, "techniquesUsed", `false`, ""},
		{"targeting techniques used", `{"targetingTechniquesUsed":1}`, "techniquesUsed", `true`, ""},
		{"Dutch none stays as sent", `{"gebruikte_targeting_techniek":"geen"}`, "techniquesUsed", `"geen"`, ""},
		{"techniques listed", `{"techniquesUsed":["location","age band"]}`, "techniquesUsed", `["location","age band"]`, ""},
		{"techniques in words", `{"techniquesUsed":"location only"}`, "techniquesUsed", `"location only"`, ""},
		{"techniques null", `{"techniquesUsed":null}`, "techniquesUsed", `null`, ""},
	})
}

func TestTypedCountries(t *testing.T) {
	checkTyped(t, GroupAdvertiser, []typedCase{
		{"code", `{"country":"DE"}`, "country", `"DE"`, ""},
		{"lower case", `{"country":"nl"}`, "country", `"NL"`, ""},
		{"UK", `{"country":"UK"}`, "country", `"GB"`, ""},
		{"EL", `{"country":"el"}`, "country", `"GR"`, ""},
		{"name", `{"country":"Germany"}`, "country", `"DE"`, ""},
		{"name in another case", `{"country":"united kingdom"}`, "country", `"GB"`, ""},
		{"null", `{"country":null}`, "country", `null`, ""},
		{"unknown code", `{"country":"XX"}`, "country", `"XX"`, "not an ISO 3166 country code"},
		{"unknown name", `{"country":"Atlantis"}`, "country", `"Atlantis"`, `advertiser.country: "Atlantis" is not an ISO 3166 country code`},
		{"a number", `{"country":276}`, "country", `276`, "not an ISO 3166"},
	})
	checkTyped(t, GroupComplianceAndFunding, []typedCase{
		{"establishment as a code", `{"placeOfEstablishment":"fr"}`, "placeOfEstablishment", `"FR"`, ""},
		{"establishment as a place", `{"placeOfEstablishment":"Lyon, France"}`, "placeOfEstablishment", `"Lyon, France"`, ""},
		{"country of establishment", `{"countryOfEstablishment":"France"}`, "countryOfEstablishment", `"FR"`, ""},
	})
	// Parties' countries are typed too, with their place in the warning.
	d := mustNormalize(t, `{"sponsors":[{"name":"A","country":"de"},{"name":"B","country":"Nowhere"}]}`)
	if field(t, d.Sponsors[0], "country") != "DE" || len(d.Warnings) != 1 || !strings.HasPrefix(d.Warnings[0], "sponsors[1].country:") {
		t.Errorf("party countries: %v %q", d.Sponsors, d.Warnings)
	}
}

func TestPlainDecimal(t *testing.T) {
	for in, want := range map[string]string{
		"12": "12", "12.50": "12.50", "-0.5": "-0.5", "1e3": "1000", "1.25e1": "12.5", "1.5E+2": "150",
		"5e-1": "0.5", "-1.5e-3": "-0.0015", "0e5": "0", "120e-1": "12.0",
	} {
		if got, ok := plainDecimal(in); !ok || got != want {
			t.Errorf("plainDecimal(%s) = %q %v; want %q", in, got, ok, want)
		}
	}
	if _, ok := plainDecimal("1e65"); ok {
		t.Error("a 65-digit amount written out")
	}
}

// A user's [fields] lines to the two ends of an amount: the members are
// joined into one range, with the currency their names give.
func TestRangeFromAUsersLines(t *testing.T) {
	v, err := vocab.Builtin().With([]vocab.Mapping{
		{Name: "uitg_lo_eur", Path: "complianceAndFunding.amountsReceived.lowerBound"},
		{Name: "uitg_hi_eur", Path: "complianceAndFunding.amountsReceived.upperBound"},
	})
	if err != nil {
		t.Fatal(err)
	}
	d, err := NormalizeWith([]byte(`{"uitg_lo_eur":"100","uitg_hi_eur":"499"}`), "X", Full, v)
	if err != nil {
		t.Fatal(err)
	}
	if got := d.ComplianceAndFunding.Text(); got != `{"amountsReceived":{"lowerBound":"100","upperBound":"499","currency":"EUR"}}` {
		t.Errorf("complianceAndFunding: %s", got)
	}
	if d.Unrecognised != 0 {
		t.Errorf("%d unrecognised", d.Unrecognised)
	}
	for _, bad := range []vocab.Mapping{
		{Name: "x_lo", Path: "campaign.startDate.lowerBound"}, // not an amount
		{Name: "x_*", Path: "payer.*.lowerBound"},             // a prefix
	} {
		if _, err := vocab.Builtin().With([]vocab.Mapping{bad}); err == nil {
			t.Errorf("%s = %s: no error", bad.Name, bad.Path)
		}
	}
}

// A user's [fields] line from a member holding a party as one text block
// to a party: the block is read into the party's fields.
func TestPartyTextFromAUsersLine(t *testing.T) {
	for _, party := range []string{"advertiser", "payer", "controllingEntity"} {
		v, err := vocab.Builtin().With([]vocab.Mapping{{Name: "blok_a", Path: party}})
		if err != nil {
			t.Fatal(err)
		}
		d, err := NormalizeWith([]byte(`{"blok_a":"Verein Nordufer e.V.\nAmselweg 3\n12345 Nordstadt\ninfo@nordufer.example"}`), "X", Full, v)
		if err != nil {
			t.Fatal(err)
		}
		got := d.Advertiser.Text()
		if party != "advertiser" {
			got = d.ComplianceAndFunding.Text()
		}
		for _, want := range []string{`"streetAddress":"Amselweg 3"`, `"email":"info@nordufer.example"`, `"postalCode":"12345"`} {
			if !strings.Contains(got, want) {
				t.Errorf("%s: %s lacks %s", party, got, want)
			}
		}
	}
}
