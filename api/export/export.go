// Package export renders advertisements for saving: the normalized JSON, a
// Markdown report, or the sponsors and controllers as CSV. It proposes file
// names and writes files without ever replacing one silently. It knows no
// terminal: `padview get --format` writes to stdout through it, and the
// TUI's export dialog saves files through it.
package export

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/padview/padview/api/advert"
)

// Format is an export format, named as `--format` takes it.
type Format string

// The export formats.
const (
	JSON     Format = "json"     // the normalized document, one line each
	Markdown Format = "markdown" // a report: groups as sections, parties as tables
	CSV      Format = "csv"      // sponsors and controllers, one row each
)

// Formats lists the export formats in the order they are offered.
var Formats = []Format{JSON, Markdown, CSV}

// ParseFormat reads a format name.
func ParseFormat(s string) (Format, error) {
	for _, f := range Formats {
		if string(f) == s {
			return f, nil
		}
	}
	names := make([]string, len(Formats))
	for i, f := range Formats {
		names[i] = string(f)
	}
	return "", fmt.Errorf("unknown export format %q: use one of %s", s, strings.Join(names, ", "))
}

// Ext is the file name extension of the format, without the dot.
func (f Format) Ext() string {
	if f == Markdown {
		return "md"
	}
	return string(f)
}

// Write renders documents in a format: JSON as one line per document (JSON
// Lines), Markdown as one report after another, CSV as one table of the
// parties of all of them.
func Write(w io.Writer, f Format, docs ...*advert.Document) error {
	bw := bufio.NewWriter(w)
	switch f {
	case JSON:
		for _, d := range docs {
			b, _ := d.MarshalJSON() // cannot fail: the document builds its own JSON
			bw.Write(b)
			bw.WriteByte('\n')
		}
	case Markdown:
		for i, d := range docs {
			if i > 0 {
				bw.WriteString("\n---\n\n")
			}
			writeMarkdown(bw, d)
		}
	case CSV:
		if err := writeCSV(bw, docs); err != nil {
			return err
		}
	default:
		_, err := ParseFormat(string(f))
		return err
	}
	return bw.Flush()
}
