package check

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/padview/padview/api/advert"
)

// recordReport checks a test record of api/advert/testdata/records: the
// shapes and member names of real sources, with fictional values.
func recordReport(t *testing.T, name string, view advert.View) Report {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "advert", "testdata", "records", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	d, err := advert.Normalize(raw, "TEST01", view)
	if err != nil {
		t.Fatal(err)
	}
	return Check(d)
}

// sourceVerdicts are what the check says of each source's records: the
// items they carry are present, whatever the source calls them.
var sourceVerdicts = []struct {
	record  string
	verdict Verdict
	want    map[string]Status
	flagged []string
}{
	{"politiekereclame-national", Incomplete, map[string]Status{
		"sponsor.name": Present, "sponsor.email": Present, "sponsor.address": Present, "sponsor.registration": Present,
		"sponsor.legal_name": NotApplicable, "controlling_entity": NotApplicable, "payer": NotApplicable,
		"period": Present, "amounts": Present, "amounts.advertisement": Present, "amounts.campaign": Present,
		"funding.origin": Present, "funding.eu": Present, "calculation": Present, "election": Present,
		"targeting": DeclaredNone, "targeting.details": NotApplicable, "targeting.rights": NotApplicable,
		// what a statement does not say is missing, and only that
		"sponsor.establishment": Missing, "notice_url": Missing,
	}, nil},
	{"politiekereclame-branch", Incomplete, map[string]Status{
		"controlling_entity": Present, "controlling_entity.contact": Present, "payer": Present, "payer.contact": Present,
		"election.date": Present, "calculation": DeclaredNone, "targeting": Present, "targeting.details": Present,
	}, nil},
	// A private citizen's statement: the registration "NVT" says a natural
	// person; private money from outside the EU is flagged.
	{"politiekereclame-citizen", Incomplete, map[string]Status{
		"sponsor.legal_name": NotApplicable, "sponsor.establishment": NotApplicable, "sponsor.registration": NotApplicable,
		"funding.origin": Present, "funding.eu": Present, "calculation": Missing,
	}, []string{"funding.origin", "funding.eu"}},
	{"meta-ad-library", Incomplete, map[string]Status{
		"sponsor.name": Present, "payer": Present, "period": Present, "amounts": Present, "amounts.advertisement": Present,
		"funding.origin": Missing,
	}, nil},
	{"meta-ad-library-running", Incomplete, map[string]Status{"period": Missing, "amounts": Present}, nil},
	{"ad-collector", Incomplete, map[string]Status{"sponsor.name": Present, "payer": Present, "targeting.details": Missing}, nil},
	{"ttpa-template", Complete, map[string]Status{
		"sponsor.name": Present, "sponsor.email": Present, "sponsor.legal_name": Present, "sponsor.establishment": Present,
		"sponsor.registration": Present, "controlling_entity": NotApplicable, "payer": NotApplicable, "period": Present,
		"amounts": Present, "amounts.advertisement": Present, "amounts.campaign": Present, "funding.origin": Present,
		"funding.eu": Present, "calculation": Present, "election": Present, "election.information": Present,
		"repository": Present, "notification": Present, "suspension": Present, "targeting": Present, "notice_url": Present,
	}, nil},
	{"german-service", Complete, map[string]Status{
		"sponsor.email": Present, "sponsor.establishment": Present, "payer": Present, "period": Present,
		"amounts": Present, "funding.eu": Present, "targeting": DeclaredNone,
	}, nil},
	// A source padview does not know well: what it cannot find while the
	// answer holds members it did not recognise is unknown, never missing.
	{"unseen-source", Undetermined, map[string]Status{
		"sponsor.name": Present, "period": Present, "amounts": Present, "calculation": Unknown, "funding.origin": Unknown,
		"notice_url": Unknown,
	}, nil},
}

func TestSourceVerdicts(t *testing.T) {
	for _, c := range sourceVerdicts {
		t.Run(c.record, func(t *testing.T) {
			rep := recordReport(t, c.record, advert.Full)
			if rep.Outcome() != c.verdict {
				t.Errorf("verdict %s (%s); want %s", rep.Outcome(), rep.Verdict(), c.verdict)
			}
			for id, want := range c.want {
				if r := result(t, rep, id); r.Status != want {
					t.Errorf("%s: %s (%s); want %s", id, r.Status, r.Note, want)
				}
			}
			for _, id := range c.flagged {
				if !result(t, rep, id).Flagged {
					t.Errorf("%s not flagged", id)
				}
			}
			// Nothing a record holds unrecognised is ever called missing.
			for _, r := range rep.Results {
				if r.Status == Missing && r.absent && strings.Contains(c.record, "unseen") {
					t.Errorf("%s missing in a record with members padview did not recognise", r.Rule.ID)
				}
			}
		})
	}
}

// In the standard view an item the answer carries is present; one it lacks
// that only the full view carries is not in view, and the notice is then
// undetermined, not complete.
func TestSourcesInTheStandardView(t *testing.T) {
	rep := recordReport(t, "politiekereclame-national", advert.Standard)
	if r := result(t, rep, "sponsor.email"); r.Status != Present {
		t.Errorf("the email a standard answer carries is %s", r.Status)
	}
	rep = recordReport(t, "german-service", advert.Standard)
	if rep.Outcome() != Complete {
		t.Errorf("german-service standard: %s", rep.Verdict())
	}
	rep = recordReport(t, "ttpa-template", advert.Standard)
	if rep.Outcome() != Complete || result(t, rep, "sponsor.email").Status != Present {
		t.Errorf("ttpa-template standard: %s", rep.Verdict())
	}
}
