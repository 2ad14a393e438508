package audit

import (
	"context"
	"fmt"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
)

// Get fetches one advertisement through c. A full-view request is recorded
// in l before it is sent, and its outcome after; r.PAID is the input as
// typed, and the log holds the identifier it names. A standard-view
// request, a malformed PAID (no request is made) or a nil l go straight to
// c. masked says the answer will be shown under the privacy mask.
//
// When the request cannot be recorded it is not sent; when its outcome
// cannot be recorded, the answer is withheld.
func (l *Log) Get(ctx context.Context, c *api.Client, r Request, masked bool) (*advert.Document, *api.Exchange, error) {
	if l == nil || r.View != advert.Full {
		return c.Get(ctx, r.PAID, r.View)
	}
	id, err := api.ParsePAID(r.PAID)
	if err != nil {
		return nil, nil, err
	}
	r.PAID = id
	acc, err := l.Begin(r)
	if err != nil {
		return nil, nil, fmt.Errorf("%v; no request was made", err)
	}
	d, ex, err := c.Get(ctx, id, r.View)
	o := OutcomeOf(d, ex, err, masked)
	if r.ShowsNoValues {
		o.Shown = nil // End records it as []
	}
	if endErr := acc.End(o); endErr != nil {
		if err != nil {
			return nil, ex, err
		}
		return nil, ex, fmt.Errorf("%v; the answer is not shown", endErr)
	}
	return d, ex, err
}
