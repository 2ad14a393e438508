package cmd

import (
	"context"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/audit"
)

// stdoutExport is the CLI's one rule for a document of the full view
// written in an export format (get's JSON, Markdown and CSV, every format
// of notice) to a stdout that is not a terminal, a file or another program
// (padview cannot tell which, nor name the file): that is an export. Its
// line goes into the access log first, naming the file "stdout", the
// format and the categories of personal data the format writes; when the
// line cannot be written, the document is withheld. On a terminal the
// document is shown, which its outcome line records already.
type stdoutExport struct {
	ctx     context.Context // bounds the wait for the access log's lock
	tty     bool            // stdout is a terminal
	access  *audit.Log      // nil: the full view is not recorded (the standard view, access_log = false)
	profile string
}

// ready keeps the access log and the profile (batchCommand.ready).
func (x *stdoutExport) ready(s Settings, access *audit.Log) {
	x.access, x.profile = access, s.Profile
}

// record writes the export line of r's document, about to be written in
// format (as the access log names it: "markdown", "notice-html") holding
// the categories of personal data written says. When the line cannot be
// written it returns the error to fail r with (kind access_log), which
// says that the document was withheld: the caller writes nothing of it.
func (x *stdoutExport) record(r result, format string, written func() []string) error {
	if x.access == nil || r.doc == nil || r.doc.View != advert.Full || x.tty {
		return nil
	}
	e := audit.Export{Profile: x.profile, File: audit.StdoutFile, Format: format, Written: written()}
	if r.ex != nil { // an answer read from a file (--file) has no service
		e.Host = r.ex.Host
	}
	if err := x.access.Export(x.ctx, e, r.doc); err != nil {
		return &api.Error{Kind: api.KindAccessLog, PAID: r.doc.PAID, Err: err,
			Message: err.Error() + "; its export was not written (what the access log does not hold is not exported)"}
	}
	return nil
}
