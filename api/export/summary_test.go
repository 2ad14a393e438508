package export

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/check"
)

var testProvenance = Provenance{FetchedAt: time.Date(2026, 3, 1, 12, 30, 0, 0, time.FixedZone("CET", 3600)),
	Host: "partner.example", View: advert.Standard, Version: "padview 1.2.3 (commit abc)"}

// standardView is a sample as the standard view answers it: without the
// emails only the full view carries.
func standardView(t *testing.T, paid string) *advert.Document {
	t.Helper()
	b, err := os.ReadFile("../fake/samples.json")
	if err != nil {
		t.Fatal(err)
	}
	var ads []map[string]any
	if err := json.Unmarshal(b, &ads); err != nil {
		t.Fatal(err)
	}
	for _, ad := range ads {
		if ad["paid"] != paid {
			continue
		}
		for _, party := range append([]any{ad["advertiser"]}, ad["sponsors"].([]any)...) {
			delete(party.(map[string]any), "email")
		}
		b, _ := json.Marshal(ad)
		return normalize(t, paid, string(b))
	}
	t.Fatalf("no sample %s", paid)
	return nil
}

// summarize writes a summary of the samples AB12CD (incomplete, its email
// only in the full view), TN2026 (undetermined in the standard view,
// complete in the full one) and a hostile PAID, then a PAID not found, a
// formula and a # that are not PAIDs, and 2 not looked up.
func summarize(t *testing.T, f Format) string {
	t.Helper()
	var out bytes.Buffer
	s, err := NewCheckSummary(&out, f, testProvenance)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []*advert.Document{standardView(t, "AB12CD"), standardView(t, "TN2026"),
		sample(t, "TN2026", advert.Full), normalize(t, "=X|1", `{"advertiser": {"companyName": "A"}}`)} {
		if err := s.Add(check.Check(d)); err != nil {
			t.Fatal(err)
		}
	}
	for _, m := range []struct {
		paid, msg string
		why       Missed
	}{{"NOPE42", "no advertisement with PAID NOPE42\nnext", NotFound}, {"=1+1", "the PAID is bad", Invalid}, {"#x", "the PAID contains '#'", Invalid}} {
		if err := s.Fail(m.paid, m.why, m.msg); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(2, "2 of 9 PAIDs not looked up: interrupted"); err != nil {
		t.Fatal(err)
	}
	if c := s.Counts(); c != (SummaryCounts{Complete: 1, Incomplete: 2, Undetermined: 1, NotFound: 1, Invalid: 2, NotLooked: 2}) {
		t.Fatalf("counts %+v", c)
	}
	return out.String()
}

const wantTally = "4 advertisements: 1 complete, 2 incomplete, 1 undetermined; 1 not found, 2 invalid, 2 of 9 PAIDs not looked up: interrupted"

// The CSV summary read back by a CSV reader, row by row: the provenance
// as # comments before the header row, one row per PAID, the tally as the
// last comment; every cell safe to open in a spreadsheet.
func TestCheckSummaryCSV(t *testing.T) {
	s := summarize(t, CSV)
	r := csv.NewReader(strings.NewReader(s))
	r.Comment = '#'
	r.FieldsPerRecord = len(summaryColumns)
	records, err := r.ReadAll()
	if err != nil {
		t.Fatalf("%v:\n%s", err, s)
	}
	want := [][]string{
		summaryColumns,
		{"AB12CD", "incomplete", "1", "1", "How the amounts were calculated", "Sponsor contact email (full view only)", "",
			"calculation", "sponsor.email (full view only)"},
		{"TN2026", "undetermined", "0", "1", "", "Sponsor contact email (full view only)", "", "", "sponsor.email (full view only)"},
		{"TN2026", "complete", "0", "0", "", "", "", "", ""},
		{"'=X|1", "incomplete", "6", "2", "", "Sponsor contact email (full view only); Sponsor place of establishment (full view only)", "",
			"period; amounts; funding.origin; funding.eu; calculation; notice_url", "sponsor.email (full view only); sponsor.establishment (full view only)"},
		{"NOPE42", "not found", "", "", "", "", "no advertisement with PAID NOPE42⏎next", "", ""},
		{"'=1+1", "invalid", "", "", "", "", "the PAID is bad", "", ""},
		{"'#x", "invalid", "", "", "", "", "the PAID contains '#'", "", ""},
	}
	if len(records) != len(want) {
		t.Fatalf("%d records, want %d:\n%s", len(records), len(want), s)
	}
	for i, rec := range records {
		w := want[i]
		if i == 4 { // the hostile PAID's missing items: whatever the rules say, as many as counted, by label and by ID
			w[2], w[4], w[7] = rec[2], rec[4], rec[7]
			labels, ids := strings.Split(rec[4], "; "), strings.Split(rec[7], "; ")
			if n := len(ids); rec[2] != fmt.Sprint(n) || n < 5 || !strings.Contains(rec[7], "calculation") ||
				len(labels) != n || !strings.Contains(rec[4], "How the amounts were calculated") {
				t.Errorf("row %d: %d missing named, %s counted", i, n, rec[2])
			}
		}
		if strings.Join(rec, "|") != strings.Join(w, "|") {
			t.Errorf("row %d:\n got %q\nwant %q", i, rec, w)
		}
		if i > 0 {
			sameItems(t, rec[4], rec[7])
			sameItems(t, rec[5], rec[8])
		}
	}
	head := strings.Join([]string{"# Transparency notice check", "# checked at: 2026-03-01T12:30:00+01:00", "# service: partner.example",
		"# view: standard", "# made with: padview 1.2.3 (commit abc)", strings.Join(summaryColumns, ",")}, "\n") + "\n"
	if !strings.HasPrefix(s, head) || !strings.HasSuffix(s, "\n# "+wantTally+"\n") {
		t.Errorf("provenance or tally:\n%s", s)
	}
}

// The Markdown summary: the provenance, then one table whose every row
// has the header's cells, then the tally; untrusted text escaped.
func TestCheckSummaryMarkdown(t *testing.T) {
	s := summarize(t, Markdown)
	for _, want := range []string{
		"# Transparency notice check\n\n- **Checked at:** 2026-03-01T12:30:00+01:00\n- **Service:** partner.example\n- **View:** standard\n- **Made with:** padview 1.2.3 (commit abc)\n\n",
		"| PAID | Verdict | Missing | Unknown | Items |\n|---|---|---:|---:|---|\n",
		"| AB12CD | **incomplete** | 1 | 1 | missing: How the amounts were calculated · unknown: Sponsor contact email (full view only) |\n",
		"| TN2026 | undetermined | 0 | 1 | unknown: Sponsor contact email (full view only) |\n| TN2026 | complete | 0 | 0 |  |\n",
		"| =X\\|1 | **incomplete** | ",
		"| NOPE42 | not found | | | no advertisement with PAID NOPE42⏎next |\n",
		"\n\n" + strings.ReplaceAll(wantTally, "#", "\\#") + "\n",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("summary lacks %q:\n%s", want, s)
		}
	}
	rows := tableRows(s)
	if len(rows) != 2+7 {
		t.Errorf("%d table rows:\n%s", len(rows), s)
	}
	checkTables(t, s)
}

