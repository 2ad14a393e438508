package advert

import (
	"testing"

	"github.com/padview/padview/api/vocab"
)

// A word of an organisation, in any of the ten languages, or an acronym
// makes a name an organisation's; a person's names do not.
func TestIsOrganisationName(t *testing.T) {
	for name, want := range map[string]bool{
		"Freie Wähler/Wählergemeinschaft Kulmbach e.V..": true, "Bürgerbündnis Beispiel e. V.": true, "Muster GmbH": true,
		"ÖDP Kreisverband Oberallgäu Kempten": true, "SPD Ortsverein Mühldorf": true, "CDA Zeeland": true, "50PLUS Partij": true,
		"Stichting Voorbeeld": true, "Vereniging Eigen Huis": true, "Voorbeeld BV": true, "Voorbeeld B.V.": true,
		"Association Fictive pour le Canal": true, "Exemple SARL": true, "Fondazione Esempio": true, "Esempio S.r.l.": true,
		"Fundación Ejemplo": true, "Ejemplo S.L.": true, "Fundacja Przykład": true, "Przykład Sp. z o.o.": true,
		"Exempel AB": true, "Socialdemokraterna i Exempel, partiet": true, "Eksempel ApS": true, "Eksempel A/S": true,
		"Exemplo Lda": true, "Associação Exemplo": true, "Friends of the Fictional Estuary Fund": true,
		"Nieuw-Vlaamse Alliantie": true, "ALDE Group in the European Parliament. ": true, "Labour Party": true,
		"Anna de Vries": false, "Hanna Vogel": false, "Julien Marc Édouard Lemoine": false, "Camille Anne Duret": false,
		"Ruud Van Dijkhuizen": false, "J.F. Kennedy": false, "Anouk Smit- Li ": false, "Dirk Denkbeeld (particulier initiatief)": false,
	} {
		if got := IsOrganisationName(name); got != want {
			t.Errorf("IsOrganisationName(%q) = %v; want %v", name, got, want)
		}
	}
}

// A person's name is two to four capitalised names, words such as "de"
// or "von" between them, no digits and no organisation's word.
func TestIsPersonalName(t *testing.T) {
	for name, want := range map[string]bool{
		"Anna de Vries": true, "Hanna Vogel": true, "Ruud Van Dijkhuizen": true, "Camille Anne Duret": true,
		"Julien Marc Édouard Lemoine": true, "Anouk Smit- Li ": true, "Karl-Heinz von der Heide": true, "J. Smit": true,
		"Seán O'Brien": true, "Zofia Wójcik-Nowak": true, "Åsa Lindström": true, "Maria da Silva Santos": true,
		"Hanna": false, "Anna Maria Sofia Beatrix Vogel": false, "Stichting Voorbeeld": false, "CDA Zeeland": false,
		"Een burger spreekt": false, "Dirk Denkbeeld (particulier initiatief)": false, "Lijst 7 Voorbeeld": false,
		"Nieuw-Vlaamse Alliantie": false, "ALDE Group in the European Parliament.": false, "anna de vries": false,
	} {
		if got := IsPersonalName(name); got != want {
			t.Errorf("IsPersonalName(%q) = %v; want %v", name, got, want)
		}
	}
}

// A party is a natural person where the answer says so; a name of a
// person's shape alone says nothing (the Meta Ad Library's funders
// "Camille Anne Duret" and "Clean Rivers Now" look alike), beside a
// registration that does not apply or is none it does.
func TestNaturalPersonByName(t *testing.T) {
	party := func(ms ...string) Value {
		var out []Member
		for i := 0; i+1 < len(ms); i += 2 {
			out = append(out, Member{Key: ms[i], Value: StringValue(ms[i+1])})
		}
		return NewObject(out...)
	}
	for _, c := range []struct {
		what  string
		party Value
		want  bool
	}{
		{"a person's name, registration n.v.t.", party("name", "Anna de Vries", "registrationNumber", "n.v.t."), true},
		{"a person's name, registration geen", party("naam", "Anna de Vries", "kvk", "geen"), true},
		{"a person's name, Vereinsregister keine", party("name", "Hanna Vogel", "Vereinsregister", "keine"), true},
		{"a person's name alone", party("name", "Camille Anne Duret"), false},
		{"a brand's name alone", party("name", "Clean Rivers Now"), false},
		{"an organisation, registration n.v.t.", party("name", "Stichting Voorbeeld", "registrationNumber", "n.v.t."), false},
		{"an organisation, registration geen", party("name", "Vereniging Voorbeeld", "registrationNumber", "geen"), false},
		{"a person's name beside an organisation's", party("name", "Anna de Vries", "companyName", "Voorbeeld BV", "registrationNumber", "geen"), false},
		{"a kind says so, whatever the name", party("name", "Stichting Voorbeeld", "kind", "natuurlijk persoon"), true},
		{"a kind says not, whatever the registration", party("kind", "association", "name", "Anna de Vries", "registrationNumber", "n/a"), false},
		{"first and last names", party("firstName", "Anna", "lastName", "de Vries"), true},
	} {
		if got := NaturalPerson(vocab.Builtin(), c.party); got != c.want {
			t.Errorf("%s: natural person %v; want %v", c.what, got, c.want)
		}
	}
}

// A natural person sent as one text block is one as its members say.
func TestNaturalPersonInABlock(t *testing.T) {
	d := mustNormalize(t, `{"sponsors": ["Anna de Vries\nKerkstraat 5\n1234 AB Voorbeeld\nKvK: n.v.t.",
	  "Stichting Voorbeeld\nKerkstraat 7\n1234 AB Voorbeeld\nKvK: n.v.t."]}`)
	if len(d.Sponsors) != 2 || !IsNaturalPerson(d.Sponsors[0]) || IsNaturalPerson(d.Sponsors[1]) {
		t.Errorf("natural persons among %v", d.Sponsors)
	}
}

// The word lists parse, each list holds words, and every postal code
// pattern compiles into the readers.
func TestPartyWordsParse(t *testing.T) {
	w, err := parsePartyWords(partyWordsData)
	if err != nil {
		t.Fatal(err)
	}
	for name, l := range map[string]wordList{"organisation": w.organisation, "particle": w.particle, "role": w.role,
		"article": w.article, "street-end": w.streetEnd, "street-start": w.streetStart, "po-box": w.poBox} {
		if len(l.whole) < 5 {
			t.Errorf("%s: %d words", name, len(l.whole))
		}
	}
	if _, err := parsePartyWords("organisation = a\nnonsense = b\n"); err == nil {
		t.Error("an unknown line is read")
	}
	if _, err := parsePartyWords("postcode XX = [0-9\n"); err == nil {
		t.Error("a postal code that is no regular expression is read")
	}
}
