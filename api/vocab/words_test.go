package vocab

import (
	"strings"
	"testing"
)

// None and not applicable in the ten languages, in any spelling: with or
// without spaces, dots, slashes, hyphens, in any case.
func TestNoneInEverySpelling(t *testing.T) {
	notApplicable := map[string][]string{
		"en": {"N/A", "n.a.", "NA", "not applicable", "Not-Applicable", "notapplicable"},
		"nl": {"n.v.t.", "NVT", "nvt", "n v t", "niet van toepassing", "nietvantoepassing", "Niet-van-toepassing"},
		"de": {"entfällt", "Entfaellt", "entfallt", "nicht zutreffend", "nichtzutreffend", "trifft nicht zu"},
		"fr": {"sans objet", "Sans-objet", "sansobjet", "non applicable", "ne s'applique pas"},
		"it": {"non applicabile", "nonapplicabile", "Non Applicabile", "non pertinente"},
		"es": {"no aplica", "noaplica", "No aplicable", "no procede"},
		"pl": {"nie dotyczy", "niedotyczy", "Nie-dotyczy"},
		"sv": {"ej tillämpligt", "ejtillämpligt", "ej tillampligt", "inte tillämpligt", "ej aktuellt"},
		"da": {"ikke relevant", "ikkerelevant", "ikke aktuelt", "Ikke-aktuelt", "ikke gældende"},
		"pt": {"não aplicável", "nao aplicavel", "não se aplica", "nao se aplica", "naoseaplica"},
	}
	for lang, list := range notApplicable {
		for _, s := range list {
			if !IsNotApplicable(s) || !IsNone(s) {
				t.Errorf("%s: %q: not applicable %v, none %v", lang, s, IsNotApplicable(s), IsNone(s))
			}
		}
	}
	none := map[string][]string{
		"en": {"none", "nothing", "not disclosed", "—", "-"},
		"nl": {"geen", "niet openbaar", "nietopenbaar"},
		"de": {"keine", "keine Angabe", "k.A.", "K. A."},
		"fr": {"aucun", "Aucune", "néant", "non communiqué"},
		"it": {"nessuno", "non divulgato", "n.d."},
		"es": {"ninguno", "no divulgado", "n/d", "sin datos"},
		"pl": {"brak", "brak danych", "nie ujawniono"},
		"sv": {"ingen", "inga", "saknas", "uppgift saknas"},
		"da": {"ingen", "intet", "ikke oplyst"},
		"pt": {"nenhum", "não divulgado", "sem dados"},
	}
	for lang, list := range none {
		for _, s := range list {
			if !IsNone(s) || IsNotApplicable(s) {
				t.Errorf("%s: %q: none %v, not applicable %v", lang, s, IsNone(s), IsNotApplicable(s))
			}
		}
	}
	// The whole value must match: a short word inside another says nothing.
	for _, s := range []string{"", "Nationale Vereniging Tegen", "nvtx", "Geen idee wie", "a none-profit", "banana",
		"Partij Fictief", "0", "Nieuw Amsterdam", "ND", "SD", "KA", "N D A", "niet van toepassing op ons maar wel", "Stichting N.A. Smit", "entfällt nicht"} {
		if IsNone(s) || IsNotApplicable(s) {
			t.Errorf("%q read as none (%v) or not applicable (%v)", s, IsNone(s), IsNotApplicable(s))
		}
	}
}

// Yes and no in the ten languages; a no followed by a none or a negation
// is a no; a yes with more words is not read.
func TestYesNoInTenLanguages(t *testing.T) {
	for s, want := range map[string]bool{
		"yes": true, "ja": true, "oui": true, "sì": true, "si": true, "sí": true, "tak": true, "Sim": true,
		"no": false, "nee": false, "Nein": false, "non": false, "nie": false, "nej": false, "não": false, "nao": false,
		"Nein, keine": false, "nee, geen": false, "no, not funded from abroad": false, "Non : aucun": false,
		"nie (brak)": false,
	} {
		if got, ok := YesNo(s); !ok || got != want {
			t.Errorf("YesNo(%q) = %v, %v; want %v", s, got, ok, want)
		}
	}
	for _, s := range []string{"perhaps", "Ja, keine", "yes, but only in part", "Nein, aus dem Ausland", "ja nein"} {
		if got, ok := YesNo(s); ok {
			t.Errorf("YesNo(%q) = %v; want unread", s, got)
		}
	}
}

