package export

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/padview/padview/api/check"
	"github.com/padview/padview/api/text"
)

// Text is a check summary's plain lines, for the terminal and pipes; the
// export formats (Formats) are for documents, so it is not among them.
const Text Format = "text"

// HTML is a check summary as one standalone web page (see
// NewCheckSummaryPage): a summary format only, drawn by api/notice beside
// the notice's own page.
const HTML Format = "html"

// Missed is why a PAID of a batch has no check report.
type Missed string

// The PAIDs a batch could not check, as a summary names them.
const (
	NotFound    Missed = "not found"
	Failed      Missed = "failed"
	Invalid     Missed = "invalid"
	NotLookedUp Missed = "not looked up"
)

// SummaryCounts are a check summary's tally.
type SummaryCounts struct {
	Complete, Incomplete, Undetermined   int
	NotFound, Failed, Invalid, NotLooked int
}

// CheckSummary writes check reports one line (or row) each as they come,
// and closes with a tally: plain text, a Markdown table, CSV rows, or JSON
// Lines. It keeps only the counts, never a report, so a batch of any size
// costs the same memory. Markdown and CSV open with the provenance (CSV as
// # comment lines before the header row); every cell is cleaned, Markdown
// escaped, CSV made safe from formula injection.
type CheckSummary struct {
	w      *bufio.Writer
	f      Format
	p      Provenance
	csv    *csv.Writer
	opened bool
	counts SummaryCounts
	items  map[string]*ItemCount // by rule ID: how often each item was missing or unknown
	page   SummaryPage           // HTML's: draws the page at Close
	rows   []SummaryRow          // HTML's, until Close
}

// SummaryPage draws a whole summary as one page (HTML: api/notice's
// SummaryHTML).
type SummaryPage func(io.Writer, Summary) error

// Summary is a whole check summary, for a page drawn at once: its
// provenance, its tally (the same Counts and Tally words the text
// summary closes with), how often each item was missing or unknown, and
// a row per PAID in input order.
type Summary struct {
	Provenance Provenance
	Counts     SummaryCounts
	Tally      string
	Items      []ItemCount
	Rows       []SummaryRow
}

// ItemCount is how many of a summary's advertisements lacked an item
// (Missing: a required item missing) or left it undecided (Unknown: not
// recognised, or only in the full view), by its rule in check.Rules.
type ItemCount struct {
	ID, Label        string
	Missing, Unknown int
}

// SummaryRow is a PAID's line of a summary: its verdict and items, or,
// for a PAID without a report, why (Missed) and the caller's message.
type SummaryRow struct {
	PAID             string
	Verdict          check.Verdict // "" when Missed
	Missed           Missed
	Missing, Unknown []SummaryItem
	Note             string
}

// SummaryItem is an item of a row: its rule's ID and label, and whether
// only the full view carries it (of Unknown).
type SummaryItem struct {
	ID, Label    string
	FullViewOnly bool
}

// NewCheckSummaryPage starts a summary that page draws whole at Close
// (HTML). Unlike the other formats, it keeps each PAID's row until then,
// a few hundred bytes each, as the charts that open the page need the
// whole tally.
func NewCheckSummaryPage(w io.Writer, p Provenance, page SummaryPage) *CheckSummary {
	return &CheckSummary{w: bufio.NewWriter(w), f: HTML, p: p, page: page}
}

// NewCheckSummary starts a summary in f: Text, Markdown, CSV or JSON.
func NewCheckSummary(w io.Writer, f Format, p Provenance) (*CheckSummary, error) {
	switch f {
	case Text, Markdown, CSV, JSON:
	default:
		return nil, fmt.Errorf("unknown summary format %q: use text, markdown, csv or json", f)
	}
	s := &CheckSummary{w: bufio.NewWriter(w), f: f, p: p}
	if f == CSV {
		s.csv = csv.NewWriter(s.w)
	}
	return s, nil
}

// Counts is the tally so far.
func (s *CheckSummary) Counts() SummaryCounts { return s.counts }

// Items is how often each item was missing or unknown so far, in the
// order of check.Rules, only the items counted at least once.
func (s *CheckSummary) Items() []ItemCount {
	var out []ItemCount
	for _, r := range check.Rules {
		if c := s.items[r.ID]; c != nil {
			out = append(out, *c)
		}
	}
	return out
}

// count adds a line's items to the items' tally.
func (s *CheckSummary) count(l reportLine) {
	if s.items == nil {
		s.items = map[string]*ItemCount{}
	}
	at := func(it summaryItem) *ItemCount {
		c := s.items[it.id]
		if c == nil {
			c = &ItemCount{ID: it.id, Label: it.label}
			s.items[it.id] = c
		}
		return c
	}
	for _, it := range l.missing {
		at(it).Missing++
	}
	for _, it := range l.unknown {
		at(it).Unknown++
	}
}

