package api

import (
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