// A negator before the words in the same clause turns outside into
// inside, in each language; where a text negates and affirms, or the
// negation follows the words, padview cannot tell.
func TestEUSideHonoursNegation(t *testing.T) {
	for s, want := range map[string]Side{
		// negated outside, one case a language
		"Es fließen keine Zuwendungen aus dem Ausland":           Inside,
		"no funds from outside the EU":                           Inside,
		"geen geld van buiten de EU":                             Inside,
		"aucun financement de l'étranger":                        Inside,
		"nessun finanziamento dall'estero":                       Inside,
		"ningún fondo del extranjero":                            Inside,
		"brak środków z zagranicy":                               Inside,
		"inga medel från utlandet":                               Inside,
		"ingen midler fra udlandet":                              Inside,
		"nenhum financiamento do estrangeiro":                    Inside,
		"Wir erhalten nicht aus Drittstaaten":                    Inside,
		"fondos privados, ninguno de fuera de la UE":             Inside,
		"no public money, but private money from outside the EU": Outside,
		"Nie ma środków z zagranicy":                             Inside,
		"não há fundos do estrangeiro":                           Inside,
		"fundos obtidos no estrangeiro":                          Outside,
		"nicht nur aus dem Inland, sondern auch aus dem Ausland": Outside,
		// affirmed, as before
		"Particulier geld van buiten de EU":     Outside,
		"finanziamento dall'estero":             Outside,
		"fondos del extranjero":                 Outside,
		"środki z zagranicy":                    Outside,
		"medel från utlandet":                   Outside,
		"midler uden for EU":                    Outside,
		"fundos de fora da UE":                  Outside,
		"fondi privati all'interno dell'UE":     Inside,
		"finansiering inom EU":                  Inside,
		"binnen de EU, en ook van buiten de EU": Outside,
		"non-EU donors":                         Outside,
		// cannot tell
		"keine Zuwendungen aus dem Ausland, aber Spenden aus dem Ausland": SideUnknown,
		"Spenden aus dem Ausland: keine":                                  SideUnknown,
		"nicht aus der EU":                                                SideUnknown,
		"donations":                                                       SideUnknown,
	} {
		if got := EUSide(s); got != want {
			t.Errorf("EUSide(%q) = %v; want %v", s, got, want)
		}
	}
	if side, said := ReadEUSide("keine Zuwendungen aus dem Ausland, aber Spenden aus dem Ausland"); side != SideUnknown || !said {
		t.Errorf("undecidable: %v, said %v", side, said)
	}
	if _, said := ReadEUSide("donations"); said {
		t.Error("a value silent on the side said one")
	}
}

// Public and private in the new languages, and negated words not counted.
func TestOriginInTenLanguages(t *testing.T) {
	for s, want := range map[string][2]bool{
		"fondi pubblici": {true, false}, "fondos privados": {false, true}, "środki publiczne": {true, false},
		"privata medel": {false, true}, "offentlige midler": {true, false}, "fundos privados": {false, true},
		"keine öffentlichen Mittel, private Spenden": {false, true},
	} {
		if pub, priv := Origin(s); pub != want[0] || priv != want[1] {
			t.Errorf("Origin(%q) = %v, %v; want %v", s, pub, priv, want)
		}
	}
}

