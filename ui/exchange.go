package ui

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
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
}

// newExchange is an answer as the screen takes it: checked and, when the
// mask is on, masked (the fetch's command did both when it could).
func newExchange(r fetchResult, mask bool) *exchange {
	ex := &exchange{lookup: r.l, doc: r.doc, rec: r.rec, err: r.err, recordedMasked: r.masked, report: r.report, notice: r.notice}
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
	return e.view == advert.Full && api.KindOf(e.err) == api.KindForbidden
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

// errorStatus says in a few words what went wrong, and whether retrying
// can help. It is better whole: one case for each kind of failure, the
// status bar's list of them, read side by side.
func errorStatus(err error, l lookup) (statusLevel, string, bool) {
	var e *api.Error
	if !errors.As(err, &e) {
		return levelError, capitalize(text.CleanText(err.Error())), true
	}
	code := ""
	if e.Status != 0 {
		code = fmt.Sprintf(" (%d)", e.Status)
	}
	switch e.Kind {
	case api.KindUnauthorized:
		return levelError, "Token rejected" + code + " · t enters a new token", false
	case api.KindForbidden:
		if l.view == advert.Full {
			return levelError, "Full view refused" + code + "; back to the standard view", false
		}
		return levelError, "Not allowed" + code + " · t enters a new token", false
	case api.KindNotFound:
		return levelWarn, "No advertisement with PAID " + text.CleanText(l.paid) + code, false
	case api.KindRateLimited:
		switch {
		case e.MaxWait > 0 && e.ServerWait == "":
			return levelWarn, "Rate limited" + code + ": no time left within max_wait", false
		case e.MaxWait > 0: // padview refused the wait: no countdown of it
			return levelWarn, "Rate limited" + code + ": the service asks to wait " + text.Duration(e.RetryAfter) + ", more than max_wait", false
		}
		return levelWarn, "Rate limited" + code, true
	case api.KindServer:
		return levelError, "Service error" + code + text.AfterAttempts(e.Attempts), true
	case api.KindTimeout:
		if e.Status != 0 {
			return levelError, "Answer still arriving when time ran out" + code + text.AfterAttempts(e.Attempts), true
		}
		return levelError, "No answer in time" + text.AfterAttempts(e.Attempts), true
	case api.KindAccessLog:
		if l.view == advert.Full {
			return levelError, "The access log cannot be written; back to the standard view", false
		}
		return levelError, "The access log cannot be written", false
	case api.KindNetwork:
		return levelError, "Cannot reach the service" + text.AfterAttempts(e.Attempts), true
	case api.KindTooLarge:
		return levelError, "Response too large; nothing shown", false
	case api.KindBadResponse:
		return levelError, "The service sent something that is not JSON" + code, true
	}
	return levelError, "Request failed" + code, true
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

// advice is what the user can do next about a failure, with the keys
// that do it here.
func (e *exchange) advice() []string {
	raw := "Raw (the next tab) shows the request, the answer's headers and body; c copies the request as a curl command."
	switch api.KindOf(e.err) {
	case api.KindUnauthorized:
		return []string{e.newTokenStep(), raw}
	case api.KindForbidden:
		if e.view == advert.Full {
			return []string{"padview is back in the standard view: r fetches " + text.CleanText(e.paid) + " in it.",
				"t enters a token that is allowed the full view.", raw}
		}
		return []string{"t enters a token that is allowed this request.", raw}
	case api.KindNotFound:
		return []string{"Check the PAID: o enters another, ↑ in the input brings back earlier ones.", raw}
	case api.KindRateLimited:
		if ae := e.apiError(); ae != nil && ae.MaxWait > 0 {
			return []string{"Try again later with r, or raise max_wait in the config file.", raw}
		}
		return []string{"Wait for the countdown in the status bar, then r tries again.", raw}
	case api.KindAccessLog:
		return []string{"padview is back in the standard view: r fetches " + text.CleanText(e.paid) + " in it.",
			"Fix what the access log's error names; then f asks for the full view again."}
	case api.KindServer, api.KindTimeout, api.KindNetwork:
		return []string{"r tries again; if it keeps failing, give the service's support the request id and the curl command (c).", raw}
	case api.KindBadResponse:
		if ae := e.apiError(); ae != nil && strings.Contains(strings.ToLower(ae.ContentType), "html") {
			// A web page where the service should answer: the address is wrong.
			return []string{"A web page came instead of an advertisement: check the base URL of this profile.", raw}
		}
		return []string{"The service's answer was cut or malformed: r tries again. If it keeps failing, show Raw (what came) to the service's support or operator.", raw}
	case api.KindHTTP:
		return []string{"The answer is not an advertisement; Raw shows what came instead. Check the base URL of this profile.", raw}
	case api.KindTooLarge:
		return []string{"The service sent more than padview reads; padview get --raw saves it for a closer look.", raw}
	}
	return []string{"r tries again.", raw}
}
