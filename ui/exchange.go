package ui

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/answerfile"
	"github.com/padview/padview/api/check"
	"github.com/padview/padview/api/notice"
	"github.com/padview/padview/api/text"
)

// lookup is one PAID in one view.
type lookup struct {
	paid string
	view advert.View
}

// exchange is one lookup that reached the service, as the screen shows it:
// what was asked and the advertisement or the failure that came back.
// There is one on screen at a time; a new one replaces it whole, with any
// personal data the old one held.
type exchange struct {
	lookup
	doc *advert.Document // nil when the lookup failed
	rec *api.Exchange    // the request and its answer; never nil
	err error            // why it failed, or nil
	// against is the advertisement marked with = when this one came: the
	// Compare tab shows what changed from it. nil when none was marked.
	against   *advert.Document
	againstAt time.Time // when against was fetched
	// watched is what the watch database holds of the advertisement when
	// it is watched: the History tab shows it. nil when it is not (or not
	// known yet).
	watched *watchHistory

	report check.Report  // the transparency check of doc, made once
	notice notice.Notice // the transparency notice of doc, laid out once (see shownNotice)
	// personalHeld is the categories of personal data doc holds, by the
	// vocabulary's meaning, whatever the view: a standard view can carry
	// some that the service chose to send. Worked out once.
	personalHeld []string
	// unplaced is the members doc's answer holds that the vocabulary did
	// not recognise (of unplacedTotal), for the Other tab. Worked out once.
	unplaced      []unplaced
	unplacedTotal int

	// Under the privacy mask everything is drawn, copied and exported from
	// the masked copy (see shown); recordedMasked is what the access log says.
	mask           bool
	masked         masking
	recordedMasked bool
	// file is the file the answer was read from (padview --file); nil
	// for the service's.
	file *answerfile.Source
}

// newExchange is an answer as the screen takes it: checked and, when the
// mask is on, masked (the fetch's command did both when it could).
func newExchange(r fetchResult, mask bool) *exchange {
	ex := &exchange{lookup: r.l, doc: r.doc, rec: r.rec, err: r.err, recordedMasked: r.masked, report: r.report, notice: r.notice,
		file: r.file}
	if r.doc != nil && r.report.Results == nil {
		ex.report = check.Check(r.doc)
	}
	if r.doc != nil && r.notice.Items == nil {
		ex.notice = notice.Build(r.doc, ex.report)
	}
	if ex.personalHeld = r.personal; r.doc != nil && r.personal == nil {
		ex.personalHeld = text.PersonalCategories(r.doc)
	}
	if ex.unplaced, ex.unplacedTotal = r.unplaced, r.unplacedTotal; r.doc != nil && r.unplaced == nil {
		ex.unplaced, ex.unplacedTotal = unplacedOf(r.doc)
	}
	return ex.withMask(mask, r.masking)
}

// holdsPersonal reports whether the answer on screen holds personal data
// by the vocabulary's meaning, in either view (personal says whether it
// came through the full view).
func (e *exchange) holdsPersonal() bool {
	return e != nil && e.doc != nil && len(e.personalHeld) > 0
}

// personal reports whether the exchange holds personal data: a full view
// that came back, or the body of a full-view answer that padview could
// not read, which Raw shows. (A withheld answer keeps no body.)
func (e *exchange) personal() bool {
	switch {
	case e == nil || e.view != advert.Full:
		return false
	case e.doc != nil:
		return true
	}
	return e.rec != nil && len(e.rec.Body) > 0 && e.rec.Status >= 200 && e.rec.Status < 300
}

// apiError is the failure as the client reported it, or nil.
func (e *exchange) apiError() *api.Error {
	var ae *api.Error
	if errors.As(e.err, &ae) {
		return ae
	}
	return nil
}

// refusedFull reports whether the service refused the full view (403).
func (e *exchange) refusedFull() bool {
	return refusedFull(e.err, e.view)
}

// name is which PAID in which view: "AB12CD · full view".
func (e *exchange) name() string { return fmt.Sprintf("%s · %s view", text.CleanText(e.paid), e.view) }

// headline names the exchange for the message line: which PAID, which
// view, and how it ended.
func (e *exchange) headline() string {
	s := e.name()
	if e.err == nil {
		return "Showing " + s
	}
	if e.rec.Status != 0 {
		return fmt.Sprintf("%s · failed (%d)", s, e.rec.Status)
	}
	return s + " · failed"
}

// status is the status bar's account of the exchange.
func (e *exchange) status() status {
	st := status{requestID: e.rec.RequestID}
	if e.file != nil && e.err == nil { // no request: no status code, latency or request id
		return status{level: levelOK, text: "file"}
	}
	if e.err == nil {
		parts := []string{fmt.Sprintf("%d", e.rec.Status), text.Latency(e.rec.Duration)}
		if e.rec.Attempts > 1 {
			parts = append(parts, text.Plural(e.rec.Attempts, "attempt", "attempts"))
		}
		st.level, st.text = levelOK, strings.Join(parts, " · ")
		return st
	}
	// The error pane's headline says what went wrong; the bar says only
	// that it failed, and the key that helps.
	st.level, _, st.retry = errorStatus(e.err, e.lookup)
	st.text = "no response · failed"
	if e.rec.Status != 0 {
		st.text = fmt.Sprintf("%d · %s · failed", e.rec.Status, text.Latency(e.rec.Duration))
	}
	return st
}

// newTokenStep is the next step after a 401: t, and for a token from an
// environment variable (the error says it wins over the keyring) that t's
// token lasts this session only.
func (e *exchange) newTokenStep() string {
	if ae := e.apiError(); ae != nil && ae.TokenVar != "" {
		return "t enters a new token for this session only: " + ae.TokenVar + " wins again at the next start, so change or unset it to keep another; r then tries again."
	}
	return "t enters a new token; r then tries again."
}
