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

// The six states every rule ends in.
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
	// checked in the standard view and not in its answer: neither present
	// nor missing.
	NotInView Status = "not_in_view"
	// Unknown: padview found nothing for the rule, but the answer holds
	// members it did not recognise: the item may be among them, so it is
	// not called missing (padview fields lists them).
	Unknown Status = "unknown"
)

// Statuses lists the states in the order they are explained to people.
var Statuses = []Status{Present, Missing, NotApplicable, DeclaredNone, NotInView, Unknown}

// NotInViewNote says why an item is NotInView.
const NotInViewNote = "contact data is not in the standard view; the full view shows it"

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
	case Unknown:
		return "?"
	}
	return "·"
}

// Words is the status for people: "present", "missing", "not applicable",
// "declared none", "not in this view", "unknown".
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

	// absent says a missing item was not found at all (rather than found
	// empty or unusable), weak that it was found only sent empty or
	// unreadable: where a member padview did not recognise may hold it,
	// it is unknown instead.
	absent, weak bool
}

// Failed reports whether this result makes the notice incomplete: a
// required item that is missing.
func (r Result) Failed() bool { return r.Rule.Required && r.Status == Missing }

// Words is the result's state for people, in capitals for a required item
// that is missing ("MISSING"), so that it stands out without colour.
func (r Result) Words() string { return r.Status.WordsFor(r.Rule.Required) }

// WordsFor is the state for people of an item that is required or not:
// in capitals where a required item is missing.
func (s Status) WordsFor(required bool) string {
	if required && s == Missing {
		return strings.ToUpper(s.Words())
	}
	return s.Words()
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
	// AnsweredPAID and Warning: the answer named another PAID than the
	// one asked for (advert.Document.AnsweredPAID and AnsweredFor).
	AnsweredPAID, Warning string
}

// Result is the result of the rule id, if the report has one.
func (r Report) Result(id string) (Result, bool) {
	for _, res := range r.Results {
		if res.Rule.ID == id {
			return res, true
		}
	}
	return Result{}, false
}

// Check evaluates every rule of Rules on d, reading its member names with
// the vocabulary d was normalized with.
func Check(d *advert.Document) Report {
	if d == nil {
		d = &advert.Document{}
	}
	c := &checker{d: d, v: d.Vocabulary()}
	r := Report{PAID: d.PAID, View: d.View, Results: make([]Result, len(Rules)), AnsweredPAID: d.AnsweredPAID, Warning: d.AnsweredFor()}
	for i, rule := range Rules {
		res := rule.eval(c, rule)
		res.Rule = rule
		res.Rule.Fields = expand(c.v, rule.Fields) // the vocabulary's sets, as the fields they are
		if undecided(res) {
			if us := c.maybe(rule, res); len(us) > 0 {
				res = unknownFrom(res, us, d)
			}
		}
		// Paths hold member names from the server: clean them once here.
		for j, f := range res.Found {
			res.Found[j] = text.CleanText(f)
		}
		res.Note = text.CleanText(res.Note)
		r.Results[i] = res
	}
	return r
}

// undecided reports whether a result may be wrong for a member padview
// did not recognise: an item (or a part of it) not found, found only
// empty or unreadable, or not in this view. A recognised member that is
// empty or unreadable never wins over a member that may hold the item.
func undecided(res Result) bool {
	return res.Status == Missing && (res.absent || res.weak) || res.Status == NotInView ||
		res.Status == NotApplicable && res.absent // none named: unless a member padview did not read names it
}

// unknownFrom is a result padview cannot decide, because members it did
// not recognise may hold the item: its note says what was (not) found
// and names them.
func unknownFrom(res Result, us []advert.Unplaced, d *advert.Document) Result {
	note := res.Note
	switch {
	case res.Status == NotInView:
		note = "not found in this view"
	case strings.HasPrefix(note, text.NotInResponse):
		note = "not found" + strings.TrimPrefix(note, text.NotInResponse)
	}
	res.Status = Unknown
	res.Note = note + "; " + maybeNote(us) + " (padview fields " + d.PAID + " shows how padview read them)"
	return res
}

// Verdict is what a report says of the notice as a whole.
type Verdict string

// The three verdicts.
const (
	// Complete: no required item is missing, unknown or out of view.
	Complete Verdict = "complete"
	// Incomplete: a required item is missing.
	Incomplete Verdict = "incomplete"
	// Undetermined: no required item is missing, but padview could not
	// tell of one: not recognised, or only in the full view.
	Undetermined Verdict = "undetermined"
)

