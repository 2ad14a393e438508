package api

import (
	"errors"
	"strings"
	"testing"

	"github.com/padview/padview/api/advert"
)

// Every kind has a row in the domain's table: a machine name of its own
// and words for what happened. A kind added to the constants without a row
// fails here, before a front end says nothing of it.
func TestEveryKindHasTraits(t *testing.T) {
	if len(kinds) != len(Kinds()) {
		t.Errorf("the table has %d rows for %d kinds", len(kinds), len(Kinds()))
	}
	names := map[string]ErrorKind{}
	for _, k := range Kinds() {
		tr, ok := kinds[k]
		switch {
		case !ok:
			t.Errorf("kind %d has no row in kinds", k)
			continue
		case tr.name == "" || tr.describe == nil:
			t.Errorf("kind %d: name %q, describe set %v", k, tr.name, tr.describe != nil)
			continue
		}
		if other, dup := names[tr.name]; dup {
			t.Errorf("kinds %d and %d share the name %q", other, k, tr.name)
		}
		names[tr.name] = k
		if msg := (&Error{Kind: k, PAID: "AB12CD"}).Error(); msg == "" {
			t.Errorf("%s: no words for what happened", k)
		}
	}
}

// The table decides what a batch counts and where it stops: a rejected
// token stops every view, a refusal only the full view's; a 404 (or 410)
// is absent, not failed.
func TestKindTraitsDecideOutcomes(t *testing.T) {
	cases := []struct {
		err     error
		outcome Outcome
		halts   [2]bool // standard, full
		sweep   bool
	}{
		{nil, OutcomeFound, [2]bool{}, false},
		{&Error{Kind: KindUnauthorized}, OutcomeFailed, [2]bool{true, true}, true},
		{&Error{Kind: KindForbidden}, OutcomeFailed, [2]bool{false, true}, false},
		{&Error{Kind: KindConfig}, OutcomeFailed, [2]bool{}, true},
		{&Error{Kind: KindNotFound, Status: 410}, OutcomeAbsent, [2]bool{}, false},
		{&Error{Kind: KindInvalidPAID}, OutcomeInvalid, [2]bool{}, false},
		{&Error{Kind: KindCanceled}, OutcomeCanceled, [2]bool{}, false},
		{&Error{Kind: KindServer}, OutcomeFailed, [2]bool{}, false},
	}
	for _, c := range cases {
		if got := OutcomeOf(c.err); got != c.outcome {
			t.Errorf("%v: outcome %d, want %d", c.err, got, c.outcome)
		}
		if got := [2]bool{Halts(c.err, advert.Standard), Halts(c.err, advert.Full)}; got != c.halts {
			t.Errorf("%v: halts %v, want %v", c.err, got, c.halts)
		}
		if got := StopsSweep(c.err); got != c.sweep {
			t.Errorf("%v: stops a sweep %v, want %v", c.err, got, c.sweep)
		}
	}
}

// Advice is the one wording of the next step every front end gives alike
// (issue 24 §6): the base URL when what answered is not the partner
// interface, whether the service is up when nothing reached it, where a
// withdrawn advertisement's history is; none when only a front end's own
// step helps.
func TestAdviceIsWordedOnce(t *testing.T) {
	up := "check that the service is up and that the base URL names the right host and port"
	cases := []struct {
		err  *Error
		want string
	}{
		{&Error{Kind: KindConfig, Status: 404, URL: "https://p.example/v2/advertisement/X"}, CheckBaseURL},
		{&Error{Kind: KindConfig, Message: "base URL x does not end in a version segment: append /v1"}, ""}, // says its own fix
		{&Error{Kind: KindBadResponse, Status: 200, ContentType: "text/html", Snippet: "<!doctype html>"}, CheckBaseURL},
		{&Error{Kind: KindBadResponse, Status: 200, ContentType: "application/json", Snippet: `{"paid": "AB`}, ""},
		{&Error{Kind: KindHTTP, Status: 400, ContentType: "text/html", Snippet: "<html>"}, CheckBaseURL},
		{&Error{Kind: KindHTTP, Status: 400, ServerCode: "bad_request", ServerMessage: "no"}, ""},
		{&Error{Kind: KindNetwork, Err: errors.New("dial tcp 127.0.0.1:1: connect: connection refused")}, up},
		{&Error{Kind: KindNetwork, Message: "there is no host p.example: check the base URL"}, ""},
		{&Error{Kind: KindNetwork, Status: 200, Err: &cutShortError{}}, ""},
		{&Error{Kind: KindNotFound, Status: 410, PAID: "AB12CD"}, "the service no longer shows it; if it was watched, its watch history keeps its last version"},
		{&Error{Kind: KindNotFound, Status: 404, PAID: "AB12CD", ContentType: "text/html"}, "a web page answered, not the partner interface: if every PAID is not found, " + CheckBaseURL},
		{&Error{Kind: KindNotFound, Status: 404, PAID: "AB12CD"}, ""},
		{&Error{Kind: KindUnauthorized, Status: 401}, ""},
	}
	for _, c := range cases {
		if got := c.err.Advice(); got != c.want {
			t.Errorf("%s (%d): advice %q, want %q", c.err.Kind, c.err.Status, got, c.want)
		}
		if c.err.WrongAddress() != (c.want == CheckBaseURL) {
			t.Errorf("%s (%d): wrong address %v", c.err.Kind, c.err.Status, c.err.WrongAddress())
		}
		if a := c.err.Advice(); a != "" && strings.Contains(c.err.Error(), a) {
			t.Errorf("%s: what happened repeats the advice: %q", c.err.Kind, c.err.Error())
		}
	}
	if got := (&Error{Kind: KindNotFound, Status: 410, PAID: "AB12CD"}).Error(); got != "advertisement AB12CD was withdrawn (HTTP 410)" {
		t.Errorf("410: %q", got)
	}
}

// A web server's 404 page that quotes the path, and so the PAID, is about
// the address, not the advertisement: Apache's "The requested URL … was
// not found on this server".
func TestAWebServersPageQuotingThePathIsAboutTheAddress(t *testing.T) {
	page := "<html><body><h1>Not Found</h1><p>The requested URL /v1/advertisement/AB12CD was not found on this server.</p></body></html>"
	if !isMissingEndpoint([]byte(page), "AB12CD", "", "") {
		t.Error("Apache's 404 page read as no such advertisement")
	}
	if isMissingEndpoint([]byte(`{"error":{"code":"not_found","message":"No advertisement with PAID AB12CD"}}`), "AB12CD", "not_found", "No advertisement with PAID AB12CD") {
		t.Error("the service's own 404 read as a missing endpoint")
	}
}
