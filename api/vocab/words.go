package vocab

import (
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
)

// normalizeWords writes a value for comparison with value words: lower
// case, accents folded, anything but letters and digits a single space,
// trimmed ("N.V.T." is "n v t", "Außerhalb der EU" is "ausserhalb der eu").
func normalizeWords(s string) string {
	if isNormalized(s) {
		return s // most data phrases and many values: no copy
	}
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

// isNormalized reports whether s is as normalizeWords writes it, in
// ASCII: lower-case letters and digits, words apart by one space.
func isNormalized(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z' || c >= '0' && c <= '9':
		case c == ' ' && i > 0 && i < len(s)-1 && s[i-1] != ' ':
		default:
			return false
		}
	}
	return true
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
var wholeClass = map[string]bool{"none": true, "not-applicable": true, "yes": true, "no": true, "self": true}

// The classes of value words the functions below read (values.vocab).
const (
	classNone          = "none"
	classNotApplicable = "not-applicable"
	classNegator       = "negator"
	classClauseBreak   = "clause-break"
	classOutside       = "outside-eu"
	classInside        = "inside-eu"
	classPublic        = "public"
	classPrivate       = "private"
)

// noneWords are the phrases of the none and not-applicable classes, each
// under its normalized text and with its spaces taken out, so that a value
// written without them matches ("nietvantoepassing", "NVT", "N/A"):
// always the whole value, so that a short word never matches inside
// another. A phrase of two letters or less without its spaces is left out:
// "n.d." must not make a party called "ND" a none.
var noneWords = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	put := func(key, class string) {
		if _, dup := m[key]; !dup {
			m[key] = class
		}
	}
	v := Builtin()
	for _, class := range []string{classNotApplicable, classNone} {
		for _, p := range v.words[class] {
			put(p.text, class)
			if sq := squeeze(p.text); len(sq) > 2 {
				put(sq, class)
			}
		}
	}
	return m
})

func squeeze(n string) string { return strings.ReplaceAll(n, " ", "") }

// noneClass is the class of none words a value is ("" for neither): a
// dash alone is a none.
func noneClass(s string) string {
	t := strings.TrimSpace(s)
	if t != "" && strings.Trim(t, "-–—‐") == "" {
		return classNone
	}
	n := normalizeWords(t)
	if n == "" {
		return ""
	}
	words := noneWords()
	if c, ok := words[n]; ok {
		return c
	}
	if sq := squeeze(n); len(sq) > 2 {
		return words[sq]
	}
	return ""
}

// IsNone reports whether a value says there is none, that it is not
// disclosed, or that the question does not apply, in any of the languages
// padview knows and with or without its spaces and dots: "none", "n/a",
// "geen", "n.v.t.", "nietvantoepassing", "keine", "entfällt", "aucun",
// "nessuno", "no aplica", "brak", "ingen", "não aplicável", a dash.
func IsNone(s string) bool { return noneClass(s) != "" }

// IsNotApplicable reports whether a value says the question does not
// apply ("n/a", "NVT", "niet van toepassing", "nicht zutreffend", "sans
// objet", "nie dotyczy", "ej tillämpligt", "ikke relevant"), as a
// registration answered so by a natural person does; not a plain "none".
func IsNotApplicable(s string) bool { return noneClass(s) == classNotApplicable }

// YesNo reads a yes or a no in any of the languages padview knows ("ja",
// "nein", "oui", "tak", "nej", "não", "true", "1"); ok is false for
// anything else. A no followed by a none or a negation says no all the
// same ("Nein, keine", "no, not funded"); a yes with more words is not
// read, since what follows may take it back.
func YesNo(s string) (yes, ok bool) {
	if yes, ok := yesNoWord(normalizeWords(s)); ok {
		return yes, true
	}
	i := strings.IndexAny(s, ",;:(–—")
	if i <= 0 {
		return false, false
	}
	lead, ok := yesNoWord(normalizeWords(s[:i]))
	if !ok || lead {
		return false, false
	}
	rest := s[i+1:]
	if IsNone(rest) || Builtin().startsNegated(normalizeWords(rest)) {
		return false, true
	}
	return false, false
}

func yesNoWord(n string) (yes, ok bool) {
	switch v := Builtin(); {
	case v.has("yes", n):
		return true, true
	case v.has("no", n):
		return false, true
	}
	return false, false
}

// startsNegated reports whether the normalized text n starts with a
// negator ("keine", "not", "geen").
// SaysNone reports whether a value says there is none, as a word ("n/a",
// "geen") or as a sentence that starts with a negation ("Keine
// Zuwendungen erhalten", "No amounts received").
func SaysNone(s string) bool {
	return IsNone(s) || Builtin().startsNegated(normalizeWords(s))
}

