package notice

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/export"
)

// Format is a way of writing the notice, named as `padview notice
// --format` takes it.
type Format string

// The notice's formats.
const (
	Text     Format = "text"     // aligned lines, for a terminal or a plain file
	Markdown Format = "markdown" // a section an item
	HTML     Format = "html"     // one standalone file: no scripts, no external resources
)

// Formats lists the formats in the order they are offered.
var Formats = []Format{Text, Markdown, HTML}

// ParseFormat reads a format name.
func ParseFormat(s string) (Format, error) {
	for _, f := range Formats {
		if string(f) == s {
			return f, nil
		}
	}
	return "", fmt.Errorf("unknown notice format %q: use one of %s", s, strings.Join(FormatNames(), ", "))
}

// FormatNames are the formats' names, for help and errors.
func FormatNames() []string {
	names := make([]string, len(Formats))
	for i, f := range Formats {
		names[i] = string(f)
	}
	return names
}

// Ext is the file name extension of the format, without the dot.
func (f Format) Ext() string {
	switch f {
	case Markdown:
		return "md"
	case HTML:
		return "html"
	}
	return "txt"
}

// FileName proposes a file name for the notice of d in format f, made at
// now: the export's name with "-notice" ("padview-TN2026-standard-
// 20261122-notice.html").
func FileName(d *advert.Document, f Format, now time.Time) string {
	name := export.FileName(d, export.JSON, now)
	return strings.TrimSuffix(name, "."+export.JSON.Ext()) + "-notice." + f.Ext()
}

// MaxHTML is the most notices one HTML file holds: the file is written
// whole when the batch ends, so its notices are kept until then.
const MaxHTML = 1000

// Stream writes notices one at a time as a batch brings them: text and
// Markdown at once, one after another; HTML as one file at Close.
type Stream struct {
	w       io.Writer
	f       Format
	n       int
	kept    []Notice // HTML's, until Close
	missing missing  // the PAIDs not laid out, for the closing section
}

// NewStream starts writing to w in format f.
func NewStream(w io.Writer, f Format) (*Stream, error) {
	if _, err := ParseFormat(string(f)); err != nil {
		return nil, err
	}
	return &Stream{w: w, f: f}, nil
}

// Add writes one notice (keeps it, for HTML).
func (s *Stream) Add(n Notice) error {
	defer func() { s.n++ }()
	if s.f == HTML {
		if len(s.kept) >= MaxHTML {
			return fmt.Errorf("one HTML file holds at most %d notices: split the list", MaxHTML)
		}
		s.kept = append(s.kept, n)
		return nil
	}
	bw := bufio.NewWriter(s.w)
	if s.n > 0 {
		sep := "\n"
		if s.f == Markdown {
			sep = "\n---\n\n"
		}
		bw.WriteString(sep)
	}
	if s.f == Markdown {
		writeMarkdown(bw, n)
	} else {
		writeText(bw, n)
	}
	return bw.Flush()
}

// Close writes what Add kept (the HTML file: an empty one when no notice
// came), and ends with the PAIDs not laid out (Fail, Unfinished), if any.
func (s *Stream) Close() error {
	if s.f == HTML {
		return writeHTML(s.w, s.kept, s.missing)
	}
	if !s.missing.any() {
		return nil
	}
	bw := bufio.NewWriter(s.w)
	if s.f == Markdown {
		writeMissingMarkdown(bw, s.missing, s.n > 0)
	} else {
		writeMissingText(bw, s.missing)
	}
	return bw.Flush()
}

// ExportName is the format as the access log records an export of the
// notice in it: "notice-html".
func (f Format) ExportName() string { return "notice-" + string(f) }

// Write writes notices in format f.
func Write(w io.Writer, f Format, notices ...Notice) error {
	s, err := NewStream(w, f)
	if err != nil {
		return err
	}
	for _, n := range notices {
		if err := s.Add(n); err != nil {
			return err
		}
	}
	return s.Close()
}
