package advert

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/padview/padview/api/vocab"
)

// readBlock is what ReadPartyText reads of a block: each field's first
// value, as the party's members hold it.
func readBlock(t *testing.T, s string) (map[string]string, bool) {
	t.Helper()
	parts, ok := ReadPartyText(nil, s)
	got := map[string]string{}
	for _, p := range parts {
		if p.Field != "" && got[p.Field] == "" {
			got[p.Field] = s[p.Start:p.End]
		}
	}
	return got, ok
}

// A party's text block is read line by line, or part by part of a line:
// the name first, then labels by the vocabulary, the rest by its shape,
// in the languages padview knows.
func TestReadPartyTextShapes(t *testing.T) {
	for _, c := range []struct {
		lang, text string
		want       map[string]string
	}{
		{"de: lines without labels, a representative", "CDU Kreisverband Beispielpfalz\nLuisenstraße 39\n66953 Pirmasens\ninfo@cdu-bsp.example\nvertreten durch den Kreisvorsitzenden Stefan Brenner",
			map[string]string{"name": "CDU Kreisverband Beispielpfalz", "streetAddress": "Luisenstraße 39", "postalCode": "66953",
				"city": "Pirmasens", "email": "info@cdu-bsp.example", "contactPerson": "Stefan Brenner"}},
		{"de: labels, a house number with a letter", "Freie Wähler Beispielstadt (Kreisvereinigung)\nHeinrich-Böll-Straße 17 A\n86199 Augsburg\nVorsitzende: Sabine Roth\nE-Mail: info@fw-bsp.example",
			map[string]string{"name": "Freie Wähler Beispielstadt (Kreisvereinigung)", "streetAddress": "Heinrich-Böll-Straße 17 A",
				"postalCode": "86199", "city": "Augsburg", "contactPerson": "Sabine Roth", "email": "info@fw-bsp.example"}},
		{"de: a street without a number above the postal code, a role after the name", "SPD Ortsverein Mühldorf a. Inn\nPetra Lindner – Vorsitzende\nAmselstraße\n\n84453 Mühldorf a. Inn",
			map[string]string{"name": "SPD Ortsverein Mühldorf a. Inn", "contactPerson": "Petra Lindner", "streetAddress": "Amselstraße",
				"postalCode": "84453", "city": "Mühldorf a. Inn"}},
		{"de: one line, comma-separated", "Wählergemeinschaft Beispiel e.V.., Obere Buchgasse 1b, 95326 Kulmbach",
			map[string]string{"name": "Wählergemeinschaft Beispiel e.V..", "streetAddress": "Obere Buchgasse 1b", "postalCode": "95326", "city": "Kulmbach"}},
		{"de: a role in brackets, a street no list names above the postal code", "ÖDP Beispiel\nHelmut Weiß (Vorsitzender)\nHeuwinkel 6\n94032 Passau",
			map[string]string{"name": "ÖDP Beispiel", "contactPerson": "Helmut Weiß", "streetAddress": "Heuwinkel 6", "postalCode": "94032", "city": "Passau"}},
		{"de: a line leading in", "Die Kampagne wird verantwortet durch:\n- Freie Aktive Bürger Beispiel e. V.,\nvertreten durch den Vorsitzenden Lukas Hartmann - Freie Wähler Beispiel,\nDie genannten Organisationen tragen die Verantwortung.",
			map[string]string{"name": "Freie Aktive Bürger Beispiel e. V.", "contactPerson": "Lukas Hartmann"}},
		{"da: labels", "SF Eksempel\n\nFormand Mads Kjærgaard\n\nMail: sf@eksempel.example\n\nTelefon: 20 45 67 89\n\nWeb: eksempel.example/sf/",
			map[string]string{"name": "SF Eksempel", "contactPerson": "Mads Kjærgaard", "email": "sf@eksempel.example", "phone": "20 45 67 89",
				"website": "eksempel.example/sf/"}},
		{"da: a street and a postal code", "Foreningen Eksempel\nVestergade 12\nDK-8700 Horsens", map[string]string{"name": "Foreningen Eksempel",
			"streetAddress": "Vestergade 12", "postalCode": "DK-8700", "city": "Horsens"}},
		{"nl: a registration by its label, a phone by its word", "Stichting Voorbeeld\nDorpsstraat 1\n1234 AB Amsterdam\nKvK: 12345678\nTel. 020 123 4567\nwww.voorbeeld.example",
			map[string]string{"name": "Stichting Voorbeeld", "streetAddress": "Dorpsstraat 1", "postalCode": "1234 AB", "city": "Amsterdam",
				"registrationNumber": "12345678", "phone": "020 123 4567", "website": "www.voorbeeld.example"}},
		{"nl: a representative", "Vereniging Voorbeeld\nvertegenwoordigd door de voorzitter Anna de Vries\nPostbus 123\n2500 AA Den Haag",
			map[string]string{"name": "Vereniging Voorbeeld", "contactPerson": "Anna de Vries", "streetAddress": "Postbus 123", "postalCode": "2500 AA",
				"city": "Den Haag"}},
		{"fr: one line", "Association Fictive, 12 rue de la Paix, 75001 Paris",
			map[string]string{"name": "Association Fictive", "streetAddress": "12 rue de la Paix", "postalCode": "75001", "city": "Paris"}},
		{"fr: a label and a role", "Parti Exemple\nPrésidente : Jeanne Exemple\nCourriel : contact@parti-exemple.example",
			map[string]string{"name": "Parti Exemple", "contactPerson": "Jeanne Exemple", "email": "contact@parti-exemple.example"}},
		{"it", "Associazione Esempio\nVia Roma 1\n00184 Roma", map[string]string{"name": "Associazione Esempio", "streetAddress": "Via Roma 1",
			"postalCode": "00184", "city": "Roma"}},
		{"es", "Partido Ejemplo\nCalle Mayor 5\n28001 Madrid", map[string]string{"name": "Partido Ejemplo", "streetAddress": "Calle Mayor 5",
			"postalCode": "28001", "city": "Madrid"}},
		{"pl", "Fundacja Przykład\nul. Długa 5\n00-950 Warszawa\ntel. +48 22 123 45 67", map[string]string{"name": "Fundacja Przykład",
			"streetAddress": "ul. Długa 5", "postalCode": "00-950", "city": "Warszawa", "phone": "+48 22 123 45 67"}},
		{"sv", "Föreningen Exempel\nStorgatan 5\n111 22 Stockholm\nOrdförande: Sven Exempel", map[string]string{"name": "Föreningen Exempel",
			"streetAddress": "Storgatan 5", "postalCode": "111 22", "city": "Stockholm", "contactPerson": "Sven Exempel"}},
		{"pt", "Associação Exemplo\nRua Augusta 10\n1100-053 Lisboa", map[string]string{"name": "Associação Exemplo",
			"streetAddress": "Rua Augusta 10", "postalCode": "1100-053", "city": "Lisboa"}},
		{"en: a postal code after the town, a chair", "Example Party\n1 Main Street\nDublin 2, D02 X285\nChair: Jane Example",
			map[string]string{"name": "Example Party", "streetAddress": "1 Main Street", "city": "Dublin 2", "postalCode": "D02 X285",
				"contactPerson": "Jane Example"}},
	} {
		got, ok := readBlock(t, c.text)
		if !ok {
			t.Errorf("%s: not read as a party's block", c.lang)
			continue
		}
		for field, want := range c.want {
			if got[field] != want {
				t.Errorf("%s: %s = %q; want %q", c.lang, field, got[field], want)
			}
		}
		for field := range got {
			if _, ok := c.want[field]; !ok {
				t.Errorf("%s: read %s = %q too", c.lang, field, got[field])
			}
		}
	}
}