func (v *Vocabulary) startsNegated(n string) bool {
	words := strings.Fields(n)
	class, _ := polarityPhrases().at(words)
	return class == classNegator
}

// Side is where money comes from, as a value's words say.
type Side uint8

const (
	// SideUnknown: the words do not say, or padview cannot tell what they
	// say.
	SideUnknown Side = iota
	// Inside the European Union.
	Inside
	// Outside the European Union: a third country.
	Outside
)

// EUSide reads whether a value says money comes from inside or outside the
// EU ("Particulier geld van buiten de EU", "third country", "innerhalb der
// EU"), honouring a negation before the words in the same clause ("Es
// fließen keine Zuwendungen aus dem Ausland", "geen geld van buiten de EU"
// say inside). Outside wins where a value affirms both: it needs a
// reviewer's eye. Where it cannot tell it is SideUnknown, never Outside:
// a clause that negates outside beside one that affirms it, a negation
// after the words ("aus dem Ausland: keine"), or inside negated alone.
func EUSide(s string) Side {
	side, _ := ReadEUSide(s)
	return side
}

// ReadEUSide is EUSide, and whether the value speaks of a side at all:
// said with SideUnknown is a value padview cannot decide, not one that
// is silent.
func ReadEUSide(s string) (side Side, said bool) {
	var outside, inside polarity
	for _, o := range polarityPhrases().occurrences(s) {
		switch o.class {
		case classOutside:
			outside.add(o)
		case classInside:
			inside.add(o)
		}
	}
	said = outside.any() || inside.any()
	switch {
	case outside.unsure || inside.unsure, outside.affirmed && outside.negated:
		return SideUnknown, said
	case outside.affirmed:
		return Outside, said
	case inside.negated:
		return SideUnknown, said // "nicht aus der EU": from outside, or from nowhere
	case outside.negated || inside.affirmed:
		return Inside, said
	}
	return SideUnknown, said
}

// Origin reads whether a value says money is public, private or both
// ("Publiek geld van binnen de EU, Particulier geld van binnen de EU");
// words negated in their clause do not count ("keine öffentlichen
// Mittel").
func Origin(s string) (public, private bool) {
	for _, o := range polarityPhrases().occurrences(s) {
		switch {
		case o.negated || o.after:
		case o.class == classPublic:
			public = true
		case o.class == classPrivate:
			private = true
		}
	}
	return public, private
}

// polarity sums up the occurrences of one class's phrases in a value.
type polarity struct{ affirmed, negated, unsure bool }

func (p *polarity) add(o occurrence) {
	switch {
	case o.negated:
		p.negated = true
	case o.after:
		p.unsure = true
	default:
		p.affirmed = true
	}
}

func (p polarity) any() bool { return p.affirmed || p.negated || p.unsure }

// occurrence is a phrase of a class found in a value: negated by a
// negator before it in its clause, or followed by one (after), which
// padview cannot read either way.
type occurrence struct {
	class          string
	negated, after bool
}

// phrases is an index of the phrases of some classes by their first
// word, each list longest first: a scan takes the longest phrase at a
// word, so that "fuori dall'ue" is not read as "dall'ue", nor "uden for
// EU" as "uden".
type phrases map[string][]phraseWords

type phraseWords struct {
	class string
	words []string
}

func indexPhrases(classes ...string) phrases {
	v := Builtin()
	x := phrases{}
	for _, class := range classes {
		for _, p := range v.words[class] {
			w := strings.Fields(p.text)
			if len(w) > 0 {
				x[w[0]] = append(x[w[0]], phraseWords{class, w})
			}
		}
	}
	for _, l := range x {
		slices.SortStableFunc(l, func(a, b phraseWords) int { return len(b.words) - len(a.words) })
	}
	return x
}

// at is the class of the longest phrase that words start with, and its
// length in words; "" and 0 for none.
func (x phrases) at(words []string) (string, int) {
	if len(words) == 0 {
		return "", 0
	}
	for _, p := range x[words[0]] {
		if len(p.words) <= len(words) && slices.Equal(p.words, words[:len(p.words)]) {
			return p.class, len(p.words)
		}
	}
	return "", 0
}

var polarityPhrases = sync.OnceValue(func() phrases {
	return indexPhrases(classOutside, classInside, classPublic, classPrivate, classNegator, classClauseBreak)
})

