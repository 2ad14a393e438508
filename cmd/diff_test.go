package cmd

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path"
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
		"AB12CD standard → AB12CE standard: 11 changes\n",
		"  + only in AB12CE   - only in AB12CD   ~ changed (AB12CD → AB12CE)\n",
		"\nCampaign\n  ~ Total value: EUR 48,250.00 → EUR 52,000.00\n",
		"\nSponsors\n  + Northbank Harbour Traders\n      + Kind: association\n",
		"      + Contribution: EUR 3,750.00\n",
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
	code, out, _ = h.run("diff", "AB12CD", s.URL+"/advertisement/AB12CD") // a URL of the profile's service
	if code != ExitOK || out != "AB12CD standard and AB12CD standard have the same normalized fields.\n" {
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
	if code != ExitOK || out != `{"a":"XK9P2M","b":"XK9P2M","aView":"standard","bView":"standard","equal":true,"changes":[]}`+"\n" {
		t.Fatalf("equal: exit %d %s", code, out)
	}
}

// --mask and mask_personal_data mask what diff prints, in text and JSON;
// the comparison is made on the values, so a change the mask hides still
// makes the advertisements differ.
func TestDiffMask(t *testing.T) {
	bodies := map[string]string{
		"MASK1A": `{"advertiser": {"companyName": "R", "complaintsContact": "maren.holt@example.org"},
			"basicInformation": {"description": "Write to maren.holt@example.org or call +44 20 7946 0000", "firstPublished": "2026-09-01"},
			"sponsors": [{"name": "S", "contact": "+44 20 7946 0001"}]}`,
		"MASK1B": `{"advertiser": {"companyName": "R", "complaintsContact": "mona.holt@example.org"},
			"basicInformation": {"description": "Write to maren.holt@example.org or call +44 20 7946 0099", "firstPublished": "2026-09-02"},
			"sponsors": [{"name": "S", "contact": "+44 20 7946 0002"}, {"name": "T", "note": "t.one@example.org"}]}`,
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(bodies[path.Base(r.URL.Path)]))
	}))
	t.Cleanup(srv.Close)
	h := newHarness(t)
	h.vars[EnvBaseURL] = srv.URL + "/v1"
	h.vars[keystore.EnvToken] = fake.DemoToken
	secrets := []string{"maren.holt", "mona.holt", "7946 00", "t.one@"}

	_, plain, _ := h.run("diff", "MASK1A", "MASK1B")
	if !strings.Contains(plain, "mona.holt@example.org") {
		t.Fatalf("unmasked diff:\n%s", plain)
	}
	for _, args := range [][]string{{"diff", "--mask", "MASK1A", "MASK1B"}, {"diff", "--mask", "--json", "MASK1A", "MASK1B"}} {
		code, out, errs := h.run(args...)
		if code != ExitDiffers {
			t.Fatalf("%q: exit %d, %q", args, code, errs)
		}
		for _, s := range secrets {
			if strings.Contains(out, s) {
				t.Errorf("%q shows %q:\n%s", args, s, out)
			}
		}
		if !strings.Contains(out, "2026-09-02") {
			t.Errorf("%q masks a date:\n%s", args, out)
		}
	}
	_, out, _ := h.run("diff", "--mask", "MASK1A", "MASK1B")
	for _, want := range []string{"MASKED · personal data hidden for screen sharing\n",
		"~ Complaints contact: m•••@example.org → m•••@example.org (they differ in what is hidden)",
		"~ S › Contact: +44 ••• •• 01 → +44 ••• •• 02", "+ Note: t•••@example.org"} {
		if !strings.Contains(out, want) {
			t.Errorf("masked text lacks %q:\n%s", want, out)
		}
	}
	_, out, _ = h.run("diff", "--mask", "--json", "MASK1A", "MASK1B")
	var r struct {
		Masked  bool
		Changes []json.RawMessage
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil || !r.Masked || len(r.Changes) != 5 {
		t.Errorf("masked JSON (%v):\n%s", err, out)
	}
	h.writeConfig("[profiles.default]\nmask_personal_data = true\n")
	code, out, _ := h.run("diff", "MASK1A", "MASK1B")
	if code != ExitDiffers || !strings.HasPrefix(out, "MASKED") || strings.Contains(out, "maren.holt") {
		t.Errorf("mask_personal_data: exit %d\n%s", code, out)
	}
	// Equal documents are equal under the mask too.
	if code, _, _ := h.run("diff", "--mask", "MASK1A", "MASK1A"); code != 0 {
		t.Errorf("the same advertisement: exit %d", code)
	}
}
