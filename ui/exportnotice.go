package ui

import (
	"io"
	"time"

	"charm.land/lipgloss/v2"

	"github.com/padview/padview/api/export"
	"github.com/padview/padview/api/notice"
	"github.com/padview/padview/theme"
)

// exportChoice is one line of the export dialog: the advertisement in an
// export format (api/export), or its transparency notice in one of the
// notice's formats (api/notice), as `padview notice --format` writes it.
type exportChoice struct {
	name, words string
	format      export.Format // the advertisement's; "" for the notice
	notice      notice.Format
	diff        export.Format // the comparison's, on the Compare tab: Markdown or JSON
}

// exportChoices are the dialog's lines: the export formats, then the
// notice's.
var exportChoices = func() []exportChoice {
	var out []exportChoice
	for _, f := range export.Formats {
		out = append(out, exportChoice{name: formatName(f), words: formatWords[f], format: f})
	}
	for _, f := range []notice.Format{notice.Markdown, notice.HTML, notice.Text} {
		out = append(out, exportChoice{name: noticeFormatNames[f], words: noticeFormatWords[f], notice: f})
	}
	return out
}()

var (
	noticeFormatNames = map[notice.Format]string{
		notice.Markdown: "Notice (MD)", notice.HTML: "Notice (HTML)", notice.Text: "Notice (text)",
	}
	noticeFormatWords = map[notice.Format]string{
		notice.Markdown: "the transparency notice in Markdown",
		notice.HTML:     "the notice as one standalone web page",
		notice.Text:     "the notice as plain text",
	}
)

// compareChoices are the dialog's lines on the Compare tab: the
// comparison, as `padview diff` writes it.
var compareChoices = []exportChoice{
	{name: "Comparison (MD)", words: "what changed, as padview diff says it, in Markdown", diff: export.Markdown},
	{name: "Comparison (JSON)", words: "what changed, as padview diff --json writes it", diff: export.JSON},
}

// fileName proposes the file's name for the job at now.
func (c exportChoice) fileName(j exportJob, now time.Time) string {
	switch {
	case c.diff != "":
		return compareFileName(j.against, j.doc, c.diff, now)
	case c.format != "":
		return export.FileName(j.doc, c.format, now)
	}
	return notice.FileName(j.doc, c.notice, now)
}

// output writes the job's advertisement (as shown: masked under the
// mask) in the choice's format, or its notice, with its provenance; and
// says which categories of personal data that writes, for the access log.
func (c exportChoice) output(j exportJob) (write func(io.Writer) error, written []string) {
	if c.diff != "" {
		return compareOutput(j, c.diff), union(c.diff.Written(j.against), c.diff.Written(j.doc))
	}
	if c.format != "" {
		f, item := c.format, export.Item{Doc: j.doc, From: j.from}
		return func(w io.Writer) error { return export.Write(w, f, item) }, f.Written(j.doc)
	}
	f, n, from := c.notice, j.notice, j.from
	n.From = &from
	return func(w io.Writer) error { return notice.Write(w, f, n) }, n.Personal
}

// logName is the format as the access log records an export in it: the
// export format's name, or the notice's ("notice-html").
func (c exportChoice) logName() string {
	if c.diff != "" {
		return "comparison-" + string(c.diff)
	}
	if c.format != "" {
		return string(c.format)
	}
	return c.notice.ExportName()
}

// firstNoticeChoice is the index of the first of the notice's lines in
// exportChoices: the dialog opens on it while the notice is on screen.
func firstNoticeChoice() int {
	for i, c := range exportChoices {
		if c.format == "" {
			return i
		}
	}
	return 0
}

// exportChoiceLines are the dialog's choices, a line each, the selected
// one marked ▸ and reversed; what each holds is cut to the width.
func exportChoiceLines(st theme.Styles, choices []exportChoice, selected int) []string {
	nameW := 0
	for _, c := range choices {
		nameW = max(nameW, lipgloss.Width(c.name))
	}
	out := make([]string, len(choices))
	for i, c := range choices {
		mark, name := "  ", pad(c.name, nameW)
		if i == selected {
			mark, name = st.Selected.Render("▸")+" ", st.Selected.Render(name)
		}
		out[i] = mark + name + " " + st.Muted.Render(c.words)
	}
	return out
}

// inSight is the offset of a body of n lines in room lines (frame.render)
// that keeps line sel in sight, clear of the ↑ and ↓ more lines.
func inSight(sel, n, room int) int {
	if n <= room {
		return 0
	}
	return min(max(0, sel-(room-2)), n-room)
}
