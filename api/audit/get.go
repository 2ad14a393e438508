package audit

import (
	"context"
	"fmt"
	"net/http/httptrace"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
)

// Get fetches one advertisement through c. A full-view request is recorded
// in l before it is sent, and its outcome after; r.PAID is the input as
// typed, and the log holds the identifier it names. A standard-view
// request, a malformed PAID (no request is made) or a nil l go straight to
// c. masked says the answer will be shown under the privacy mask.
//
// When the request cannot be recorded it is not sent. When its outcome
// cannot be recorded, the answer is withheld: no document, and an
// exchange without the body (Exchange.Withheld says why), so that no
// pane, Raw, --raw, copy or export can show it.
func (l *Log) Get(ctx context.Context, c *api.Client, r Request, masked bool) (*advert.Document, *api.Exchange, error) {
	if l == nil || r.View != advert.Full {
		return c.Get(ctx, r.PAID, r.View)
	}
	id, err := api.ParsePAID(r.PAID)
	if err != nil {
		return nil, nil, err
	}
	r.PAID = id
	// Signals are held from the request line until the request is on its
	// way: one that comes meanwhile cancels the request before it is sent,
	// the log records that, and the signal is delivered again after.
	h := holdSignals()
	defer h.release()
	acc, err := l.begin(ctx, r, h)
	if err != nil {
		if ae, ok := err.(*api.Error); ok && ae.Kind == api.KindAccessLog {
			ae.Message += "; no request was made"
		}
		return nil, nil, err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		select {
		case <-h.signaled():
			cancel()
		case <-ctx.Done():
		}
	}()
	sent := httptrace.WithClientTrace(ctx, &httptrace.ClientTrace{WroteHeaders: h.releaseIfQuiet})
	d, ex, err := c.Get(sent, id, r.View)
	o := OutcomeOf(d, ex, err, masked)
	if r.ShowsNoValues {
		o.Shown = nil // End records it as []
	}
	if endErr := acc.End(o); endErr != nil {
		return nil, withhold(ex), withheldError(id, ex, err, endErr)
	}
	return d, ex, err
}

// withheldWhy is what Exchange.Withheld says of an answer whose outcome
// could not be recorded.
const withheldWhy = "its outcome could not be written to the access log"

// withhold is the exchange without the answer's body.
func withhold(ex *api.Exchange) *api.Exchange {
	if ex == nil {
		return nil
	}
	w := *ex
	w.Body, w.Withheld = nil, withheldWhy
	return &w
}

// withheldError says the answer is not shown, and why; of a request that
// failed too, only its kind and status, since its message may quote the
// withheld body.
func withheldError(id string, ex *api.Exchange, reqErr, endErr error) error {
	msg := endErr.Error() + "; the answer is not shown"
	if reqErr != nil {
		msg += fmt.Sprintf(" (the request had failed too: %s)", api.KindOf(reqErr))
	}
	e := &api.Error{Kind: api.KindAccessLog, PAID: id, Message: msg, Err: endErr}
	if ex != nil {
		e.Status = ex.Status
	}
	return e
}