// occurrences scans a value clause by clause for the phrases of the
// index's classes other than negators and clause breaks.
func (x phrases) occurrences(s string) []occurrence {
	var out []occurrence
	for _, clause := range splitClauses(s) {
		words := strings.Fields(normalizeWords(clause))
		negated, start := false, len(out)
		for i := 0; i < len(words); {
			class, n := x.at(words[i:])
			switch class {
			case "":
				i++
				continue
			case classClauseBreak:
				negated, start = false, len(out)
			case classNegator:
				negated = true
				for j := start; j < len(out); j++ {
					if !out[j].negated {
						out[j].after = true
					}
				}
			default:
				out = append(out, occurrence{class: class, negated: negated})
			}
			i += n
		}
	}
	return out
}

// splitClauses splits a value where punctuation ends a clause: a comma,
// a semicolon, a full stop before a space, a line break, brackets.
func splitClauses(s string) []string {
	var out []string
	start := 0
	for i, r := range s {
		end := false
		switch r {
		case ',', ';', '!', '?', '\n', '(', ')', '[', ']':
			end = true
		case '.':
			end = i+1 == len(s) || s[i+1] == ' '
		}
		if end {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// IsNaturalPersonKind reports whether a party's kind or type says it is a
// natural person ("individual", "natuurlijk persoon", "personne physique",
// "osoba fizyczna").
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

// DateWord says what a word of a date written in words is ("März",
// "maja", "mrt", "Montag", "de", "r."): a month (1 to 12), a day of the
// week (1 Monday to 7 Sunday), or a word a written date may hold besides
// (filler); all zero for any other word.
func DateWord(word string) (month, weekday int, filler bool) {
	w := dateWords()[normalizeWords(word)]
	return int(w.month), int(w.weekday), w.filler
}

type dateWord struct {
	month, weekday int8
	filler         bool
}

var dateWords = sync.OnceValue(func() map[string]dateWord {
	v := Builtin()
	m := map[string]dateWord{}
	put := func(class string, set func(*dateWord)) {
		for _, p := range v.words[class] {
			w := m[p.text]
			set(&w)
			m[p.text] = w
		}
	}
	for i := 1; i <= 12; i++ {
		put("month-"+strconv.Itoa(i), func(w *dateWord) { w.month = int8(i) })
	}
	for i := 1; i <= 7; i++ {
		put("weekday-"+strconv.Itoa(i), func(w *dateWord) { w.weekday = int8(i) })
	}
	put("date-word", func(w *dateWord) { w.filler = true })
	return m
})

// AmountWord is what a phrase before, between or after amounts written as
// text says ("bis zu", "between", "and", "or more", "ca.").
type AmountWord uint8

const (
	// NoAmountWord: none of the words below.
	NoAmountWord AmountWord = iota
	// Approx: the amount after it is approximate ("ca.", "about", "około").
	Approx
	// UpTo: the amount after it is an upper bound ("bis zu", "up to", "jusqu'à").
	UpTo
	// From: the amount after it is a lower bound, or the first of a range
	// ("from", "ab", "vanaf", "od").
	From
	// Between: the amount after it is the first of a range ("between", "zwischen").
	Between
	// To: between the bounds of a range ("to", "bis", "tot", "and").
	To
	// OrMore: after an amount, it is a lower bound ("or more", "oder mehr").
	OrMore
)

var amountClasses = [...]string{Approx: "approx", UpTo: "range-upto", From: "range-from", Between: "range-between",
	To: "range-to", OrMore: "range-or-more"}

// amountPhrases are the phrases of each AmountWord, indexed apart: one
// word may be two of them ("bis" is UpTo before an amount and To between
// two), and the place says which is meant.
var amountPhrases = sync.OnceValue(func() [len(amountClasses)]phrases {
	var x [len(amountClasses)]phrases
	for w, class := range amountClasses {
		if class != "" {
			x[w] = indexPhrases(class)
		}
	}
	return x
})

// AmountWordAt reads the phrase the words start with, trying the kinds
// given in turn: the first kind with a phrase there, and how many words it
// takes (the longest phrase of that kind). Words are as written; they are
// compared as value words are.
func AmountWordAt(words []string, kinds ...AmountWord) (AmountWord, int) {
	if len(words) == 0 {
		return NoAmountWord, 0
	}
	norm := make([]string, 0, len(words))
	for _, w := range words {
		norm = append(norm, strings.Fields(normalizeWords(w))...)
	}
	x := amountPhrases()
	for _, k := range kinds {
		if int(k) >= len(x) || x[k] == nil {
			continue
		}
		if _, n := x[k].at(norm); n > 0 {
			return k, wordsTaken(words, n)
		}
	}
	return NoAmountWord, 0
}

// wordsTaken is how many of the words as written make n normalized words
// (a written word such as "jusqu'à" makes two).
func wordsTaken(words []string, n int) int {
	for i, w := range words {
		n -= len(strings.Fields(normalizeWords(w)))
		if n <= 0 {
			return i + 1
		}
	}
	return len(words)
}
