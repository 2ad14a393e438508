package ui

import (
	"context"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/answerfile"
	"github.com/padview/padview/api/audit"
	"github.com/padview/padview/api/export"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/api/vocab"
)

// FileAnswers are the answers of the files the command line read
// (padview --file PATH): the UI shows them in place of the service's,
// asks no service and needs no token. Their PAIDs are the worklist.
type FileAnswers struct {
	Sources []answerfile.Source
	Answers []FileAnswer
	// Reading is the vocabulary the answers are read with now: a
	// [fields] line added on the Other tab changes it, and the next
	// lookup reads the answer anew with it. nil keeps them as read.
	Reading func() *vocab.Vocabulary
}

// FileAnswer is one answer of a file: its document, or why it could not
// be read.
type FileAnswer struct {
	Source int // in Sources
	PAID   string
	Doc    *advert.Document
	Err    error
}

// find is the first answer whose PAID is paid.
func (f *FileAnswers) find(paid string) (FileAnswer, answerfile.Source, bool) {
	for _, a := range f.Answers {
		if a.PAID == paid {
			return a, f.Sources[a.Source], true
		}
	}
	return FileAnswer{}, answerfile.Source{}, false
}

// names are the files, as the banner names them: "ad.json", "a.json, b.csv".
func (f *FileAnswers) names() string {
	var out []string
	for _, s := range f.Sources {
		out = append(out, s.Name)
	}
	return text.CleanText(strings.Join(out, ", "))
}

// full says whether the files are said to be of the full view.
func (f *FileAnswers) full() bool {
	return len(f.Sources) > 0 && f.Sources[0].View == advert.Full
}

// banner is the line above the panes in file mode.
func (f *FileAnswers) banner() string {
	return "from file " + f.names() + ", not the service"
}

// parseLookup reads what was typed or a worklist item: a PAID of the
// service, or in file mode the PAID of one of the files' answers, as
// given (FILE:LINE for one without an identifier).
func (m Model) parseLookup(input string) (api.Lookup, error) {
	if f := m.cfg.Files; f != nil {
		paid := strings.TrimSpace(input)
		if _, _, ok := f.find(paid); !ok {
			return api.Lookup{}, fmt.Errorf("%s has no answer %q; the service is not asked while padview shows a file", f.names(), paid)
		}
		return api.Lookup{PAID: paid, View: advert.Standard}, nil
	}
	return api.ParseLookup(input, m.cfg.BaseURL)
}

// fileCmd answers a lookup from the files, as fetchCmd answers it from
// the service. A file said to be of the full view shows its personal
// data in the full view only, which the confirmation opens and the access
// log records as a file view (its name and hash, the reason) first; in
// the standard view, what only the full view carries is masked. It does
// I/O (the access log): it runs in a command.
func fileCmd(f *FileAnswers, a accessLog, id int, l lookup, reason string, masked bool) tea.Cmd {
	return func() tea.Msg {
		r := fetchResult{id: id, l: l, masked: masked}
		ans, src, ok := f.find(l.paid)
		if !ok {
			src = f.Sources[0]
			r.err = &api.Error{Kind: api.KindNotFound, PAID: l.paid,
				Message: text.CleanText(l.paid) + " is not in " + f.names() + "; the service is not asked while padview shows a file"}
		}
		r.file = &src
		if r.err == nil && ans.Err != nil {
			r.err = ans.Err
		}
		if r.err != nil {
			r.rec = fileRecord(src, nil)
			return r
		}
		doc := ans.Doc
		if f.Reading != nil && f.Reading() != doc.Vocabulary() {
			if d, err := advert.NormalizeFound(doc.Raw, ans.PAID, doc.View, f.Reading()); err == nil {
				d.PAID, doc = ans.PAID, d
			}
		}
		switch {
		case l.view == advert.Full && a.open != nil:
			log, err := a.open()
			if err == nil {
				err = log.FileView(context.Background(), audit.FileView{Profile: a.profile, File: src.Name, SHA256: src.SHA256, Reason: reason})
			}
			if err != nil { // no record, no personal data: rec nil says nothing was shown
				r.err = &api.Error{Kind: api.KindAccessLog, PAID: l.paid, Err: err,
					Message: err.Error() + "; the file's full view was not shown"}
				return r
			}
		case l.view != advert.Full && (doc.View == advert.Full || answerfile.FullViewOnly(doc)):
			doc = text.MaskDocument(doc)
			doc.View = advert.Standard
		}
		r.rec = fileRecord(src, doc)
		r.read(doc, masked)
		return r
	}
}

// fileRecord is the exchange record of an answer read from a file: no
// request, no request id, no curl command, no budget; its body is the
// answer's bytes as the file held them.
func fileRecord(src answerfile.Source, doc *advert.Document) *api.Exchange {
	rec := &api.Exchange{Method: "FILE", URL: src.Name, Status: 200, Started: src.ReadAt, ContentType: string(src.Format)}
	if doc != nil {
		rec.Body = doc.Raw
		rec.Size = int64(len(doc.Raw))
	}
	return rec
}

// fileOrigin is the file as an export's provenance names it.
func fileOrigin(s *answerfile.Source) *export.FileOrigin {
	return &export.FileOrigin{Name: s.Name, SHA256: s.SHA256, ReadAt: s.ReadAt}
}

// fileHead is the Raw tab's head for an answer read from a file.
func fileHead(ex *exchange) []rawLine {
	s := ex.file
	return []rawLine{
		{text.CleanText("from file "+s.Name+", not the service") + " · " + string(s.Format), rawMuted},
		{"SHA-256 " + s.SHA256 + " · " + text.FormatSize(s.Size) + " · read " + s.ReadAt.UTC().Format("2006-01-02 15:04:05Z"), rawMuted},
		{},
	}
}
