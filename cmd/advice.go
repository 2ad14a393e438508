package cmd

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/padview/padview/api"
	"github.com/padview/padview/keystore"
)

// apiTokenAdvice is the next step api's 401 error still carries until api's
// errors say only what happened (issue 20, item 4); the CLI words its own.
const apiTokenAdvice = "; check it, or replace it with `padview token set`"

// failure is how the CLI words a failure: what happened, in the error's
// own words, then the CLI's next step where the CLI knows it better. A
// rejected token is replaced with `padview token set`, unless PADVIEW_TOKEN
// is set: it wins over the keyring, so the variable is what to fix.
func (e *Env) failure(err error) string {
	msg := err.Error()
	if api.KindOf(err) != api.KindUnauthorized {
		return msg
	}
	msg = strings.TrimSuffix(msg, apiTokenAdvice)
	if e.Getenv(keystore.EnvToken) != "" {
		return msg + "; the token comes from " + keystore.EnvToken + ", which wins over the keyring (`padview token set` cannot help): check its value, or unset it to use the stored token"
	}
	return msg + "; check it, or store a new one with `padview token set`"
}

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
