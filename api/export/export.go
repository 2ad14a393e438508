package export

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
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

// Written lists the categories of personal data an export of d in format
// f holds, by what the format writes (text.PersonalCategoriesIn): JSON and
// Markdown write the whole answer, CSV its parties only. The access log's
// export line records them.
func (f Format) Written(d *advert.Document) []string {
	if f == CSV {
		return text.PersonalCategoriesIn(d, csvGroups()...)
	}
	return text.PersonalCategories(d)
}

// Write renders advertisements in a format, each with its provenance:
// JSON as one line per document (JSON Lines), Markdown as one report after
// another, CSV as one table of the parties of all of them.
func Write(w io.Writer, f Format, items ...Item) error {
	bw := bufio.NewWriter(w)
	s, err := NewStream(bw, f)
	if err != nil {
		return err
	}
	for _, it := range items {
		if err := s.Add(it); err != nil {
			return err
		}
	}
	if err := s.Close(); err != nil {
		return err
	}
	return bw.Flush()
}

// Stream renders advertisements one at a time as they arrive, for a
// batch: JSON and Markdown are written at once, CSV rows are kept until
// Close, since the table's columns are known only when every row is in.
type Stream struct {
	w     io.Writer
	f     Format
	n     int
	table []Item
}

// NewStream starts rendering to w in format f.
func NewStream(w io.Writer, f Format) (*Stream, error) {
	if _, err := ParseFormat(string(f)); err != nil {
		return nil, err
	}
	return &Stream{w: w, f: f}, nil
}

// reportSeparator goes between two Markdown reports: a thematic break.
const reportSeparator = "\n---\n\n"

// provenanceMember is the member of an exported JSON document that holds
// its provenance: last, after "warnings", where no member of the
// normalized document can be (what the service sent beyond the groups is
// in "other").
const provenanceMember = "provenance"

// Add renders one advertisement.
func (s *Stream) Add(it Item) error {
	defer func() { s.n++ }()
	switch s.f {
	case JSON:
		// streamed: a large document costs no buffer of its size
		if err := it.Doc.WriteJSONWith(s.w, provenanceMember, appendProvenanceJSON(nil, it.From)); err != nil {
			return err
		}
		_, err := io.WriteString(s.w, "\n")
		return err
	case Markdown:
		bw := bufio.NewWriter(s.w)
		if s.n > 0 {
			bw.WriteString(reportSeparator)
		}
		writeMarkdown(bw, it)
		return bw.Flush()
	}
	s.table = append(s.table, it)
	return nil
}

// Close writes what Add kept back (the CSV table, header only when no
// document came).
func (s *Stream) Close() error {
	if s.f != CSV {
		return nil
	}
	return writeCSV(s.w, s.table)
}
