package cmd

import (
	"testing"

	"github.com/padview/padview/api"
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
