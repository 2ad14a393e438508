package notice

import (
	"fmt"
	"strings"
)

// Words is the entry as the notice says it: its values ("EUR 18,400.00;
// EUR 600.00", "and 3 more", the check's note in brackets, ⚑ where it needs a
// reviewer's eye), or its marker and the check's note ("◌ not in this
// view: contact data is not in the standard view; the full view shows it").
func (e Entry) Words() string {
	var s string
	if e.Shown() {
		s = strings.Join(e.Values, "; ")
		if e.More > 0 {
			s += fmt.Sprintf("; and %d more", e.More)
		}
		if e.Note != "" {
			s += " (" + e.Note + ")"
		}
	} else {
		s = e.Marker()
		if e.Note != "" {
			s += ": " + e.Note
		}
	}
	if e.Flagged {
		s = "⚑ " + s
	}
	return s
}

// LabelEntries are the entries the label line shows after its statement:
// the required ones always, those that apply only sometimes (the
// controlling entity, the election, targeting) where the answer holds
// them.
func (n Notice) LabelEntries() []Entry {
	var out []Entry
	for i, e := range n.Label {
		if n.labelRequired[i] || e.Shown() {
			out = append(out, e)
		}
	}
	return out
}

// Heading names the notice: "Transparency notice · TN2026 · standard view".
func (n Notice) Heading() string {
	return "Transparency notice · " + n.PAID + " · " + n.View.String() + " view"
}

// About says what the notice is and is not, under its heading.
const About = "The items of the template of Implementing Regulation (EU) 2025/1410, Annex II, in its order, " +
	"as padview reads the answer: a help for a reviewer, not legal advice."

// LabelTitle introduces the label line.
const LabelTitle = "Label (Regulation (EU) 2024/900, Art. 11(1))"

// WarningWord heads the line of a notice whose answer named another PAID
// than the one asked for: "Warning: the service answered for …".
const WarningWord = "Warning"

// MaskedWords says the notice's personal data is masked.
const MaskedWords = "MASKED · personal data hidden for screen sharing"
