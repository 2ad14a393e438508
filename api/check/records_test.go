package check

import (
	"os"
	"path/filepath"
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
	// A statement gives the sponsor's registered address, which reads as
	// its place of establishment (uncertain, and said so), and is itself
	// the transparency notice: it needs no link to one.
	{"politiekereclame-national", Complete, map[string]Status{
		"sponsor.name": Present, "sponsor.email": Present, "sponsor.address": Present, "sponsor.registration": Present,
		"sponsor.legal_name": NotApplicable, "controlling_entity": NotApplicable, "payer": NotApplicable,
		"period": Present, "amounts": Present, "amounts.advertisement": Present, "amounts.campaign": Present,
		"funding.origin": Present, "funding.eu": Present, "calculation": Present, "election": Present,
		"targeting": DeclaredNone, "targeting.details": NotApplicable, "targeting.rights": NotApplicable,
		"sponsor.establishment": Present, "notice_url": NotApplicable,
		// what a statement does not say is missing, and only that; the
		// European repository is for online advertisements, and this one
		// ran in newspapers ("Dagbladen, Huis-aan-huis-bladen")
		"repository": NotApplicable, "notification": Missing,
	}, nil},
	{"politiekereclame-branch", Complete, map[string]Status{
		"controlling_entity": Present, "controlling_entity.contact": Present, "payer": Present, "payer.contact": Present,
		"election.date": Present, "calculation": DeclaredNone, "targeting": Present, "targeting.details": Missing,
		"sponsor.establishment": Present, "notice_url": NotApplicable,
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
	// The collector's targets (age, region) are the targeting's details,
	// and say that targeting was used.
	{"ad-collector", Incomplete, map[string]Status{"sponsor.name": Present, "payer": Present, "targeting": Present,
		"targeting.details": Present, "notice_url": Missing}, nil},
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
	// A provincial statement with every party: the payer's and the
	// controlling entity's registered addresses are their contact.
	{"politiekereclame-provincial", Complete, map[string]Status{
		"sponsor.establishment": Present, "notice_url": NotApplicable, "controlling_entity.contact": Present,
		"payer.contact": Present, "targeting": Present, "targeting.details": Missing, "election.date": Present,
	}, []string{"funding.origin", "funding.eu"}},
	// Amounts written with thousands dots and a decimal comma are read.
	{"politiekereclame-grouped-amounts", Complete, map[string]Status{"amounts": Present, "amounts.campaign": Present}, nil},
	// A person's statement ("NVT" for a registration) whose period ends
	// before it starts.
	{"politiekereclame-person", Incomplete, map[string]Status{
		"sponsor.establishment": NotApplicable, "period": Missing, "notice_url": NotApplicable, "calculation": DeclaredNone,
	}, nil},
	// Meta's target_ages, target_gender and target_locations are the
	// targeting's details and say that targeting was used; the link to the
	// ad (ad_snapshot_url) is not the notice.
	{"meta-ad-library-targeted", Incomplete, map[string]Status{
		"targeting": Present, "targeting.details": Present, "notice_url": Missing, "amounts": Present,
	}, nil},
	// Every member recognised: a period that ends before it starts and an
	// amount without a currency are missing, as they are.
	{"german-municipal", Incomplete, map[string]Status{
		"period": Missing, "amounts": Missing, "payer": Present, "payer.contact": Present, "notification": Present,
		"sponsor.registration": Present,
	}, []string{"funding.origin", "funding.eu"}},
	{"french-service", Complete, map[string]Status{
		"amounts": Present, "amounts.advertisement": Present, "notice_url": Present, "sponsor.establishment": Present,
		"targeting": DeclaredNone,
	}, []string{"funding.eu"}},
	// A role no vocabulary file lists (geldgeber_: the donor, who pays) is
	// read by its words: the payer and their contact are present; the
	// sponsor gives no email, and the period has no end.
	{"german-unknown-role", Incomplete, map[string]Status{
		"sponsor.name": Present, "sponsor.establishment": Present, "sponsor.email": Missing, "payer": Present,
		"payer.contact": Present, "amounts": Present, "period": Missing, "funding.eu": Present, "calculation": Present,
	}, nil},
	{"spec-natural-person", Incomplete, map[string]Status{
		"sponsor.establishment": NotApplicable, "controlling_entity": NotApplicable, "amounts": Missing, "period": Missing,
	}, []string{"funding.origin"}},
	// An ad-library export no vocabulary file lists, read by its words:
	// the spend range is the amounts, the date range the period; what an
	// export does not carry (a calculation method, the origin of the
	// funds, a link to the notice) is missing, as no member it holds may
	// be it (Num_of_Days is a count, read as one).
	{"unseen-source", Incomplete, map[string]Status{
		"sponsor.name": Present, "period": Present, "amounts": Present, "calculation": Missing, "funding.origin": Missing,
		"notice_url": Missing, "targeting.details": Present,
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
