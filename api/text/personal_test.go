package text

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/padview/padview/api/advert"
)

func recordDoc(t *testing.T, name string) *advert.Document {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "advert", "testdata", "records", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	d, err := advert.Normalize(raw, "TEST01", advert.Full)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// The one question, member by member: by the vocabulary's categories,
// never by a substring, the names of natural persons included.
func TestPersonalCategoryAt(t *testing.T) {
	d := recordDoc(t, "politiekereclame-branch")
	for path, want := range map[string]string{
		"advertiser.email": CategoryEmail, "advertiser.streetAddress": CategoryAddress, "advertiser.contactPerson": CategoryName,
		"advertiser.city": "", "advertiser.companyName": "", "advertiser.registrationNumber": "",
		"complianceAndFunding.payer.email": CategoryEmail, "complianceAndFunding.payer.contactPerson": CategoryName,
		"complianceAndFunding.controllingEntity.streetAddress": CategoryAddress,
		"complianceAndFunding.fundingOrigin":                   "", "campaign.totalValue": "",
	} {
		if got := PersonalCategoryAt(d, strings.Split(path, ".")...); got != want {
			t.Errorf("%s: %q; want %q", path, got, want)
		}
	}
	d, _ = advert.Normalize([]byte(`{"sponsors": [{"name": "Tomasz", "kind": "individual", "address": {"line1": "ul. Długa 7"}},
	  {"name": "Friends", "kind": "association"}]}`), "X", advert.Full)
	for path, want := range map[string]string{"sponsors.0.name": CategoryName, "sponsors.1.name": "",
		"sponsors.0.postalAddress.line1": CategoryAddress, "sponsors.0.kind": "", "sponsors.7.name": ""} {
		if got := PersonalCategoryAt(d, strings.Split(path, ".")...); got != want {
			t.Errorf("%s: %q; want %q", path, got, want)
		}
	}
}

// The mask covers names of natural persons and street addresses under any
// name the vocabulary knows, and leaves an empty value alone.
func TestMaskRecords(t *testing.T) {
	for _, name := range []string{"politiekereclame-national", "politiekereclame-branch", "politiekereclame-citizen", "german-service", "ttpa-template"} {
		d := recordDoc(t, name)
		b, _ := MaskDocument(d).MarshalJSON()
		out := string(b)
		for _, secret := range []string{"Annelies Voorbeeld", "Verzonnenstraat", "campagne@", "Bram Testman", "Dijkweg",
			"Carla Proefmeijer", "Postbus 900", "fonds@", "secretariaat@", "Kastanjelaan", "Dirk Denkbeeld (particulier", "dirk.denkbeeld",
			"Beispielweg", "79098", "5550 1234", "Kaistraße", "kontakt@"} {
			if strings.Contains(out, secret) {
				t.Errorf("%s: the mask leaves %q:\n%s", name, secret, out)
			}
		}
		if strings.Contains(name, "national") && !strings.Contains(out, `"email":""`) {
			t.Errorf("%s: an empty value was masked:\n%s", name, out)
		}
	}
	// The citizen is a natural person: the name his statement gives as
	// the organisation's is his own.
	d := recordDoc(t, "politiekereclame-citizen")
	if c := PersonalCategoryAt(d, "advertiser", "companyName"); c != CategoryName {
		t.Errorf("the citizen's name reads %q", c)
	}
	got := strings.Join(PersonalCategories(d), ",")
	if got != "email,address,name" {
		t.Errorf("categories shown: %q", got)
	}
	// Empty values show nothing: no category is counted for them.
	d = recordDoc(t, "politiekereclame-national")
	if got := strings.Join(PersonalCategories(d), ","); got != "email,address,name" {
		t.Errorf("categories shown: %q", got)
	}
}

// Display by meaning: a time without a zone as written, +hhmm offsets
// read, money always with its currency or a note that none is stated.
func TestFormatByMeaning(t *testing.T) {
	for _, c := range []struct {
		key  string
		v    advert.Value
		want string
	}{
		{"date_published", advert.StringValue("2025-10-03T06:54:30"), "2025-10-03T06:54:30"},
		{"firstPublished", advert.StringValue("2025-10-22 09:07:34"), "2025-10-22 09:07:34"},
		{"ad_delivery_start_time", advert.StringValue("2019-05-01T20:04:44+0000"), "2019-05-01 20:04 UTC"},
		{"ad_delivery_start_time", advert.StringValue("2019-05-01T20:04:44+0200"), "2019-05-01 18:04 UTC"},
		{"totale_waarde_campagne_euro", advert.StringValue("165000"), "EUR 165,000.00"},
		{"betaalde_media_waarde_euro", advert.NumberValue("1121315.2"), "EUR 1,121,315.20"},
		{"amount", advert.NumberValue("5"), "5 " + NoCurrency},
		{"amountsReceived", advert.NewObject(advert.Member{Key: "lowerBound", Value: advert.StringValue("1000")},
			advert.Member{Key: "upperBound", Value: advert.StringValue("1499")}, advert.Member{Key: "currency", Value: advert.StringValue("EUR")}), "EUR 1,000.00–1,499.00"},
		{"amountsReceived", advert.NewObject(advert.Member{Key: "lowerBound", Value: advert.StringValue("100")},
			advert.Member{Key: "upperBound", Value: advert.StringValue("199")}, advert.Member{Key: "currency", Value: advert.NullValue()}), "100–199 " + NoCurrency},
		{"impressions", advert.NewObject(advert.Member{Key: "lower_bound", Value: advert.StringValue("100000")},
			advert.Member{Key: "upper_bound", Value: advert.StringValue("124999")}), "100,000–124,999"},
		{"isThirdCountryFunded", advert.StringValue("nee"), "no"},
		{"akkoord_gegevens_juist", advert.BoolValue(true), "yes"},
	} {
		if got := FormatField(c.key, c.v); got != c.want {
			t.Errorf("FormatField(%s, %s) = %q; want %q", c.key, c.v.Text(), got, c.want)
		}
	}
}

// A name the vocabulary does not read as a field but that ends in (or
// has as a word) a personal attribute is hidden by the mask and counted:
// inside a sponsor, at the top level, in any language padview knows.
func TestMaskGuessesPersonalNames(t *testing.T) {
	d := recordDoc(t, "sponsor-other-names")
	b, _ := MaskDocument(d).MarshalJSON()
	out := string(b)
	for _, secret := range []string{"Hafenstr. 9", "Hafenstraße 9", "DE00 1234", "Gartenweg 7", "Gartenweg 5", "fictief.example",
		"123 45 67"} {
		if strings.Contains(out, secret) {
			t.Errorf("the mask leaves %q:\n%s", secret, out)
		}
	}
	for _, kept := range []string{"Fonds Fictief", "Gent, BE", "private, within the EU"} {
		if !strings.Contains(out, kept) {
			t.Errorf("the mask hid %q, which is not personal:\n%s", kept, out)
		}
	}
	for path, want := range map[string]string{"sponsors.0.geldgeber_strasse": CategoryAddress,
		"sponsors.0.iban_nummer": CategoryOther, "other.geldgeber_strasse": CategoryAddress, "sponsors.0.companyName": ""} {
		if got := PersonalCategoryAt(d, strings.Split(path, ".")...); got != want {
			t.Errorf("%s: %q; want %q", path, got, want)
		}
	}
	if got := strings.Join(PersonalCategories(d), ","); got != "email,phone,address,other" {
		t.Errorf("categories shown: %q", got)
	}
}

// PersonalCategoryOf reads a place as `padview fields` writes it, with
// the mask's answer: a list's member is personal where any item's is.
func TestPersonalCategoryOf(t *testing.T) {
	d, _ := advert.Normalize([]byte(`{"sponsors": [{"name": "Friends", "kind": "association"},
	  {"name": "Tomasz", "kind": "individual", "address": {"line1": "ul. Długa 7"}}],
	  "opdrachtgever_naam_organisatie": "Anna Fictiefsma", "opdrachtgever_kvk_nummer": "NVT",
	  "complianceAndFunding": {"payer": {"email": "p@x.example"}, "top-level.x": {"telefon": "1"}},
	  "contacts": [{"role": "press", "e_mail": "press@x.example"}]}`), "X", advert.Full)
	for path, want := range map[string]string{
		"sponsors[].name": CategoryName, "sponsors[].kind": "", "sponsors[].postalAddress.line1": CategoryAddress,
		"advertiser.companyName": CategoryName, "advertiser.registrationNumber": "",
		"complianceAndFunding.payer.email": CategoryEmail, "complianceAndFunding.top-level.x.telefon": CategoryPhone,
		"other.contacts[].e_mail": CategoryEmail, "other.contacts[].role": "", "paid": "", "sponsors": "", "nowhere.x": "",
	} {
		if got := PersonalCategoryOf(d, path); got != want {
			t.Errorf("%s: %q; want %q", path, got, want)
		}
	}
}

// An amount padview could not read shows as sent, with the currency its
// name or its object gives.
func TestFormatKeptAmounts(t *testing.T) {
	kept := advert.NewObject(advert.Member{Key: "amount", Value: advert.StringValue("1.250")},
		advert.Member{Key: "currency", Value: advert.StringValue("EUR")})
	for _, c := range []struct {
		key  string
		v    advert.Value
		want string
	}{
		{"totalValue", kept, "EUR 1.250"},
		{"totale_waarde_campagne_euro", advert.StringValue("1,250"), "EUR 1,250"},
		{"totalValue", advert.StringValue("1,250"), "1,250"},
	} {
		if got := FormatField(c.key, c.v); got != c.want {
			t.Errorf("FormatField(%s, %s) = %q; want %q", c.key, c.v.Text(), got, c.want)
		}
	}
}
