package advert

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/padview/padview/api/vocab"
)

// readAmountText reads an amount written as text, with a currency before
// or after it if any ("EUR 1250", "1.250,50 €", "1250 euro"; currency
// names the currency a word stands for, "" for none), its thousands
// grouped or not: "22,000.00", "1.250.000", "1 250 000", "1'250'000",
// "1.250.000,50", "3200,50". A separator is read as a thousands separator
// or a decimal mark only where it can be only one of them; "1.250" and
// "1,250" are ambiguous and are not read, unless the currency (the one
// in the text, else known: the one beside the amount or in its name) has
// two decimals or none, when three digits after the mark can only be a
// thousands group (see groupsThousands).
func readAmountText(text string, currency func(string) string, known string) (decimal, code, problem string) {
	s := strings.TrimSpace(text)
	num, word := cutCurrencyWord(s)
	if word != "" {
		if code = currency(word); code == "" {
			if _, ok := currencyCode(word); !ok || !isLetters3(word) {
				return "", "", "is not an amount"
			}
			code, _ = currencyCode(word)
		}
	}
	if code != "" {
		known = code
	}
	decimal, problem = readGrouped(num, groupsThousands(known))
	if problem != "" {
		return "", "", problem
	}
	return decimal, code, ""
}

// fineCurrencies are the ISO 4217 currencies with three or four decimals:
// in them "1.250" may be 1.25 as well as 1250.
const fineCurrencies = "BHD IQD JOD KWD LYD OMR TND CLF UYW"

// groupsThousands reports whether in an amount of currency (an ISO 4217
// code; "" for none known) a dot or a comma before exactly three digits
// can only group thousands: in a currency of two decimals or none, no
// amount is written with three.
func groupsThousands(currency string) bool {
	return currency != "" && !strings.Contains(fineCurrencies, currency)
}

// cutCurrencyWord takes a word written before or after an amount ("EUR",
// "euro", "€"): the letters and symbols at its start or its end, a sign
// aside.
func cutCurrencyWord(s string) (num, word string) {
	isWord := func(r rune) bool { return unicode.IsLetter(r) || unicode.Is(unicode.Sc, r) }
	if r, _ := utf8.DecodeRuneInString(s); isWord(r) {
		i := strings.IndexFunc(s, func(r rune) bool { return !isWord(r) })
		if i < 0 {
			return "", s
		}
		return strings.TrimSpace(s[i:]), s[:i]
	}
	if r, _ := utf8.DecodeLastRuneInString(s); isWord(r) {
		i := strings.LastIndexFunc(s, func(r rune) bool { return !isWord(r) })
		_, size := utf8.DecodeRuneInString(s[i:])
		return strings.TrimSpace(s[:i+size]), s[i+size:]
	}
	return s, ""
}

// groupKind is a separator of an amount's digits: '.', ',', ' ' (any
// space) or an apostrophe (as the Swiss group thousands).
func groupKind(r rune) rune {
	switch r {
	case '.', ',':
		return r
	case ' ', '\u00a0', '\u202f', '\u2009':
		return ' '
	case '\'', '’':
		return '\''
	}
	return 0
}

// isBareNumber reports whether s holds only digits, separators and a sign:
// no word of its own beside them.
func isBareNumber(s string) bool {
	for _, r := range strings.TrimSpace(s) {
		if !(r >= '0' && r <= '9' || r == '-' || r == '+' || groupKind(r) != 0) {
			return false
		}
	}
	return strings.ContainsAny(s, "0123456789")
}

