package text

import (
	"strings"
	"unicode"

	"github.com/padview/padview/api/vocab"
)

// LabelFor turns a member name into a readable label: "companyName",
// "company_name" and "company-name" all become "Company name". A name that
// is an email address or a phone number (KeyCategory) stays as it is.
func LabelFor(key string) string {
	if KeyCategory(key) != "" {
		return key
	}
	words := nameWords(key)
	if len(words) == 0 {
		return key
	}
	for i, w := range words {
		switch {
		case acronyms[strings.ToLower(w)]:
			words[i] = strings.ToUpper(w)
		case i > 0 && !isAcronym(w):
			words[i] = strings.ToLower(w)
		}
	}
	first := []rune(words[0])
	first[0] = unicode.ToUpper(first[0])
	words[0] = string(first)
	return strings.Join(words, " ")
}

// FieldLabel is a field of the vocabulary as a label, as the normalized
// document's member of it reads: party.role is "Role", party.kind "Kind".
// A table's column for the field takes it as its head.
func FieldLabel(f *vocab.Field) string { return LabelFor(f.Name) }

// nameWords splits a member name into its words: at underscores, dashes,
// spaces and dots, and where camelCase starts a word ("companyName", the
// "Name" of "HTMLName").
func nameWords(key string) []string {
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, string(cur))
			cur = cur[:0]
		}
	}
	runes := []rune(key)
	for i, r := range runes {
		switch {
		case r == '_' || r == '-' || r == ' ' || r == '.':
			flush()
		case unicode.IsUpper(r) && i > 0 && (unicode.IsLower(runes[i-1]) ||
			(i+1 < len(runes) && unicode.IsLower(runes[i+1]) && unicode.IsUpper(runes[i-1]))):
			flush()
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
	}
	flush()
	return words
}

// acronyms are written in capitals in labels whatever the key's spelling.
var acronyms = setOf([]string{"url", "uri", "id", "eu", "vat", "iban", "dpo", "api", "paid", "ip", "utc"})

func isAcronym(w string) bool {
	if len(w) < 2 {
		return false
	}
	for _, r := range w {
		if !unicode.IsUpper(r) && !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

func setOf(names []string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}
