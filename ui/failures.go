package ui

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
)

// tuiFailure is what the TUI says and offers about one kind of failure:
// the status bar's few words (also the error pane's headline), whether r
// can help, the error pane's next steps with the keys that take them, and
// the history list's word. What happened, and the advice every front end
// gives alike (api.Error.Advice, which the error pane puts first), are the
// domain's (api/kinds.go); the CLI has a table of its own
// (cmd/failures.go).
type tuiFailure struct {
	level statusLevel
	// status is the few words, given the status code as " (404)" or "",
	// and whether trying again (r) can help.
	status func(e *api.Error, l lookup, code string) (string, bool)
	// advice is what the user can do next with the keys that do it here,
	// after the domain's advice; raw is the line that points at Raw and
	// the curl command.
	advice func(ex *exchange, ae *api.Error, raw string) []string
	// listed is the history list's word for an answer with a success
	// status that failed; "" for "failed".
	listed string
	// token is where the key line offers a new token (t).
	token tokenOffer
}

// tokenOffer is where the key line offers t after a failure.
type tokenOffer int

const (
	tokenAfter tokenOffer = iota // after r: it may help
	tokenFirst                   // before r: the service refused this token
	tokenNone                    // not at all: the token is not at fault (nothing reached the service, the address is wrong)
)

// tuiFailures is the TUI's table of failures, one row per api.ErrorKind;
// TestEveryKindHasTUIWords fails on a kind it leaves out.
var tuiFailures = map[api.ErrorKind]tuiFailure{
	api.KindUnknown:     {level: levelError, status: requestFailed, advice: tryAgain},
	api.KindInvalidPAID: {level: levelError, status: requestFailed, advice: tryAgain},
	api.KindConfig: {level: levelError, token: tokenNone, advice: baseURLAdvice,
		status: func(_ *api.Error, _ lookup, code string) (string, bool) {
			return "No such endpoint" + code + " · check the base URL", false
		}},
	api.KindUnauthorized: {level: levelError, token: tokenFirst,
		status: func(_ *api.Error, _ lookup, code string) (string, bool) {
			return "Token rejected" + code + " · t enters a new token", false
		},
		advice: func(ex *exchange, _ *api.Error, raw string) []string { return []string{ex.newTokenStep(), raw} }},
	api.KindForbidden:   {level: levelError, token: tokenFirst, status: forbiddenStatus, advice: forbiddenAdvice},
	api.KindNotFound:    {level: levelWarn, status: notFoundStatus, advice: notFoundAdvice},
	api.KindRateLimited: {level: levelWarn, status: rateLimitedStatus, advice: rateLimitedAdvice},
	api.KindServer: {level: levelError, advice: supportAdvice,
		status: func(e *api.Error, _ lookup, code string) (string, bool) {
			return "Service error" + code + text.AfterAttempts(e.Attempts), true
		}},
	api.KindHTTP: {level: levelError,
		status: func(e *api.Error, l lookup, code string) (string, bool) {
			if e.Advice() != "" { // not the partner interface: trying again cannot help
				return "Not the partner interface" + code + " · check the base URL", false
			}
			return requestFailed(e, l, code)
		},
		advice: func(ex *exchange, ae *api.Error, raw string) []string {
			if ae.Advice() != "" {
				return baseURLAdvice(ex, ae, raw)
			}
			return []string{"The answer is not an advertisement; Raw shows what came instead.", raw}
		}},
	api.KindTimeout: {level: levelError, status: timeoutStatus, advice: supportAdvice},
	api.KindNetwork: {level: levelError, token: tokenNone, advice: networkAdvice,
		status: func(e *api.Error, _ lookup, _ string) (string, bool) {
			return "Cannot reach the service" + text.AfterAttempts(e.Attempts), true
		}},
	api.KindTooLarge: {level: levelError, listed: "too large",
		status: func(*api.Error, lookup, string) (string, bool) { return "Response too large; nothing shown", false },
		advice: func(_ *exchange, _ *api.Error, raw string) []string {
			return []string{"The service sent more than padview reads; padview get --raw saves it for a closer look.", raw}
		}},
	api.KindBadResponse: {level: levelError, listed: "not JSON", advice: badAnswerAdvice,
		status: func(e *api.Error, _ lookup, code string) (string, bool) {
			if e.Advice() != "" {
				return "A web page came, not JSON" + code + " · check the base URL", false
			}
			return "The service sent something that is not JSON" + code, true
		}},
	api.KindCanceled:  {level: levelError, status: requestFailed, advice: tryAgain},
	api.KindAccessLog: {level: levelError, status: accessLogStatus, advice: accessLogAdvice},
}

