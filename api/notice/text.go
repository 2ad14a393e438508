package notice

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// writeText writes the notice as aligned lines: the heading, the label
// line, then each item's number and title with its entries beneath.
func writeText(w *bufio.Writer, n Notice) {
	fmt.Fprintln(w, n.Heading())
	if n.Masked {
		fmt.Fprintln(w, MaskedWords)
	}
	if n.Warning != "" {
		fmt.Fprintln(w, WarningWord+": "+n.Warning)
	}
	if n.From != nil {
		for _, l := range n.From.Lines() {
			fmt.Fprintln(w, l)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "%s\n\n%s:\n  %s\n", About, LabelTitle, strings.Join(n.LabelParts(), " · "))
	width := 0
	for _, it := range n.Items {
		for _, e := range it.Entries {
			width = max(width, ansi.StringWidth(e.Label))
		}
	}
	for _, it := range n.Items {
		fmt.Fprintf(w, "\n%2d. %s\n", it.Number, it.Title)
		for _, e := range it.Entries {
			fmt.Fprintf(w, "    %s%s  %s\n", e.Label, strings.Repeat(" ", width-ansi.StringWidth(e.Label)), e.Words())
		}
	}
	fmt.Fprintf(w, "\nCheck: %s\n", n.Verdict)
}

// LabelParts are the label line's parts: the statement, then each entry
// the label shows as "Label: words".
func (n Notice) LabelParts() []string {
	parts := []string{Statement}
	for _, e := range n.LabelEntries() {
		parts = append(parts, e.Label+": "+e.Words())
	}
	return parts
}
