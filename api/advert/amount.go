package advert

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// readAmountText reads an amount written as text, with a currency before
// or after it if any ("EUR 1250", "1.250,50 €", "1250 euro"; currency
// names the currency a word stands for, "" for none), its thousands
// grouped or not: "22,000.00", "1.250.000", "1 250 000", "1'250'000",
// "1.250.000,50", "3200,50". A separator is read as a thousands separator
// or a decimal mark only where it can be only one of them; "1.250" and
// "1,250" are ambiguous and are not read.
func readAmountText(text string, currency func(string) string) (decimal, code, problem string) {
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
	decimal, problem = readGrouped(num)
	if problem != "" {
		return "", "", problem
	}
	return decimal, code, ""
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
func readGrouped(s string) (string, string) {
	sign := ""
	if rest, ok := strings.CutPrefix(s, "-"); ok {
		sign, s = "-", rest
	}
	s = strings.TrimPrefix(s, "+")
	seps, count, ok := separators(s)
	if !ok {
		return "", "is not an amount"
	}
	mark, problem := decimalMark(s, seps, count)
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
func decimalMark(s string, seps []int, count map[rune]int) (int, string) {
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
