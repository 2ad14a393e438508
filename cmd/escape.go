package cmd

import (
	"errors"
	"fmt"
	"unicode"
	"unicode/utf8"

	"github.com/padview/padview/api"
)

// failure is how the CLI words a failure: what happened, in the error's
// own words (api's errors say only that), then the CLI's next step from
// nextStep. The TUI words its own (ui's advice).
func (e *Env) failure(err error) string {
	msg := err.Error()
	var ae *api.Error
	if !errors.As(err, &ae) {
		return msg
	}
	if next := e.nextStep(ae); next != "" {
		return msg + "; " + next
	}
	return msg
}

// nextStep is the CLI's advice for a failure, by its kind: the one table
// of it in cmd; "" when what happened says enough. A rejected token is
// replaced with `padview token set`, unless it came from PADVIEW_TOKEN
// (the error names the variable, which wins over the keyring): the
// variable is then what to fix.
func (e *Env) nextStep(ae *api.Error) string {
	switch ae.Kind {
	case api.KindUnauthorized:
		switch {
		case ae.TokenVar != "":
			return "`" + e.command() + " token set` cannot help: check its value, or unset it to use the stored token"
		case ae.Status == 0:
			return "set one with `" + e.command() + " token set`"
		}
		return "check it, or store a new one with `" + e.command() + " token set`"
	case api.KindForbidden:
		return "the full view may need a token with personal-data access"
	case api.KindNotFound:
		return "check the identifier"
	case api.KindConfig:
		return checkBaseURL
	case api.KindBadResponse:
		if ae.NotJSON() { // a web page where the service should answer: the address is wrong
			return checkBaseURL
		}
		return "try again; if it keeps failing, `" + e.command() + " get --raw " + ae.PAID + "` shows what came, for the service's support"
	case api.KindRateLimited:
		return rateLimitedStep(ae)
	case api.KindServer:
		if ae.MaxWait > 0 {
			return "try again later"
		}
		return "try again shortly"
	case api.KindTimeout:
		return "the service is slow or unreachable; try again"
	case api.KindNetwork:
		if ae.Status != 0 { // it answered, and the answer broke off
			return "try again shortly"
		}
	}
	return ""
}

// rateLimitedStep is the next step after a 429 padview did not wait out.
func rateLimitedStep(ae *api.Error) string {
	switch {
	case ae.MaxWait > 0:
		return "try again later, or raise max_wait (--max-wait, or max_wait in the config file)"
	case ae.ServerWait != "":
		return "try again then"
	}
	return "wait a minute and try again"
}

// checkBaseURL is the next step when what answered is not the partner
// interface.
const checkBaseURL = "check the base URL: it is the partner address ending in the version segment, e.g. https://partner.example/v1"

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
