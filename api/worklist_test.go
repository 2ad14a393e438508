package api

import "testing"

// A word alone is a PAID unless it may be a mistyped name; among the
// words of running text only one with a digit or an endpoint URL is.
func TestMeantAsPAID(t *testing.T) {
	names := []string{"get", "check", "diff", "token", "audit", "demo-server", "help"}
	for word, want := range map[string]bool{
		"AB12CD":      true,
		"DEMO-HTML":   true, // a '-': no command name is mistyped into one
		"DEMO-SLOW":   true,
		"DEMOBADJSON": true,  // far from every name
		"HTML":        true,  // 3 from help
		"gte":         false, // 2 from get
		"GET":         false, // case aside
		"Chekc":       false,
		"tokn":        false,
		"aud":         false, // begins audit
		"nonsense":    true,
		"https://partner.example/v1/advertisement/ZZ7Q1A": true,
	} {
		if got := MeantAsPAID(word, names); got != want {
			t.Errorf("MeantAsPAID(%q) = %v, want %v", word, got, want)
		}
		if !MeantAsPAID(word, nil) {
			t.Errorf("with no names %q is no PAID", word)
		}
	}
	for word, want := range map[string]bool{"PAID": true, "Advertisement": true, "AB12CD": false, "DEMO-HTML": false} {
		if got := LooksLikeHeading(word); got != want {
			t.Errorf("LooksLikeHeading(%q) = %v, want %v", word, got, want)
		}
	}
	for word, want := range map[string]bool{"AB12CD": true, "Please": false, "DEMO-HTML": false, "PAID:": false,
		"partner.example/v1/advertisement/XK9P2M": true} {
		if got := LooksLikePAID(word); got != want {
			t.Errorf("LooksLikePAID(%q) = %v, want %v", word, got, want)
		}
	}
}

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{{"", "", 0}, {"gte", "get", 2}, {"tokn", "token", 1}, {"check", "check", 0}, {"", "abc", 3}, {"kitten", "sitting", 3}, {"é", "e", 1}} {
		if got := editDistance(c.a, c.b); got != c.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}
