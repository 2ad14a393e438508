package vocab

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Fold reduces a member name to lower-case letters and digits, so that
// camelCase, snake_case, kebab-case and "Title Case With Spaces" spellings
// of one name compare equal, as do spellings with and without accents
// ("téléphone", "telephone"; "Straße", "strasse"; "Währung", "waehrung");
// "&" reads as "and".
// Controls, format characters and marks that stand alone are kept, so that
// a name with one hidden inside never passes for a known name.
func Fold(s string) string {
	var buf [64]byte
	return string(AppendFold(buf[:0], s))
}

// AppendFold appends Fold(s) to b. For ASCII names up to b's capacity it
// costs no allocation, so that a caller can look the result up in a map as
// m[string(b)] for free.
func AppendFold(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z' || c >= '0' && c <= '9':
			b = append(b, c)
		case c >= 'A' && c <= 'Z':
			b = append(b, c+('a'-'A'))
		case c == '&' || c >= 0x80 || c < 0x20 || c == 0x7f:
			return append(b[:0], foldSlow(s)...) // "and", letters beyond ASCII, controls
		}
	}
	return b
}

// letterFolds are letters people write in two ways that Unicode does not
// decompose into a base letter and a mark, and the German umlauts, which
// German writes "ae", "oe", "ue" where it cannot write them ("Währung",
// "Waehrung").
var letterFolds = strings.NewReplacer("ß", "ss", "æ", "ae", "œ", "oe", "ø", "o", "ł", "l", "đ", "d", "þ", "th", "ı", "i",
	"ä", "ae", "ö", "oe", "ü", "ue")

// foldSlow is Fold beyond ASCII. It is better whole, one switch: its cases
// in order are the rule (which runes are letters, which separate words,
// which are kept because they hide text), and split they would not read
// as one.
func foldSlow(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 4)
	for _, r := range s {
		switch {
		case r == '&':
			b.WriteString("and")
		case r < 0x80 && (r >= 'a' && r <= 'z' || r >= '0' && r <= '9'):
			b.WriteRune(r)
		case r >= 'A' && r <= 'Z':
			b.WriteRune(r + ('a' - 'A'))
		case r < 0x80 && r >= 0x20 && r != 0x7f:
			// ASCII spaces, punctuation and symbols separate words
		case unicode.IsLetter(r):
			b.WriteString(foldLetter(r))
		case unicode.IsDigit(r):
			b.WriteRune(r)
		case unicode.In(r, unicode.Zs, unicode.P, unicode.S):
			// spaces, punctuation and symbols beyond ASCII separate words too
		default:
			b.WriteRune(r) // controls, format characters, lone marks: kept, never a known name
		}
	}
	return b.String()
}

// foldLetter lower-cases r and drops the marks it decomposes into: "É" is
// "e", "Ł" is "l".
func foldLetter(r rune) string {
	r = unicode.ToLower(r)
	if r < 0x80 {
		return string(r)
	}
	if f := letterFolds.Replace(string(r)); f != string(r) {
		return f
	}
	var b strings.Builder
	for _, d := range norm.NFD.String(string(r)) {
		if !unicode.Is(unicode.Mn, d) {
			b.WriteRune(d)
		}
	}
	return b.String()
}
