package keystore

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxTokenLength is the longest token accepted, in bytes: far beyond any
// bearer token, short enough that a pasted file is refused at once.
const MaxTokenLength = 4096

// ErrBadToken marks every refusal of CleanToken, so that callers can tell a
// malformed token (exit 4 in the CLI) from a keyring that cannot be reached.
var ErrBadToken = errors.New("not a usable token")

// TokenError says why a text cannot be a partner token, in sentence
// fragments that never quote the token: Problem ("the token spans 2
// lines") and, apart, what to do about it (Fix, may be empty).
type TokenError struct {
	Problem, Fix string
}

func (e *TokenError) Error() string {
	if e.Fix == "" {
		return e.Problem
	}
	return e.Problem + "; " + e.Fix
}

func (e *TokenError) Is(target error) bool { return target == ErrBadToken }

// refusal rewords a refusal for a token that came from source (e.g.
// PADVIEW_TOKEN), with its own fix.
func refusal(err error, source, fix string) error {
	te, ok := err.(*TokenError)
	if !ok {
		return err
	}
	return &TokenError{Problem: source + " is not a usable token: " + te.Problem, Fix: fix}
}

// CleanToken is padview's one token rule, used by `token set`, the
// PADVIEW_TOKEN override, tokens read back from the keyring and the TUI's
// token dialog. It returns the token without the whitespace a paste or a
// pipe leaves around it, or a *TokenError saying what is wrong. A bearer
// token is one line of visible ASCII (RFC 6750 uses a subset of it), so
// anything else (inner line breaks, spaces of any kind, control or
// invisible characters, other non-ASCII letters) is a paste gone wrong.
// The error never quotes the token.
func CleanToken(input string) (string, error) {
	tok := strings.TrimSpace(input)
	switch {
	case input == "":
		return "", bad("", "the token is empty")
	case tok == "":
		return "", bad("", "the token is only whitespace")
	case len(tok) > MaxTokenLength:
		return "", bad("paste only the token", "the token is %d bytes long; the most is %d", len(tok), MaxTokenLength)
	case !utf8.ValidString(tok):
		return "", bad("paste it again", "the token is not valid UTF-8 text")
	}
	if n := lines(tok); n > 1 {
		return "", bad("a token is one line: give only the token", "the token spans %d lines", n)
	}
	pos := 0
	for _, r := range tok {
		pos++
		if r > ' ' && r < 0x7f {
			continue
		}
		at := fmt.Sprintf("at character %d", pos)
		switch {
		case r == ' ':
			return "", bad("a token has no spaces: paste it again", "the token contains whitespace: a space %s", at)
		case r == '\t':
			return "", bad("a token has no spaces: paste it again", "the token contains whitespace: a tab %s", at)
		case unicode.IsSpace(r):
			return "", bad("a token has no spaces: paste it again", "the token contains whitespace: %s %s", spaceName(r), at)
		case unicode.IsControl(r):
			return "", bad("paste it again", "the token contains a control character (U+%04X) %s", r, at)
		case unicode.Is(unicode.Cf, r) || !unicode.IsGraphic(r):
			return "", bad("paste it again", "the token contains an invisible character (U+%04X) %s", r, at)
		default:
			return "", bad("a token is plain ASCII: paste it again", "the token contains a non-ASCII character (U+%04X) %s", r, at)
		}
	}
	return tok, nil
}

// CheckToken reports whether CleanToken accepts input, with its reason
// when not. A caller that goes on to use the token must use CleanToken's
// result, which has the surrounding whitespace removed.
func CheckToken(input string) error {
	_, err := CleanToken(input)
	return err
}

func bad(fix, format string, args ...any) error {
	return &TokenError{Problem: fmt.Sprintf(format, args...), Fix: fix}
}

// lines counts the lines of s, whatever the line ending.
func lines(s string) int {
	n := 1
	for i, r := range s {
		switch r {
		case '\n', '\v', '\f', 0x85, 0x2028, 0x2029:
			n++
		case '\r':
			if i+1 >= len(s) || s[i+1] != '\n' {
				n++
			}
		}
	}
	return n
}

// spaceName names a non-ASCII space, which looks like a plain one.
func spaceName(r rune) string {
	switch r {
	case 0xa0:
		return "a no-break space (U+00A0)"
	case 0x202f:
		return "a narrow no-break space (U+202F)"
	case 0x3000:
		return "an ideographic space (U+3000)"
	}
	return fmt.Sprintf("a space character (U+%04X)", r)
}
