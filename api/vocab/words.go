package vocab

import (
	"strings"
	"unicode"
)

// normalizeWords writes a value for comparison with value words: lower
// case, accents folded, anything but letters and digits a single space,
// trimmed ("N.V.T." is "n v t", "Außerhalb der EU" is "ausserhalb der eu").
func normalizeWords(s string) string {
	var b strings.Builder
	space := false
	for _, r := range s {
		switch {
		case unicode.IsLetter(r):
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteString(foldLetter(r))
		case unicode.IsDigit(r):
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(r)
		default:
			space = true
		}
	}
	return b.String()
}

// has reports whether the normalized value n says a phrase of class: a
// whole phrase equal to n, or another phrase as words inside n.
func (v *Vocabulary) has(class, n string) bool {
	if n == "" {
		return false
	}
	padded := " " + n + " "
	for _, p := range v.words[class] {
		switch {
		case p.text == n:
			return true
		case !p.whole && !wholeClass[class] && strings.Contains(padded, " "+p.text+" "):
			return true
		}
	}
	return false
}

// wholeClass are the classes whose phrases match only a whole value.
var wholeClass = map[string]bool{"none": true, "yes": true, "no": true, "self": true}

// IsNone reports whether a value says there is none or that it is not
// disclosed: "none", "n/a", "geen", "n.v.t.", "keine", "aucun", a dash.
func IsNone(s string) bool {
	t := strings.TrimSpace(s)
	if t != "" && strings.Trim(t, "-–—‐") == "" {
		return true
	}
	return Builtin().has("none", normalizeWords(t))
}

// YesNo reads a yes or a no in any of the languages padview knows ("ja",
// "nein", "oui", "true", "1"); ok is false for anything else.
func YesNo(s string) (yes, ok bool) {
	n := normalizeWords(s)
	switch v := Builtin(); {
	case v.has("yes", n):
		return true, true
	case v.has("no", n):
		return false, true
	}
	return false, false
}

// Side is where money comes from, as a value's words say.
type Side uint8

const (
	// SideUnknown: the words do not say.
	SideUnknown Side = iota
	// Inside the European Union.
	Inside
	// Outside the European Union: a third country.
	Outside
)

// EUSide reads whether a value says money comes from inside or outside the
// EU ("Particulier geld van buiten de EU", "third country", "innerhalb der
// EU"). Outside wins where a value says both: it needs a reviewer's eye.
func EUSide(s string) Side {
	n, v := normalizeWords(s), Builtin()
	switch {
	case v.has("outside-eu", n):
		return Outside
	case v.has("inside-eu", n):
		return Inside
	}
	return SideUnknown
}

// Origin reads whether a value says money is public, private or both
// ("Publiek geld van binnen de EU, Particulier geld van binnen de EU").
func Origin(s string) (public, private bool) {
	n, v := normalizeWords(s), Builtin()
	return v.has("public", n), v.has("private", n)
}

// IsNaturalPersonKind reports whether a party's kind or type says it is a
// natural person ("individual", "natuurlijk persoon", "personne physique").
func IsNaturalPersonKind(s string) bool {
	return Builtin().has("natural-person", normalizeWords(s))
}

// IsSelf reports whether a value naming the payer or the controlling entity
// says it is the sponsor itself ("same as sponsor", "opdrachtgever").
func IsSelf(s string) bool { return Builtin().has("self", normalizeWords(s)) }

// IsControllerRole reports whether a party's role says it is a (data)
// controller ("joint controller", "verwerkingsverantwoordelijke").
func IsControllerRole(s string) bool {
	return Builtin().has("controller", normalizeWords(s))
}

// IsProcessorRole reports whether a party's role says it is a (data)
// processor ("processor", "verwerker", "Auftragsverarbeiter"), who
// processes personal data on a controller's behalf.
func IsProcessorRole(s string) bool {
	return Builtin().has("processor", normalizeWords(s))
}
