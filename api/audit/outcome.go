package audit

import (
	"errors"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
)

// OutcomeOf sums up a finished request for the log: the HTTP status, the
// kind of failure if any, and the categories of personal data the document
// holds (the values themselves never reach the log). masked says the
// document was shown under the privacy mask.
func OutcomeOf(d *advert.Document, ex *api.Exchange, err error, masked bool) Outcome {
	o := Outcome{Masked: masked}
	if ex != nil {
		o.Status = ex.Status
	}
	if err != nil {
		o.Error = api.KindOf(err).String()
		var e *api.Error
		if errors.As(err, &e) && e.Status != 0 {
			o.Status = e.Status
		}
		return o
	}
	o.Shown = text.PersonalCategories(d)
	return o
}
