package advert

import (
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// IsInvisible reports whether r can drive a terminal or hide text: the C0
// and C1 controls and DEL (cursor movement, colours, OSC), the format
// characters (general category Cf: bidi embeddings, overrides, isolates and
// marks, zero-width space and joiners, soft hyphen, BOM, tag characters),
// the line and paragraph separators, and the few other characters that
// draw nothing: variation selectors, the combining grapheme joiner and the
// Hangul and Khmer fillers. It is the one list: the JSON writer escapes
// these and the text cleaner shows them as markers.
func IsInvisible(r rune) bool {
	switch {
	case r < 0x20 || r == 0x7f:
		return true
	case r < 0x80:
		return false
	case r <= 0x9f: // C1
		return true
	case r == 0x2028 || r == 0x2029:
		return true
	case r == 0x034f, r == 0x115f, r == 0x1160, r == 0x17b4, r == 0x17b5, r == 0x3164, r == 0xffa0:
		return true // combining grapheme joiner; Hangul and Khmer fillers
	case r >= 0x180b && r <= 0x180f, r >= 0xfe00 && r <= 0xfe0f, r >= 0xe0100 && r <= 0xe01ef:
		return true // variation selectors
	}
	return unicode.Is(unicode.Cf, r)
}

const hexDigits = "0123456789abcdef"

// AppendQuoted appends s as a JSON string. Besides the quote and the
// backslash it escapes every IsInvisible character as \uXXXX (a surrogate
// pair beyond U+FFFF; \b \f \n \r \t for those five), so that the output is
// plain printable text that still decodes to s; invalid UTF-8 becomes
// \ufffd, as encoding/json writes it.
func AppendQuoted(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0 // s[start:i] is pending, copied as is
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < 0x7f && c != '"' && c != '\\' {
			i++
			continue
		}
		r, size := rune(c), 1
		if c >= 0x80 {
			r, size = utf8.DecodeRuneInString(s[i:])
			if r != utf8.RuneError || size != 1 {
				if !IsInvisible(r) {
					i += size
					continue
				}
			}
		}
		b = appendEscaped(append(b, s[start:i]...), c, r, size)
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// appendEscaped appends the escape of the character AppendQuoted stopped
// at: its first byte c, its rune r and size (a RuneError of size 1 is
// invalid UTF-8). Only what needs escaping comes here, so the loop above
// stays tight on plain text.
func appendEscaped(b []byte, c byte, r rune, size int) []byte {
	switch {
	case c == '"' || c == '\\':
		return append(b, '\\', c)
	case c == '\b':
		return append(b, '\\', 'b')
	case c == '\f':
		return append(b, '\\', 'f')
	case c == '\n':
		return append(b, '\\', 'n')
	case c == '\r':
		return append(b, '\\', 'r')
	case c == '\t':
		return append(b, '\\', 't')
	case r == utf8.RuneError && size == 1:
		return append(b, `\ufffd`...)
	case r > 0xffff:
		r1, r2 := utf16.EncodeRune(r)
		return appendU(appendU(b, r1), r2)
	}
	return appendU(b, r)
}

func appendU(b []byte, r rune) []byte {
	return append(b, '\\', 'u', hexDigits[r>>12&0xf], hexDigits[r>>8&0xf], hexDigits[r>>4&0xf], hexDigits[r&0xf])
}
