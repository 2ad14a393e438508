package ui

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/fake"
)

// Every kind of failure has a row in the TUI's table: words for the
// status bar and a next step for the error pane, in either view. A kind
// added to api without a row here fails this test.
func TestEveryKindHasTUIWords(t *testing.T) {
	for _, k := range api.Kinds() {
		f, ok := tuiFailures[k]
		if !ok || f.status == nil || f.advice == nil {
			t.Errorf("%s: no row, or no words, in tuiFailures", k)
			continue
		}
		for _, view := range []advert.View{advert.Standard, advert.Full} {
			ae := &api.Error{Kind: k, PAID: "AB12CD", Status: 500}
			l := lookup{paid: "AB12CD", view: view}
			if _, words, _ := errorStatus(ae, l); strings.TrimSpace(words) == "" {
				t.Errorf("%s, %s view: no words for the status bar", k, view)
			}
			ex := &exchange{lookup: l, err: ae, rec: &api.Exchange{}}
			if adv := ex.advice(); len(adv) == 0 || adv[0] == "" {
				t.Errorf("%s, %s view: no next step", k, view)
			}
		}
	}
	if len(tuiFailures) != len(api.Kinds()) {
		t.Errorf("tuiFailures has %d rows for %d kinds", len(tuiFailures), len(api.Kinds()))
	}
}

// The error pane puts the domain's advice first, as one sentence, and
// the TUI's own steps after it: the CLI says the same words (issue 24 §6).
func TestTUISaysTheDomainsAdviceFirst(t *testing.T) {
	for _, ae := range fake.AdvisedFailures() {
		ex := &exchange{lookup: lookup{paid: "AB12CD"}, err: ae, rec: &api.Exchange{}}
		adv := ex.advice()
		if a := ae.Advice(); a == "" || adv[0] != sentence(a) || strings.Contains(strings.Join(adv[1:], " "), a) {
			t.Errorf("%s (%d): advice %q, pane %q", ae.Kind, ae.Status, a, adv)
		}
	}
}

// configAt is the demo's configuration with the service at base.
func configAt(s *fake.Server, base string) Config {
	cfg := demoConfig(s)
	cfg.BaseURL = base
	cfg.NewClient = func(tok string) (*api.Client, error) {
		return api.New(base, tok, api.Options{BackoffBase: time.Millisecond, BackoffMax: time.Millisecond})
	}
	return cfg
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

// TestProgramOneAdviceForEachFailure runs issue 24 §6's failures in the
// TUI: a wrong base URL never says r tries again nor offers r as a retry
// or a new token; connection refused asks whether the service is up and
// the base URL right, with no request id and no token step; a withdrawn
// advertisement says so and where its history is; a 404 web page points
// at the base URL too. The words are the CLI's (TestOneAdviceForEachFailure).
func TestProgramOneAdviceForEachFailure(t *testing.T) {
	t.Parallel() // each program has its own fake, clock and terminal
	s := startFake(t, fake.Options{DemoTriggers: true})
	refused, err := fake.RefusedURL()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, base, paid string
		want             []string
		not              []string
	}{
		{"wrong base URL", elsewhere(t, fake.NginxPage), "AB12CD",
			[]string{"✗ No such endpoint (404) · check the base URL", "Check the base URL: it is the partner address ending in the version", "padview reads the base URL when it starts"},
			[]string{"r tries again", "r retries", "t new token", "r retry"}},
		{"connection refused", refused, "AB12CD",
			[]string{"✗ Cannot reach the service", "Check that the service is up and that the base URL names the right host and port.", "r tries again once the service is up."},
			[]string{"request id", "t new token", "t enters"}},
		{"withdrawn", "", "DEMO-410",
			[]string{"✗ Advertisement DEMO-410 withdrawn (410)", "The service no longer shows it; if it was watched, its watch history keeps its last version.", "padview did not watch it here"},
			[]string{"Check the PAID", "r tries again"}},
		{"a 404 web page", elsewhere(t, fake.PortalPage), "AB12CD",
			[]string{"No advertisement with PAID AB12CD (404)", "A web page answered, not the partner interface: if every PAID is not found, check the base URL", "Check the PAID: o enters another"},
			nil},
		{"a web page with 200", "", "DEMO-HTML",
			[]string{"✗ A web page came, not JSON (200) · check the base URL", "Check the base URL: it is the partner address ending in the version"},
			[]string{"r tries again", "r retries", "t new token", "r retry"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			cfg := demoConfig(s)
			if c.base != "" {
				cfg = configAt(s, c.base)
			}
			tm, _ := program(t, cfg, 200, 30)
			waitFor(t, tm, "Look up a political advertisement")
			tm.Type(c.paid)
			send(tm, "enter")
			waitFor(t, tm, c.want...)
			m := finalModel(t, tm)
			scr := screen(m)
			requireContains(t, scr, c.want...)
			for _, n := range c.not {
				if strings.Contains(scr, n) {
					t.Errorf("the screen says %q:\n%s", n, scr)
				}
			}
		})
	}
}
