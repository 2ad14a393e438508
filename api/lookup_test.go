package api

import (
	"testing"

	"github.com/padview/padview/api/advert"
)

func TestParseLookup(t *testing.T) {
	const base = "https://api.partner.example/v1"
	cases := []struct {
		in        string
		want      Lookup
		elsewhere string
	}{
		{"AB12CD", Lookup{PAID: "AB12CD"}, ""},
		{"  XK9P2M ", Lookup{PAID: "XK9P2M"}, ""},
		{"https://api.partner.example/v1/advertisement/AB12CD", Lookup{PAID: "AB12CD", FromURL: true}, ""},
		{"https://API.partner.example/v1/advertisement-full/XK9P2M/", Lookup{PAID: "XK9P2M", FromURL: true, View: advert.Full}, ""},
		{"/v1/advertisement-full/XK9P2M", Lookup{PAID: "XK9P2M", FromURL: true, View: advert.Full}, ""},
		{"https://other.example/v1/advertisement/AB12CD", Lookup{PAID: "AB12CD", FromURL: true}, "https://other.example/v1"},
		{"https://api.partner.example/v2/advertisement-full/AB12CD", Lookup{PAID: "AB12CD", FromURL: true, View: advert.Full}, "https://api.partner.example/v2"},
		{"http://api.partner.example/v1/advertisement/AB12CD", Lookup{PAID: "AB12CD", FromURL: true}, "http://api.partner.example/v1"},
		{"/v2/advertisement/AB12CD", Lookup{PAID: "AB12CD", FromURL: true}, "/v2"},
	}
	for _, c := range cases {
		got, err := ParseLookup(c.in, base)
		c.want.Elsewhere = c.elsewhere
		if err != nil || got != c.want {
			t.Errorf("ParseLookup(%q) = %+v, %v; want %+v", c.in, got, err, c.want)
		}
	}
}

func TestParseLookupRefusesLikeParsePAID(t *testing.T) {
	for _, in := range []string{"", "AB 12", "AB/12", "https://api.partner.example/v1/advertisement/"} {
		_, err := ParseLookup(in, "https://api.partner.example/v1")
		_, want := ParsePAID(in)
		if err == nil || want == nil || err.Error() != want.Error() {
			t.Errorf("ParseLookup(%q) = %v; ParsePAID says %v", in, err, want)
		}
	}
}

func TestParseLookupLoopbackBase(t *testing.T) {
	base := "http://127.0.0.1:8080/v1"
	got, err := ParseLookup("http://127.0.0.1:8080/v1/advertisement-full/XK9P2M", base)
	if err != nil || got.Elsewhere != "" || got.View != advert.Full {
		t.Fatalf("same loopback service: %+v, %v", got, err)
	}
	got, _ = ParseLookup("http://127.0.0.1:9090/v1/advertisement/XK9P2M", base)
	if got.Elsewhere != "http://127.0.0.1:9090/v1" {
		t.Fatalf("another port: %+v", got)
	}
}
