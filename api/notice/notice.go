package notice

import (
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/check"
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
	Label    string // the rule's label
	Rule     string // the rule's id
	Required bool   // the rule's: a required item missing fails the notice
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

// Marker is the entry's state as the check words it, with its symbol:
// "✗ missing", "◌ not in this view", "? unknown".
func (e Entry) Marker() string { return e.Status.Symbol() + " " + e.Status.Words() }

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
		return vals.entry(r, res)
	}
	n := Notice{PAID: text.CleanText(d.PAID), View: d.View, Masked: d.Masked, Verdict: rep.Verdict()}
	for _, r := range check.LabelRules() {
		n.Label = append(n.Label, entry(r))
		n.labelRequired = append(n.labelRequired, r.Required)
	}
	for _, it := range check.Items() {
		item := Item{Number: it.Number, Title: it.Label}
		for _, r := range it.Rules {
			item.Entries = append(item.Entries, entry(r))
		}
		n.Items = append(n.Items, item)
	}
	return n
}