// Add writes one report's line and counts its verdict.
func (s *CheckSummary) Add(rep check.Report) error {
	switch rep.Outcome() {
	case check.Complete:
		s.counts.Complete++
	case check.Incomplete:
		s.counts.Incomplete++
	default:
		s.counts.Undetermined++
	}
	line := summaryLine(rep)
	s.count(line)
	if s.f == HTML {
		s.rows = append(s.rows, SummaryRow{PAID: rep.PAID, Verdict: rep.Outcome(), Missing: line.missing.exported(),
			Unknown: line.unknown.exported()})
		return nil
	}
	return s.write(func() error {
		switch s.f {
		case JSON:
			return json.NewEncoder(s.w).Encode(line.jsonLine(rep))
		case Markdown:
			_, err := fmt.Fprintf(s.w, "| %s | %s | %d | %d | %s |\n", md(rep.PAID), mdVerdict(rep.Outcome()),
				len(line.missing), len(line.unknown), md(line.items()))
			return err
		case CSV:
			return s.row(rep.PAID, string(rep.Outcome()), fmt.Sprint(len(line.missing)), fmt.Sprint(len(line.unknown)),
				named(line.missing), named(line.unknown), "", ids(line.missing), ids(line.unknown))
		}
		verdict := string(rep.Outcome())
		if rep.Outcome() == check.Incomplete {
			verdict = strings.ToUpper(verdict) // stands out without colour, as in check's own report
		}
		_, err := fmt.Fprintf(s.w, "%s\n", joinDot(append([]string{text.CleanText(rep.PAID), verdict}, line.counted()...)...))
		return err
	})
}

// Fail writes the line of a PAID that has no report, with what happened
// in the words of the caller's front end, and counts it. In JSON the
// caller's own error line stands for it: Fail only counts it.
func (s *CheckSummary) Fail(paid string, why Missed, message string) error {
	switch why {
	case NotFound:
		s.counts.NotFound++
	case Invalid:
		s.counts.Invalid++
	case NotLookedUp:
		s.counts.NotLooked++
	default:
		s.counts.Failed++
	}
	switch s.f {
	case JSON:
		return nil
	case HTML:
		s.rows = append(s.rows, SummaryRow{PAID: paid, Missed: why, Note: message})
		return nil
	}
	return s.write(func() error {
		switch s.f {
		case Markdown:
			_, err := fmt.Fprintf(s.w, "| %s | %s | | | %s |\n", md(paid), md(string(why)), md(message))
			return err
		case CSV:
			return s.row(paid, string(why), "", "", "", "", message, "", "")
		}
		_, err := fmt.Fprintf(s.w, "%s\n", joinDot(text.CleanText(paid), string(why), text.CleanText(message)))
		return err
	})
}

// Close ends the summary with its tally. skipped PAIDs were not looked up
// and have no line of their own (why says so, in the batch's words, e.g.
// "interrupted: 1,004 of 2,500 PAIDs done, 1,496 not looked up"); those passed to Fail
// as NotLookedUp are counted already.
func (s *CheckSummary) Close(skipped int, why string) error {
	s.counts.NotLooked += skipped
	tally := s.counts.words(why)
	if s.f == HTML {
		if err := s.page(s.w, Summary{Provenance: s.p, Counts: s.counts, Tally: tally, Items: s.Items(), Rows: s.rows}); err != nil {
			return err
		}
		return s.w.Flush()
	}
	err := s.write(func() error {
		switch s.f {
		case JSON:
			return json.NewEncoder(s.w).Encode(s.tallyJSON())
		case Markdown:
			_, err := fmt.Fprintf(s.w, "\n%s\n", md(tally))
			return err
		case CSV:
			s.csv.Flush()
			if err := s.csv.Error(); err != nil {
				return err
			}
			_, err := fmt.Fprintf(s.w, "# %s\n", text.CleanText(tally))
			return err
		}
		_, err := fmt.Fprintf(s.w, "\n%s\n", tally)
		return err
	})
	if err != nil {
		return err
	}
	return s.w.Flush()
}

// write writes the header first, then what line writes, and flushes: each
// line leaves as it is made, for pipelines.
func (s *CheckSummary) write(line func() error) error {
	if !s.opened {
		s.opened = true
		if err := s.header(); err != nil {
			return err
		}
	}
	if err := line(); err != nil {
		return err
	}
	if s.csv != nil {
		s.csv.Flush()
		if err := s.csv.Error(); err != nil {
			return err
		}
	}
	return s.w.Flush()
}

