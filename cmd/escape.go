package cmd

import (
	"fmt"
	"unicode"
	"unicode/utf8"
)

// escapeInvisible writes, in encoded JSON, every character that is not
// printable or that reorders text (bidi controls such as U+202E) as a
// \uXXXX escape: the same JSON to a parser, but nothing a terminal shows
// differently from what it is. Such characters only occur inside JSON
// strings, where the escape means the same.
func escapeInvisible(b []byte) []byte {
	var out []byte
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r < utf8.RuneSelf || (r != utf8.RuneError || n > 1) && unicode.IsPrint(r) && !unicode.Is(unicode.Bidi_Control, r) {
			out = append(out, b[i:i+n]...)
			i += n
			continue
		}
		if r == utf8.RuneError && n == 1 {
			r = unicode.ReplacementChar // a stray byte: encoding/json never writes one
		}
		if r > 0xFFFF {
			r1, r2 := utf16Pair(r)
			out = fmt.Appendf(out, `\u%04x\u%04x`, r1, r2)
		} else {
			out = fmt.Appendf(out, `\u%04x`, r)
		}
		i += n
	}
	return out
}

func utf16Pair(r rune) (rune, rune) {
	r -= 0x10000
	return 0xD800 + (r>>10)&0x3FF, 0xDC00 + r&0x3FF
}
