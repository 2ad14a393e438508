package audit

import (
	"context"
	"crypto/rand"
	"encoding/hex"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/signals"
)

// StdoutFile is the file an export line names when the CLI wrote the
// export to its standard output, which padview cannot name.
const StdoutFile = "stdout"

// Export describes where an advertisement of the full view is about to be
// saved.
type Export struct {
	Profile string
	Host    string // the service's host, from the base URL
	File    string // the path written, or StdoutFile
	Format  string // the export format: "json", "markdown", "csv", "notice-html", …
	// Written are the categories of personal data the file holds, as its
	// writer says (export.Format.Written, notice.Notice.Personal): what
	// the format writes of the answer, not what the answer holds.
	Written []string
}

// Export records that d, an answer of the full view, is about to be
// saved: an export line with the PAID, the view, the file, the format, the
// categories of personal data the file holds (x.Written) and whether it is
// masked, never a value. The
// caller must not write the export when Export fails: what is not in the
// log is not saved. It is one write like Begin's (signals held, a failed
// write undone, the lock waited for at most LockWait or until ctx ends).
// On a nil Log it records nothing.
func (l *Log) Export(ctx context.Context, x Export, d *advert.Document) error {
	if l == nil {
		return nil
	}
	var id [6]byte
	_, _ = rand.Read(id[:])
	e := Entry{Event: EventExport, ID: hex.EncodeToString(id[:]), User: l.user, Profile: x.Profile, Host: x.Host,
		File: x.File, Format: x.Format, Written: x.Written}
	if d != nil {
		e.PAID, e.View, e.Masked = d.PAID, d.View.String(), d.Masked
	}
	h := signals.NewHold()
	defer h.Release()
	return l.append(ctx, e, h)
}