// readGrouped reads digits with separators as a plain decimal. Spaces and
// apostrophes only ever group thousands. Of a dot and a comma both
// written, the last is the decimal mark. One alone, written more than once,
// groups thousands ("1.250.000"); written once, it is the decimal mark
// unless three digits follow it after at most three digits, which could be
// either ("1.250").
func readGrouped(s string, thousands bool) (string, string) {
	sign := ""
	if rest, ok := strings.CutPrefix(s, "-"); ok {
		sign, s = "-", rest
	}
	s = strings.TrimPrefix(s, "+")
	seps, count, ok := separators(s)
	if !ok {
		return "", "is not an amount"
	}
	mark, problem := decimalMark(s, seps, count, thousands)
	if problem != "" {
		return "", problem
	}
	whole, frac := s, ""
	if mark >= 0 {
		whole, frac = s[:mark], s[mark+1:]
	}
	digits, ok := ungroupWhole(whole)
	if !ok || !allDigits(frac) && frac != "" {
		return "", "is not an amount"
	}
	if frac != "" {
		digits += "." + frac
	}
	return canonicalDecimal(sign + digits), ""
}

// separators are the byte offsets of the separators among the digits of
// s, and how many of each kind there are; ok is false for anything but
// digits and separators, and for a separator at either end.
func separators(s string) (seps []int, count map[rune]int, ok bool) {
	count = map[rune]int{}
	for i, r := range s {
		switch {
		case r >= '0' && r <= '9':
		case groupKind(r) != 0:
			seps = append(seps, i)
			count[groupKind(r)]++
		default:
			return nil, nil, false
		}
	}
	if s == "" || len(seps) > 0 && (seps[0] == 0 || s[len(s)-1] < '0' || s[len(s)-1] > '9') {
		return nil, nil, false
	}
	return seps, count, true
}

// decimalMark is the offset of the decimal mark among the separators of s
// (-1 for none), by the rules of readGrouped.
func decimalMark(s string, seps []int, count map[rune]int, thousands bool) (int, string) {
	if len(seps) == 0 {
		return -1, ""
	}
	last := seps[len(seps)-1]
	lastKind := groupKind(rune(s[last]))
	switch {
	case count['.'] > 0 && count[','] > 0:
		if count[lastKind] != 1 {
			return -1, "is not an amount"
		}
		return last, ""
	case count['.'] == 0 && count[','] == 0, count[lastKind] > 1:
		return -1, "" // only groups
	case lastKind != '.' && lastKind != ',':
		return -1, "is not an amount" // a dot or a comma before a space or an apostrophe
	case len(seps) > 1:
		return last, "" // after groups of spaces or apostrophes: "1 250,50"
	}
	head, tail := s[:last], s[last+1:]
	if len(tail) == 3 && len(head) <= 3 && head[0] != '0' {
		if thousands {
			return -1, ""
		}
		return -1, "is ambiguous (a thousands separator or a decimal mark?)"
	}
	return last, ""
}

// ungroupWhole checks the thousands groups of a whole number (the first of
// one to three digits, the others of three, one kind of separator) and
// returns its digits.
func ungroupWhole(s string) (string, bool) {
	var b strings.Builder
	group, kind, first := 0, rune(0), true
	for _, r := range s {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
			group++
			continue
		}
		k := groupKind(r)
		if kind != 0 && k != kind || first && (group < 1 || group > 3) || !first && group != 3 {
			return "", false
		}
		kind, first, group = k, false, 0
	}
	if kind != 0 && group != 3 || b.Len() == 0 {
		return "", false
	}
	return b.String(), true
}

// amountPhrase is an amount or a range of amounts read from text with
// words ("bis zu 5.500 EUR", "€50–€500", "ca. 20.000 €"): decimals, ""
// for a bound not given.
type amountPhrase struct {
	amount, lower, upper string
	code                 string // the currency the text names, "" for none
	approx               bool   // a word said the amount is approximate ("ca.", "about")
}

// maxAmountPhrase bounds the text readAmountPhrase reads: a range in
// words is a short phrase.
const maxAmountPhrase = 120

// phraseToken is a piece of an amount phrase: digits with their group
// separators ('d'), a word ('w'), a currency ('c', its code in text), or
// a symbol: '<', '>', '~', '+', '-' (any dash).
type phraseToken struct {
	kind byte
	text string
}

