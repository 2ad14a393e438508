package api_test

import (
	"encoding/base64"
	"html"
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/fake"
)

var redactTokens = []string{
	"pv_live/AbC+9&x<y>",                                    // characters JSON, URLs and HTML escape
	"pvt_9fQ2xLr8ZkT4mW7nB3cVq1Hs",                          // a plain bearer token
	"tok%41&amp;\\n-7Zq",                                    // escapes' first characters, written as such
	"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJwYWRzIn0.c2lnbmF0dXJl", // a JWT
}

// Every encoding of the token, anywhere in an answer, is replaced by
// [token], and what stands around it is kept.
func TestRedactionSeesThroughEncodings(t *testing.T) {
	for _, tok := range redactTokens {
		for _, e := range fake.TokenEchoes(tok) {
			if strings.HasPrefix(e.Name, "base64") {
				in := `{"debug":"` + e.Text + `"}`
				got := api.RedactStringForTest(tok, in)
				if strings.Count(got, api.TokenMark) != 1 || holdsToken(got, tok) {
					t.Errorf("token %q, %s: %q became %q", tok, e.Name, in, got)
				}
				continue
			}
			for _, around := range [][2]string{{`{"error":"token `, ` is not valid"}`}, {"", ""}, {"Bearer ", "\r\n"}, {"7", "."}} {
				in := around[0] + e.Text + around[1]
				got := api.RedactStringForTest(tok, in)
				if want := around[0] + api.TokenMark + around[1]; got != want {
					t.Errorf("token %q, %s: %q\n  became %q\n  want   %q", tok, e.Name, in, got, want)
				}
			}
		}
	}
}

// holdsToken reports whether s, or any base64 text in it decoded, holds
// tok or the longest run of it that a base64 edge could leave.
func holdsToken(s, tok string) bool {
	if strings.Contains(strings.ToLower(s), strings.ToLower(tok)) {
		return true
	}
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune(`"{}:,[] \`, r) }) {
		for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding, base64.RawStdEncoding, base64.RawURLEncoding} {
			if b, err := enc.DecodeString(f); err == nil && strings.Contains(string(b), tok[:len(tok)/2]) {
				return true
			}
		}
	}
	return false
}

// Text that only looks like an escape, or holds the token's start, is
// left alone; so is an answer without the token at all (the same bytes).
func TestRedactionLeavesOtherTextAlone(t *testing.T) {
	tok := redactTokens[0]
	for _, s := range []string{
		`{"name":"Smith & Co","rate":"100%","path":"C:\\temp","note":"&unknown; &#; &#x; %zz \u00e9 \ud83d\ude00"}`,
		"pv_live/AbC+9&x<y", // one character short
		"pv_live/AbC+9&x<z>",
		strings.Repeat("&", 100) + strings.Repeat(`\u`, 100) + strings.Repeat("%", 100) + strings.Repeat("&#x", 100),
		"",
	} {
		if got := api.RedactStringForTest(tok, s); got != s {
			t.Errorf("%q became %q", s, got)
		}
	}
	// Tokens too short to look for are not looked for.
	if got := api.RedactStringForTest("abc", "abc abc"); got != "abc abc" {
		t.Errorf("a 3-character token was looked for: %q", got)
	}
	// Two echoes side by side, and overlapping forms, make one mark each.
	two := tok + " and " + url.QueryEscape(tok) + html.EscapeString(tok)
	if got := api.RedactStringForTest(tok, two); got != api.TokenMark+" and "+api.TokenMark {
		t.Errorf("%q became %q", two, got)
	}
	if !utf8.ValidString(api.RedactStringForTest(tok, "é"+tok+"€")) {
		t.Error("redaction broke UTF-8 around the token")
	}
}
