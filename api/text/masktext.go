package text

import (
	"regexp"

	"github.com/padview/padview/api/vocab"
	"strings"
	"unicode"
	"unicode/utf8"
)

// emailInText finds email addresses inside free text.
var emailInText = regexp.MustCompile(`[\p{L}\p{N}._%+\-]+@[\p{L}\p{N}\-]+(?:\.[\p{L}\p{N}\-]+)*\.\p{L}{2,}`)

// phoneInText finds what may be a phone number inside free text: a run of
// digits, spaces, dashes, parentheses, slashes and dots, starting with +
// ( or a digit and ending with a digit. isPhone decides.
var phoneInText = regexp.MustCompile(`[+(]?\d(?:[\d \-()/.]*\d)?`)

// dateInText is a date inside a run of digits and dashes: 2026-09-01 or
// 01-09-2026.
var dateInText = regexp.MustCompile(`\d{4}-\d{1,2}-\d{1,2}|\d{1,2}-\d{1,2}-\d{4}`)

// wholeDate is a run that is a date, however separated: 2026/09/01,
// 01.09.2026, 01/09/26, or 01092026 and 20260901 written without
// separators (checked as dates by isCompactDate).
var wholeDate = regexp.MustCompile(`^(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.](?:\d{4}|\d{2}))$`)

// amount is a number grouped in threes by spaces or dots, with or without
// decimals ("1 250 000", "12 500 000.00", "1.250.000"), or a number with
// one or two decimals ("48250.00"): an amount rather than a phone number.
var amount = regexp.MustCompile(`^(?:\d{1,3}(?:[ .]\d{3})+(?:[.,]\d{1,2})?|\d+[.,]\d{1,2})$`)

// ipv4 is four groups of at most three digits, separated by dots.
var ipv4 = regexp.MustCompile(`^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$`)

// MaskText masks the email addresses and phone numbers inside free text
// ("Write to maren.holt@example.org or call +44 20 7946 0000" reads "Write
// to m•••@example.org or call +44 ••• •• 00"), for values under a name that
// says nothing (a description, a note, "contact"). It is conservative about
// phone numbers (see isPhone): dates, amounts and identifiers such as a
// PAID stay.
func MaskText(s string) string {
	if !strings.ContainsAny(s, "@0123456789") {
		return s
	}
	s = emailInText.ReplaceAllStringFunc(s, MaskEmail)
	return replacePhones(s, MaskPhone)
}

// TextCategories lists the categories of personal data MaskText would mask
// in s: email, phone, both or none.
func TextCategories(s string) []string {
	if !strings.Contains(s, "@") && digitsIn(s) < minPhoneDigits {
		return nil // neither can be in it: most values, told without a regexp
	}
	var out []string
	if emailInText.MatchString(s) {
		out = append(out, CategoryEmail)
	}
	found := false
	replacePhones(s, func(p string) string { found = true; return p })
	if found {
		out = append(out, CategoryPhone)
	}
	return out
}

