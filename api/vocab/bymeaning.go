package vocab

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// token is one word (or phrase) of a name and the concepts it carries.
type token struct {
	text     string
	concepts []int
	currency string // an ISO 4217 code the word names ("eur", "INR")
	number   bool   // digits: a running number ("address2")
}

// wordsOf reads a member name into tokens: phrases first, longest first
// ("paid for by"), then words by their form, their stem in each language,
// or as a compound of listed words ("startdatum"); stop words that carry
// no concept drop out. Words nothing explains keep no concept.
func (v *Vocabulary) wordsOf(key string) []token {
	l := theLexicon()
	raw := nameWords(key)
	folded := make([]string, len(raw))
	for i, w := range raw {
		folded[i] = foldWord(w)
	}
	var out []token
	for i := 0; i < len(folded); {
		if t, n, ok := l.phraseAt(folded[i:]); ok {
			out = append(out, t)
			i += n
			continue
		}
		w := folded[i]
		i++
		switch {
		case w == "", len(w) == 1 && !isDigits(w):
			continue // a list's letter ("c."), an abbreviation's ("z. B.")
		case isDigits(w):
			out = append(out, token{text: w, number: true})
			continue
		}
		if cur := v.currencyWordOf(raw[i-1], w); cur != "" {
			out = append(out, token{text: w, currency: cur})
			continue
		}
		if cs := l.conceptsOf(w); len(cs) > 0 {
			out = append(out, token{text: w, concepts: cs})
			continue
		}
		if l.stop[w] {
			continue
		}
		if parts, ok := l.compound(w); ok {
			out = append(out, parts...)
			continue
		}
		if cs := l.head(w); len(cs) > 0 {
			out = append(out, token{text: w, concepts: cs})
			continue
		}
		out = append(out, token{text: w})
	}
	return out
}

// phraseAt matches the longest phrase that starts the words ws: each word
// as written, the last one by its stem too ("postal codes", "postal
// code").
func (l *lexicon) phraseAt(ws []string) (token, int, bool) {
	for _, p := range l.phrases[ws[0]] {
		n := len(p)
		if n <= len(ws) && slices.Equal(p[:n-1], ws[:n-1]) && sameWord(p[n-1], ws[n-1]) {
			key := strings.Join(p, " ")
			return token{text: key, concepts: l.phraseC[key]}, len(p), true
		}
	}
	return token{}, 0, false
}

// sameWord reports whether two folded words are one: the same, or of
// four letters or more with one stem in some language.
func sameWord(a, b string) bool {
	if a == b {
		return true
	}
	if len(a) < minStemmed || len(b) < minStemmed {
		return false
	}
	for li := range languages {
		if sa := stem(li, a); sa != "" && sa == stem(li, b) {
			return true
		}
	}
	return false
}

// conceptsOf are the concepts of a folded word: as written, else by its
// stem in any language. A stem keeps a word's first letters, so a word
// whose first three no listed word starts with is not stemmed at all:
// most words of a hostile answer's names cost one map look-up.
func (l *lexicon) conceptsOf(w string) []int {
	if cs, ok := l.words[w]; ok {
		return cs
	}
	if len(w) < minStemmedName || !l.starts[w[:3]] {
		return nil
	}
	if cs, ok := l.memo.get(w); ok {
		return cs
	}
	var out []int
	for li := range languages {
		if st := stem(li, w); st != "" {
			for _, c := range l.stems[li][st] {
				out = appendOnce(out, c)
			}
		}
	}
	l.memo.put(w, out)
	return out
}

// compound splits a word made of listed words ("startdatum",
// "zahlungsempfaenger", "nietvantoepassing") into them: the fewest parts
// of at least three letters (two for the last), a linking "s" or "e"
// allowed between them as German and Dutch write it; the last part may be
// inflected. ok is false when no such split covers the whole word.
func (l *lexicon) compound(w string) ([]token, bool) {
	n := len(w)
	if n < 5 || n > 64 {
		return nil, false
	}
	const none = 1 << 20
	// best[e] is the fewest parts that cover w[:e]; the last of them is
	// w[partAt[e]:e], and the split before it ends at from[e].
	best, from, partAt := make([]int, n+1), make([]int, n+1), make([]int, n+1)
	for i := 1; i <= n; i++ {
		best[i] = none
	}
	for i := 0; i < n; i++ {
		if best[i] == none {
			continue
		}
		l.extend(w, i, i, best, from, partAt)
		if i > 0 && (w[i] == 's' || w[i] == 'e') {
			l.extend(w, i, i+1, best, from, partAt) // a linking letter
		}
	}
	if best[n] == none || best[n] < 2 {
		return nil, false
	}
	var parts []token
	for end := n; end > 0; end = from[end] {
		part := w[partAt[end]:end]
		parts = append(parts, token{text: part, concepts: l.partConcepts(part, end == n)})
	}
	slices.Reverse(parts)
	return parts, true
}

