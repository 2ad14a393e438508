package check

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
)

// Status is how one rule ended.
type Status string

// The five states every rule ends in.
const (
	// Present: the document carries the item.
	Present Status = "present"
	// Missing: it does not, or what it carries is unusable (an amount
	// without a currency, a period that ends before it starts).
	Missing Status = "missing"
	// NotApplicable: the item does not apply to this advertisement (the
	// payer is the sponsor; the sponsor is a natural person).
	NotApplicable Status = "not_applicable"
	// DeclaredNone: the service says it is not disclosed or not used (null,
	// "none", an empty list).
	DeclaredNone Status = "declared_none"
	// NotInView: personal contact data that only the full view carries,
	// checked in the standard view: neither present nor missing.
	NotInView Status = "not_in_view"
)

// Statuses lists the states in the order they are explained to people.
var Statuses = []Status{Present, Missing, NotApplicable, DeclaredNone, NotInView}

// Symbol is the status's one-character mark. Each has its own shape, so the
// meaning does not depend on colour.
func (s Status) Symbol() string {
	switch s {
	case Present:
		return "✓"
	case Missing:
		return "✗"
	case NotApplicable:
		return "–"
	case DeclaredNone:
		return "○"
	case NotInView:
		return "◌"
	}
	return "?"
}

// Words is the status for people: "present", "missing", "not applicable",
// "declared none", "not in this view".
func (s Status) Words() string {
	switch s {
	case NotApplicable:
		return "not applicable"
	case DeclaredNone:
		return "declared none"
	case NotInView:
		return "not in this view"
	}
	return string(s)
}

// Result is one rule evaluated on one document.
type Result struct {
	Rule   Rule
	Status Status
	// Found says where the document holds the item ("campaign.startDate",
	// "sponsors[].email"); empty when nothing was found.
	Found []string
	// Note says in a few words why the rule ended as it did; it never
	// carries a value of personal data and is cleaned for the terminal.
	Note string
	// Flagged marks an item that is present but needs a reviewer's eye,
	// such as funding from outside the EU.
	Flagged bool
}

// Failed reports whether this result makes the notice incomplete: a
// required item that is missing.
func (r Result) Failed() bool { return r.Rule.Required && r.Status == Missing }

// Words is the result's state for people, in capitals for a required item
// that is missing ("MISSING"), so that it stands out without colour.
func (r Result) Words() string {
	if r.Failed() {
		return strings.ToUpper(r.Status.Words())
	}
	return r.Status.Words()
}

// Detail says in a line why the rule ended as it did: the note, and where
// the document holds the item (not for a missing one, whose paths name what
// was unusable in the note already).
func (r Result) Detail() string {
	found := strings.Join(r.Found, ", ")
	switch {
	case r.Note == "":
		return found
	case found != "" && r.Status != Missing:
		return r.Note + " (" + found + ")"
	}
	return r.Note
}

// Report is every rule evaluated on one advertisement, in the order of Rules.
type Report struct {
	PAID    string
	View    advert.View
	Results []Result
}

// Check evaluates every rule of Rules on d.
func Check(d *advert.Document) Report {
	if d == nil {
		d = &advert.Document{}
	}
	r := Report{PAID: d.PAID, View: d.View, Results: make([]Result, len(Rules))}
	for i, rule := range Rules {
		res := rule.eval(d, rule)
		res.Rule = rule
		// Paths hold member names from the server: clean them once here.
		for j, f := range res.Found {
			res.Found[j] = text.CleanText(f)
		}
		res.Note = text.CleanText(res.Note)
		r.Results[i] = res
	}
	return r
}

// Complete reports whether no required rule is missing.
func (r Report) Complete() bool {
	for _, res := range r.Results {
		if res.Failed() {
			return false
		}
	}
	return true
}

// Verdict sums the report up for people: "complete: no required item is
// missing", or "INCOMPLETE: 2 required items missing", in capitals so that
// it stands out without colour.
func (r Report) Verdict() string {
	switch n := len(r.Failures()); n {
	case 0:
		return "complete: no required item is missing"
	case 1:
		return "INCOMPLETE: 1 required item missing"
	default:
		return fmt.Sprintf("INCOMPLETE: %d required items missing", n)
	}
}

// Tally counts the results by state, in the order of Statuses, leaving out
// states no rule ended in: "10 present · 5 missing · 2 not in this view".
func (r Report) Tally() string {
	var counts []string
	for _, s := range Statuses {
		if n := r.Count(s); n > 0 {
			counts = append(counts, fmt.Sprintf("%d %s", n, s.Words()))
		}
	}
	return strings.Join(counts, " · ")
}

// Failures are the required rules that are missing.
func (r Report) Failures() []Result {
	var out []Result
	for _, res := range r.Results {
		if res.Failed() {
			out = append(out, res)
		}
	}
	return out
}

// Count is how many rules ended in s.
func (r Report) Count(s Status) int {
	n := 0
	for _, res := range r.Results {
		if res.Status == s {
			n++
		}
	}
	return n
}

// MarshalJSON writes the report as `padview check --json` prints it:
// {"paid", "view", "complete", "checks": [{"id", "label", "status",
// "required", "basis", "fields", "found", "note", "flagged"}]}.
func (r Report) MarshalJSON() ([]byte, error) {
	type checkJSON struct {
		ID       string   `json:"id"`
		Label    string   `json:"label"`
		Status   Status   `json:"status"`
		Required bool     `json:"required"`
		Basis    string   `json:"basis"`
		Fields   []string `json:"fields"`
		Found    []string `json:"found,omitempty"`
		Note     string   `json:"note,omitempty"`
		Flagged  bool     `json:"flagged,omitempty"`
	}
	checks := make([]checkJSON, len(r.Results))
	for i, res := range r.Results {
		checks[i] = checkJSON{ID: res.Rule.ID, Label: res.Rule.Label, Status: res.Status,
			Required: res.Rule.Required, Basis: res.Rule.Basis, Fields: res.Rule.Fields,
			Found: res.Found, Note: res.Note, Flagged: res.Flagged}
	}
	return json.Marshal(struct {
		PAID     string      `json:"paid"`
		View     string      `json:"view"`
		Complete bool        `json:"complete"`
		Checks   []checkJSON `json:"checks"`
	}{r.PAID, r.View.String(), r.Complete(), checks})
}
