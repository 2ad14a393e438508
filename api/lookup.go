package api

import (
	"net/url"
	"strings"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
)

// Lookup is what a person typed or pasted to look an advertisement up: the
// PAID, and what a pasted endpoint URL said besides it.
type Lookup struct {
	PAID string
	// FromURL is set when the input was an endpoint URL; View is then the
	// view its path named (…/advertisement-full/… is Full).
	FromURL bool
	View    advert.View
	// Elsewhere is the pasted URL's service (scheme, host and base path,
	// cleaned) when it is not the base URL padview talks to: only the
	// identifier is used, and the screen should say so.
	Elsewhere string
}

// ParseLookup reads an input against the base URL of the service in use.
// The PAID is checked with ParsePAID, so a malformed one is refused with
// the same words.
func ParseLookup(input, baseURL string) (Lookup, error) {
	paid, err := ParsePAID(input)
	if err != nil {
		return Lookup{}, err
	}
	l := Lookup{PAID: paid}
	prefix, view, ok := endpointPrefix(strings.TrimSpace(input))
	if !ok {
		return l, nil
	}
	l.FromURL, l.View = true, view
	if !sameService(prefix, baseURL) {
		l.Elsewhere = text.CleanText(clip(prefix, 80))
	}
	return l, nil
}

// endpointPrefix splits a pasted endpoint URL before its endpoint segment:
// "https://h/v1/advertisement-full/X" gives "https://h/v1" and Full. The
// segments are tried in ParsePAID's order, so both read a URL alike.
func endpointPrefix(s string) (string, advert.View, bool) {
	for _, v := range []advert.View{advert.Full, advert.Standard} {
		if i := strings.LastIndex(s, "/"+pathSegment(v)+"/"); i >= 0 {
			return s[:i], v, true
		}
	}
	return "", advert.Standard, false
}

// sameService reports whether a pasted URL's prefix names the base URL's
// service. A prefix without a host ("/v1") is compared by path alone.
func sameService(prefix, baseURL string) bool {
	base, err := ParseBaseURL(baseURL)
	if err != nil {
		return false
	}
	u, err := url.Parse(prefix)
	if err != nil {
		return false
	}
	path := strings.TrimRight(u.Path, "/")
	if u.Host == "" {
		return u.Scheme == "" && (path == "" || path == base.Path)
	}
	return strings.EqualFold(u.Scheme, base.Scheme) && strings.EqualFold(u.Host, base.Host) && path == base.Path
}
