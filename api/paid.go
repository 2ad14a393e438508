package api

import (
	"fmt"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
)

// MaxPAIDLength is the longest PAID accepted, in characters.
const MaxPAIDLength = 256

// ParsePAID checks an advertisement identifier as a person typed or pasted
// it. Surrounding space is trimmed, and a pasted endpoint URL
// (…/advertisement/X or …/advertisement-full/X) is reduced to X. The spec
// fixes no format, so anything printable is accepted except what would
// change the request path.
func ParsePAID(input string) (string, error) {
	s := strings.TrimSpace(input)
	if id, ok := paidFromURL(s); ok {
		s = id
	}
	if s == "" {
		return "", &Error{Kind: KindInvalidPAID, Message: "the PAID is empty: enter an advertisement identifier such as AB12CD"}
	}
	if n := utf8.RuneCountInString(s); n > MaxPAIDLength {
		return "", invalidPAID(s, fmt.Sprintf("is %d characters long; the most is %d", n, MaxPAIDLength))
	}
	if s == "." || s == ".." {
		return "", invalidPAID(s, "is a path segment (. or ..), not an identifier")
	}
	for i, r := range s {
		switch {
		case r == utf8.RuneError:
			return "", invalidPAID(s, "is not valid UTF-8 text")
		case unicode.IsSpace(r):
			return "", invalidPAID(s, fmt.Sprintf("has a space or line break at position %d; remove it", utf8.RuneCountInString(s[:i])+1))
		case strings.ContainsRune(`/\?#%`, r):
			return "", invalidPAID(s, fmt.Sprintf("contains %q, which cannot be part of an identifier", r))
		case !unicode.IsPrint(r):
			return "", invalidPAID(s, fmt.Sprintf("has an invisible or control character (U+%04X) at position %d", r, utf8.RuneCountInString(s[:i])+1))
		}
	}
	return s, nil
}

func invalidPAID(s, problem string) error {
	return &Error{Kind: KindInvalidPAID, PAID: text.CleanText(clip(s, 40)), Message: "the PAID " + problem}
}

func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}

// paidFromURL takes the identifier out of a pasted endpoint address.
func paidFromURL(s string) (string, bool) {
	for _, seg := range []string{"/advertisement-full/", "/advertisement/"} {
		i := strings.LastIndex(s, seg)
		if i < 0 {
			continue
		}
		rest := s[i+len(seg):]
		if j := strings.IndexAny(rest, "?#"); j >= 0 {
			rest = rest[:j]
		}
		rest = strings.TrimSuffix(rest, "/")
		if un, err := url.PathUnescape(rest); err == nil {
			rest = un
		}
		return strings.TrimSpace(rest), true
	}
	return "", false
}

// endpointPath is the escaped path below the base URL for a valid PAID.
func endpointPath(paid string, v advert.View) string {
	return "/" + pathSegment(v) + "/" + url.PathEscape(paid)
}

// pathSegment is the endpoint segment below the base URL.
func pathSegment(v advert.View) string {
	if v == advert.Full {
		return "advertisement-full"
	}
	return "advertisement"
}