// What holds nothing but a name stays the party's name: a single line,
// a name with its town, lines of prose, text too long to be a block.
func TestReadPartyTextLeavesANameAlone(t *testing.T) {
	for _, s := range []string{"Fund", "Stichting Voorbeeld, Amsterdam", "Bürgerliste Musterstadt (fiktiv)",
		"Auftraggeber sämtlicher Wahlwerbung ist die\nUBV Beispiel – Unabhängige Bürgervereinigung\nDie Inhalte stehen im Zusammenhang mit der Kommunalwahl am 8. März 2026.",
		"Beispielpartei\n" + strings.Repeat("Kerkstraat 5\n", 400) + "1234 AB Dorp"} {
		if parts, ok := ReadPartyText(nil, s); ok {
			t.Errorf("%.40q read as a block: %v", s, parts)
		}
	}
}

// A line padview cannot read stays in the parts, unread, and in the text:
// the parts cover the block's lines in their order.
func TestReadPartyTextKeepsWhatItCannotRead(t *testing.T) {
	s := "FDP Beispiel\nVerantwortlich im Sinne des Presserechts:\nOrtsverband Beispiel\nSchiffhüttenweg 2, 82319 Starnberg\nStand: Dezember 2025"
	parts, ok := ReadPartyText(nil, s)
	if !ok {
		t.Fatal("not read")
	}
	var unread []string
	last := 0
	for _, p := range parts {
		if p.Start < last {
			t.Errorf("parts out of order: %v", parts)
		}
		last = p.End
		if p.Field == "" {
			unread = append(unread, s[p.Start:p.End])
		}
	}
	want := []string{"Verantwortlich im Sinne des Presserechts:", "Ortsverband Beispiel", "Stand: Dezember 2025"}
	if strings.Join(unread, "|") != strings.Join(want, "|") {
		t.Errorf("unread %q; want %q", unread, want)
	}
	ms, hows, _ := partyTextMembers(vocab.Builtin(), StringValue(s))
	if last := ms[len(ms)-1]; last.Key != PartyTextKey || last.Value.Str != s || len(hows) != len(ms) {
		t.Errorf("the block as sent is not kept last: %v", ms)
	}
}

