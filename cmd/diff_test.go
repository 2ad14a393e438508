package cmd

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/keystore"
)

func TestDiffTextAndExitCodes(t *testing.T) {
	h, s := withService(t, fake.Options{})
	code, out, errs := h.run("diff", "AB12CD", "AB12CE")
	if code != ExitDiffers || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	for _, want := range []string{
		"AB12CD → AB12CE: 11 changes\n",
		"  + only in AB12CE   - only in AB12CD   ~ changed (AB12CD → AB12CE)\n",
		"\nCampaign\n  ~ Total value: EUR 48,250.00 → EUR 52,000.00\n",
		"\nSponsors\n  + Northbank Harbour Traders\n      + Kind: association\n",
		"      + Contribution: EUR 3,750\n",
		"  ~ Techniques: location, age band, interest: environment → location, age band\n",
		"  - Amplification tools: lookalike audience\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// Groups appear in the order of advert.Groups.
	if i, j := strings.Index(out, "\nSponsors\n"), strings.Index(out, "\nBasic Information\n"); i < 0 || j < i {
		t.Errorf("groups out of order:\n%s", out)
	}
	if strings.Contains(out, "@") {
		t.Errorf("the standard-view comparison shows an email:\n%s", out)
	}

	before := s.Stats().Requests
	code, out, _ = h.run("diff", "AB12CD", "https://partner.example/v1/advertisement/AB12CD")
	if code != ExitOK || out != "AB12CD and AB12CD have the same normalized fields.\n" {
		t.Fatalf("equal: exit %d\n%s", code, out)
	}
	if n := s.Stats().Requests - before; n != 1 {
		t.Errorf("the same advertisement was fetched %d times", n)
	}

	serverError := func() { s.Inject(fake.Fault{Kind: fake.FaultStatus, Status: 500}, 1) }
	cases := []struct {
		name  string
		setup func()
		args  []string
		want  int
	}{
		{"one missing", nil, []string{"diff", "AB12CD", "NOPE99"}, ExitNotFound},
		{"server failing", serverError, []string{"diff", "AB12CE", "AB12CD"}, ExitDiffFailed},
		{"a failure outranks not found", serverError, []string{"diff", "NOPE99", "AB12CD"}, ExitDiffFailed},
		{"malformed PAID", nil, []string{"diff", "AB/12", "AB12CD"}, ExitUsage},
		{"one PAID only", nil, []string{"diff", "AB12CD"}, ExitUsage},
		{"three PAIDs", nil, []string{"diff", "AB12CD", "AB12CE", "XK9P2M"}, ExitUsage},
	}
	for _, c := range cases {
		if c.setup != nil {
			c.setup()
		}
		code, out, errs := h.run(c.args...)
		if code != c.want {
			t.Errorf("%s: exit %d, want %d (stderr %q)", c.name, code, c.want, errs)
		}
		if out != "" {
			t.Errorf("%s: output on failure: %q", c.name, out)
		}
	}
	h.vars[keystore.EnvToken] = "wrong-token"
	if code, _, errs := h.run("diff", "AB12CD", "AB12CE"); code != ExitToken || strings.Contains(errs, "wrong-token") {
		t.Errorf("rejected token: exit %d, stderr %q", code, errs)
	}
}

func TestDiffJSON(t *testing.T) {
	h, _ := withService(t, fake.Options{})
	code, out, _ := h.run("diff", "--json", "AB12CD", "AB12CE")
	if code != ExitDiffers || strings.Count(out, "\n") != 1 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	var got struct {
		A, B    string
		Equal   bool
		Changes []struct {
			Group, Party, Path, Change string
			A, B                       json.RawMessage
		}
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.A != "AB12CD" || got.B != "AB12CE" || got.Equal || len(got.Changes) != 11 {
		t.Fatalf("%+v", got)
	}
	c := got.Changes[1]
	if c.Group != "sponsors" || c.Party != "Northbank Harbour Traders" || c.Path != "" || c.Change != "added" || c.A != nil ||
		!strings.Contains(string(c.B), `"contribution":{"amount":"3750","currency":"EUR"}`) { // a typed amount
		t.Errorf("added sponsor: %+v", c)
	}
	if c := got.Changes[0]; c.Group != "campaign" || c.Path != "/totalValue" || c.Change != "changed" {
		t.Errorf("first change: %+v", c)
	}
	code, out, _ = h.run("diff", "--json", "XK9P2M", "XK9P2M")
	if code != ExitOK || out != `{"a":"XK9P2M","b":"XK9P2M","equal":true,"changes":[]}`+"\n" {
		t.Fatalf("equal: exit %d %s", code, out)
	}
}