// errorStatus says in a few words what went wrong, and whether retrying
// can help.
func errorStatus(err error, l lookup) (statusLevel, string, bool) {
	var e *api.Error
	if !errors.As(err, &e) {
		return levelError, capitalize(text.CleanText(err.Error())), true
	}
	code := ""
	if e.Status != 0 {
		code = fmt.Sprintf(" (%d)", e.Status)
	}
	f := tuiFailures[e.Kind]
	words, retry := f.status(e, l, code)
	return f.level, words, retry
}

// advice is what the user can do next about a failure: the advice every
// front end gives alike, then the TUI's own steps with the keys that take
// them.
func (e *exchange) advice() []string {
	raw := "Raw (the next tab) shows the request, the answer's headers and body; c copies the request as a curl command."
	ae := e.apiError()
	if ae == nil {
		return tryAgain(e, nil, raw)
	}
	own := tuiFailures[ae.Kind].advice(e, ae, raw)
	if a := ae.Advice(); a != "" {
		return append([]string{sentence(a)}, own...)
	}
	return own
}

// sentence is a clause of the domain's as a sentence of the error pane.
func sentence(s string) string { return capitalize(strings.TrimSuffix(s, ".")) + "." }

// failedWords names, for the history list, why an answer with a success
// status failed.
func failedWords(err error) string {
	if w := tuiFailures[api.KindOf(err)].listed; w != "" {
		return w
	}
	return "failed"
}

// tokenAfterFailure is where the key line offers t after err: by its
// kind, and never when the base URL is wrong.
func tokenAfterFailure(err error) tokenOffer {
	var ae *api.Error
	if errors.As(err, &ae) && ae.WrongAddress() {
		return tokenNone
	}
	return tuiFailures[api.KindOf(err)].token
}

// retryHelps reports whether trying the failed lookup again (r) can help:
// not when the service refused it for a reason that stays, or the base
// URL is wrong.
func retryHelps(ex *exchange) bool {
	_, _, retry := errorStatus(ex.err, ex.lookup)
	return retry
}

// refusedFull reports whether err is the service refusing the full view
// (403 to a full-view request): padview goes back to the standard view.
func refusedFull(err error, view advert.View) bool {
	return view == advert.Full && api.KindOf(err) == api.KindForbidden
}

// accessLogFailed reports whether err is the access log failing: no full
// view without its record.
func accessLogFailed(err error) bool { return api.KindOf(err) == api.KindAccessLog }

// countdown is how long the status bar counts down before r can try
// again: the wait a 429 asked for and padview took; 0 for a wait padview
// refused (longer than max_wait: the service may have asked for years)
// and any other failure.
func countdown(ae *api.Error) time.Duration {
	if ae == nil || ae.Kind != api.KindRateLimited || ae.MaxWait > 0 {
		return 0
	}
	return max(ae.RetryAfter, 0)
}

func requestFailed(_ *api.Error, _ lookup, code string) (string, bool) {
	return "Request failed" + code, true
}

func tryAgain(_ *exchange, _ *api.Error, raw string) []string { return []string{"r tries again.", raw} }

func forbiddenStatus(_ *api.Error, l lookup, code string) (string, bool) {
	if l.view == advert.Full {
		return "Full view refused" + code + "; back to the standard view", false
	}
	return "Not allowed" + code + " · t enters a new token", false
}

func forbiddenAdvice(ex *exchange, _ *api.Error, raw string) []string {
	if ex.view == advert.Full {
		return []string{"padview is back in the standard view: r fetches " + text.CleanText(ex.paid) + " in it.",
			"t enters a token that is allowed the full view.", raw}
	}
	return []string{"t enters a token that is allowed this request.", raw}
}

