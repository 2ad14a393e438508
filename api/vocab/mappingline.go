package vocab

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// SuggestAt is Suggest for a member the document placed at path
// ("other.Num_of_Days", "advertiser.emial", "sponsors[].x"), under its
// own name as sent: the scope is the group the path starts in. `padview
// fields` and the terminal UI's Other tab both ask here, so that they
// propose the same line for the same member.
func (v *Vocabulary) SuggestAt(path, name string) (Suggestion, bool) {
	scope := path
	if i := strings.IndexAny(path, ".["); i >= 0 {
		scope = path[:i]
	}
	return v.Suggest(scope, name)
}

// CandidatesAt is, for a member name padview does not recognise at a
// place of the document, the places its words touch (Meaning.Candidates)
// and whether none of its words could be read (Meaning.Unread).
func (v *Vocabulary) CandidatesAt(path, name string) (candidates []string, unread bool) {
	scope := path
	if i := strings.IndexAny(path, ".["); i >= 0 {
		scope = path[:i]
	}
	m := v.Lookup(scope, name)
	return m.Candidates(), m.Unread
}

// Mapping is the suggestion as the [fields] line it proposes.
func (s Suggestion) Mapping() Mapping { return Mapping{Name: s.Name, Path: s.Path} }

// Line is the mapping as a line of a [fields] table, `"name" = "path"`,
// both sides TOML basic strings: a member name is the service's, and
// whatever it holds (a quote, a newline, a control character) stays
// inside its string, so that the line is one key and one value and never
// more of a config file. What padview shows and what it writes is this
// one text.
func (m Mapping) Line() string { return tomlString(m.Name) + " = " + tomlString(m.Path) }

// tomlString quotes s as a TOML basic string: the escapes TOML has for
// the quote, the backslash and the usual controls; \u for every other
// control character (TOML allows none raw but the tab, escaped too so that
// the line reads plainly), and for the invisible ones that could make an
// editor show the line as something else (bidi overrides, zero widths,
// line separators); U+FFFD for a byte that is not UTF-8 (a TOML file is
// UTF-8 throughout). Every escape reads back as the character it stands
// for: the key is the member's name exactly.
func tomlString(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\uFFFD`)
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\f':
			b.WriteString(`\f`)
		case r == '\r':
			b.WriteString(`\r`)
		case r > 0xffff && unicode.Is(unicode.Cf, r):
			fmt.Fprintf(&b, `\U%08X`, r)
		case unicode.In(r, unicode.Cc, unicode.Cf, unicode.Zl, unicode.Zp):
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
