package api

import "testing"

func num(s string) Value { return Value{Kind: Number, Str: s} }

func TestFormatField(t *testing.T) {
	amount := Value{Kind: Object, Members: []Member{{Key: "amount", Value: num("48250.00")}, {Key: "currency", Value: StringValue("EUR")}}}
	cases := []struct {
		key  string
		v    Value
		want string
	}{
		{"startDate", StringValue("2026-09-01"), "2026-09-01"},
		{"lastUpdated", StringValue("2026-10-02T09:30:00Z"), "2026-10-02 09:30 UTC"},
		{"startDate", num("1786233600"), "2026-08-09"},
		{"lastUpdatedAt", num("1793577600000"), "2026-11-02"},
		{"endDate", StringValue("soon"), "soon"},
		{"totalValue", amount, "EUR 48,250.00"},
		{"totalValue", StringValue("125000.50"), "125,000.50"},
		{"totalValue", num("-1234567"), "-1,234,567"},
		{"totalValue", num("1e3"), "1,000"},
		{"contribution", Value{Kind: Object, Members: []Member{{Key: "value", Value: StringValue("5")}, {Key: "currency", Value: StringValue("PLN")}}}, "PLN 5"},
		{"isOngoing", Value{Kind: Bool, Bool: true}, "yes"},
		{"isOngoing", StringValue("no"), "no"},
		{"isOngoing", num("1"), "yes"},
		{"isOngoing", StringValue("perhaps"), "perhaps"},
		{"email", Value{Kind: Null}, NotDisclosed},
		{"city", StringValue("Łódź"), "Łódź"},
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
