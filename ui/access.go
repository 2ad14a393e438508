package ui

import (
	"context"
	"fmt"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/audit"
)

// accessLog is how the UI's full-view lookups reach the access log: the
// same hook as `padview get --full` (audit.Log.Get), so each is recorded
// before it is sent and its outcome after, never a value of personal data.
type accessLog struct {
	open    func() (*audit.Log, error) // nil: not recorded (access_log = false)
	profile string
	host    string
}

func newAccessLog(cfg Config) accessLog {
	return accessLog{open: cfg.AccessLog, profile: cfg.Profile, host: cfg.AccessHost}
}

// records reports whether full-view lookups are recorded.
func (a accessLog) records() bool { return a.open != nil }

// get fetches one lookup; a full-view one is recorded first, with the
// reason given for it and whether its answer will be shown masked. When
// the log cannot be opened or written, no request is made. It does I/O:
// it runs in a command, never in Update.
func (a accessLog) get(ctx context.Context, c *api.Client, l lookup, reason string, masked bool) (*advert.Document, *api.Exchange, error) {
	if a.open == nil || l.view != advert.Full {
		return c.Get(ctx, l.paid, l.view)
	}
	log, err := a.open() // opened anew after a failure: the user may have fixed it
	if err != nil {
		return nil, nil, fmt.Errorf("%w; no request was made", err)
	}
	req := audit.Request{Profile: a.profile, Host: a.host, PAID: l.paid, View: l.view, Reason: reason}
	return log.Get(ctx, c, req, masked)
}

// export records that d, an answer of the full view, is about to be saved
// to file in format f (audit.Log.Export): the file, the format and the
// categories of personal data the file holds (written, as its writer
// says), never a value. The caller writes nothing when it fails. It does
// I/O: it runs in a command, never in Update.
func (a accessLog) export(ctx context.Context, d *advert.Document, file, format string, written []string) error {
	if a.open == nil || d.View != advert.Full {
		return nil
	}
	log, err := a.open() // opened anew after a failure: the user may have fixed it
	if err != nil {
		return err
	}
	return log.Export(ctx, audit.Export{Profile: a.profile, Host: a.host, File: file, Format: format, Written: written}, d)
}