// readAmountPhrase reads an amount or a range written with words, in any
// of the languages the vocabulary knows:
//
//   - an upper bound: "bis zu 5.500 EUR", "up to €500", "tot € 5.000",
//     "jusqu'à 500 €", "< 100 €";
//   - a lower bound: "mehr als 1.000 EUR", "from 1,000 USD", "> 100 €",
//     "1.000 € oder mehr", "1000+ EUR";
//   - a range: "€50–€500", "50 - 500 EUR", "ca. 20.000 € bis 30.000 €",
//     "between 100 and 499 EUR", "from 1,000 to 5,000 USD", "de 100 à
//     500 €";
//   - an approximate amount: "ca. 20.000 €", "około 500 zł".
//
// Every word must be one of these words or a currency's: a phrase that
// says more stays as sent. The currencies written must agree; known is
// the currency beside the amount or in its name, for telling thousands
// apart (see readAmountText).
func readAmountPhrase(text string, currency func(string) string, known string) (amountPhrase, bool) {
	var p amountPhrase
	if len(text) > maxAmountPhrase {
		return p, false
	}
	toks, ok := tokenizePhrase(text, currency)
	if !ok {
		return p, false
	}
	// the currencies first: one, written once or at every bound
	rest := toks[:0:0]
	for _, t := range toks {
		if t.kind != 'c' {
			rest = append(rest, t)
			continue
		}
		if p.code != "" && p.code != t.text {
			return p, false
		}
		p.code = t.text
	}
	if p.code != "" {
		known = p.code
	}
	r := phraseReader{toks: rest, thousands: groupsThousands(known)}
	return r.read(p)
}

// phraseReader reads the tokens of an amount phrase, its currencies taken
// out, in order.
type phraseReader struct {
	toks      []phraseToken
	at        int
	thousands bool
	approx    bool
}

func (r *phraseReader) read(p amountPhrase) (amountPhrase, bool) {
	r.skipApprox()
	open := r.opener()
	r.skipApprox()
	first, ok := r.number()
	if !ok {
		return p, false
	}
	second, ranged, more := "", false, false
	switch {
	case r.symbol('-') || r.word(vocab.To):
		r.skipApprox()
		if second, ok = r.number(); !ok {
			return p, false
		}
		ranged = true
	case r.symbol('+') || r.word(vocab.OrMore):
		more = true
	}
	if r.at != len(r.toks) {
		return p, false
	}
	p.approx = r.approx
	switch {
	case ranged && (open == vocab.NoAmountWord || open == vocab.From || open == vocab.Between):
		if !notAbove(first, second) {
			return p, false
		}
		p.lower, p.upper = first, second
	case ranged:
		return p, false
	case open == vocab.UpTo && !more:
		p.upper = first
	case open == vocab.From, open == vocab.NoAmountWord && more:
		p.lower = first
	case open == vocab.NoAmountWord && p.approx:
		p.amount = first
	default:
		return p, false
	}
	return p, true
}

// skipApprox passes the words and signs that say an amount is
// approximate.
func (r *phraseReader) skipApprox() {
	for r.symbol('~') || r.word(vocab.Approx) {
		r.approx = true
	}
}

// opener reads what comes before the first amount: an upper or lower
// bound's words or sign, or the start of a range.
func (r *phraseReader) opener() vocab.AmountWord {
	switch {
	case r.symbol('<'):
		return vocab.UpTo
	case r.symbol('>'):
		return vocab.From
	}
	for _, k := range []vocab.AmountWord{vocab.UpTo, vocab.From, vocab.Between} {
		if r.word(k) {
			return k
		}
	}
	return vocab.NoAmountWord
}

// symbol takes a symbol of the kind, if it is next.
func (r *phraseReader) symbol(kind byte) bool {
	if r.at < len(r.toks) && r.toks[r.at].kind == kind {
		r.at++
		return true
	}
	return false
}

// word takes the words of a phrase of kind k, if they are next.
func (r *phraseReader) word(k vocab.AmountWord) bool {
	var words []string
	for _, t := range r.toks[r.at:] {
		if t.kind != 'w' {
			break
		}
		words = append(words, t.text)
	}
	if got, n := vocab.AmountWordAt(words, k); got == k && n > 0 {
		r.at += n
		return true
	}
	return false
}

