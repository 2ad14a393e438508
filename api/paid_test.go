package api

import (
	"net/url"
	"strings"
	"testing"

	"github.com/padview/padview/api/advert"
)

func TestParsePAIDAccepts(t *testing.T) {
	cases := map[string]string{
		"AB12CD":                     "AB12CD",
		"  PAD-2026-000000123456 \n": "PAD-2026-000000123456",
		"ad_ünïcode-1":               "ad_ünïcode-1",
		"https://api.partner.example/v1/advertisement/AB12CD":       "AB12CD",
		"https://api.partner.example/v1/advertisement-full/XK9P2M/": "XK9P2M",
		"http://127.0.0.1:8080/v1/advertisement/PAD-1?x=1#frag":     "PAD-1",
		"/v1/advertisement/%C3%A4bc":                                "äbc",
		strings.Repeat("A", MaxPAIDLength):                          strings.Repeat("A", MaxPAIDLength),
	}
	for in, want := range cases {
		got, err := ParsePAID(in)
		if err != nil || got != want {
			t.Errorf("ParsePAID(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}

func TestParsePAIDRefuses(t *testing.T) {
	cases := map[string]string{
		"":                                    "empty",
		"   ":                                 "empty",
		"AB 12":                               "space",
		"AB\t12":                              "space",
		"AB/12":                               `'/'`,
		`AB\12`:                               `'\\'`,
		"AB?x":                                `'?'`,
		"AB#x":                                `'#'`,
		"AB%2F":                               `'%'`,
		".":                                   "path segment",
		"..":                                  "path segment",
		"AB\x1b[31m":                          "control",
		"AB\u202eDC":                          "invisible",
		"AB\xff":                              "UTF-8",
		strings.Repeat("A", MaxPAIDLength+1):  "257 characters",
		"https://x.example/v1/advertisement/": "empty",
	}
	for in, want := range cases {
		_, err := ParsePAID(in)
		if err == nil {
			t.Errorf("ParsePAID(%q) accepted", in)
			continue
		}
		if KindOf(err) != KindInvalidPAID || !strings.Contains(err.Error(), want) {
			t.Errorf("ParsePAID(%q) = %v (kind %v); want message naming %q", in, err, KindOf(err), want)
		}
		if strings.ContainsRune(err.Error(), 0x1b) {
			t.Errorf("error message for %q carries ESC", in)
		}
	}
}

func TestEndpointPathIsOneEscapedSegment(t *testing.T) {
	p := endpointPath("a b:ü", advert.Full)
	if p != "/advertisement-full/a%20b:%C3%BC" {
		t.Fatalf("endpointPath = %q", p)
	}
}

func FuzzParsePAID(f *testing.F) {
	for _, s := range []string{"AB12CD", "PAD-2026-000000123456", "../x", "a/b", "%2e%2e", "https://h/v1/advertisement/X", " \u202e "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		id, err := ParsePAID(in)
		if err != nil {
			return
		}
		if id == "" || id == "." || id == ".." || strings.ContainsAny(id, "/\\?#% \t\r\n") {
			t.Fatalf("accepted unsafe PAID %q from %q", id, in)
		}
		for _, v := range []advert.View{advert.Standard, advert.Full} {
			u, perr := url.Parse("https://h.example/v1" + endpointPath(id, v))
			if perr != nil {
				t.Fatalf("path for %q does not parse: %v", id, perr)
			}
			segs := strings.Split(strings.TrimPrefix(u.EscapedPath(), "/v1/"), "/")
			if len(segs) != 2 {
				t.Fatalf("PAID %q escaped into %d path segments", id, len(segs))
			}
			if un, _ := url.PathUnescape(segs[1]); un != id {
				t.Fatalf("PAID %q round-trips as %q", id, un)
			}
		}
	})
}
