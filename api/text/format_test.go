package text

import (
	"testing"

	"github.com/padview/padview/api/advert"
)

func num(s string) advert.Value { return advert.NumberValue(s) }

// money is an amount as the normalizer writes it.
func money(amount string, currency advert.Value) advert.Value {
	return advert.NewObject(advert.Member{Key: "amount", Value: advert.StringValue(amount)}, advert.Member{Key: "currency", Value: currency})
}

func TestIsAmount(t *testing.T) {
	if !IsAmount(money("1", advert.NullValue())) || !IsAmount(money("1", advert.StringValue("EUR"))) {
		t.Error("money not read as one value")
	}
	more := money("1", advert.StringValue("EUR")).With(advert.Member{Key: "vat", Value: advert.StringValue("included")})
	if IsAmount(more) || IsAmount(advert.NewObject(advert.Member{Key: "amount", Value: num("1")}, advert.Member{Key: "note", Value: num("2")})) {
		t.Error("money with more members would hide them")
	}
}

func TestFormatField(t *testing.T) {
	amount := advert.NewObject(advert.Member{Key: "amount", Value: num("48250.00")}, advert.Member{Key: "currency", Value: advert.StringValue("EUR")})
	cases := []struct {
		key  string
		v    advert.Value
		want string
	}{
		{"startDate", advert.StringValue("2026-09-01"), "2026-09-01"},
		{"lastUpdated", advert.StringValue("2026-10-02T09:30:00Z"), "2026-10-02 09:30 UTC"},
		{"startDate", num("1786233600"), "2026-08-09"},
		{"lastUpdatedAt", num("1793577600000"), "2026-11-02"},
		{"endDate", advert.StringValue("soon"), "soon"},
		{"totalValue", amount, "EUR 48,250.00"},
		{"totalValue", advert.StringValue("125000.50"), "125,000.50 " + NoCurrency},
		{"totalValue", num("-1234567"), "-1,234,567 " + NoCurrency},
		{"totalValue", num("1e3"), "1,000 " + NoCurrency},
		{"totale_waarde_campagne_euro", advert.StringValue("500"), "EUR 500.00"},
		{"spend_eur", num("1200"), "EUR 1,200.00"},
		{"totalValue", advert.StringValue("EUR 12500"), "EUR 12,500.00"},
		{"contribution", advert.NewObject(advert.Member{Key: "value", Value: advert.StringValue("5")}, advert.Member{Key: "currency", Value: advert.StringValue("PLN")}), "PLN 5.00"},
		{"isOngoing", advert.Value{Kind: advert.Bool, Bool: true}, "yes"},
		{"isOngoing", advert.StringValue("no"), "no"},
		{"isOngoing", num("1"), "yes"},
		{"isOngoing", advert.StringValue("perhaps"), "perhaps"},
		{"email", advert.NullValue(), NotDisclosed},
		{"totalValue", money("41000", advert.NullValue()), "41,000 " + NoCurrency},
		{"totalValue", money("22000", advert.StringValue("EUR")), "EUR 22,000.00"},
		{"amountsReceived", money("1250000.5", advert.StringValue("PLN")), "PLN 1,250,000.50"},
		{"contribution", money("12", advert.StringValue("EUR")), "EUR 12.00"},
		{"totalValue", advert.NewObject(advert.Member{Key: "amount", Value: advert.NullValue()}, advert.Member{Key: "currency", Value: advert.StringValue("EUR")}), NotDisclosed},
		{"startDate", advert.StringValue("2026-08-20T12:00:00+02:00"), "2026-08-20 10:00 UTC"},
		{"city", advert.StringValue("Łódź"), "Łódź"},
	}
	for _, c := range cases {
		if got := FormatField(c.key, c.v); got != c.want {
			t.Errorf("FormatField(%s, %s) = %q; want %q", c.key, c.v.Text(), got, c.want)
		}
	}
}

func TestLabelFor(t *testing.T) {
	cases := map[string]string{
		"companyName": "Company name", "total_value": "Total value", "is-ongoing": "Is ongoing",
		"PAID": "PAID", "transparencyNoticeURL": "Transparency notice URL", "transparencyNoticeUrl": "Transparency notice URL",
		"is_eu_funded": "Is EU funded", "advertisementId": "Advertisement ID", "Basic Information": "Basic information",
	}
	for in, want := range cases {
		if got := LabelFor(in); got != want {
			t.Errorf("LabelFor(%q) = %q; want %q", in, got, want)
		}
	}
}

