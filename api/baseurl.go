package api

import (
	"context"
	"fmt"
	"net/url"
	"path"
	"regexp"
	"strings"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
)

// ParseBaseURL checks the partner base URL. It must be https, because the
// bearer token travels with every request; plain http is allowed only to a
// loopback address (127.0.0.0/8, ::1), or a name that resolves to loopback
// addresses alone (localhost, on a sane system), for tests and demo mode.
// It carries nothing but scheme, host and path: no user info (the token is
// kept in the keyring; nothing ever prints user info), no query or
// fragment, not even an empty one. The URL must end in the version
// segment (/v1, /v2, …): padview appends nothing, and without it every
// lookup would miss the endpoints.
func ParseBaseURL(raw string) (*url.URL, error) {
	s := strings.TrimSpace(raw)
	if s == "" {
		return nil, &Error{Kind: KindConfig, Message: "no base URL: padview needs the partner address ending in the version segment, e.g. https://partner.example/v1"}
	}
	shown := text.CleanText(DisplayBaseURL(s))
	u, err := url.Parse(s)
	if err != nil || u.Host == "" || u.Opaque != "" {
		return nil, &Error{Kind: KindConfig, Message: fmt.Sprintf("base URL %q is not an absolute URL: write it as https://host/v1", shown)}
	}
	if err := onlyBase(u, s, shown); err != nil {
		return nil, err
	}
	switch strings.ToLower(u.Scheme) {
	case "https":
	case "http":
		if !IsLoopbackHost(u.Hostname()) {
			return nil, &Error{Kind: KindConfig, Message: fmt.Sprintf("refusing plain http to %s: the bearer token would travel in clear. Use https (http is allowed only to loopback addresses, such as 127.0.0.1)", text.CleanText(u.Host))}
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

// onlyBase refuses what a base URL must not carry, saying what to remove;
// shown is the URL as it may be printed (without user info).
func onlyBase(u *url.URL, raw, shown string) error {
	var extra []string
	if u.User != nil {
		extra = append(extra, "the user name or password before @ (the token is kept in the keyring)")
	}
	if u.RawQuery != "" || u.ForceQuery || strings.Contains(raw, "?") {
		extra = append(extra, "the query from ?")
	}
	if u.Fragment != "" || strings.Contains(raw, "#") {
		extra = append(extra, "the fragment from #")
	}
	if len(extra) == 0 {
		return nil
	}
	clean := url.URL{Scheme: u.Scheme, Host: u.Host, Path: u.Path}
	return &Error{Kind: KindConfig, Message: fmt.Sprintf("base URL %s must be the partner address alone: remove %s, e.g. %s",
		shown, strings.Join(extra, " and "), text.CleanText(clean.String()))}
}

// DisplayBaseURL is a base URL as it may be printed: any user name or
// password removed, even from a string that does not parse.
func DisplayBaseURL(raw string) string {
	if u, err := url.Parse(raw); err == nil && u.User != nil {
		u.User = nil
		return u.String()
	}
	// "user:pass@host/…" without a scheme, or a string url.Parse refuses:
	// drop whatever stands before an @ in the authority.
	rest, scheme := raw, ""
	if i := strings.Index(raw, "://"); i >= 0 {
		scheme, rest = raw[:i+3], raw[i+3:]
	}
	authority := rest
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		authority = rest[:i]
	}
	if i := strings.LastIndex(authority, "@"); i >= 0 {
		return scheme + rest[i+1:]
	}
	return raw
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

// IsLoopbackHost reports whether host is a loopback address, or a name
// that resolves to loopback addresses and nothing else (resolveLoopback's
// rule, which every plain-http connection is held to again).
func IsLoopbackHost(host string) bool {
	_, err := resolveLoopback(context.Background(), host)
	return err == nil
}
