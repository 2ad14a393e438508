package api

import (
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
