package check

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/padview/padview/api/advert"
)

// The corpus (testdata/corpus, see its README) holds real published
// political-ad records from sources padview's vocabulary files do not
// name, pseudonymized, each beside a careful human reading of every rule.
// padview must agree with the reading where it decides, and may say
// unknown only where it cannot: a wrong "missing" or "present" is worse
// than none.
//
// The test fails on any wrong "missing" or "present", and prints per
// source how often padview agrees, says unknown or decides otherwise (a
// "not applicable" where the reading has "missing", say): those it
// reports, for they are honest, if less than the reading.

// corpusRecord is one record and its reading.
type corpusRecord struct {
	source, name string
	raw          []byte
	reading      struct {
		Source string `json:"source"`
		View   string `json:"view"`
		Rules  map[string]struct {
			Status Status `json:"status"`
			Why    string `json:"why"`
		} `json:"rules"`
	}
}

func (r corpusRecord) view() advert.View {
	if r.reading.View == "full" {
		return advert.Full
	}
	return advert.Standard
}

func loadCorpus(t testing.TB) []corpusRecord {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "corpus", "*", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	var out []corpusRecord
	for _, f := range files {
		if strings.HasSuffix(f, ".reading.json") {
			continue
		}
		rec := corpusRecord{source: filepath.Base(filepath.Dir(f)), name: strings.TrimSuffix(filepath.Base(f), ".json")}
		if rec.raw, err = os.ReadFile(f); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(strings.TrimSuffix(f, ".json") + ".reading.json")
		if err != nil {
			t.Fatalf("%s has no reading: %v", f, err)
		}
		if err := json.Unmarshal(b, &rec.reading); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out = append(out, rec)
	}
	return out
}

// tally counts how padview's results compare with the readings.
type tally struct {
	rules, agree, unknown, falseMissing, falsePresent, otherDisagree int
	records, verdictsAgree                                           int
}

func (t tally) String() string {
	return fmt.Sprintf("%2d records, verdicts %2d/%-2d, rules %3d/%-3d agree (%5.1f %%), %2d unknown, %d false missing, %d false present, %2d other",
		t.records, t.verdictsAgree, t.records, t.agree, t.rules, 100*float64(t.agree)/float64(max(t.rules, 1)),
		t.unknown, t.falseMissing, t.falsePresent, t.otherDisagree)
}

// verdictOf is the verdict the reading gives: incomplete where a required
// item is missing, undetermined where one is only in the full view.
func verdictOf(rec corpusRecord) Verdict {
	v := Complete
	for _, r := range Rules {
		if !r.Required {
			continue
		}
		switch rec.reading.Rules[r.ID].Status {
		case Missing:
			return Incomplete
		case NotInView:
			v = Undetermined
		}
	}
	return v
}

func TestCorpusAgreesWithTheReadings(t *testing.T) {
	bySource := map[string]*tally{}
	var all tally
	var wrong []string
	for _, rec := range loadCorpus(t) {
		d, err := advert.Normalize(rec.raw, "CORPUS", rec.view())
		if err != nil {
			t.Fatalf("%s/%s: %v", rec.source, rec.name, err)
		}
		rep := Check(d)
		s := bySource[rec.source]
		if s == nil {
			s = &tally{}
			bySource[rec.source] = s
		}
		for _, tl := range []*tally{s, &all} {
			tl.records++
			if rep.Outcome() == verdictOf(rec) {
				tl.verdictsAgree++
			}
		}
		for _, res := range rep.Results {
			want, ok := rec.reading.Rules[res.Rule.ID]
			if !ok {
				t.Errorf("%s/%s: the reading has no %s", rec.source, rec.name, res.Rule.ID)
				continue
			}
			for _, tl := range []*tally{s, &all} {
				tl.rules++
				switch {
				case res.Status == want.Status:
					tl.agree++
				case res.Status == Unknown:
					tl.unknown++
				case res.Status == Missing:
					tl.falseMissing++
				case res.Status == Present:
					tl.falsePresent++
				default:
					tl.otherDisagree++
				}
			}
			if res.Status != want.Status && (res.Status == Missing || res.Status == Present) {
				wrong = append(wrong, fmt.Sprintf("%s/%s %s: padview %s (%s); the reading %s (%q)",
					rec.source, rec.name, res.Rule.ID, res.Status, res.Detail(), want.Status, want.Why))
			}
			if testing.Verbose() && res.Status != want.Status && res.Status != Missing && res.Status != Present {
				t.Logf("%s/%s %s: padview %s (%s); the reading %s (%s)",
					rec.source, rec.name, res.Rule.ID, res.Status, res.Detail(), want.Status, want.Why)
			}
		}
	}
	sources := make([]string, 0, len(bySource))
	for s := range bySource {
		sources = append(sources, s)
	}
	slices.Sort(sources)
	for _, s := range sources {
		t.Logf("%-24s %s", s, bySource[s])
	}
	t.Logf("%-24s %s", "all", all)
	for _, w := range wrong {
		t.Errorf("a wrong result: %s", w)
	}
}

// BenchmarkCorpusPlacement reports, per source, the share of an answer's
// leaf members that padview placed in Other, and the share it could not
// read at all: how much of a source's vocabulary padview understands.
func BenchmarkCorpusPlacement(b *testing.B) {
	recs := loadCorpus(b)
	for _, src := range sourcesOf(recs) {
		b.Run(src, func(b *testing.B) {
			var leaves, other, unread int
			for range b.N {
				leaves, other, unread = 0, 0, 0
				for _, rec := range recs {
					if rec.source != src {
						continue
					}
					places, err := advert.Places(rec.raw, "CORPUS", rec.view(), nil)
					if err != nil {
						b.Fatal(err)
					}
					leaves += len(places)
					d, _ := advert.Normalize(rec.raw, "CORPUS", rec.view())
					other += d.Unrecognised
					for _, u := range d.Unplaced {
						if u.Meaning.Unread {
							unread++
						}
					}
				}
			}
			b.ReportMetric(100*float64(other)/float64(max(leaves, 1)), "%other")
			b.ReportMetric(100*float64(unread)/float64(max(leaves, 1)), "%unread")
		})
	}
}

func sourcesOf(recs []corpusRecord) []string {
	var out []string
	for _, r := range recs {
		if !slices.Contains(out, r.source) {
			out = append(out, r.source)
		}
	}
	return out
}