// summaryColumns are the CSV header: the items by their labels, for
// people, and after the note, where the columns of earlier padviews end,
// by their rule IDs, for machines. The Markdown table has PAID, Verdict,
// Missing, Unknown and the items together.
var summaryColumns = []string{"paid", "verdict", "missing", "unknown", "missing_items", "unknown_items", "note", "missing_ids", "unknown_ids"}

// SummaryTitle heads a summary report.
const SummaryTitle = "Transparency notice check"

// SummaryFields are a summary report's provenance, in the order every
// report writes it: when the batch started, the service, the view, and
// the padview that made it.
func (p Provenance) SummaryFields() []ProvenanceField {
	return []ProvenanceField{
		{"checkedAt", "Checked at", p.FetchedAt.Format(time.RFC3339)},
		{"service", "Service", p.host()},
		{"view", "View", p.View.String()},
		{"madeWith", "Made with", p.Version},
	}
}

// header writes the provenance and the table's head, in Markdown and CSV.
func (s *CheckSummary) header() error {
	switch s.f {
	case Markdown:
		s.w.WriteString("# " + SummaryTitle + "\n\n")
		for _, a := range s.p.SummaryFields() {
			fmt.Fprintf(s.w, "- **%s:** %s\n", a.Label, md(a.Value))
		}
		s.w.WriteString("\n| PAID | Verdict | Missing | Unknown | Items |\n|---|---|---:|---:|---|\n")
	case CSV:
		s.w.WriteString("# " + SummaryTitle + "\n")
		for _, a := range s.p.SummaryFields() {
			fmt.Fprintf(s.w, "# %s: %s\n", strings.ToLower(a.Label), text.CleanText(a.Value))
		}
		return s.csv.Write(summaryColumns)
	}
	return nil
}

// row writes one CSV row, each cell made safe. A first cell that would
// read as a # comment line gets the apostrophe a formula gets.
func (s *CheckSummary) row(cells ...string) error {
	for i, c := range cells {
		cells[i] = safeCell(c)
	}
	if strings.HasPrefix(cells[0], "#") {
		cells[0] = "'" + cells[0]
	}
	return s.csv.Write(cells)
}

// words is the tally: "30 advertisements: 21 complete, 6 incomplete, 3
// undetermined; 2 not found", the PAIDs not checked named only when there
// are some, and why some were not looked up.
func (c SummaryCounts) words(skipped string) string {
	n := c.Complete + c.Incomplete + c.Undetermined
	line := fmt.Sprintf("%s: %s complete, %s incomplete, %s undetermined", text.Plural(n, "advertisement", "advertisements"),
		text.Thousands(int64(c.Complete)), text.Thousands(int64(c.Incomplete)), text.Thousands(int64(c.Undetermined)))
	var not []string
	for _, m := range []struct {
		n    int
		what Missed
	}{{c.NotFound, NotFound}, {c.Failed, Failed}, {c.Invalid, Invalid}} {
		if m.n > 0 {
			not = append(not, text.Thousands(int64(m.n))+" "+string(m.what))
		}
	}
	switch {
	case skipped != "":
		not = append(not, skipped)
	case c.NotLooked > 0:
		not = append(not, text.Thousands(int64(c.NotLooked))+" "+string(NotLookedUp))
	}
	if len(not) > 0 {
		line += "; " + strings.Join(not, ", ")
	}
	return line
}

// tallyJSON is the last line of a JSON summary.
func (s *CheckSummary) tallyJSON() any {
	c := s.counts
	type tally struct {
		Advertisements int `json:"advertisements"`
		Complete       int `json:"complete"`
		Incomplete     int `json:"incomplete"`
		Undetermined   int `json:"undetermined"`
		NotFound       int `json:"notFound"`
		Failed         int `json:"failed"`
		Invalid        int `json:"invalid"`
		NotLookedUp    int `json:"notLookedUp"`
	}
	out := struct {
		Tally     tally  `json:"tally"`
		CheckedAt string `json:"checkedAt"`
		Service   string `json:"service"`
		View      string `json:"view"`
		MadeWith  string `json:"madeWith"`
		// Answers read from files (--file) name them, and their hashes.
		Source string `json:"source,omitempty"`
		File   string `json:"file,omitempty"`
		SHA256 string `json:"sha256,omitempty"`
	}{Tally: tally{c.Complete + c.Incomplete + c.Undetermined, c.Complete, c.Incomplete, c.Undetermined,
		c.NotFound, c.Failed, c.Invalid, c.NotLooked}, CheckedAt: s.p.FetchedAt.Format(time.RFC3339), Service: s.p.host(),
		View: s.p.View.String(), MadeWith: s.p.Version}
	if f := s.p.File; f != nil {
		out.Source, out.File, out.SHA256 = SourceFile, provenanceText(f.Name), f.SHA256
	}
	return out
}