// A party sent as a text block is read into the party's members wherever
// a party is sent as a string: the advertiser, the sponsors, the payer and
// the controlling entity at the top level and in a group; its members
// carry the party fields' names, and none is unrecognised.
func TestPartyBlockNormalized(t *testing.T) {
	block := "Bürgerbündnis Beispiel e. V.\nVorsitzende: Hanna Vogel\nAmselweg 4\n12345 Beispielstadt\nE-Mail: kontakt@buendnis.example"
	q, _ := json.Marshal(block)
	for _, c := range []struct{ body, at string }{
		{`{"1. Sponsor": ` + string(q) + `}`, "advertiser"},
		{`{"advertiser": ` + string(q) + `}`, "advertiser"},
		{`{"sponsors": [` + string(q) + `]}`, "sponsors"},
		{`{"sponsor": ` + string(q) + `}`, "sponsors"},
		{`{"payer": ` + string(q) + `}`, "complianceAndFunding.payer"},
		{`{"controllingEntity": ` + string(q) + `}`, "complianceAndFunding.controllingEntity"},
		{`{"complianceAndFunding": {"paidBy": ` + string(q) + `}}`, "complianceAndFunding.payer"},
		{`{"Sponsors and Controllers": [` + string(q) + `]}`, "sponsors"},
	} {
		d := mustNormalize(t, c.body)
		var party Value
		if c.at == "sponsors" {
			if len(d.Sponsors) != 1 {
				t.Errorf("%s: %d sponsors", c.body, len(d.Sponsors))
				continue
			}
			party = d.Sponsors[0]
		} else {
			keys := strings.Split(c.at, ".")
			party = d.Group(Group(keys[0]))
			for _, k := range keys[1:] {
				party, _ = party.Get(k)
			}
		}
		want := map[string]string{"name": "Bürgerbündnis Beispiel e. V.", "contactPerson": "Hanna Vogel", "streetAddress": "Amselweg 4",
			"postalCode": "12345", "city": "Beispielstadt", "email": "kontakt@buendnis.example", PartyTextKey: block}
		for k, v := range want {
			if got, _ := party.Get(k); got.Str != v {
				t.Errorf("%.40s: %s.%s = %q; want %q", c.body, c.at, k, got.Str, v)
			}
		}
		if d.Unrecognised != 0 || len(d.Warnings) != 0 {
			t.Errorf("%.40s: %d unrecognised, warnings %q", c.body, d.Unrecognised, d.Warnings)
		}
	}
}

