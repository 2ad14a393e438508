package audit

import (
	"context"
	"fmt"
	"net/http/httptrace"
	"sync/atomic"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/signals"
)

// Get fetches one advertisement through c. A full-view request is recorded
// in l just before it is sent, once the rate budget has let it go, and its
// outcome after; r.PAID is the input as typed, and the log holds the
// identifier it names. A request that a wait or a cancellation kept from
// being sent leaves no line. A standard-view request, a malformed PAID (no
// request is made) or a nil l go straight to c. masked says the answer
// will be shown under the privacy mask.
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
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	rec := &recording{log: l, req: r, cancel: cancel}
	defer rec.release()
	sent := httptrace.WithClientTrace(ctx, &httptrace.ClientTrace{WroteHeaders: rec.sent})
	d, ex, err := c.GetRecorded(sent, id, r.View, func() error { return rec.begin(ctx) })
	switch {
	case rec.refused: // the line could not be written: no request, and no exchange to show
		return nil, nil, err
	case rec.acc == nil: // not sent: nothing to record
		return d, ex, err
	}
	o := OutcomeOf(d, ex, err, masked)
	if r.ShowsNoValues {
		o.Shown = nil // End records it as []
	}
	if endErr := rec.acc.End(o); endErr != nil {
		return nil, withhold(ex), withheldError(id, ex, err, endErr)
	}
	return d, ex, err
}

// recording is one full-view request's line in the log, written just
// before the request is sent. Signals are held from the line until the
// request is on its way: one that comes meanwhile cancels the request
// before it is sent, the log records that, and the signal is delivered
// again after.
type recording struct {
	log    *Log
	req    Request
	cancel context.CancelFunc // ends the request, when a held signal came
	h      atomic.Pointer[signals.Hold]
	acc    *Access
	// refused: the request line could not be written, so the request was
	// not sent.
	refused bool
}

// begin writes the request line, holding signals from then on.
func (rec *recording) begin(ctx context.Context) error {
	h := signals.NewHold()
	rec.h.Store(h)
	go func() {
		select {
		case <-h.Signaled():
			rec.cancel()
		case <-ctx.Done():
		}
	}()
	acc, err := rec.log.begin(ctx, rec.req, h)
	if err != nil {
		rec.refused = true
		if ae, ok := err.(*api.Error); ok && ae.Kind == api.KindAccessLog {
			ae.Message += "; no request was made"
		}
		return err
	}
	rec.acc = acc
	// A signal that came while the line was written cancels the request
	// here, before it is sent; the watcher above may come a moment later.
	if h.AwaitPending(); h.Caught() {
		rec.cancel()
	}
	return nil
}

// sent is the request on its way: the signals are no longer held, unless
// one came, which stays held until its outcome is recorded.
func (rec *recording) sent() {
	if h := rec.h.Load(); h != nil {
		h.ReleaseIfQuiet()
	}
}

// release stops holding signals and delivers any that came.
func (rec *recording) release() {
	if h := rec.h.Load(); h != nil {
		h.Release()
	}
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
