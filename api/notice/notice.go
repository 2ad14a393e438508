package notice

import (
	"fmt"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/check"
	"github.com/padview/padview/api/export"
	"github.com/padview/padview/api/text"
)

// Notice is the transparency notice of one advertisement: the label line
// above, then the template's items in order.
type Notice struct {
	PAID    string // cleaned
	View    advert.View
	Masked  bool    // the document's personal data was masked (--mask, m)
	Label   []Entry // the label's points b to e (Art. 11(1)); (a) is the statement itself
	Items   []Item  // items 1 to 16 of Annex II, in order
	Verdict string  // the check's verdict on the notice
	// AnsweredPAID is the PAID the answer named when it was another than
	// the one asked for, and Warning the sentence that says so
	// (advert.Document.AnsweredFor); both cleaned, both "" otherwise.
	AnsweredPAID, Warning string
	// Personal are the categories of personal data the notice shows (in
	// the order of text.Categories): what a file of it holds, as the
	// access log's export line records it.
	Personal []string
	// From is where the answer came from, written as a block under the
	// heading of a file; nil where none is written (the pane, its copy).
	From *export.Provenance

	labelRequired []bool // by Label: the rule is required
}

// Item is one item of the template with an entry for each rule of it.
type Item struct {
	Number  int
	Title   string
	Entries []Entry
}

// Entry is what the notice says for one rule: the values the answer holds
// for it, or, where it shows none, the check's state and note.
type Entry struct {
	Label string // the rule's label
	Rule  string // the rule's id
	// Required: the notice is not complete without the item, as its
	// rule is required, or the requirement it is one of (the amounts
	// of items 5 and 6) is not met.
	Required bool
	Status   check.Status
	// Values are the values the answer holds where the check found the
	// item, written for people and cleaned; at most maxValues, More
	// counting the rest. Empty where the notice shows no value.
	Values []string
	More   int
	// Note is the check's note, or why the notice withholds a value.
	Note    string
	Flagged bool
}

// Shown reports whether the entry shows values rather than a marker.
func (e Entry) Shown() bool { return len(e.Values) > 0 }

// Marker is the entry's state as the check words it, with its symbol, and
// whether the item is required where it is not there or not decided:
// "✗ MISSING (required)", "✗ missing (optional)", "◌ not in this view
// (required)", "? unknown (optional)", "– not applicable".
func (e Entry) Marker() string {
	m := e.Status.Symbol() + " " + e.Status.WordsFor(e.Required)
	switch {
	case e.Required && (e.Status == check.Missing || e.Status == check.Unknown || e.Status == check.NotInView):
		m += " (" + RequiredWord + ")"
	case e.Status == check.Missing || e.Status == check.Unknown:
		m += " (" + OptionalWord + ")"
	}
	return m
}

// The words that say whether an item not there is needed: as the check's
// output says it of each rule.
const (
	RequiredWord = "required"
	OptionalWord = "optional"
)

// Statement is the label's point (a): that it is a political advertisement.
const Statement = "Political advertisement"

// WithheldNote says why a value the standard answer holds is not shown.
const WithheldNote = "personal data: the notice shows it only in the full view"

// Build lays out the notice of d from its check, rep (check.Check(d), or
// the check of the unmasked document: a report holds no values). Under
// the mask d is the masked copy, and its values are masked.
func Build(d *advert.Document, rep check.Report) Notice {
	if d == nil {
		d = &advert.Document{}
	}
	vals := readValues(d, rep)
	entry := func(r check.Rule) Entry {
		res, _ := rep.Result(r.ID)
		e := vals.entry(r, res)
		if span, ok := check.Spanning(r.ID); ok && span.Required {
			spanned(&e, span, rep)
		}
		return e
	}
	n := Notice{PAID: text.CleanText(d.PAID), View: d.View, Masked: d.Masked, Verdict: rep.Verdict(),
		AnsweredPAID: text.CleanText(d.AnsweredPAID), Warning: text.CleanText(d.AnsweredFor())}
	for _, r := range check.LabelRules() {
		n.Label = append(n.Label, entry(r))
		n.labelRequired = append(n.labelRequired, r.Required)
	}
	for _, it := range check.Items() {
		item := Item{Number: it.Number, Title: it.Label}
		for _, r := range it.Rules {
			if len(r.Over) == 0 { // a requirement over items shows through theirs
				item.Entries = append(item.Entries, entry(r))
			}
		}
		n.Items = append(n.Items, item)
	}
	n.Personal = vals.written.List()
	return n
}

// spanned marks e, an entry of one of the items a requirement spans (the
// amounts for the advertisement, of span the amounts), required while
// the requirement is not met; where another item meets it, its note says
// which.
func spanned(e *Entry, span check.Rule, rep check.Report) {
	res, _ := rep.Result(span.ID)
	if !met(res.Status) {
		e.Required = true
		return
	}
	if e.Status != check.Missing && e.Status != check.Unknown {
		return
	}
	for _, id := range span.Over {
		other, _ := rep.Result(id)
		if id != e.Rule && other.Status == check.Present {
			e.Note = join(e.Note, fmt.Sprintf("%s %s given under item %d, which meets the requirement", span.Noun,
				text.Is(span.Noun), other.Rule.Annex))
			return
		}
	}
}

// met reports whether a requirement ended so that it does not make the
// notice incomplete or undetermined.
func met(s check.Status) bool {
	return s == check.Present || s == check.NotApplicable || s == check.DeclaredNone
}