// A reference to the sponsor ("wie zu 1.") names no advertiser: it stays
// under its own name, and the advertiser's name is the block's.
func TestSelfReferenceNamesNoAdvertiser(t *testing.T) {
	d := mustNormalize(t, `{"1. Sponsor": "Partei Beispiel\nHauptstraße 1\n12345 Beispielstadt",
	  "3. Ansprechpartner & Kontakt des Sponsors": "wie zu 1.", "Kontrollierende Einrichtung": "wie zu 1."}`)
	if got := field(t, d.Advertiser, "name"); got != "Partei Beispiel" {
		t.Errorf("advertiser.name = %q", got)
	}
	if got := field(t, d.Advertiser, "3. Ansprechpartner & Kontakt des Sponsors"); got != "wie zu 1." {
		t.Errorf("the reference: %q", got)
	}
	if got := at(t, d, "complianceAndFunding.controllingEntity.name"); got != "wie zu 1." {
		t.Errorf("controlling entity %q", got)
	}
	d = mustNormalize(t, `{"advertiser": "same as sponsor", "sponsor": "Partei Beispiel"}`)
	if _, ok := d.Advertiser.Get("name"); ok {
		t.Errorf("a reference to the sponsor is the advertiser's name: %s", d.Advertiser.Text())
	}
}

// Places lists each member a block is read into, at its place in the
// document, recognised by the block, from the one member it was sent as.
func TestPlacesOfAPartyBlock(t *testing.T) {
	raw := []byte(`{"sponsors": ["Fonds Voorbeeld, Dorpsstraat 1, 1234 AB Voorbeeld", "Stichting Alleen Een Naam"],
	  "complianceAndFunding": {"payer": "Stiftung Muster\nMusterallee 7\n54321 Musterort\npost@stiftung.example"}}`)
	places, err := Places(raw, "X", Full, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, p := range places {
		if !p.Recognised || !strings.HasPrefix(p.By, "a party's text block: ") {
			t.Errorf("%s → %s: recognised %v by %q", p.Source, p.Path, p.Recognised, p.By)
		}
		got[p.Path] = p.Source
	}
	for path, src := range map[string]string{"sponsors[].name": "sponsors[]", "sponsors[].streetAddress": "sponsors[]",
		"sponsors[].postalCode": "sponsors[]", "sponsors[].city": "sponsors[]", "sponsors[].text": "sponsors[]",
		"complianceAndFunding.payer.name": "complianceAndFunding.payer", "complianceAndFunding.payer.email": "complianceAndFunding.payer",
		"complianceAndFunding.payer.streetAddress": "complianceAndFunding.payer", "complianceAndFunding.payer.text": "complianceAndFunding.payer"} {
		if got[path] != src {
			t.Errorf("%s from %q; want %q (%v)", path, got[path], src, got)
		}
	}
	if len(places) != len(got) {
		t.Errorf("a place listed twice: %v", places)
	}
}

// No text makes the block reader fail other than by saying no: its parts
// stand inside the text, in order, without overlapping.
func FuzzReadPartyText(f *testing.F) {
	for _, s := range []string{"CDU Beispiel\nLuisenstraße 39\n66953 Pirmasens\ninfo@cdu.example\nvertreten durch den Vorsitzenden Max Muster",
		"A, 12 rue de la Paix, 75001 Paris", "SF\n\nMail: a@b.dk\n\nTelefon: 20 45 67 89", "x:\n: \n,;,\n\xff\xfe",
		"Sponsor:\nVorsitzende:\n- \n1234 AB\nDublin, D02 X285"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		parts, ok := ReadPartyText(nil, s)
		if !ok && parts != nil {
			t.Errorf("parts without a block: %v", parts)
		}
		last := 0
		for _, p := range parts {
			if p.Start < last || p.End < p.Start || p.End > len(s) {
				t.Fatalf("part %+v after %d in a text of %d bytes", p, last, len(s))
			}
			last = p.End
		}
	})
}
