package notice

import (
	"bufio"
	"fmt"

	"github.com/padview/padview/api/text"
)

// A batch's file says which of its PAIDs it holds no notice of, and why,
// so that a file handed on is complete about what it lacks: the errors on
// stderr do not travel with it.

// maxFailures is the most PAIDs the closing section names one by one; it
// counts the rest (stderr names each).
const maxFailures = 1000

// failure is a PAID of the batch that could not be laid out, and why,
// both cleaned.
type failure struct{ PAID, Why string }

// missing is what the closing section says: the PAIDs not laid out, how
// many more, and the PAIDs not looked up at all.
type missing struct {
	failed     []failure
	more       int
	unfinished string
}

// NotLaidOut heads the closing section.
const NotLaidOut = "Not laid out"

// Fail records that paid could not be laid out, and why (as the CLI words
// the failure): the file ends with a section naming it.
func (s *Stream) Fail(paid, why string) {
	if len(s.missing.failed) >= maxFailures {
		s.missing.more++
		return
	}
	s.missing.failed = append(s.missing.failed, failure{PAID: text.CleanText(paid), Why: text.CleanText(why)})
}

// Unfinished records the line that stands for the PAIDs the batch did not
// look up ("3 of 10 PAIDs not looked up: interrupted"), for the closing
// section.
func (s *Stream) Unfinished(line string) { s.missing.unfinished = text.CleanText(line) }

// any reports whether the closing section has something to say.
func (m missing) any() bool { return len(m.failed) > 0 || m.unfinished != "" }

// intro is the closing section's first sentence: "2 PAIDs of the batch
// have no notice in this file:"; "" when none failed.
func (m missing) intro() string {
	n := len(m.failed) + m.more
	if n == 0 {
		return ""
	}
	have := "have"
	if n == 1 {
		have = "has"
	}
	return fmt.Sprintf("%s of the batch %s no notice in this file:", text.Plural(n, "PAID", "PAIDs"), have)
}

// moreWords counts the PAIDs not named: "and 12 more (stderr named each)".
func (m missing) moreWords() string {
	if m.more == 0 {
		return ""
	}
	return fmt.Sprintf("and %s more (stderr named each)", text.Thousands(int64(m.more)))
}

// writeMissingText writes the closing section as lines.
func writeMissingText(w *bufio.Writer, m missing) {
	fmt.Fprintf(w, "\n%s\n", NotLaidOut)
	if intro := m.intro(); intro != "" {
		fmt.Fprintf(w, "  %s\n", intro)
	}
	for _, f := range m.failed {
		fmt.Fprintf(w, "  %s: %s\n", f.PAID, f.Why)
	}
	for _, l := range []string{m.moreWords(), m.unfinished} {
		if l != "" {
			fmt.Fprintf(w, "  %s\n", l)
		}
	}
}

// writeMissingMarkdown writes the closing section as a last report.
func writeMissingMarkdown(w *bufio.Writer, m missing, after bool) {
	if after {
		w.WriteString("\n---\n\n")
	}
	fmt.Fprintf(w, "# %s\n\n", md(NotLaidOut))
	if intro := m.intro(); intro != "" {
		fmt.Fprintf(w, "%s\n\n", md(intro))
		for _, f := range m.failed {
			fmt.Fprintf(w, "- **%s:** %s\n", md(f.PAID), md(f.Why))
		}
		if more := m.moreWords(); more != "" {
			fmt.Fprintf(w, "- %s\n", md(more))
		}
		if m.unfinished != "" {
			w.WriteString("\n")
		}
	}
	if m.unfinished != "" {
		fmt.Fprintf(w, "%s\n", md(m.unfinished))
	}
}
