package text

import (
	"testing"

	"github.com/padview/padview/api/advert"
)

func num(s string) advert.Value { return advert.Value{Kind: advert.Number, Str: s} }

func TestFormatField(t *testing.T) {
	amount := advert.Value{Kind: advert.Object, Members: []advert.Member{{Key: "amount", Value: num("48250.00")}, {Key: "currency", Value: advert.StringValue("EUR")}}}
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
		{"totalValue", advert.StringValue("125000.50"), "125,000.50"},
		{"totalValue", num("-1234567"), "-1,234,567"},
		{"totalValue", num("1e3"), "1,000"},
		{"contribution", advert.Value{Kind: advert.Object, Members: []advert.Member{{Key: "value", Value: advert.StringValue("5")}, {Key: "currency", Value: advert.StringValue("PLN")}}}, "PLN 5"},
		{"isOngoing", advert.Value{Kind: advert.Bool, Bool: true}, "yes"},
		{"isOngoing", advert.StringValue("no"), "no"},
		{"isOngoing", num("1"), "yes"},
		{"isOngoing", advert.StringValue("perhaps"), "perhaps"},
		{"email", advert.Value{Kind: advert.Null}, NotDisclosed},
		{"city", advert.StringValue("Łódź"), "Łódź"},
	}
	for _, c := range cases {
		if got := FormatField(c.key, c.v); got != c.want {
			t.Errorf("FormatField(%s, %s) = %q; want %q", c.key, c.v.Text(), got, c.want)
		}
	}
}

func TestIsPersonalField(t *testing.T) {
	for _, k := range []string{"email", "phone", "streetAddress", "postal_code", "Phone Number", "contactEmail", "dateOfBirth"} {
		if !IsPersonalField(k) {
			t.Errorf("%s not marked personal", k)
		}
	}
	for _, k := range []string{"city", "country", "companyName", "name", "totalValue"} {
		if IsPersonalField(k) {
			t.Errorf("%s marked personal", k)
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