func notFoundStatus(e *api.Error, l lookup, code string) (string, bool) {
	if e.Withdrawn() {
		return "Advertisement " + text.CleanText(l.paid) + " withdrawn" + code, false
	}
	return "No advertisement with PAID " + text.CleanText(l.paid) + code, false
}

func notFoundAdvice(ex *exchange, ae *api.Error, raw string) []string {
	switch {
	case !ae.Withdrawn():
		return []string{"Check the PAID: o enters another, ↑ in the input brings back earlier ones.", raw}
	case ex.watched != nil:
		return []string{"The History tab (the last) shows what padview kept of it.", raw}
	}
	return []string{"padview did not watch it here, so it has no History tab: w watches an advertisement from then on.", raw}
}

// baseURLAdvice is the TUI's step when the base URL is wrong: where it is
// set, since r would only ask the same address again.
func baseURLAdvice(_ *exchange, _ *api.Error, raw string) []string {
	return []string{"padview reads the base URL when it starts: change base_url in this profile of the config file (or --base-url), then start padview again.", raw}
}

// networkAdvice: nothing reached the service (the advice asks whether it
// is up and the base URL right), so there is no request id, and r helps
// once it is up; a failure that names its fix needs that first; an answer
// that broke off is the service's to hear of.
func networkAdvice(ex *exchange, ae *api.Error, raw string) []string {
	switch {
	case ae.Status != 0:
		return supportAdvice(ex, ae, raw)
	case ae.Message != "":
		return []string{"Fix what the error names; r then tries again.", raw}
	}
	return []string{"r tries again once the service is up.", raw}
}

func rateLimitedStatus(e *api.Error, _ lookup, code string) (string, bool) {
	switch {
	case e.MaxWait > 0 && e.ServerWait == "":
		return "Rate limited" + code + ": no time left within max_wait", false
	case e.MaxWait > 0: // padview refused the wait: no countdown of it
		return "Rate limited" + code + ": the service asks to wait " + text.Duration(e.RetryAfter) + ", more than max_wait", false
	}
	return "Rate limited" + code, true
}

func rateLimitedAdvice(_ *exchange, ae *api.Error, raw string) []string {
	if ae.MaxWait > 0 {
		return []string{"Try again later with r, or raise max_wait in the config file.", raw}
	}
	return []string{"Wait for the countdown in the status bar, then r tries again.", raw}
}

func timeoutStatus(e *api.Error, _ lookup, code string) (string, bool) {
	if e.Status != 0 {
		return "Answer still arriving when time ran out" + code + text.AfterAttempts(e.Attempts), true
	}
	return "No answer in time" + text.AfterAttempts(e.Attempts), true
}

// supportAdvice: the service failed; its support needs the request id,
// when its answer carried one, and the curl command.
func supportAdvice(ex *exchange, _ *api.Error, raw string) []string {
	give := "the curl command (c)"
	if ex.rec != nil && ex.rec.RequestID != "" {
		give = "the request id and " + give
	}
	return []string{"r tries again; if it keeps failing, give the service's support " + give + ".", raw}
}

func badAnswerAdvice(ex *exchange, ae *api.Error, raw string) []string {
	if ae.Advice() != "" { // a web page where the service should answer: the address is wrong
		return baseURLAdvice(ex, ae, raw)
	}
	return []string{"The service's answer was cut or malformed: r tries again. If it keeps failing, show Raw (what came) to the service's support or operator.", raw}
}

func accessLogStatus(_ *api.Error, l lookup, _ string) (string, bool) {
	if l.view == advert.Full {
		return "The access log cannot be written; back to the standard view", false
	}
	return "The access log cannot be written", false
}

func accessLogAdvice(ex *exchange, _ *api.Error, _ string) []string {
	return []string{"padview is back in the standard view: r fetches " + text.CleanText(ex.paid) + " in it.",
		"Fix what the access log's error names; then f asks for the full view again."}
}