// Amounts and ranges read from words show as ranges with their currency,
// "about" where the words said so; dates in any spelling show one way.
func TestFormatReadFromWords(t *testing.T) {
	for text, want := range map[string]string{
		"bis zu 5.500 EUR":          "up to EUR 5,500.00",
		"ca. 20.000 € bis 30.000 €": "about EUR 20,000.00–30,000.00",
		"€50–€500":                  "EUR 50.00–500.00",
		"mehr als 1.000 EUR":        "EUR 1,000.00 or more",
		"ongeveer € 500,-":          "about EUR 500.00",
		"tot 5.000":                 "tot 5.000",
	} {
		d, err := advert.Normalize([]byte(`{"campaign":{"totalValue":"`+text+`"}}`), "X", advert.Standard)
		if err != nil {
			t.Fatal(err)
		}
		v, _ := d.Campaign.Get("totalValue")
		if got := FormatField("totalValue", v); got != want {
			t.Errorf("%q shows %q; want %q", text, got, want)
		}
		if want != text && !IsAmount(v) {
			t.Errorf("%q: %s does not show as one value", text, v.Text())
		}
	}
	for text, want := range map[string]string{
		"2020/03/01 06:00:00Z": "2020-03-01 06:00 UTC", "2020-09-25 16:30:00 UTC": "2020-09-25 16:30 UTC",
		"1. März 2024": "2024-03-01", "12 maja 2024": "2024-05-12", "01.03.2024 14:30": "01.03.2024 14:30",
	} {
		if got := FormatField("startDate", advert.StringValue(text)); got != want {
			t.Errorf("startDate %q shows %q; want %q", text, got, want)
		}
	}
	// under a name that says nothing of dates, only the ISO form is a date
	if got := FormatField("title", advert.StringValue("1. März 2024")); got != "1. März 2024" {
		t.Errorf("a title shows %q", got)
	}
}

// Money is written with the decimals its currency uses (its ISO 4217
// minor units), so that two amounts in one currency read alike; zeros are
// only added, never a digit sent dropped; an amount without a currency, or
// in one padview does not know, keeps its digits as sent; a range's ends
// follow one rule.
func TestMoneyMinorUnits(t *testing.T) {
	cur := advert.StringValue
	bounds := func(lo, hi string, currency advert.Value) advert.Value {
		return advert.NewObject(advert.Member{Key: "lowerBound", Value: advert.StringValue(lo)},
			advert.Member{Key: "upperBound", Value: advert.StringValue(hi)}, advert.Member{Key: "currency", Value: currency})
	}
	cases := []struct {
		v    advert.Value
		want string
	}{
		{money("30000", cur("EUR")), "EUR 30,000.00"},
		{money("48250.00", cur("EUR")), "EUR 48,250.00"},
		{money("1234.5", cur("USD")), "USD 1,234.50"},
		{money("1234.567", cur("EUR")), "EUR 1,234.567"}, // not rounded
		{money("-75", cur("EUR")), "EUR -75.00"},
		{money("5000", cur("JPY")), "JPY 5,000"},
		{money("5000.00", cur("JPY")), "JPY 5,000.00"}, // sent so: kept
		{money("1500000", cur("KRW")), "KRW 1,500,000"},
		{money("12.5", cur("BHD")), "BHD 12.500"},
		{money("7", cur("KWD")), "KWD 7.000"},
		{money("1.250", cur("EUR")), "EUR 1.250"}, // ambiguous, kept as sent
		{money("30000", cur("XXX")), "XXX 30,000"},
		{money("30000", cur("ZZZ")), "ZZZ 30,000"},
		{money("30000", cur("euro")), "euro 30,000"},
		{money("30000", advert.NullValue()), "30,000 " + NoCurrency},
		{money("30000.5", advert.NullValue()), "30,000.5 " + NoCurrency},
		{advert.NewObject(advert.Member{Key: "amount", Value: num("1.5e3")}, advert.Member{Key: "currency", Value: cur("EUR")}), "EUR 1,500.00"},
		{bounds("1000", "1499.5", cur("EUR")), "EUR 1,000.00–1,499.50"},
		{bounds("1000", "1499", cur("JPY")), "JPY 1,000–1,499"},
		{bounds("1000", "1499.999", cur("EUR")), "EUR 1,000.00–1,499.999"},
		{bounds("1000", "1499", advert.NullValue()), "1,000–1,499 " + NoCurrency},
	}
	for _, c := range cases {
		if got := FormatField("totalValue", c.v); got != c.want {
			t.Errorf("FormatField(totalValue, %s) = %q; want %q", c.v.Text(), got, c.want)
		}
	}
	for key, want := range map[string]string{"spend_eur": "EUR 1,200.00", "totalValue": "1,200 " + NoCurrency} {
		if got := FormatField(key, num("1200")); got != want {
			t.Errorf("FormatField(%s, 1200) = %q; want %q", key, got, want)
		}
	}
	// Two amounts of one document, as they sat beside each other before.
	if a, b := FormatField("amountsReceived", money("30000", cur("EUR"))), FormatField("totalValue", money("48250.00", cur("EUR"))); a != "EUR 30,000.00" || b != "EUR 48,250.00" {
		t.Errorf("two amounts in EUR read %q and %q", a, b)
	}
}
