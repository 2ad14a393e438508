package vocab

import (
	"strings"
	"unicode"
)

// nameWords splits a member name into its words as written: at anything
// but a letter or a digit (snake_case, kebab-case, spaces, slashes,
// parentheses, a heading written as a sentence), where a lower-case
// letter meets an upper-case one (camelCase), where a run of capitals
// meets a capitalised word ("PDFFile": "PDF", "File") and where letters
// meet digits ("address2": "address", "2").
func nameWords(key string) []string {
	var out []string
	rs := []rune(key)
	start := -1
	flush := func(end int) {
		if start >= 0 && end > start {
			out = append(out, string(rs[start:end]))
		}
		start = -1
	}
	for i, r := range rs {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.Is(unicode.Mn, r) {
			flush(i)
			continue
		}
		if start < 0 {
			start = i
			continue
		}
		prev := rs[i-1]
		switch {
		case unicode.IsUpper(r) && unicode.IsLower(prev),
			unicode.IsDigit(r) != unicode.IsDigit(prev) && !unicode.Is(unicode.Mn, r):
			flush(i)
			start = i
		case unicode.IsUpper(prev) && unicode.IsUpper(r) && i+1 < len(rs) && unicode.IsLower(rs[i+1]):
			flush(i)
			start = i
		}
	}
	flush(len(rs))
	return out
}

// foldWord writes a word as the lexicon compares it: lower case, accents
// dropped, "ß" as "ss", "ä" as "ae" (as Fold writes letters).
func foldWord(w string) string {
	var b strings.Builder
	for _, r := range w {
		switch {
		case r < 0x80 && (r >= 'a' && r <= 'z' || r >= '0' && r <= '9'):
			b.WriteRune(r)
		case r >= 'A' && r <= 'Z':
			b.WriteRune(r + 'a' - 'A')
		case unicode.IsLetter(r):
			b.WriteString(foldLetter(r))
		case unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// splitFolded is a text's words, each folded.
func splitFolded(s string) []string {
	ws := nameWords(s)
	out := ws[:0]
	for _, w := range ws {
		if f := foldWord(w); f != "" {
			out = append(out, f)
		}
	}
	return out
}
