package advert

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/padview/padview/api/vocab"
)

// record normalizes a test record of testdata/records: answers in the
// shapes and member names of real sources (politiekereclame.nl statements,
// Meta Ad Library ads_archive, an ad collector, the TTPA template), with
// fictional values.
func record(t *testing.T, name string) *Document {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", "records", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	d, err := Normalize(raw, "TEST01", Full)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// at reads a value of the normalized document by a path of member names
// ("complianceAndFunding.payer.email"), as its JSON writes it.
func at(t *testing.T, d *Document, path string) string {
	t.Helper()
	keys := strings.Split(path, ".")
	v := d.Group(Group(keys[0]))
	for _, k := range keys[1:] {
		var ok bool
		if v, ok = v.Get(k); !ok {
			t.Errorf("%s: no %q", path, k)
			return ""
		}
	}
	return v.Text()
}

// sourceCase is one record of a source: how many of its members padview
// does not recognise, and values at their places in the document.
type sourceCase struct {
	record       string
	unrecognised int
	want         map[string]string
}

var sourceCases = []sourceCase{
	{"politiekereclame-national", 0, map[string]string{
		"advertiser.companyName": "Partij Fictief", "advertiser.email": "campagne@partij-fictief.example",
		"advertiser.streetAddress": "Verzonnenstraat 12", "advertiser.contactPerson": "Annelies Voorbeeld",
		"advertiser.registrationNumber": "40999001", "campaign.startDate": "2025-10-10", "campaign.endDate": "2025-10-29",
		"campaign.totalValue":                    `{"amount":"165000","currency":"EUR"}`,
		"complianceAndFunding.amountsReceived":   `{"amount":"22000","currency":"EUR"}`,
		"complianceAndFunding.fundingOrigin":     "Publiek geld van binnen de EU,Particulier geld van binnen de EU",
		"complianceAndFunding.linkedElection":    "Tweede Kamerverkiezingen 2025",
		"complianceAndFunding.payer.companyName": "", "complianceAndFunding.controllingEntity.email": "",
		"targeting.techniquesUsed": "geen", "basicInformation.title": "Stem op de toekomst",
		"basicInformation.firstPublished": "2025-10-03T06:54:30", "legalAndMetadata.created": "2025-10-02T09:42:51Z",
		"legalAndMetadata.akkoord_gegevens_juist": "true",
	}},
	{"politiekereclame-branch", 0, map[string]string{
		"complianceAndFunding.controllingEntity.companyName": "Vereniging Partij Fictief",
		"complianceAndFunding.controllingEntity.email":       "secretariaat@partij-fictief.example",
		"complianceAndFunding.payer.contactPerson":           "Carla Proefmeijer",
		"complianceAndFunding.theme_link.date":               "2026-03-18",
		"complianceAndFunding.amountsReceived":               `{"amount":"1121315.2","currency":"EUR"}`,
		"advertiser.electoralRegistration":                   "lijst 7", "campaign.medium": "null",
	}},
	{"politiekereclame-citizen", 0, map[string]string{
		"advertiser.registrationNumber": "NVT", "complianceAndFunding.fundingOrigin": "Particulier geld van buiten de EU",
		"other.meta": `{"filter_count":1,"total_count":1,"page":1,"limit":100}`,
	}},
	{"meta-ad-library", 0, map[string]string{
		"advertiser.name": "Clean Rivers Now (fictional)", "advertiser.id": "998877665544",
		"complianceAndFunding.payer.name":      "Friends of the Fictional Estuary",
		"complianceAndFunding.amountsReceived": `{"lowerBound":"1000","upperBound":"1499","currency":"EUR"}`,
		"campaign.startDate":                   "2024-05-29T08:15:00Z", "campaign.endDate": "2024-06-05T21:59:59Z",
		"targeting.impressions":    `{"lower_bound":"100000","upper_bound":"124999"}`,
		"legalAndMetadata.created": "2024-05-28", "basicInformation.platforms": `["facebook","instagram"]`,
	}},
	{"meta-ad-library-running", 0, map[string]string{
		"complianceAndFunding.payer.name":      "Bridges Civic Fund (fictional)",
		"complianceAndFunding.amountsReceived": `{"lowerBound":"0","upperBound":"99","currency":"USD"}`,
		"campaign.startDate":                   "2024-06-02",
	}},
	{"ad-collector", 0, map[string]string{
		"advertiser.name": "AAAS", "complianceAndFunding.payer.name": "Fictional Science Society",
		"targeting.targets":         `[{"segment":"18 and older","target":"Age"},{"segment":"the United States","target":"Region"}]`,
		"legalAndMetadata.created":  "2018-09-12T17:21:15.133Z",
		"basicInformation.language": "en-US",
	}},
	{"ttpa-template", 0, map[string]string{
		"campaign.period":                            `{"start":"2026-05-01","end":"2026-05-31"}`,
		"complianceAndFunding.amountsReceived":       `{"amount":"12000.00","currency":"EUR"}`,
		"complianceAndFunding.officialInformation":   "https://wahlen.example/teilnahme",
		"complianceAndFunding.notificationMechanism": "https://publisher.example/melden",
		"legalAndMetadata.previouslySuspended":       "false",
	}},
	{"german-service", 0, map[string]string{
		"advertiser.companyName": "Verkehrswende Süd (fiktiv)", "advertiser.postalCode": "79098",
		"advertiser.streetAddress": "Beispielweg 5", "complianceAndFunding.payer.name": "Pendlerfonds (fiktiv)",
		"campaign.totalValue": `{"amount":"41000","currency":"EUR"}`, "targeting.techniquesUsed": "keine",
	}},
	{"politiekereclame-grouped-amounts", 0, map[string]string{
		"campaign.totalValue":                  `{"amount":"1250000","currency":"EUR"}`,
		"complianceAndFunding.amountsReceived": `{"amount":"3200.50","currency":"EUR"}`,
	}},
	{"meta-ad-library-targeted", 0, map[string]string{
		"targeting.ageRange": `["25","54"]`, "targeting.gender": "All", "complianceAndFunding.payer.name": "Fictive Transit Alliance",
		"complianceAndFunding.amountsReceived": `{"lowerBound":"500","upperBound":"599","currency":"PLN"}`,
		"campaign.startDate":                   "2026-04-03T06:30:00+02:00",
	}},
	{"german-municipal", 0, map[string]string{
		"advertiser.companyName": "Bürgerliste Musterstadt (fiktiv)", "advertiser.registrationNumber": "Amtsgericht Musterstadt VR 4711",
		"complianceAndFunding.payer.postalAddress":   "Am Markt 1, 12345 Musterstadt",
		"legalAndMetadata.responsiblePerson":         "Erika Mustermann",
		"complianceAndFunding.notificationMechanism": "https://buergerliste.example/melden",
		"campaign.totalValue":                        `{"amount":"4500","currency":"EUR"}`,
	}},
	{"french-service", 0, map[string]string{
		"advertiser.legalName": "Association Fictive pour le Canal", "advertiser.placeOfEstablishment": "Paris",
		"complianceAndFunding.amountsReceived":       `{"amount":"3200.50","currency":"EUR"}`,
		"complianceAndFunding.transparencyNoticeUrl": "https://canal-fictif.example/avis",
		"legalAndMetadata.responsiblePerson":         "Jeanne Exemple",
	}},
	// A role no vocabulary file lists (geldgeber_, the donor) and a group
	// word (ausgaben_, spending) read by their words: the payer's fields,
	// the amount and its currency.
	{"german-unknown-role", 0, map[string]string{
		"advertiser.name": "Initiative Saubere Luft (fiktiv)", "complianceAndFunding.payer.email": "max@beispiel.example",
		"complianceAndFunding.amountsReceived": `{"amount":"980.00","currency":"EUR"}`,
	}},
	{"sponsor-other-names", 1, map[string]string{"complianceAndFunding.payer.streetAddress": "Hafenstraße 9"}},
	// An ad-library export no vocabulary file lists, read by its words.
	{"unseen-source", 0, map[string]string{
		"advertiser.name": "Stichting Voorbeeld (fictional)", "campaign.startDate": "2025-10-01",
		"complianceAndFunding.amountsReceived": `{"amount":"1500","currency":"EUR"}`, "basicInformation.adFormat": "Video",
		"campaign.days": "29",
		"complianceAndFunding.Spend_Range_Min_EUR/Spend_Range_Max_EUR": `{"lowerBound":"1000","upperBound":"2000","currency":"EUR"}`,
	}},
	// A sponsor's own notice: each party sent as one text block of lines,
	// read into the party's members.
	{"sponsor-notice-blocks", 0, map[string]string{
		"advertiser.name": "Bürgerbündnis Beispielstadt e. V. (fiktiv)", "advertiser.email": "kontakt@buergerbuendnis.example",
		"advertiser.phone": "0123 4567890", "advertiser.streetAddress": "Amselweg 4", "advertiser.postalCode": "12345",
		"advertiser.city": "Beispielstadt", "advertiser.contactPerson": "Hanna Vogel", "advertiser.website": "www.buergerbuendnis.example",
		"complianceAndFunding.payer.name": "Anna de Vries", "complianceAndFunding.payer.registrationNumber": "n.v.t.",
		"complianceAndFunding.payer.email": "anna.devries@example.nl", "complianceAndFunding.controllingEntity.name": "wie zu 1.",
	}},
	// A language padview has no words for: nothing is lost, all is
	// counted, kept in Other.
	{"finnish-export", 8, map[string]string{"other.Kustannukset": "1200 EUR", "other.Alkupäivä": "2026-03-01"}},
}

func TestSources(t *testing.T) {
	for _, c := range sourceCases {
		t.Run(c.record, func(t *testing.T) {
			d := record(t, c.record)
			if d.Unrecognised != c.unrecognised {
				t.Errorf("%d members not recognised; want %d. Other: %s", d.Unrecognised, c.unrecognised, d.Other.Text())
			}
			for path, want := range c.want {
				if got := at(t, d, path); got != want {
					t.Errorf("%s = %s; want %s", path, got, want)
				}
			}
			// The records are read as TEST01's: one whose own id says
			// another PAID is an answer for that PAID, and says so.
			warnings := slices.DeleteFunc(slices.Clone(d.Warnings), func(w string) bool { return w == d.AnsweredFor() })
			if len(warnings) != 0 {
				t.Errorf("warnings: %q", warnings)
			}
		})
	}
}

// A group sent as a bare string is the group's (or party's) name.
func TestBareStringIsTheGroupsName(t *testing.T) {
	d := mustNormalize(t, `{"advertiser": "AAAS", "campaign": "Spring 2026", "payer": "Fund", "sponsors": ["A", {"name": "B"}],
	  "controlling_entity": "Holding"}`)
	for path, want := range map[string]string{"advertiser.name": "AAAS", "campaign.name": "Spring 2026",
		"complianceAndFunding.payer.name": "Fund", "complianceAndFunding.controllingEntity.name": "Holding"} {
		if got := at(t, d, path); got != want {
			t.Errorf("%s = %q; want %q", path, got, want)
		}
	}
	if len(d.Sponsors) != 2 || field(t, d.Sponsors[0], "name") != "A" || d.Unrecognised != 0 {
		t.Errorf("sponsors %v, unrecognised %d", d.Sponsors, d.Unrecognised)
	}
}

// A user's [fields] mappings place members the built-in vocabulary does
// not know.
func TestNormalizeWithMappings(t *testing.T) {
	raw := []byte(`{"werbekunde_name": "Hafenbund", "zahlstelle_name": "Fonds", "zahlstelle_konto": "x", "wahltag": "2026-03-08",
	  "zahlstelle_lieblingsfarbe": "blau"}`)
	d, _ := Normalize(raw, "X", Full)
	// the built-in vocabulary reads "wahltag" (election day) and
	// "zahlstelle_name" (the paying office's name) by their words
	if d.Unrecognised != 3 || at(t, d, "complianceAndFunding.electionDate") != "2026-03-08" {
		t.Fatalf("built-in: %d unrecognised; other %s", d.Unrecognised, d.Other.Text())
	}
	v, err := d.Vocabulary().With(testMappings)
	if err != nil {
		t.Fatal(err)
	}
	d, _ = NormalizeWith(raw, "X", Full, v)
	for path, want := range map[string]string{"advertiser.name": "Hafenbund", "complianceAndFunding.payer.name": "Fonds",
		"complianceAndFunding.payer.bankAccount": "x", "complianceAndFunding.electionDate": "2026-03-08",
		"complianceAndFunding.payer.zahlstelle_lieblingsfarbe": "blau"} {
		if got := at(t, d, path); got != want {
			t.Errorf("%s = %q; want %q", path, got, want)
		}
	}
	// the prefix places the member whose rest padview does not know, but
	// does not recognise it
	if d.Unrecognised != 1 || d.Vocabulary() != v {
		t.Errorf("unrecognised %d; other %s", d.Unrecognised, d.Other.Text())
	}
}

var testMappings = []vocab.Mapping{
	{Name: "werbekunde_name", Path: "advertiser.name"},
	{Name: "zahlstelle_*", Path: "payer.*"},
	{Name: "wahltag", Path: "complianceAndFunding.electionDate"},
}

// Places says where each member of an answer goes, as Normalize places it:
// its unrecognised members are those Normalize counts, and each recognised
// member's place is in the document.
func TestPlacesMirrorNormalize(t *testing.T) {
	var bodies [][]byte
	files, _ := filepath.Glob(filepath.Join("testdata", "records", "*.json"))
	for _, f := range files {
		raw, _ := os.ReadFile(f)
		bodies = append(bodies, raw)
	}
	bodies = append(bodies, []byte(`{"sponsors":{"S1":{"name":"One","e_mail":"a@b.example","hobby":"x"}},"Sponsors & Controllers":[{"name":"C","role":"controller"}],"x":[1,2],"y":{"z":[{"a":1}]}}`))
	for _, raw := range bodies {
		d, err := Normalize(raw, "TEST01", Full)
		if err != nil {
			t.Fatal(err)
		}
		places, err := Places(raw, "TEST01", Full, nil)
		if err != nil {
			t.Fatal(err)
		}
		unrecognised := 0
		for _, p := range places {
			if !p.Recognised {
				unrecognised++
				if !strings.HasPrefix(p.Path, "other.") && !strings.Contains(p.Path, "[]") && !strings.Contains(p.Path, ".") {
					t.Errorf("unrecognised %s placed at %s", p.Source, p.Path)
				}
				continue
			}
			if !strings.HasPrefix(p.Path, "(") && !placed(d, p.Path) {
				t.Errorf("%s: %s is not in the document %s", p.Source, p.Path, d.String())
			}
		}
		if unrecognised != d.Unrecognised {
			t.Errorf("Places: %d unrecognised, Normalize %d: %s", unrecognised, d.Unrecognised, raw[:min(len(raw), 80)])
		}
	}
}

// placed reports whether the document has a value at a path of member
// names ("[]" for the items of a list, any item), its first two steps at
// least.
func placed(d *Document, path string) bool {
	keys := strings.Split(strings.ReplaceAll(path, "[]", ".[]"), ".")
	var v Value
	switch g := Group(keys[0]); g {
	case GroupSponsors, GroupControllers:
		items, _ := d.Parties(g)
		v = NewArray(items...)
	default:
		v = d.Group(g)
	}
	return placedIn(v, keys[1:], 0)
}

func placedIn(v Value, keys []string, depth int) bool {
	if len(keys) == 0 || depth >= 2 {
		return true
	}
	if keys[0] == "[]" {
		for _, it := range v.Items() {
			if placedIn(it, keys[1:], depth+1) {
				return true
			}
		}
		return false
	}
	next, ok := v.Get(keys[0])
	return ok && placedIn(next, keys[1:], depth+1)
}
