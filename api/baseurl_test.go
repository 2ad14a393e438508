package api

import (
	"context"
	"net"
	"strings"
	"testing"
)

func TestParseBaseURL(t *testing.T) {
	ok := map[string]string{
		"https://partner.example/v1":     "https://partner.example/v1",
		"https://partner.example/v1/":    "https://partner.example/v1",
		"HTTPS://partner.example/v2":     "https://partner.example/v2",
		"http://127.0.0.1:8080/v1":       "http://127.0.0.1:8080/v1",
		"http://127.3.4.5/v1":            "http://127.3.4.5/v1",
		"http://localhost:9/v1":          "http://localhost:9/v1",
		"http://[::1]:9/v1":              "http://[::1]:9/v1",
		"https://gw.example/partner/v12": "https://gw.example/partner/v12",
		"https://gw.example/v1.1/":       "https://gw.example/v1.1",
	}
	for in, want := range ok {
		u, err := ParseBaseURL(in)
		if err != nil || u.String() != want {
			t.Errorf("ParseBaseURL(%q) = %v, %v; want %s", in, u, err, want)
		}
	}
	bad := map[string]string{
		"":                                                   "no base URL",
		"http://partner.example/v1":                          "in clear",
		"http://10.0.0.1/v1":                                 "in clear",
		"ftp://partner.example/v1":                           "not supported",
		"partner.example/v1":                                 "not an absolute URL",
		"https://user:pw@partner.example":                    "password",
		"https://partner.example/v1?a=b":                     "query",
		"https://partner.example":                            "append /v1 (https://partner.example/v1)",
		"https://partner.example/":                           "does not end in a version segment",
		"https://partner.example/api":                        "append /v1 (https://partner.example/api/v1)",
		"https://partner.example/v1/advertisement":           "is an endpoint's address, not the base: use https://partner.example/v1 (",
		"https://gw.example/p/v2/advertisement-full/AB12CD/": "not the base: use https://gw.example/p/v2 (",
		"https://partner.example/v1/ADVERTISEMENT/X":         "use https://partner.example/v1 (",
	}
	for in, want := range bad {
		_, err := ParseBaseURL(in)
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "advertisement/v1") {
			t.Errorf("ParseBaseURL(%q) = %v; want error containing %q", in, err, want)
		}
	}
}

// A base URL is the partner address alone: what else it carries is named
// for removal, and its user info is never printed, not even in the error.
func TestBaseURLCarriesNothingElse(t *testing.T) {
	for in, want := range map[string]string{
		"https://partner.example/v1?":            "remove the query from ?, e.g. https://partner.example/v1",
		"https://partner.example/v1#":            "remove the fragment from #",
		"https://partner.example/v1?x=1#top":     "remove the query from ? and the fragment from #",
		"https://ann:s3cret@partner.example/v1":  "base URL https://partner.example/v1 must be the partner address alone: remove the user name or password before @",
		"https://s3cret@partner.example/v1?":     "remove the user name or password before @ (the token is kept in the keyring) and the query from ?",
		"ann:s3cret@partner.example/v1":          "is not an absolute URL",
		"https://ann:s3cret@partner example/v1":  "not an absolute URL",
		"http://ann:s3cret@127.0.0.1:8080/v1?a#": "remove the user name",
	} {
		_, err := ParseBaseURL(in)
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "s3cret") || strings.Contains(err.Error(), "ann") {
			t.Errorf("ParseBaseURL(%q) = %v; want an error with %q and no user info", in, err, want)
		}
	}
	for in, want := range map[string]string{
		"https://ann:s3cret@partner.example/v1": "https://partner.example/v1",
		"ann:s3cret@partner.example/v1":         "partner.example/v1",
		"https://ann@partner example/v1":        "https://partner example/v1",
		"https://partner.example/v1?u=a@b":      "https://partner.example/v1?u=a@b",
	} {
		if got := DisplayBaseURL(in); got != want {
			t.Errorf("DisplayBaseURL(%q) = %q, want %q", in, got, want)
		}
	}
}

// Plain http goes to a name only if it resolves to loopback addresses
// alone: a "localhost" that also resolves elsewhere, or not at all, is
// refused.
func TestPlainHTTPToANameNeedsLoopbackAlone(t *testing.T) {
	resolved := map[string][]string{
		"localhost":     {"127.0.0.1", "::1"},
		"dev.localhost": {"127.0.0.1", "192.0.2.7"},
		"partner.test":  {"192.0.2.8"},
	}
	defer func(old func(context.Context, string) ([]net.IPAddr, error)) { lookupIPAddr = old }(lookupIPAddr)
	lookupIPAddr = func(_ context.Context, host string) ([]net.IPAddr, error) {
		var out []net.IPAddr
		for _, a := range resolved[host] {
			out = append(out, net.IPAddr{IP: net.ParseIP(a)})
		}
		if out == nil {
			return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
		}
		return out, nil
	}
	if _, err := ParseBaseURL("http://localhost:8080/v1"); err != nil {
		t.Errorf("localhost resolving to loopback alone: %v", err)
	}
	for _, host := range []string{"dev.localhost", "partner.test", "nowhere.test"} {
		if _, err := ParseBaseURL("http://" + host + "/v1"); err == nil || !strings.Contains(err.Error(), "refusing plain http") {
			t.Errorf("http to %s: %v", host, err)
		}
	}
	if _, err := ParseBaseURL("https://partner.test/v1"); err != nil {
		t.Errorf("https needs no lookup: %v", err)
	}
}