// Outcome is the report's verdict: incomplete when a required rule is
// missing, else undetermined when a required rule is unknown or not in
// view, else complete.
func (r Report) Outcome() Verdict {
	switch {
	case len(r.Failures()) > 0:
		return Incomplete
	case len(r.Undetermined()) > 0:
		return Undetermined
	}
	return Complete
}

// Complete reports whether the verdict is complete.
func (r Report) Complete() bool { return r.Outcome() == Complete }

// Undetermined are the required rules padview could not decide: unknown,
// or not in this view.
func (r Report) Undetermined() []Result {
	var out []Result
	for _, res := range r.Results {
		if res.Rule.Required && (res.Status == Unknown || res.Status == NotInView) {
			out = append(out, res)
		}
	}
	return out
}

// Verdict sums the report up for people, naming the required items it
// is about: "complete: no required item is missing", "INCOMPLETE: 1
// required item missing: the calculation method" (in capitals, so that it
// stands out without colour; then those padview could not decide, if
// any), or "undetermined: the sponsor email is only in the full view".
func (r Report) Verdict() string {
	switch r.Outcome() {
	case Incomplete:
		failures := r.Failures()
		s := "INCOMPLETE: " + text.Plural(len(failures), "required item", "required items") + " missing: " + nouns(failures)
		if und := r.Undetermined(); len(und) > 0 {
			s += "; " + undeterminedWords(und)
		}
		return s
	case Undetermined:
		return "undetermined: " + undeterminedWords(r.Undetermined())
	}
	return "complete: no required item is missing"
}

// maxNamed is how many items a verdict names before it counts the rest.
const maxNamed = 4

// nouns names the rules of rs as a sentence lists them: "the period and
// the calculation method".
func nouns(rs []Result) string {
	names := make([]string, len(rs))
	for i, res := range rs {
		names[i] = res.Rule.Noun
	}
	return text.Listing(names, maxNamed)
}

// undeterminedWords says which required items padview could not decide
// and why, by name: "the sponsor email is only in the full view", "the
// amounts were not recognised; the sponsor email and the sponsor postal
// address are only in the full view".
func undeterminedWords(rs []Result) string {
	var unknown, out []Result
	for _, res := range rs {
		if res.Status == Unknown {
			unknown = append(unknown, res)
		} else {
			out = append(out, res)
		}
	}
	var parts []string
	if len(unknown) > 0 {
		verb := "were"
		if len(unknown) == 1 {
			verb = text.Was(unknown[0].Rule.Noun)
		}
		parts = append(parts, nouns(unknown)+" "+verb+" not recognised")
	}
	if len(out) > 0 {
		verb := "are"
		if len(out) == 1 {
			verb = text.Is(out[0].Rule.Noun)
		}
		parts = append(parts, nouns(out)+" "+verb+" only in the full view")
	}
	return strings.Join(parts, "; ")
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
// {"paid", "view", "verdict", "complete", "checks": [{"id", "label",
// "annex", "status", "required", "basis", "fields", "found", "note",
// "flagged"}]}; "complete" is true only for the verdict complete. An
// answer that named another PAID has "answeredPaid" and "warning" after
// "paid".
func (r Report) MarshalJSON() ([]byte, error) {
	type checkJSON struct {
		ID       string   `json:"id"`
		Label    string   `json:"label"`
		Annex    int      `json:"annex"`
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
		checks[i] = checkJSON{ID: res.Rule.ID, Label: res.Rule.Label, Annex: res.Rule.Annex, Status: res.Status,
			Required: res.Rule.Required, Basis: res.Rule.Basis, Fields: res.Rule.Fields,
			Found: res.Found, Note: res.Note, Flagged: res.Flagged}
	}
	return json.Marshal(struct {
		PAID     string      `json:"paid"`
		Answered string      `json:"answeredPaid,omitempty"`
		Warning  string      `json:"warning,omitempty"`
		View     string      `json:"view"`
		Verdict  Verdict     `json:"verdict"`
		Complete bool        `json:"complete"`
		Checks   []checkJSON `json:"checks"`
	}{r.PAID, r.AnsweredPAID, r.Warning, r.View.String(), r.Outcome(), r.Complete(), checks})
}
