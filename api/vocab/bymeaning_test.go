package vocab

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

// A name is split into its words however it is written.
func TestNameWords(t *testing.T) {
	for name, want := range map[string]string{
		"PayingAdvertiserName":            "Paying Advertiser Name",
		"Spend_Range_Min_EUR":             "Spend Range Min EUR",
		"Regions (Included)":              "Regions Included",
		"Name und Anschrift des Sponsors": "Name und Anschrift des Sponsors",
		"PDFFile":                         "PDF File",
		"address2":                        "address 2",
		"e-mail/telefon":                  "e mail telefon",
		"7.Informationen über die":        "7 Informationen über die",
	} {
		if got := strings.Join(nameWords(name), " "); got != want {
			t.Errorf("nameWords(%q) = %q; want %q", name, got, want)
		}
	}
	if got := foldWord("Veröffentlichung"); got != "veroeffentlichung" {
		t.Errorf("foldWord: %q", got)
	}
}

// Words are read as written, by their stem in each language, and as
// compounds of listed words.
func TestWordsByStemAndCompound(t *testing.T) {
	v := Builtin()
	l := theLexicon()
	concept := func(w string) []string {
		var out []string
		for _, tk := range v.wordsOf(w) {
			for _, c := range tk.concepts {
				out = append(out, l.concepts[c].id)
			}
		}
		return out
	}
	for word, want := range map[string]string{
		"Sponsors":          "sponsor", // English plural, by the stem
		"Zuwendungen":       "benefit", // German plural
		"opdrachtgevers":    "sponsor", // Dutch plural
		"startdatum":        "start",   // a compound: start + datum
		"telefonnummer":     "phone",   // telefon + nummer
		"Zahlungsempfänger": "amount",  // zahlung + s + empfaenger: the linking s
		"finanziamento":     "funds",   // Italian
		"patrocinador":      "sponsor", // Spanish
		"sponsora":          "sponsor", // Polish, a listed form
		"annonsör":          "sponsor", // Swedish
		"betalingsmodtager": "",        // Danish: nothing read, not a wrong reading
		"montantes":         "amount",  // Portuguese
		"Datenschutz":       "dataprotection",
	} {
		got := concept(word)
		if want == "" {
			continue
		}
		if !slices.Contains(got, want) {
			t.Errorf("%s reads as %v; want %s among them", word, got, want)
		}
	}
	// a short word is never read by another language's stem ("call" is
	// not Spanish "calle", a street)
	if got := concept("call"); slices.Contains(got, "street") {
		t.Errorf("call reads as %v", got)
	}
}

// A name means the field its words compose: a role and a party's
// attribute, a field's own words, in the scope's context; "excluded" is
// never "included", and a name with a word nothing explains is no field
// but a candidate for those its words touch.
func TestComposedByMeaning(t *testing.T) {
	v := Builtin()
	for _, c := range []struct{ scope, name, path, part, currency string }{
		{"", "PayingAdvertiserName", "payer.name", "", ""},
		{"", "Name und Anschrift des Sponsors", "advertiser", "", ""},
		{"", "Kontrollierende Einrichtung", "controllingEntity", "", ""},
		{"", "BillingAddress", "payer.postalAddress", "", ""},
		{"", "Spend_Range_Min_EUR", "complianceAndFunding.amountsReceived", "lower", "EUR"},
		{"", "Spend_Range_Max_INR", "complianceAndFunding.amountsReceived", "upper", "INR"},
		{"", "bedrag_tot", "complianceAndFunding.amountsReceived", "upper", ""},
		{"", "First_Served_Timestamp", "campaign.startDate", "", ""},
		{"", "Last_Served_Timestamp", "campaign.endDate", "", ""},
		{"", "Zeitraum der Veröffentlichung", "campaign.period", "", ""},
		{"", "Regions (Included)", "targeting.locations", "", ""},
		{"", "Geo_Targeting_Excluded", "targeting.excluded", "", ""},
		{"", "Postal Codes (Excluded)", "targeting.excluded", "", ""},
		{"targeting", "countries", "targeting.locations", "", ""},
		{"", "countries", "advertiser.country", "", ""},
		{"", "CandidateBallotInformation", "complianceAndFunding.linkedElection", "", ""},
		{"", "Verknüpfte Wahl", "complianceAndFunding.linkedElection", "", ""},
		{"", "Kontakt E-Mail", "advertiser.email", "", ""},
		{"sponsors", "E-Mail-Adresse", "party.email", "", ""},
		{"", "periodo di diffusione", "campaign.period", "", ""},
		{"", "data_inizio", "campaign.startDate", "", ""},
		{"", "importe gastado", "complianceAndFunding.amountsReceived", "", ""},
		{"", "Méthode de calcul", "complianceAndFunding.calculationMethodology", "", ""},
		{"", "Origine des fonds", "complianceAndFunding.fundingOrigin", "", ""},
		{"", "nazwa sponsora", "advertiser.name", "", ""},
		{"", "ausgaben_waehrung", "complianceAndFunding.currency", "", ""},
	} {
		m := v.Lookup(c.scope, c.name)
		if m.Path() != c.path || m.Part != c.part || c.currency != "" && m.Currency != c.currency {
			t.Errorf("Lookup(%q, %q) = %q part %q %s (%s); want %q part %q %s",
				c.scope, c.name, m.Path(), m.Part, m.Currency, m.By, c.path, c.part, c.currency)
		}
	}
	// the evidence says which words read as what
	if m := v.Lookup("", "PayingAdvertiserName"); m.By != "words: paying advertiser name → payer.name" {
		t.Errorf("By = %q", m.By)
	}
}

// A name the words touch but do not decide is a candidate for those
// fields; one none of whose words could be read is unread; a name that
// hides a control character is never read by the words around it; a
// negated name is no field.
func TestCandidates(t *testing.T) {
	v := Builtin()
	m := v.Lookup("", "deprecated_amount")
	if m.Recognised() || !slices.Contains(m.Candidates(), "complianceAndFunding.amountsReceived") || m.Unread {
		t.Errorf("deprecated_amount: %+v %v", m, m.Candidates())
	}
	if m := v.Lookup("", "Kustannukset_xq"); m.Recognised() || !m.Unread || len(m.Candidates()) != 0 {
		t.Errorf("an unreadable name: %+v", m)
	}
	if m := v.Lookup("", "calculation\x1bMethod"); m.Recognised() || !m.Unread {
		t.Errorf("a hidden control: %+v", m)
	}
	if m := v.Lookup("", "not_targeting_used"); m.Recognised() {
		t.Errorf("a negated name: %+v", m)
	}
}

// Every signature of fields.toml names a field of the vocabulary and
// concepts of words.toml, and every concept has words in every language.
func TestLexiconIsWhole(t *testing.T) {
	l := theLexicon()
	v := Builtin()
	for _, s := range l.fields {
		if s.path == "party" {
			continue
		}
		if _, ok := v.Field(s.path); !ok {
			t.Errorf("fields.toml: %s is no field", s.path)
		}
	}
	if len(l.concepts) < 50 {
		t.Errorf("%d concepts", len(l.concepts))
	}
	var d lexiconData
	b, _ := os.ReadFile("data/lexicon/words.toml")
	if _, err := toml.Decode(string(b), &d); err != nil {
		t.Fatal(err)
	}
	for id, c := range d.Concepts {
		for _, lang := range languages {
			if ws, _ := c[lang].([]any); len(ws) == 0 {
				t.Errorf("concept %s has no %s words", id, lang)
			}
		}
	}
}
