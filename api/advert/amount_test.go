package advert

import (
	"strings"
	"testing"
)

// Amounts and ranges written with words, a shape or more a language, read
// as the money objects the typer writes for amounts and ranges sent as
// objects.
func TestTypedAmountPhrases(t *testing.T) {
	upTo := func(n, cur string) string { return `{"upperBound":"` + n + `","currency":"` + cur + `"}` }
	from := func(n, cur string) string { return `{"lowerBound":"` + n + `","currency":"` + cur + `"}` }
	between := func(lo, hi, cur string) string {
		return `{"lowerBound":"` + lo + `","upperBound":"` + hi + `","currency":"` + cur + `"}`
	}
	about := func(n, cur string) string {
		return `{"amount":"` + n + `","currency":"` + cur + `","approximate":true}`
	}
	for _, c := range []struct{ lang, text, want string }{
		{"en", "up to €500", upTo("500", "EUR")},
		{"en", "between 100 and 499 EUR", between("100", "499", "EUR")},
		{"en", "from 1,000 to 5,000 USD", between("1000", "5000", "USD")},
		{"en", "from 1,000 USD", from("1000", "USD")},
		{"en", "< 100 €", upTo("100", "EUR")},
		{"en", "1000+ EUR", from("1000", "EUR")},
		{"en", "about EUR 500", about("500", "EUR")},
		{"de", "bis zu 5.500 EUR", upTo("5500", "EUR")},
		{"de", "ca. 20.000 € bis 30.000 €", `{"lowerBound":"20000","upperBound":"30000","currency":"EUR","approximate":true}`},
		{"de", "mehr als 1.000 EUR", from("1000", "EUR")},
		{"de", "1.000 € oder mehr", from("1000", "EUR")},
		{"de", "zwischen 100 und 500 Euro", between("100", "500", "EUR")},
		{"nl", "tot € 5.000", upTo("5000", "EUR")},
		{"nl", "€ 1.000 tot € 5.000", between("1000", "5000", "EUR")},
		{"nl", "ongeveer € 500,-", about("500", "EUR")},
		{"fr", "jusqu'à 500 €", upTo("500", "EUR")},
		{"fr", "de 100 à 500 €", between("100", "500", "EUR")},
		{"fr", "environ 1 000 €", about("1000", "EUR")},
		{"it", "fino a 500 euro", upTo("500", "EUR")},
		{"it", "tra 100 e 500 €", between("100", "500", "EUR")},
		{"it", "circa 2.000 €", about("2000", "EUR")},
		{"es", "hasta 500 €", upTo("500", "EUR")},
		{"es", "entre 100 y 500 EUR", between("100", "500", "EUR")},
		{"es", "aproximadamente 300 €", about("300", "EUR")},
		{"pl", "do 500 zł", upTo("500", "PLN")},
		{"pl", "od 100 do 500 zł", between("100", "500", "PLN")},
		{"pl", "około 500 zł", about("500", "PLN")},
		{"pl", "powyżej 1000 PLN", from("1000", "PLN")},
		{"sv", "upp till 500 kronor", upTo("500", "SEK")},
		{"sv", "mellan 100 och 500 SEK", between("100", "500", "SEK")},
		{"sv", "cirka 500 SEK", about("500", "SEK")},
		{"da", "op til 5.000 DKK", upTo("5000", "DKK")},
		{"da", "mellem 100 og 500 DKK", between("100", "500", "DKK")},
		{"da", "omkring 500 DKK", about("500", "DKK")},
		{"pt", "até 500 €", upTo("500", "EUR")},
		{"pt", "entre 100 e 500 €", between("100", "500", "EUR")},
		{"pt", "cerca de 500 €", about("500", "EUR")},
		{"signs", "€50–€500", between("50", "500", "EUR")},
		{"signs", "50 - 500 EUR", between("50", "500", "EUR")},
		{"signs", "EUR 100-199", between("100", "199", "EUR")},
		{"signs", "1 250 000 – 2 000 000 EUR", between("1250000", "2000000", "EUR")},
		{"signs", "~ 500 €", about("500", "EUR")},
	} {
		d := mustNormalize(t, `{"campaign":{"totalValue":"`+c.text+`"}}`)
		got, _ := d.Campaign.Get("totalValue")
		if s := string(got.AppendJSON(nil)); s != c.want {
			t.Errorf("%s: %q = %s; want %s", c.lang, c.text, s, c.want)
		}
		if len(d.Warnings) > 0 {
			t.Errorf("%s: %q: warnings %q", c.lang, c.text, d.Warnings)
		}
	}
	// The currency in the member's name serves a phrase that names none.
	d := mustNormalize(t, `{"totale_waarde_campagne_euro":"bis zu 5.500"}`)
	if got, _ := d.Campaign.Get("totalValue"); string(got.AppendJSON(nil)) != upTo("5500", "EUR") {
		t.Errorf("a named currency: %s", got.AppendJSON(nil))
	}
}

// A phrase that says more than an amount or a range, or says it in a way
// that cannot be one, stays as sent, with a warning.
func TestAmountPhrasesRefused(t *testing.T) {
	for _, text := range []string{
		"500 - 100 EUR",                         // bounds out of order
		"€50–$500",                              // which dollar?
		"50 EUR – 60 USD",                       // two currencies
		"bis zu 5.500 EUR pro Monat",            // a word of its own
		"up to 500 and 600 EUR",                 // an upper bound and a range
		"between 100 EUR",                       // a range without its end
		"bis zu 5.500",                          // no currency: 5.5 or 5,500?
		"around the clock",                      // no amount
		"1.250 incl. VAT",                       // a word of its own
		strings.Repeat("bis zu ", 30) + "5 EUR", // too long
	} {
		d := mustNormalize(t, `{"campaign":{"totalValue":"`+text+`"}}`)
		got, _ := d.Campaign.Get("totalValue")
		if got.Kind != String || got.Str != text {
			t.Errorf("%q = %s; want it as sent", text, got.AppendJSON(nil))
		}
		if len(d.Warnings) == 0 {
			t.Errorf("%q: no warning", text)
		}
	}
}