// The party words in the new languages.
func TestPartyWordsInTenLanguages(t *testing.T) {
	for _, s := range []string{"persona fisica", "persona física", "osoba fizyczna", "fysisk person", "pessoa singular", "Privatperson"} {
		if !IsNaturalPersonKind(s) {
			t.Errorf("IsNaturalPersonKind(%q) = false", s)
		}
	}
	for _, s := range []string{"persona giuridica", "osoba prawna", "juridisk person"} {
		if IsNaturalPersonKind(s) {
			t.Errorf("IsNaturalPersonKind(%q) = true", s)
		}
	}
	for _, s := range []string{"il committente", "el patrocinador", "zleceniodawca", "samma som sponsorn", "samme som sponsoren", "o próprio"} {
		if !IsSelf(s) {
			t.Errorf("IsSelf(%q) = false", s)
		}
	}
	if IsSelf("Sam") {
		t.Error("a person named Sam read as the sponsor itself")
	}
	for _, s := range []string{"titolare del trattamento", "responsable del tratamiento", "administrator danych",
		"personuppgiftsansvarig", "dataansvarlig", "responsável pelo tratamento"} {
		if !IsControllerRole(s) || IsProcessorRole(s) {
			t.Errorf("%q: controller %v, processor %v", s, IsControllerRole(s), IsProcessorRole(s))
		}
	}
	for _, s := range []string{"responsabile del trattamento", "encargado del tratamiento", "podmiot przetwarzający",
		"personuppgiftsbiträde", "databehandler", "subcontratante"} {
		if !IsProcessorRole(s) || IsControllerRole(s) {
			t.Errorf("%q: processor %v, controller %v", s, IsProcessorRole(s), IsControllerRole(s))
		}
	}
}

// The words of dates written in words; no word is two kinds of date word.
func TestDateWords(t *testing.T) {
	for word, month := range map[string]int{"März": 3, "maerz": 3, "mrt.": 3, "maja": 5, "marzo": 3, "janvier": 1,
		"March": 3, "oktober": 10, "Août": 8, "września": 9, "października": 10, "dez": 12, "juil.": 7, "Jänner": 1,
		"fevereiro": 2, "settembre": 9, "grudnia": 12, "okt": 10} {
		if got, _, _ := DateWord(word); got != month {
			t.Errorf("DateWord(%q) month %d; want %d", word, got, month)
		}
	}
	for word, day := range map[string]int{"Montag": 1, "lundi": 1, "Tue": 2, "środa": 3, "jueves": 4, "fredag": 5,
		"lördag": 6, "søndag": 7, "domingo": 7} {
		if _, got, _ := DateWord(word); got != day {
			t.Errorf("DateWord(%q) weekday %d; want %d", word, got, day)
		}
	}
	for _, word := range []string{"de", "r.", "roku", "of", "rd", "er"} {
		if _, _, filler := DateWord(word); !filler {
			t.Errorf("DateWord(%q) is no filler", word)
		}
	}
	if m, d, f := DateWord("Amsterdam"); m != 0 || d != 0 || f {
		t.Error("Amsterdam is a date word")
	}
	v := Builtin()
	seen := map[string]string{}
	for _, class := range []string{"month-1", "month-2", "month-3", "month-4", "month-5", "month-6", "month-7", "month-8",
		"month-9", "month-10", "month-11", "month-12", "weekday-1", "weekday-2", "weekday-3", "weekday-4", "weekday-5",
		"weekday-6", "weekday-7", "date-word"} {
		if len(v.words[class]) == 0 {
			t.Errorf("no words of %s", class)
		}
		for _, p := range v.words[class] {
			if other, ok := seen[p.text]; ok && other != class {
				t.Errorf("%q is both %s and %s", p.text, other, class)
			}
			seen[p.text] = class
		}
	}
}

// The words of amounts and ranges written as text, each kind where it
// stands.
func TestAmountWordAt(t *testing.T) {
	for _, c := range []struct {
		text  string
		kinds []AmountWord
		want  AmountWord
		n     int
	}{
		{"bis zu 5.500", []AmountWord{UpTo}, UpTo, 2},
		{"bis 30.000", []AmountWord{To}, To, 1},
		{"jusqu' à 500", []AmountWord{UpTo}, UpTo, 2},
		{"upp till 500", []AmountWord{UpTo}, UpTo, 2},
		{"ca. 20.000", []AmountWord{Approx, UpTo}, Approx, 1},
		{"oder mehr", []AmountWord{OrMore}, OrMore, 2},
		{"between 100", []AmountWord{UpTo, From, Between}, Between, 1},
		{"od 100", []AmountWord{UpTo, From, Between}, From, 1},
		{"do 100", []AmountWord{UpTo, From, Between}, UpTo, 1},
		{"vote 100", []AmountWord{UpTo, From, Between}, NoAmountWord, 0},
	} {
		got, n := AmountWordAt(strings.Fields(c.text), c.kinds...)
		if got != c.want || n != c.n {
			t.Errorf("AmountWordAt(%q) = %v, %d; want %v, %d", c.text, got, n, c.want, c.n)
		}
	}
}
