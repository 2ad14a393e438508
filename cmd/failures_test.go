package cmd

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/fake"
)

// Every kind of failure has a row in the CLI's table: an exit code from
// the documented ones, and a next step that can be asked for. A kind
// added to api without a row here fails this test.
func TestEveryKindHasCLIWords(t *testing.T) {
	env := &Env{}
	for _, k := range api.Kinds() {
		f, ok := cliFailures[k]
		switch {
		case !ok:
			t.Errorf("%s: no row in cliFailures", k)
			continue
		case f.next == nil:
			t.Errorf("%s: no next step (noStep says there is none)", k)
			continue
		}
		if _, known := severity[f.code]; !known || f.code == ExitOK {
			t.Errorf("%s: exit code %d is not one of padview's failure codes", k, f.code)
		}
		ae := &api.Error{Kind: k, PAID: "AB12CD", Status: 500}
		if got := env.failure(ae); len(got) < len(ae.Error()) {
			t.Errorf("%s: %q drops what happened", k, got)
		}
	}
	if len(cliFailures) != len(api.Kinds()) {
		t.Errorf("cliFailures has %d rows for %d kinds", len(cliFailures), len(api.Kinds()))
	}
}

// Every outcome a failed lookup can come to names the PAID in a check
// summary.
func TestEveryOutcomeIsMissedByName(t *testing.T) {
	for _, o := range []api.Outcome{api.OutcomeFailed, api.OutcomeAbsent, api.OutcomeInvalid, api.OutcomeCanceled} {
		if missedFor[o] == "" {
			t.Errorf("outcome %d has no word in a check summary", o)
		}
	}
}

// elsewhere is a web server that is not the partner interface, every
// path answering 404 with page; its base URL.
func elsewhere(t *testing.T, page string) string {
	t.Helper()
	e, err := fake.StartElsewhere(http.StatusNotFound, page)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	return e.URL
}

// One advice for each failure (issue 24 §6): a wrong base URL, a 404 web
// page, connection refused and a withdrawn advertisement are each worded
// once, by the domain (api.Error.Advice), and the CLI says that advice
// after what happened, then its own step. Connection refused names no
// request id and no token step.
func TestOneAdviceForEachFailure(t *testing.T) {
	refused, err := fake.RefusedURL()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, base, paid string
		code             int
		want             []string
		not              []string
	}{
		{"wrong base URL", elsewhere(t, fake.NginxPage), "AB12CD", ExitUsage,
			[]string{"the service has no such endpoint: ", "; " + api.CheckBaseURL + "\n"}, []string{"token", "identifier"}},
		{"a web server's 404 that quotes the path", elsewhere(t, fake.ApachePage), "AB12CD", ExitUsage,
			[]string{"the service has no such endpoint: ", "; " + api.CheckBaseURL + "\n"}, []string{"no advertisement", "identifier"}},
		{"a 404 web page naming the advertisement", elsewhere(t, fake.PortalPage), "AB12CD", ExitNotFound,
			[]string{"no advertisement with PAID AB12CD (HTTP 404)", "; a web page answered, not the partner interface: if every PAID is not found, " + api.CheckBaseURL + "; check the identifier\n"}, nil},
		{"connection refused", refused, "AB12CD", ExitFailure,
			[]string{"could not reach the partner service", "connection refused", "; check that the service is up and that the base URL names the right host and port\n"},
			[]string{"token", "request id", "try again"}},
		{"withdrawn", "", "DEMO-410", ExitNotFound,
			[]string{"padview: DEMO-410: advertisement DEMO-410 was withdrawn (HTTP 410, gone)", "; the service no longer shows it; if it was watched, its watch history keeps its last version; `padview watch log DEMO-410` shows it\n"},
			[]string{"identifier"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h, s := withService(t, fake.Options{DemoTriggers: true})
			h.opts = api.Options{BackoffBase: time.Millisecond, BackoffMax: time.Millisecond}
			if c.base != "" {
				h.vars[EnvBaseURL] = c.base
			} else {
				h.vars[EnvBaseURL] = s.URL
			}
			code, out, errs := h.run("get", c.paid)
			if code != c.code || out != "" || strings.Count(errs, "\n") != 1 {
				t.Fatalf("exit %d, want %d\nstdout %q\n%s", code, c.code, out, errs)
			}
			for _, w := range c.want {
				if !strings.Contains(errs, w) {
					t.Errorf("stderr lacks %q:\n%s", w, errs)
				}
			}
			for _, n := range c.not {
				if strings.Contains(errs, n) {
					t.Errorf("stderr has %q:\n%s", n, errs)
				}
			}
		})
	}
}

// The CLI says the domain's advice once, whatever its own step adds.
func TestCLISaysTheDomainsAdviceOnce(t *testing.T) {
	env := &Env{}
	for _, ae := range fake.AdvisedFailures() {
		a := ae.Advice()
		if got := env.failure(ae); a == "" || strings.Count(got, a) != 1 {
			t.Errorf("%s (%d): advice %q said %d times in %q", ae.Kind, ae.Status, a, strings.Count(got, a), got)
		}
	}
}
