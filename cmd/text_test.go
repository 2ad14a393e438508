package cmd

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/keystore"
)

// hostileAd repeats a member name with another value, hides characters in
// names and values, and sends a typed field padview cannot read; its
// advertiser lacks most of the spec's fields and has a null one.
const hostileAd = `{"paid":"AB12CD",
 "advertiser":{"companyName":"Acme Ltd","companyName":"Evil Corp","legalName":null,"city":"Pay\u200bPal \u202eytic"},
 "campaign":{"name":"C","totalValue":"22,000","startDate":"2026-05-01"},
 "other\u2066":{"note\u0007":"x\u001b[2Jy"}}`

func hostileService(t *testing.T, body string) *harness {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(body))
	}))
	t.Cleanup(srv.Close)
	h := newHarness(t)
	h.vars[EnvBaseURL] = srv.URL + "/v1"
	h.vars[keystore.EnvToken] = fake.DemoToken
	return h
}

func TestTextShowsWarningsAbsentAndNull(t *testing.T) {
	h := hostileService(t, hostileAd)
	code, out, errs := h.run("get", "--full", "--accept-personal-data", "AB12CD")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	for _, want := range []string{
		"Warnings (2)",
		`  ! "/advertiser": member "companyName" appears more than once; kept the first value "Acme Ltd", not "Evil Corp"`,
		`  ! campaign.totalValue: "22,000" is ambiguous`,
		"Company name    Acme Ltd",
		"Legal name      not disclosed",
		"City            Pay⟨U+200B⟩Pal ⟨U+202E⟩ytic",
		"Email           not in this response",
		"Street address  not in this response",
		"End date     not in this response",
		"Total value  22,000",
		"Note␇  x␛[2Jy",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "Evil Corp\n") || strings.ContainsAny(out, "\x1b\x07\u200b\u202e\u2066") {
		t.Errorf("text shows the dropped duplicate or a hidden character:\n%q", out)
	}
	// The standard view says where personal fields are.
	_, out, _ = h.run("get", "AB12CD")
	if !strings.Contains(out, "Email           not in the standard view") {
		t.Errorf("standard view:\n%s", out)
	}
}

func TestJSONEscapesAndWarns(t *testing.T) {
	h := hostileService(t, hostileAd)
	code, out, errs := h.run("get", "--json", "AB12CD")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	line := strings.TrimSuffix(out, "\n")
	for i := 0; i < len(line); i++ {
		if c := line[i]; c < 0x20 || c >= 0x7f {
			t.Fatalf("byte %#x written raw at %d: %s", c, i, line)
		}
	}
	if !jsontext.Value(line).IsValid() { // strict: no name twice at any depth
		t.Fatalf("not strict JSON: %s", line)
	}
	for _, want := range []string{
		`"advertiser":{"companyName":"Acme Ltd","legalName":null,"city":"Pay\u200bPal \u202eytic"}`,
		`"other":{"other\u2066":{"note\u0007":"x\u001b[2Jy"}}`,
		`"totalValue":"22,000","startDate":"2026-05-01"}`,
		`"warnings":["\"/advertiser\": member \"companyName\" appears more than once; kept the first value \"Acme Ltd\", not \"Evil Corp\"",`,
	} {
		if !strings.Contains(line, want) {
			t.Errorf("--json lacks %s:\n%s", want, line)
		}
	}
	// Absent stays absent: endDate, email and the rest are not invented.
	if strings.Contains(line, "endDate") || strings.Contains(line, "email") {
		t.Errorf("--json invents absent members: %s", line)
	}
	// A clean answer still has the member, as an empty list.
	h, _ = withService(t, fake.Options{})
	if _, out, _ = h.run("get", "--json", "AB12CD"); !strings.Contains(out, `,"warnings":[],"provenance":{`) {
		t.Errorf("no empty warnings list: %s", out)
	}
}

// NUL0N3 sends "sponsors": null: not disclosed, neither an empty list nor
// an absent one, in JSON, text, Markdown and the check.
func TestNullSponsorListIsNotDisclosed(t *testing.T) {
	h, _ := withService(t, fake.Options{})
	code, out, errs := h.run("get", "--json", "NUL0N3")
	if code != 0 || !strings.Contains(out, `"sponsors":null`) || !strings.Contains(out, `"controllers":[{`) {
		t.Fatalf("exit %d, stderr %q, JSON:\n%s", code, errs, out)
	}
	_, out, _ = h.run("get", "NUL0N3")
	if !strings.Contains(out, "\nSponsors\n  not disclosed\n") || strings.Contains(out, "Sponsors (0)") {
		t.Errorf("text:\n%s", out)
	}
	_, out, _ = h.run("get", "--format", "markdown", "NUL0N3")
	if !strings.Contains(out, "## Sponsors\n\n_Not disclosed._") {
		t.Errorf("markdown:\n%s", out)
	}
	_, out, _ = h.run("check", "--json", "NUL0N3")
	if !strings.Contains(out, `"id":"sponsor.establishment","label":"Sponsor place of establishment","annex":1,"status":"declared_none"`) {
		t.Errorf("check:\n%s", out)
	}
}
