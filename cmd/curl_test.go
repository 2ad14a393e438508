package cmd

import (
	"strings"
	"testing"

	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/keystore"
)

// The curl line (-v's "reproduce:") names where the token is, never the
// token: `$(padview --profile NAME token print)` for the keyring's, with
// -i and the Accept header; $PADVIEW_TOKEN where the variable gave it.
func TestCurlLineNamesWhereTheTokenIs(t *testing.T) {
	s := startFake(t, fake.Options{})
	h := newHarness(t)
	h.writeConfig("[profiles.staging]\nbase_url = \"" + s.URL + "\"\n")
	h.keys.Set(keystore.Service, "staging", fake.DemoToken)
	_, _, errs := h.run("--profile", "staging", "get", "-v", "AB12CD")
	want := `reproduce: curl -sS -i -H 'Accept: application/json' -H "Authorization: Bearer $(padview --profile staging token print)" '` + s.URL + `/advertisement/AB12CD'`
	if !strings.Contains(errs, want) || strings.Contains(errs, fake.DemoToken) {
		t.Errorf("keyring token: stderr lacks\n%s\n%s", want, errs)
	}
	h.vars[keystore.EnvToken] = fake.DemoToken
	_, _, errs = h.run("--profile", "staging", "get", "-v", "AB12CD")
	if !strings.Contains(errs, `-H "Authorization: Bearer $PADVIEW_TOKEN" '`) || strings.Contains(errs, "token print") || strings.Contains(errs, fake.DemoToken) {
		t.Errorf("PADVIEW_TOKEN: %s", errs)
	}
}
