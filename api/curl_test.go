package api

import (
	"context"
	"strings"
	"testing"

	"github.com/padview/padview/api/advert"
)

// The curl command runs as it is (issue 24 §3): -i for the status and
// headers, padview's Accept header, and where the token goes the shell
// words that yield it, never the token.
func TestCurlCommandRunsAsIs(t *testing.T) {
	const want = `curl -sS -i -H 'Accept: application/json' -H "Authorization: Bearer $(padview --profile staging token print)" 'https://p.example/v1/advertisement/AB12CD'`
	if got := curlCommand("https://p.example/v1/advertisement/AB12CD", TokenPrintRef(false, "staging")); got != want {
		t.Errorf("curl command\n got %s\nwant %s", got, want)
	}
	if got := curlCommand("https://p.example/v1/advertisement/X", ""); !strings.Contains(got, `"Authorization: Bearer $PADVIEW_TOKEN"`) {
		t.Errorf("without a ref: %s", got)
	}
	for _, c := range []struct {
		demo          bool
		profile, want string
	}{
		{false, "", "$(padview token print)"},
		{false, "default", "$(padview token print)"},
		{false, "staging", "$(padview --profile staging token print)"},
		{false, "eu west", "$(padview --profile 'eu west' token print)"},
		{false, `it's"$(rm)`, `$(padview --profile 'it'\''s"$(rm)' token print)`},
		{true, "", "$(padview --demo token print)"},
	} {
		if got := TokenPrintRef(c.demo, c.profile); got != c.want {
			t.Errorf("demo %v, profile %q: %s, want %s", c.demo, c.profile, got, c.want)
		}
	}
}

// A client's exchanges carry its TokenRef, and the token is nowhere in
// the curl command.
func TestExchangeCurlUsesTheTokenRef(t *testing.T) {
	const token = "tok-curl-ref-0123456789"
	c, err := New("http://127.0.0.1:1/v1", token, Options{MaxRetries: -1, TokenRef: TokenPrintRef(false, "staging")})
	if err != nil {
		t.Fatal(err)
	}
	_, ex, _ := c.Get(context.Background(), "AB12CD", advert.Standard)
	if ex == nil || !strings.Contains(ex.Curl, "$(padview --profile staging token print)") || strings.Contains(ex.Curl, token) {
		t.Fatalf("curl command: %+v", ex)
	}
}