// number takes an amount, if it is next.
func (r *phraseReader) number() (string, bool) {
	if r.at >= len(r.toks) || r.toks[r.at].kind != 'd' {
		return "", false
	}
	d, problem := readGrouped(r.toks[r.at].text, r.thousands)
	if problem != "" {
		return "", false
	}
	r.at++
	return d, true
}

// notAbove reports whether the decimal a is not above b: a range's
// bounds in order.
func notAbove(a, b string) bool {
	x, err1 := strconv.ParseFloat(a, 64)
	y, err2 := strconv.ParseFloat(b, 64)
	return err1 == nil && err2 == nil && x <= y
}

// tokenizePhrase splits an amount phrase into tokens; false for a
// character no amount phrase holds.
func tokenizePhrase(s string, currency func(string) string) ([]phraseToken, bool) {
	var out []phraseToken
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r >= '0' && r <= '9':
			j := numberEnd(s, i)
			out = append(out, phraseToken{kind: 'd', text: s[i:j]})
			i = j
			for _, tail := range []string{",--", ",-", ".-"} { // "€ 500,-": no cents
				if strings.HasPrefix(s[i:], tail) {
					i += len(tail)
					break
				}
			}
			continue
		case unicode.IsLetter(r):
			j := i
			for j < len(s) {
				r, size := utf8.DecodeRuneInString(s[j:])
				if !unicode.IsLetter(r) && !unicode.Is(unicode.Mn, r) {
					break
				}
				j += size
			}
			w := s[i:j]
			if code := phraseCurrency(w, currency); code != "" {
				out = append(out, phraseToken{kind: 'c', text: code})
			} else {
				out = append(out, phraseToken{kind: 'w', text: w})
			}
			i = j
			continue
		case unicode.Is(unicode.Sc, r):
			code := currency(string(r))
			if code == "" {
				return nil, false // "$": which dollar?
			}
			out = append(out, phraseToken{kind: 'c', text: code})
		case r == '<' || r == '≤' || r == '>' || r == '≥':
			kind := byte('<')
			if r == '>' || r == '≥' {
				kind = '>'
			}
			out = append(out, phraseToken{kind: kind})
			if strings.HasPrefix(s[i+size:], "=") {
				size++
			}
		case r == '~' || r == '≈' || r == '±':
			out = append(out, phraseToken{kind: '~'})
		case r == '+':
			out = append(out, phraseToken{kind: '+'})
		case r == '-' || r == '–' || r == '—' || r == '‒':
			out = append(out, phraseToken{kind: '-'})
		case unicode.IsSpace(r), r == '.', r == ',', r == ':', r == '\'', r == '’', r == '(', r == ')':
			// between words: "ca.", "jusqu'à", "(approx.)"
		default:
			return nil, false
		}
		i += size
	}
	return out, true
}

// numberEnd is where the digits starting at i end, with their group
// separators: a dot, a comma or an apostrophe before a digit, a space
// before a group of exactly three digits.
func numberEnd(s string, i int) int {
	group := 0
	for i < len(s) {
		c := s[i]
		if c >= '0' && c <= '9' {
			i++
			group++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		next := i + size
		switch k := groupKind(r); {
		case k == 0 || next >= len(s) || s[next] < '0' || s[next] > '9':
			return i
		case k == ' ' && (group > 3 || !threeDigits(s[next:])):
			return i
		}
		i, group = next, 0
	}
	return i
}

// threeDigits reports whether s starts with exactly three digits.
func threeDigits(s string) bool {
	return len(s) >= 3 && allDigits(s[:3]) && (len(s) == 3 || s[3] < '0' || s[3] > '9')
}

// phraseCurrency is the currency a word of a phrase names: a word the
// vocabulary knows ("euro", "zł"), or an ISO 4217 code in capitals (in a
// phrase, "all" and "top" are words).
func phraseCurrency(w string, currency func(string) string) string {
	if code := currency(w); code != "" {
		return code
	}
	if isLetters3(w) && strings.ToUpper(w) == w {
		if code, ok := currencyCode(w); ok {
			return code
		}
	}
	return ""
}