// The text summary: a line per PAID, a blank line, the tally.
func TestCheckSummaryText(t *testing.T) {
	lines := strings.Split(strings.TrimSuffix(summarize(t, Text), "\n"), "\n")
	want := []string{
		"AB12CD · INCOMPLETE · 1 missing: How the amounts were calculated · 1 unknown: Sponsor contact email (full view only)",
		"TN2026 · undetermined · 0 missing · 1 unknown: Sponsor contact email (full view only)",
		"TN2026 · complete · 0 missing · 0 unknown",
		"=X|1 · INCOMPLETE · ",
		"NOPE42 · not found · no advertisement with PAID NOPE42⏎next",
		"=1+1 · invalid · the PAID is bad",
		"#x · invalid · the PAID contains '#'",
		"",
		wantTally,
	}
	if len(lines) != len(want) {
		t.Fatalf("%d lines:\n%s", len(lines), strings.Join(lines, "\n"))
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) || w == "" && lines[i] != "" {
			t.Errorf("line %d: %q, want %q", i, lines[i], w)
		}
	}
}

// JSON: a compact line per report (the failures' lines are the caller's)
// and a last line with the tally and the provenance.
func TestCheckSummaryJSON(t *testing.T) {
	lines := strings.Split(strings.TrimSpace(summarize(t, JSON)), "\n")
	if len(lines) != 5 {
		t.Fatalf("%d lines:\n%s", len(lines), strings.Join(lines, "\n"))
	}
	if lines[0] != `{"paid":"AB12CD","view":"standard","verdict":"incomplete","missing":["calculation"],"unknown":["sponsor.email"],"notInView":["sponsor.email"]}` ||
		lines[2] != `{"paid":"TN2026","view":"full","verdict":"complete","missing":[],"unknown":[],"notInView":[]}` {
		t.Errorf("lines:\n%s\n%s", lines[0], lines[2])
	}
	var last struct {
		Tally     map[string]int
		CheckedAt string
		Service   string
		View      string
		MadeWith  string
	}
	if err := json.Unmarshal([]byte(lines[4]), &last); err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"advertisements": 4, "complete": 1, "incomplete": 2, "undetermined": 1, "notFound": 1, "failed": 0, "invalid": 2, "notLookedUp": 2}
	for k, v := range want {
		if last.Tally[k] != v {
			t.Errorf("tally %s = %d, want %d", k, last.Tally[k], v)
		}
	}
	if len(last.Tally) != len(want) || last.CheckedAt != "2026-03-01T12:30:00+01:00" || last.Service != "partner.example" ||
		last.View != "standard" || last.MadeWith != "padview 1.2.3 (commit abc)" {
		t.Errorf("last line %s", lines[4])
	}
}