// replacePhones replaces each phone number in s with f(number).
func replacePhones(s string, f func(string) string) string {
	var b strings.Builder
	last := 0
	for _, m := range phoneInText.FindAllStringIndex(s, -1) {
		if !isPhone(s, m[0], m[1]) {
			continue
		}
		b.WriteString(s[last:m[0]])
		b.WriteString(f(s[m[0]:m[1]]))
		last = m[1]
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// isPhone decides whether s[from:to], a run phoneInText found, is a phone
// number: 7 to 15 digits (E.164 has at most 15), standing on its own (not
// part of a word or identifier such as PAD-2026-000000123456, a version
// or a decimal), not a date and not an amount; then, what the shape says:
//
//   - with a leading +, it is one;
//   - written with spaces, dashes or parentheses, it is one;
//   - with dots only: two or more, not an IPv4 address ("555.123.4567",
//     "01.23.45.67.89"), or one after a trunk prefix of two or more
//     digits ("030.1234567"); one dot alone is a decimal;
//   - with slashes: after a trunk prefix ("030/1234567"), never a number
//     of a year ("2024/900");
//   - bare digits: after a trunk prefix, 0 ("0301234567"), as an amount
//     or a count never starts.
func isPhone(s string, from, to int) bool {
	run := s[from:to]
	digits := 0
	for _, r := range run {
		if r >= '0' && r <= '9' {
			digits++
		}
	}
	if digits < minPhoneDigits || digits > maxPhoneDigits {
		return false
	}
	if !standsAlone(s, from, to) {
		return false
	}
	if dateInText.MatchString(run) || wholeDate.MatchString(run) || digits == len(run) && isCompactDate(run) {
		return false
	}
	if strings.HasPrefix(run, "+") {
		return true
	}
	if amount.MatchString(run) {
		return false
	}
	trunk := run[0] == '0'
	switch dots := strings.Count(run, "."); {
	case strings.ContainsAny(run, " -()"):
		return true
	case strings.Contains(run, "/"):
		return trunk
	case dots >= 2:
		return !ipv4.MatchString(run)
	case dots == 1:
		return trunk && strings.Index(run, ".") >= 2
	}
	return trunk // bare digits
}

// isCompactDate reports whether a run of 8 digits reads as a date of
// this century or the last: ddmmyyyy or yyyymmdd.
func isCompactDate(run string) bool {
	if len(run) != 8 {
		return false
	}
	n := func(i, j int) int {
		v := 0
		for _, c := range run[i:j] {
			v = v*10 + int(c-'0')
		}
		return v
	}
	date := func(d, m, y int) bool { return d >= 1 && d <= 31 && m >= 1 && m <= 12 && y >= 1900 && y < 2100 }
	return date(n(0, 2), n(2, 4), n(4, 8)) || date(n(6, 8), n(4, 6), n(0, 4))
}

// standsAlone reports whether s[from:to] is not part of a word, an
// identifier, a path or a decimal number.
func standsAlone(s string, from, to int) bool {
	run := s[from:to]
	before, _ := utf8.DecodeLastRuneInString(s[:from])
	after, _ := utf8.DecodeRuneInString(s[to:])
	switch {
	case from > 0 && isWordRune(before):
		return false // inside a word or identifier: AB1234567
	case from > 0 && !strings.ContainsRune("+(", rune(run[0])) && strings.ContainsRune("-_./=&#", before):
		return false // PAD-2026-000000123456, 0.1234567, /ads/1234-5678
	case to < len(s) && isWordRune(after):
		return false
	case to < len(s) && strings.ContainsRune("-_./,", after) && to+1 < len(s) && isDigit(s[to+1]):
		return false // 1234 5678.90: a decimal
	}
	return true
}

// A phone number has 7 to 15 digits (E.164 has at most 15).
const (
	minPhoneDigits = 7
	maxPhoneDigits = 15
)

// digitsIn counts the ASCII digits in s, as phoneInText's \d matches them.
func digitsIn(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if isDigit(s[i]) {
			n++
		}
	}
	return n
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// MaskWarning masks a normalizer warning for screen sharing: emails and
// phone numbers anywhere in it, and, where it is about a personal member
// (a repeated "streetAddress", a "birthDate" that is not a date), the
// values it quotes, which MaskText alone would not recognize.
func MaskWarning(w string) string {
	w = MaskText(w)
	place, rest, ok := strings.Cut(w, ": ")
	if !ok {
		return w
	}
	if head, _, dup := strings.Cut(rest, " appears more than once; "); dup {
		key := strings.Trim(strings.TrimPrefix(head, "member "), `"`)
		if personalPlace(place) || isPersonalName(key) {
			return place + ": " + head + " appears more than once; kept the first value (both values masked)"
		}
		return w
	}
	if personalPlace(place) {
		return place + ": " + Masked + " could not be read; kept as sent (the value is masked)"
	}
	return w
}

// personalPlace reports whether a warning's place (a path such as
// advertiser.birthDate or a JSON Pointer such as /sponsors/0/address)
// passes through a personal member.
func personalPlace(place string) bool {
	for _, seg := range strings.FieldsFunc(place, func(r rune) bool { return strings.ContainsRune(`/.[]"`, r) }) {
		if isPersonalName(seg) {
			return true
		}
	}
	return false
}

// isPersonalName reports whether a member name means personal data
// wherever it stands (see nestedCategory).
func isPersonalName(key string) bool {
	return KeyCategory(key) != "" || nestedCategory(vocab.Builtin(), key) != vocab.NotPersonal
}
