package check

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/padview/padview/api/advert"
)

// A sponsor sent as one text block gives the check what its lines hold:
// its email, its address, and (from the town) its place of establishment.
func TestSponsorFromATextBlock(t *testing.T) {
	for _, body := range []string{
		`{"1. Sponsor": "Freie Wähler Beispiel (Kreisvereinigung)\nHeinrich-Böll-Straße 17 A\n86199 Augsburg\nVorsitzende: Sabine Roth\nE-Mail: info@fw-beispiel.example"}`,
		`{"sponsors": ["Wählergemeinschaft Beispiel e.V., Obere Buchgasse 1b, 95326 Kulmbach, info@wg-beispiel.example"]}`,
		`{"Kontaktoplysninger på sponsor": "SF Eksempel\n\nMail: sf@eksempel.example\n\nVestergade 12\n8700 Horsens"}`,
	} {
		rep := Check(doc(t, advert.Full, body))
		for _, id := range []string{"sponsor.name", "sponsor.email", "sponsor.address", "sponsor.establishment"} {
			if r := result(t, rep, id); r.Status != Present {
				t.Errorf("%.50s: %s %s (%s)", body, id, r.Status, r.Note)
			}
		}
		if r := result(t, rep, "sponsor.legal_name"); r.Status != NotApplicable {
			t.Errorf("%.50s: legal name %s", body, r.Status)
		}
	}
}

// A reference to the notice's first item, the sponsor, as the controlling
// entity or the payer, names none other than the sponsor: not applicable.
func TestReferenceToTheSponsorIsNotApplicable(t *testing.T) {
	for _, ref := range []string{"wie zu 1.", "Siehe Ziffer 1.", "siehe 1", "see 1", "same as 1", "zie 1", "zie punt 1",
		"voir 1", "voir point 1", "vedi punto 1", "véase 1", "patrz pkt 1", "se punkt 1", "samme som 1", "ver ponto 1"} {
		q, _ := json.Marshal(ref)
		body := `{"1. Sponsor": "Partei Beispiel\nHauptstraße 1\n12345 Beispielstadt", "Kontrollierende Einrichtung": ` + string(q) +
			`, "complianceAndFunding": {"payer": ` + string(q) + `}}`
		rep := Check(doc(t, advert.Full, body))
		for _, id := range []string{"controlling_entity", "controlling_entity.contact", "payer", "payer.contact"} {
			if r := result(t, rep, id); r.Status != NotApplicable {
				t.Errorf("%q: %s %s (%s)", ref, id, r.Status, r.Note)
			}
		}
	}
	// another item is no reference to the sponsor
	rep := Check(doc(t, advert.Full, `{"1. Sponsor": "Partei Beispiel", "Kontrollierende Einrichtung": "siehe 2"}`))
	if r := result(t, rep, "controlling_entity"); r.Status != Present {
		t.Errorf("siehe 2: %s", r.Status)
	}
}

// On the corpus's sponsors' notices and natural persons, what the check
// says of the parties is what a careful human concluded (each record's
// reading): the blocks of contact lines, "wie zu 1.", "Siehe Ziffer 1.",
// the sponsor's name repeated as the controlling entity, a private
// person's statement, and a party whose registration is "n.v.t.".
func TestCorpusPartiesAsTheReadingsSay(t *testing.T) {
	sponsor := []string{"sponsor.name", "sponsor.legal_name", "sponsor.email", "sponsor.address", "sponsor.establishment"}
	for record, rules := range map[string][]string{
		"de-sponsor-notices/de-fw-augsburg":            append(sponsor, "controlling_entity", "controlling_entity.contact"),
		"de-sponsor-notices/de-spd-muehldorf":          {"sponsor.name", "sponsor.address", "sponsor.establishment"},
		"de-sponsor-notices/de-wg-kulmbach":            append(sponsor, "controlling_entity", "controlling_entity.contact"),
		"de-sponsor-notices/de-oedp-oberallgaeu":       append(sponsor, "controlling_entity", "controlling_entity.contact"),
		"de-sponsor-notices/de-fw-bad-arolsen":         {"sponsor.name", "sponsor.address", "sponsor.establishment"},
		"de-sponsor-notices/de-cdu-suedwestpfalz":      {"controlling_entity", "controlling_entity.contact"},
		"dk-sponsor-notices/dk-sf-horsens":             sponsor,
		"politiekereclame-nl/prnl-natural-person":      {"sponsor.legal_name", "sponsor.establishment", "sponsor.registration"},
		"politiekereclame-nl/prnl-cda-zeeland":         {"sponsor.establishment", "sponsor.registration"},
		"meta-ad-library/meta-2020-be-politician-page": {"sponsor.name"},
	} {
		raw, err := os.ReadFile(filepath.Join("testdata", "corpus", record+".json"))
		if err != nil {
			t.Fatal(err)
		}
		var reading struct {
			View  string
			Rules map[string]struct{ Status, Why string }
		}
		if b, err := os.ReadFile(filepath.Join("testdata", "corpus", record+".reading.json")); err != nil || json.Unmarshal(b, &reading) != nil {
			t.Fatalf("%s: the reading: %v", record, err)
		}
		view := advert.Full
		if reading.View == "standard" {
			view = advert.Standard
		}
		rep := Check(doc(t, view, string(raw)))
		for _, id := range rules {
			want := reading.Rules[id]
			if got := result(t, rep, id); string(got.Status) != want.Status {
				t.Errorf("%s: %s %s (%s); the reading says %s: %s", filepath.Base(record), id, got.Status,
					strings.TrimSpace(got.Note), want.Status, want.Why)
			}
		}
	}
}
