package text

import (
	"strings"
	"testing"

	"github.com/padview/padview/api/advert"
)

func TestMaskEmail(t *testing.T) {
	cases := map[string]string{
		"jane.doe@example.org":             "j•••@example.org",
		"  maren.holt@riverside.example  ": "m•••@riverside.example",
		"łukasz@poczta.example":            "ł•••@poczta.example",
		"not an email":                     Masked,
		"@example.org":                     Masked,
		"x@localhost":                      Masked,
	}
	for in, want := range cases {
		if got := MaskEmail(in); got != want {
			t.Errorf("MaskEmail(%q) = %q; want %q", in, got, want)
		}
	}
}

func TestMaskPhone(t *testing.T) {
	cases := map[string]string{
		"+49 30 555 01299":  "+49 ••• •• 99",
		"+44 20 7946 0012":  "+44 ••• •• 12",
		"+1-202-555-0143":   "+1 ••• •• 43",
		"+4930555012":       "+••• •• 12",
		"030 555 01234":     "••• •• 34",
		"(0)30 555-01234":   "••• •• 34",
		"112":               Masked,
		"ask at reception":  Masked,
		"+33 1 99 00 12 34": "+33 ••• •• 34",
	}
	for in, want := range cases {
		if got := MaskPhone(in); got != want {
			t.Errorf("MaskPhone(%q) = %q; want %q", in, got, want)
		}
	}
}

func TestMaskValue(t *testing.T) {
	cases := []struct{ key, value, want string }{
		{"email", "info@estuary-friends.example", "i•••@estuary-friends.example"},
		{"contactEmail", "someone", Masked},
		{"phone", "+48 600 000 123", "+48 ••• •• 23"},
		{"Phone Number", "+48 600 000 123", "+48 ••• •• 23"},
		{"streetAddress", "14 Quayside Walk", Masked},
		{"postal_code", "NB1 4QW", Masked},
		{"dateOfBirth", "1970-01-01", Masked},
		{"city", "Northbank", "Northbank"},
		{"companyName", "Riverside Civic Alliance", "Riverside Civic Alliance"},
		{"complaintsContact", "complaints@riverside-civic.example", "c•••@riverside-civic.example"},
		{"legalBasis", "Regulation (EU) 2024/900, Article 11", "Regulation (EU) 2024/900, Article 11"},
	}
	for _, c := range cases {
		if got := MaskValue(c.key, c.value); got != c.want {
			t.Errorf("MaskValue(%q, %q) = %q; want %q", c.key, c.value, got, c.want)
		}
	}
}

func TestPersonalCategory(t *testing.T) {
	cases := []struct{ key, value, want string }{
		{"email", "", CategoryEmail},
		{"emailAddress", "x", CategoryEmail},
		{"mobile", "", CategoryPhone},
		{"telephoneNumber", "", CategoryPhone},
		{"fax", "", CategoryPhone},
		{"streetAddress", "", CategoryAddress},
		{"postcode", "", CategoryAddress},
		{"zip", "", CategoryAddress},
		{"iban", "", CategoryOther},
		{"note", "write to a@b.example", ""},
		{"note", "a@b.example", CategoryEmail},
		{"city", "Lyon", ""},
	}
	for _, c := range cases {
		if got := PersonalCategory(c.key, c.value); got != c.want {
			t.Errorf("PersonalCategory(%q, %q) = %q; want %q", c.key, c.value, got, c.want)
		}
	}
}