func TestCheckSummaryTallyWords(t *testing.T) {
	for c, want := range map[SummaryCounts]string{
		{Complete: 21, Incomplete: 6, Undetermined: 3, NotFound: 2}: "30 advertisements: 21 complete, 6 incomplete, 3 undetermined; 2 not found",
		{Complete: 1}: "1 advertisement: 1 complete, 0 incomplete, 0 undetermined",
		{Incomplete: 2500, Failed: 1, NotLooked: 1496}: "2,500 advertisements: 0 complete, 2,500 incomplete, 0 undetermined; 1 failed, 1,496 not looked up",
		{NotFound: 3}: "0 advertisements: 0 complete, 0 incomplete, 0 undetermined; 3 not found",
	} {
		if got := c.words(""); got != want {
			t.Errorf("%+v:\n got %q\nwant %q", c, got, want)
		}
	}
	if _, err := NewCheckSummary(io.Discard, "html", testProvenance); err == nil {
		t.Error("an unknown format was taken")
	}
}

// BenchmarkCheckSummaryRetains reports what a summary keeps after 100,000
// reports (target: under 64 KiB, whatever the count: it keeps counts,
// never a report). Run with
//
//	go test -run '^$' -bench CheckSummaryRetains ./api/export
func BenchmarkCheckSummaryRetains(b *testing.B) {
	rep := check.Check(sample(b, "AB12CD", advert.Standard))
	for b.Loop() {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		s, _ := NewCheckSummary(io.Discard, CSV, testProvenance)
		for range 100000 {
			if err := s.Add(rep); err != nil {
				b.Fatal(err)
			}
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		kept := int64(after.HeapAlloc) - int64(before.HeapAlloc)
		runtime.KeepAlive(s)
		b.ReportMetric(float64(kept)/1024, "retained-KiB")
		if kept > 64<<10 {
			b.Errorf("the summary keeps %d KiB after 100,000 reports", kept>>10)
		}
	}
}

// sameItems fails unless labels name, one for one, the rules of ids, each
// by its label in check.Rules (the one place labels live).
func sameItems(t *testing.T, labels, ids string) {
	t.Helper()
	if labels == "" || ids == "" {
		if labels != ids {
			t.Errorf("labels %q, ids %q", labels, ids)
		}
		return
	}
	ls, is := strings.Split(labels, "; "), strings.Split(ids, "; ")
	if len(ls) != len(is) {
		t.Fatalf("labels %q, ids %q", labels, ids)
	}
	for i, id := range is {
		id, mark := strings.CutSuffix(id, " (full view only)")
		for _, r := range check.Rules {
			if r.ID == id && ls[i] != r.Label+map[bool]string{true: " (full view only)"}[mark] {
				t.Errorf("%s named %q, its label is %q", id, ls[i], r.Label)
			}
		}
	}
}

// The HTML summary keeps its rows and hands the page the same tally the
// other formats close with; the charts' bars come from it: every verdict
// a share of the PAIDs read, the items that failed most first.
func TestCheckSummaryPageTally(t *testing.T) {
	var got Summary
	page := func(w io.Writer, s Summary) error { got = s; _, err := io.WriteString(w, "page"); return err }
	var out bytes.Buffer
	s := NewCheckSummaryPage(&out, testProvenance, page)
	for _, d := range []*advert.Document{standardView(t, "AB12CD"), standardView(t, "TN2026"), sample(t, "TN2026", advert.Full)} {
		if err := s.Add(check.Check(d)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Fail("NOPE42", NotFound, "no advertisement"); err != nil {
		t.Fatal(err)
	}
	if out.Len() != 0 {
		t.Fatalf("wrote before Close: %q", out.String())
	}
	if err := s.Close(0, ""); err != nil || out.String() != "page" {
		t.Fatalf("%v %q", err, out.String())
	}
	if got.Tally != "3 advertisements: 1 complete, 1 incomplete, 1 undetermined; 1 not found" || len(got.Rows) != 4 ||
		got.Rows[3].Missed != NotFound || got.Rows[0].Missing[0].Label != "How the amounts were calculated" {
		t.Fatalf("summary %+v", got)
	}
	var bars []string
	for _, b := range got.VerdictBars() {
		bars = append(bars, fmt.Sprintf("%s %d %d‰", b.Key, b.Count, b.PerMille))
	}
	if strings.Join(bars, ", ") != "complete 1 250‰, incomplete 1 250‰, undetermined 1 250‰, notFound 1 250‰" {
		t.Errorf("verdict bars: %s", strings.Join(bars, ", "))
	}
	var items []string
	for _, it := range got.ItemBars() {
		items = append(items, fmt.Sprintf("%s %d/%d %d%%", it.ID, it.Missing.Count, it.Unknown.Count, it.Unknown.Percent()))
	}
	// calculation missing once comes before sponsor.email, unknown twice.
	if strings.Join(items, ", ") != "calculation 1/0 0%, sponsor.email 0/2 67%" {
		t.Errorf("item bars: %s", strings.Join(items, ", "))
	}
}
