package export

import (
	"time"
	"unicode/utf8"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/check"
	"github.com/padview/padview/api/text"
)

// Provenance says where an exported advertisement came from, so that a
// file handed on can be traced to the answer it holds: when it was
// fetched, from which service, in which view, under which request id of
// the service, by which padview, and what the transparency check made of
// it. Every format carries it: JSON as a "provenance" member, Markdown as
// a block under the title, CSV as comment lines before the header row.
// Callers fill it, from the exchange (NewProvenance) or by hand.
type Provenance struct {
	FetchedAt time.Time   // when the answer came (a batch report: when the batch started); zero when not known
	Host      string      // the service's host, of the base URL: no user info, path, query or token
	View      advert.View // the view the answer is of
	RequestID string      // the service's id for the request; "" when it sent none
	Version   string      // padview's version
	// Verdict is the transparency check's verdict on the answer (check.Check
	// of the document as it came); "" when no check was made.
	Verdict check.Verdict
	// Demo: the service is padview's demo, whose data is fictional; the
	// host says so, so that a file handed on cannot pass for a real record.
	Demo bool
	// File, when set, is the file the answer was read from instead of the
	// service: the provenance then says "source": "file", the file's name,
	// its SHA-256 and when it was read, and has no host or request id.
	File *FileOrigin
}

// FileOrigin is the file an answer was read from (padview --file).
type FileOrigin struct {
	Name   string // the path as the user gave it, or "stdin"
	SHA256 string // of the whole file, in hex
	ReadAt time.Time
}

// SourceFile is the provenance's "source" for an answer read from a file.
const SourceFile = "file"

// Item is one advertisement to export and where it came from.
type Item struct {
	Doc  *advert.Document
	From Provenance
}

// NewProvenance is the provenance of the answer ex brought: its time, host
// and request id, the view of r and its verdict, and padview's version.
func NewProvenance(ex *api.Exchange, r check.Report, version string) Provenance {
	p := Provenance{View: r.View, Version: version, Verdict: r.Outcome()}
	if ex != nil {
		p.FetchedAt, p.Host, p.RequestID = ex.Answered(), ex.Host, ex.RequestID
	}
	return p
}

// maxProvenanceText bounds one value of the provenance: a request id is
// whatever the service sent in a header, and a hostile one can be long.
const maxProvenanceText = 200

// ProvenanceField is one line of the provenance: a name for machines (the
// JSON member) and for people, and its value as text.
type ProvenanceField struct {
	Member, Label, Value string
}

// NotKnown is what a value reads as for people when the provenance lacks
// it.
const NotKnown = "not known"

// Fields lists the provenance in the order every format writes it (the
// notice's too); each value is cleaned of control characters and cut at
// maxProvenanceText. An empty value stays empty: the formats say "not
// known" or "" for it.
func (p Provenance) Fields() []ProvenanceField {
	fetched := ""
	if !p.FetchedAt.IsZero() {
		fetched = p.FetchedAt.UTC().Truncate(time.Second).Format(time.RFC3339)
	}
	out := []ProvenanceField{
		{"fetchedAt", "Fetched at", fetched},
		{"host", "Service host", p.host()},
		{"view", "View", p.View.String()},
		{"requestId", "Request id", p.RequestID},
		{"padviewVersion", "padview version", p.Version},
		{"verdict", "Transparency check", string(p.Verdict)},
	}
	if f := p.File; f != nil {
		read := ""
		if !f.ReadAt.IsZero() {
			read = f.ReadAt.UTC().Truncate(time.Second).Format(time.RFC3339)
		}
		out = append([]ProvenanceField{
			{"source", "Source", SourceFile},
			{"file", "File", f.Name},
			{"sha256", "SHA-256", f.SHA256},
			{"readAt", "Read at", read},
		}, out[2:3]...) // the view; no host or request id: the service was not asked
		out = append(out, ProvenanceField{"padviewVersion", "padview version", p.Version},
			ProvenanceField{"verdict", "Transparency check", string(p.Verdict)})
	}
	for i := range out {
		out[i].Value = provenanceText(out[i].Value)
	}
	return out
}

// DemoHost is how the host of padview's demo service reads in a
// provenance.
const DemoHost = "padview's demo service, fictional data"

func (p Provenance) host() string {
	if p.Demo {
		return DemoHost + " (" + p.Host + ")"
	}
	return p.Host
}

// Words is the field's value for people: NotKnown for an empty one.
func (f ProvenanceField) Words() string {
	if f.Value == "" {
		return NotKnown
	}
	return f.Value
}

// Lines are the provenance as lines of text, "Fetched at:
// 2026-10-02T09:30:00Z": the CSV's comments and the text notice's block.
func (p Provenance) Lines() []string {
	fields := p.Fields()
	out := make([]string, len(fields))
	for i, f := range fields {
		out[i] = f.Label + ": " + f.Words()
	}
	return out
}

// provenanceText cleans a value and cuts it at maxProvenanceText
// characters, marking the cut with "…".
func provenanceText(s string) string {
	s = text.CleanText(s)
	if utf8.RuneCountInString(s) <= maxProvenanceText {
		return s
	}
	return string([]rune(s)[:maxProvenanceText-1]) + "…"
}

// maskedWords says in every format that personal data was masked.
const maskedWords = "personal data hidden for screen sharing (emails, phone numbers, addresses)"

// appendProvenanceJSON appends the provenance as a JSON object: each
// member a string, "" for what is not known.
func appendProvenanceJSON(b []byte, p Provenance) []byte {
	b = append(b, '{')
	for i, f := range p.Fields() {
		if i > 0 {
			b = append(b, ',')
		}
		b = advert.AppendQuoted(b, f.Member)
		b = append(b, ':')
		b = advert.AppendQuoted(b, f.Value)
	}
	return append(b, '}')
}