func TestMaskDocumentCoversEveryGroupAndLeavesTheOriginal(t *testing.T) {
	raw := `{
	  "advertiser": {"companyName": "Riverside", "email": "maren.holt@riverside.example", "phone": "+44 20 7946 0012",
	    "streetAddress": "14 Quayside Walk", "postalCode": "NB1 4QW", "city": "Northbank", "fax": null},
	  "sponsors": [{"name": "Friends", "email": "info@friends.example", "address": {"line1": "2 Mill Lane", "city": "Northbank"}},
	    {"name": "Tomasz", "phones": ["+48 600 000 123", "+48 600 000 456"]}],
	  "controllers": [{"name": "DPO", "email": "dpo@adreach.example"}],
	  "legalAndMetadata": {"complaintsContact": "complaints@riverside.example", "noticeVersion": "1.2"},
	  "whoToCall": {"mobile": "+49 151 555 0199"}
	}`
	d, err := advert.Normalize([]byte(raw), "AB12CD", advert.Full)
	if err != nil {
		t.Fatal(err)
	}
	before, _ := d.MarshalJSON()
	m := MaskDocument(d)
	got, _ := m.MarshalJSON()
	out := string(got)
	for _, secret := range []string{"maren.holt", "7946 0012", "Quayside", "NB1 4QW", "info@", "Mill Lane",
		"600 000 123", "600 000 456", "dpo@", "complaints@", "151 555 0199"} {
		if strings.Contains(out, secret) {
			t.Errorf("masked document still shows %q:\n%s", secret, out)
		}
	}
	for _, kept := range []string{`"m•••@riverside.example"`, `"+44 ••• •• 12"`, `"streetAddress":"•••"`,
		`"city":"Northbank"`, `"fax":null`, `"companyName":"Riverside"`, `"line1":"•••"`, `"+48 ••• •• 56"`,
		`"d•••@adreach.example"`, `"noticeVersion":"1.2"`, `"+49 ••• •• 99"`} {
		if !strings.Contains(out, kept) {
			t.Errorf("masked document lacks %s:\n%s", kept, out)
		}
	}
	if m.Raw != nil {
		t.Error("the masked copy kept the raw bytes")
	}
	after, _ := d.MarshalJSON()
	if string(before) != string(after) || d.Raw == nil {
		t.Error("MaskDocument changed the original document")
	}
	if MaskDocument(nil) != nil {
		t.Error("MaskDocument(nil) is not nil")
	}
}

func TestPersonalCategories(t *testing.T) {
	d, _ := advert.Normalize([]byte(`{"advertiser": {"companyName": "R", "email": null, "phone": "+44 20 7946 0012"},
	  "sponsors": [{"name": "A", "address": {"line1": "2 Mill Lane"}}], "legalAndMetadata": {"contact": "c@r.example"}}`), "X", advert.Full)
	got := strings.Join(PersonalCategories(d), ",")
	if got != "email,phone,address" {
		t.Errorf("categories %q", got)
	}
	d, _ = advert.Normalize([]byte(`{"advertiser": {"companyName": "R", "email": null, "phone": ""}}`), "X", advert.Full)
	if got := PersonalCategories(d); got == nil || len(got) != 0 {
		t.Errorf("null and empty values counted as shown: %q", got)
	}
}

func TestMaskText(t *testing.T) {
	cases := map[string]string{
		"write to maren.holt@riverside.example today":      "write to m•••@riverside.example today",
		"contact a@b.example.":                             "contact a•••@b.example.",
		"call +44 20 7946 0012, or +49 30 555 01299":       "call +44 ••• •• 12, or +49 ••• •• 99",
		"<info@estuary-friends.example>":                   "<i•••@estuary-friends.example>",
		"campaign 2026-09-01 to 2026-11-30, EUR 48,250.00": "campaign 2026-09-01 to 2026-11-30, EUR 48,250.00",
		"request id req-0123456789; +1 more":               "request id req-0123456789; +1 more",
		"a@localhost and @handle":                          "a@localhost and @handle",
		"":                                                 "",
	}
	for in, want := range cases {
		if got := MaskText(in); got != want {
			t.Errorf("MaskText(%q) = %q; want %q", in, got, want)
		}
	}
}

func TestMaskTreeAndFreeText(t *testing.T) {
	v, err := advert.ParseValue([]byte(`{"error": {"code": "forbidden", "message": "ask dpo@adreach.example or +44 20 7946 0012",
	  "contact": {"email": "x@y.example", "street": "2 Mill Lane"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := MaskTree(v).MarshalJSON()
	out := string(b)
	for _, secret := range []string{"dpo@", "7946", "x@y", "Mill Lane"} {
		if strings.Contains(out, secret) {
			t.Errorf("masked tree shows %q: %s", secret, out)
		}
	}
	if !strings.Contains(out, `"code":"forbidden"`) || !strings.Contains(out, "d•••@adreach.example") {
		t.Errorf("masked tree lost what is not personal: %s", out)
	}

	d, _ := advert.Normalize([]byte(`{"basicInformation": {"description": "Questions: maren.holt@riverside.example"}}`), "X", advert.Full)
	d.Warnings = []string{"duplicate member email: kept maren.holt@riverside.example"}
	m := MaskDocument(d)
	got, _ := m.MarshalJSON()
	if strings.Contains(string(got), "maren.holt") || strings.Contains(m.Warnings[0], "maren.holt") {
		t.Errorf("an address inside text is not masked: %s %q", got, m.Warnings)
	}
	if !strings.Contains(d.Warnings[0], "maren.holt") {
		t.Error("MaskDocument changed the original's warnings")
	}
}
