package api

import (
	"fmt"
	"net"
	"net/url"
	"path"
	"regexp"
	"strings"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
)

// ParseBaseURL checks the partner base URL. It must be https, because the
// bearer token travels with every request; plain http is allowed only to a
// loopback host (127.0.0.0/8, ::1, localhost), for tests and demo mode. The
// URL must end in the version segment (/v1, /v2, …): padview appends
// nothing, and without it every lookup would miss the endpoints.
func ParseBaseURL(raw string) (*url.URL, error) {
	s := strings.TrimSpace(raw)
	if s == "" {
		return nil, &Error{Kind: KindConfig, Message: "no base URL: set PADVIEW_BASE_URL or --base-url to the partner address ending in /v1, e.g. https://partner.example/v1"}
	}
	u, err := url.Parse(s)
	if err != nil || u.Host == "" || u.Opaque != "" {
		return nil, &Error{Kind: KindConfig, Message: fmt.Sprintf("base URL %q is not an absolute URL: write it as https://host/v1", text.CleanText(s))}
	}
	if u.User != nil {
		return nil, &Error{Kind: KindConfig, Message: "base URL must not carry a user name or password: the token is kept in the keyring"}
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return nil, &Error{Kind: KindConfig, Message: "base URL must not have a query or fragment: write it as https://host/v1"}
	}
	switch strings.ToLower(u.Scheme) {
	case "https":
	case "http":
		if !IsLoopbackHost(u.Hostname()) {
			return nil, &Error{Kind: KindConfig, Message: fmt.Sprintf("refusing plain http to %s: the bearer token would travel in clear. Use https (http is allowed only to localhost)", text.CleanText(u.Host))}
		}
	default:
		return nil, &Error{Kind: KindConfig, Message: fmt.Sprintf("base URL scheme %q is not supported: use https", text.CleanText(u.Scheme))}
	}
	u.Scheme = strings.ToLower(u.Scheme)
	u.Path = strings.TrimRight(u.Path, "/")
	u.RawPath = ""
	if !versionSegment.MatchString(path.Base(u.Path)) {
		if base, ok := endpointBase(u); ok {
			return nil, &Error{Kind: KindConfig, Message: fmt.Sprintf("base URL %s is an endpoint's address, not the base: use %s (padview adds /advertisement/PAID itself)",
				text.CleanText(u.String()), text.CleanText(base.String()))}
		}
		return nil, &Error{Kind: KindConfig, Message: fmt.Sprintf("base URL %s does not end in a version segment: append /v1 (%s/v1), as the partner interface's addresses do",
			text.CleanText(u.String()), text.CleanText(u.String()))}
	}
	return u, nil
}

// endpointBase recognises an endpoint's address given as the base URL
// (…/v1/advertisement, …/v1/advertisement-full/AB12CD) and returns the
// base it lies under (…/v1).
func endpointBase(u *url.URL) (*url.URL, bool) {
	segs := strings.Split(strings.TrimPrefix(u.Path, "/"), "/")
	for i := len(segs) - 2; i >= 0; i-- {
		next := strings.ToLower(segs[i+1])
		if versionSegment.MatchString(segs[i]) && (next == pathSegment(advert.Standard) || next == pathSegment(advert.Full)) {
			base := *u
			base.Path = "/" + strings.Join(segs[:i+1], "/")
			return &base, true
		}
	}
	return nil, false
}

// versionSegment is the last path segment of a base URL: v1, v2, v1.1, v2beta.
var versionSegment = regexp.MustCompile(`^[vV][0-9]+([.][0-9]+)*([a-z]+[0-9]*)?$`)

// IsLoopbackHost reports whether host is localhost or a loopback address.
func IsLoopbackHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