func mdVerdict(v check.Verdict) string {
	if v == check.Incomplete {
		return "**incomplete**"
	}
	return string(v)
}

// joinDot joins the parts of a text line with " · ".
func joinDot(parts ...string) string { return strings.Join(parts, " · ") }

// reportLine is what a summary says of one report: the required items
// missing, and those padview could not decide (unknown, or only in the
// full view), as the rules of check.Rules name them: by their labels for
// people, by their IDs for machines (JSON, and CSV's id columns).
type reportLine struct {
	missing, unknown summaryItems
}

type summaryItems []summaryItem

// exported is the items as a SummaryRow holds them.
func (its summaryItems) exported() []SummaryItem {
	out := make([]SummaryItem, len(its))
	for i, it := range its {
		out[i] = SummaryItem{ID: it.id, Label: it.label, FullViewOnly: it.fullViewOnly}
	}
	return out
}

// summaryItem is one item of a report's line.
type summaryItem struct {
	id, label    string
	fullViewOnly bool // of unknown: only the full view carries it
}

// words is the item as a report names it: its label, "(full view only)"
// added for one only the full view carries.
func (i summaryItem) words() string {
	if i.fullViewOnly {
		return i.label + " (full view only)"
	}
	return i.label
}

func summaryLine(rep check.Report) reportLine {
	l := reportLine{missing: []summaryItem{}, unknown: []summaryItem{}}
	for _, r := range rep.Failures() {
		l.missing = append(l.missing, summaryItem{id: r.Rule.ID, label: r.Rule.Label})
	}
	for _, r := range rep.Undetermined() {
		l.unknown = append(l.unknown, summaryItem{id: r.Rule.ID, label: r.Rule.Label, fullViewOnly: r.Status == check.NotInView})
	}
	return l
}

// itemSep separates a line's items: a label may hold a comma ("Payer, if
// not the sponsor").
const itemSep = "; "

// named joins the items by their words: "How the amounts were calculated;
// Sponsor contact email (full view only)".
func named(items []summaryItem) string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.words()
	}
	return strings.Join(out, itemSep)
}

// ids joins the items' rule IDs, those only in the full view marked as
// in named: "calculation; sponsor.email (full view only)".
func ids(items []summaryItem) string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.id
		if it.fullViewOnly {
			out[i] += " (full view only)"
		}
	}
	return strings.Join(out, itemSep)
}

// idList is the items' rule IDs, for JSON.
func idList(items []summaryItem) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.id
	}
	return out
}

// counted is the text line's counts with their items: "1 missing: How
// the amounts were calculated", "0 unknown".
func (l reportLine) counted() []string {
	out := []string{fmt.Sprintf("%d missing", len(l.missing)), fmt.Sprintf("%d unknown", len(l.unknown))}
	if len(l.missing) > 0 {
		out[0] += ": " + named(l.missing)
	}
	if len(l.unknown) > 0 {
		out[1] += ": " + named(l.unknown)
	}
	return out
}

// items names the missing and unknown items together, for the Markdown
// table: "missing: How the amounts were calculated · unknown: Sponsor
// contact email (full view only)".
func (l reportLine) items() string {
	var parts []string
	if len(l.missing) > 0 {
		parts = append(parts, "missing: "+named(l.missing))
	}
	if len(l.unknown) > 0 {
		parts = append(parts, "unknown: "+named(l.unknown))
	}
	return joinDot(parts...)
}

// jsonLine is a report's line in a JSON summary: {paid, view, verdict,
// missing, unknown, notInView}, the items by rule ID; notInView names
// those of unknown that only the full view carries.
func (l reportLine) jsonLine(rep check.Report) any {
	notInView := []string{}
	for _, it := range l.unknown {
		if it.fullViewOnly {
			notInView = append(notInView, it.id)
		}
	}
	return struct {
		PAID      string        `json:"paid"`
		View      string        `json:"view"`
		Verdict   check.Verdict `json:"verdict"`
		Missing   []string      `json:"missing"`
		Unknown   []string      `json:"unknown"`
		NotInView []string      `json:"notInView"`
	}{rep.PAID, rep.View.String(), rep.Outcome(), idList(l.missing), idList(l.unknown), notInView}
}
