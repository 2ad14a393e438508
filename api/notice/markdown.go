package notice

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/export"
)

// md escapes untrusted text for a line of Markdown (api/export's escaping).
var md = export.MarkdownText

// writeMarkdown writes the notice as a report: a title, the label line as
// a quote, then a section an item with an entry a line.
func writeMarkdown(w *bufio.Writer, n Notice) {
	fmt.Fprintf(w, "# %s\n\n", strings.ReplaceAll(md(n.Heading()), "#", `\#`))
	if n.Masked {
		fmt.Fprintf(w, "**%s**\n\n", md(MaskedWords))
	}
	if n.Warning != "" {
		fmt.Fprintf(w, "**%s:** %s\n\n", WarningWord, md(n.Warning))
	}
	if n.From != nil {
		export.WriteProvenanceMarkdown(w, *n.From)
	}
	fmt.Fprintf(w, "%s\n", md(About))
	if n.View == advert.Full {
		fmt.Fprintf(w, "\n> **Personal data.** %s\n", md(advert.DataProtectionNotice))
	}
	fmt.Fprintf(w, "\n## %s\n\n> **%s**", md(LabelTitle), md(Statement))
	for _, e := range n.LabelEntries() {
		fmt.Fprintf(w, " · **%s:** %s", md(e.Label), md(e.Words()))
	}
	w.WriteString("\n")
	for _, it := range n.Items {
		fmt.Fprintf(w, "\n## %d. %s\n\n", it.Number, md(it.Title))
		for _, e := range it.Entries {
			fmt.Fprintf(w, "- **%s:** %s\n", md(e.Label), md(e.Words()))
		}
	}
	fmt.Fprintf(w, "\n**Check:** %s\n", md(n.Verdict))
}