// head reads a compound whose first part padview does not know by its
// last, as German, Dutch and the Scandinavian languages build them: the
// last part names what the word is ("Kommunalwahl", "Landtagswahl": an
// election; "Transparenzbekanntmachung": a notice). The head must be a
// listed word of four letters or more after at least three others, so
// that a short ending ("art", "tag") never reads a word.
func (l *lexicon) head(w string) []int {
	for i := 3; i+4 <= len(w); i++ {
		if cs, ok := l.words[w[i:]]; ok {
			return cs
		}
	}
	return nil
}

// extend tries every listed word that starts at s, after a split that
// ends at i, and keeps the split with the fewest parts at each end.
func (l *lexicon) extend(w string, i, s int, best, from, partAt []int) {
	for e := s + 2; e <= len(w) && e-s <= l.longest; e++ {
		last := e == len(w)
		if e-s < 3 && !last {
			continue
		}
		if len(l.partConcepts(w[s:e], last)) == 0 {
			continue
		}
		if c := best[i] + 1; c < best[e] {
			best[e], from[e], partAt[e] = c, i, s
		}
	}
}

// partConcepts are the concepts of a part of a compound: as written, and
// for the last part by its stem too (it carries the inflection).
func (l *lexicon) partConcepts(p string, last bool) []int {
	if cs, ok := l.words[p]; ok {
		return cs
	}
	if last {
		return l.conceptsOf(p)
	}
	return nil
}

// currencyWordOf is the ISO 4217 code a word of a name names: a currency
// word of the vocabulary ("eur", "euro", "zloty"), or three capitals
// written as a word of their own ("Spend_Range_Min_INR"); "" otherwise.
func (v *Vocabulary) currencyWordOf(raw, folded string) string {
	for _, c := range v.curFirst[folded[0]] {
		if c.folded == folded {
			return c.to
		}
	}
	if len(raw) == 3 && strings.IndexFunc(raw, func(r rune) bool { return !unicode.IsUpper(r) || r > unicode.MaxASCII }) < 0 {
		return raw
	}
	return ""
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// TextSays reads a value written in words for a concept of the lexicon
// ("election", "targeting"): said is true where a word of the text
// carries it; negated where a negation ("kein", "no", "geen") stands
// before it in the same clause ("es wird kein Targeting eingesetzt").
// It reads the text as it reads names: by each word, its stem and as a
// compound. A text longer than maxReadText is read up to there.
func (v *Vocabulary) TextSays(text, concept string) (said, negated bool) {
	l := theLexicon()
	c, ok := l.byID[concept]
	if !ok {
		return false, false
	}
	if len(text) > maxReadText {
		text = text[:maxReadText]
	}
	for _, clause := range clauses(text) {
		neg := false
		for _, t := range v.wordsOf(clause) {
			for _, tc := range t.concepts {
				switch {
				case l.concepts[tc].kind == kindNegation:
					neg = true
				case tc == c:
					if neg {
						return true, true
					}
					said = true
				}
			}
		}
	}
	return said, false
}

// OpensWith reports whether a text's first words say a concept ("Gemäß
// den Preislisten" opens with a reference).
func (v *Vocabulary) OpensWith(text, concept string) bool {
	l := theLexicon()
	c, ok := l.byID[concept]
	if !ok {
		return false
	}
	if len(text) > maxReadText {
		text = text[:maxReadText]
	}
	cls := clauses(text)
	if len(cls) == 0 {
		return false
	}
	ts := v.wordsOf(cls[0])
	return len(ts) > 0 && slices.Contains(ts[0].concepts, c)
}

// maxReadText bounds how much of a value TextSays reads: a notice's
// paragraph, not a hostile megabyte.
const maxReadText = 4 << 10

// Clauses cuts a text into its clauses as TextSays reads them.
func Clauses(text string) []string {
	if len(text) > maxReadText {
		text = text[:maxReadText]
	}
	return clauses(text)
}

// clauses cuts a text at the marks that end a clause: a full stop, a
// semicolon, a colon, a line break. A line break inside a paragraph
// wrapped at a width ("… und kein\nTargeting … eingesetzt") does not end
// one: see wrappedLine.
func clauses(text string) []string {
	var out []string
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		for i+1 < len(lines) && wrappedLine(line) && strings.TrimSpace(lines[i+1]) != "" {
			i++
			line += " " + lines[i]
		}
		out = append(out, strings.FieldsFunc(line, func(r rune) bool {
			return r == '.' || r == ';' || r == ':' || r == '!' || r == '?'
		})...)
	}
	return out
}

// wrappedLineWidth is the length from which a line that ends without a
// mark is taken for a wrapped paragraph's: the lines of a list or an
// address ("Luisenstraße 39", "E-Mail: info@…") are shorter.
const wrappedLineWidth = 60

// wrappedLine reports whether a line goes on in the next: it is as long
// as a paragraph's line and ends in a word, not a mark.
func wrappedLine(line string) bool {
	line = strings.TrimRight(line, " \t\r")
	if utf8.RuneCountInString(line) < wrappedLineWidth {
		return false
	}
	r, _ := utf8.DecodeLastRuneInString(line)
	return unicode.IsLetter(r) || r == ','
}
