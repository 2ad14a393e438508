package api

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
)

// kindTraits is what the domain says of one kind of failure, whatever
// the front end: its machine name, what happened (Error.Error), how a
// batch counts it and whether it ends a batch or a watch sweep. The CLI
// and the TUI each keep one table of their own beside it, keyed by the
// same kind, with their words, keys and exit codes (cmd/failures.go,
// ui/failures.go); TestEveryKindHasTraits and their tests fail on a kind
// that one of the three tables leaves out.
type kindTraits struct {
	name     string                                  // stable machine name, in JSON output and the access log
	describe func(*Error) (what, cause, then string) // what happened, for Error.Error
	outcome  Outcome                                 // how a batch and the watch history count it
	// halts reports whether every later request of the same client, in
	// view, would meet this refusal too (Halt, Halts).
	halts func(advert.View) bool
	// stopsSweep: every other poll of a watch sweep would fail the same
	// way (the token, the base URL), so the sweep ends at the first.
	stopsSweep bool
	// showsType: the answer's content type is worth naming in the
	// details, as what came instead of the partner interface's JSON.
	showsType bool
	// advice is the next step that is the same in every front end (what
	// to check), nil or "" when only a front end's own step (a key, a
	// command) helps; see Error.Advice.
	advice func(*Error) string
}

// kinds is the domain's table of failures, one row per ErrorKind.
var kinds = map[ErrorKind]kindTraits{
	KindUnknown:      {name: "unknown", describe: (*Error).failed},
	KindInvalidPAID:  {name: "invalid_paid", describe: (*Error).failed, outcome: OutcomeInvalid},
	KindConfig:       {name: "config", describe: (*Error).noEndpoint, stopsSweep: true, showsType: true, advice: (*Error).wrongAddress},
	KindUnauthorized: {name: "unauthorized", describe: (*Error).rejected, halts: always, stopsSweep: true},
	KindForbidden:    {name: "forbidden", describe: (*Error).forbidden, halts: fullView},
	KindNotFound:     {name: "not_found", describe: (*Error).notFound, outcome: OutcomeAbsent, advice: (*Error).absentAdvice},
	KindRateLimited:  {name: "rate_limited", describe: (*Error).rateLimited},
	KindServer:       {name: "server_error", describe: (*Error).serverFailed},
	KindHTTP:         {name: "http_error", describe: (*Error).unexpected, advice: (*Error).notTheInterface},
	KindTimeout:      {name: "timeout", describe: (*Error).timedOut},
	KindNetwork:      {name: "network", describe: (*Error).unreached, advice: (*Error).unreachedAdvice},
	KindTooLarge:     {name: "too_large", describe: (*Error).tooLarge},
	KindBadResponse:  {name: "bad_response", describe: (*Error).notValidJSON, showsType: true, advice: (*Error).notTheInterface},
	KindCanceled:     {name: "canceled", describe: (*Error).canceled, outcome: OutcomeCanceled},
	KindAccessLog:    {name: "access_log", describe: (*Error).failed},
}

func always(advert.View) bool     { return true }
func fullView(v advert.View) bool { return v == advert.Full }

// Kinds is every ErrorKind, in order: the front ends' tests range over it
// to find a kind their table has no words for.
func Kinds() []ErrorKind {
	all := make([]ErrorKind, 0, kindEnd)
	for k := KindUnknown; k < kindEnd; k++ {
		all = append(all, k)
	}
	return all
}

func (k ErrorKind) traits() kindTraits { return kinds[k] }

// Outcome is what a lookup came to, for the PAID asked: what a batch's
// summary, a check report and the watch history count.
type Outcome int

const (
	OutcomeFailed   Outcome = iota // the service could not be asked, or its answer not read
	OutcomeFound                   // no error: the advertisement came
	OutcomeAbsent                  // the service has no such advertisement (404, 410)
	OutcomeInvalid                 // the PAID is malformed: no request was made
	OutcomeCanceled                // the caller gave up, or a batch stopped before it
)

// OutcomeOf is what the lookup that ended in err came to: found for nil,
// failed for an error not from this package.
func OutcomeOf(err error) Outcome {
	if err == nil {
		return OutcomeFound
	}
	return KindOf(err).traits().outcome
}

// Halts reports whether err, the failure of a request for view, is a
// refusal that ends a batch: every later request would be refused too
// and only spend the rate limit.
func Halts(err error, view advert.View) bool {
	h := KindOf(err).traits().halts
	return h != nil && h(view)
}

// StopsSweep reports whether a watch poll's failure ends its sweep:
// every other poll would fail the same way.
func StopsSweep(err error) bool { return KindOf(err).traits().stopsSweep }

// NotValidJSON reports whether the answer came with a success status but
// could not be read as JSON: not JSON at all, cut short or malformed.
func (e *Error) NotValidJSON() bool { return e.Kind == KindBadResponse }

// Advice is the next step after the failure that every front end gives
// in the same words: what to check (the base URL, whether the service is
// up), or where what is left of a withdrawn advertisement is. "" when
// only a front end's own step helps (a key, a command, a new token),
// which each front end adds from its table of failures, after this.
func (e *Error) Advice() string {
	if a := e.Kind.traits().advice; a != nil {
		return a(e)
	}
	return ""
}

// CheckBaseURL is the advice when what answered is not the partner
// interface: a wrong base URL.
const CheckBaseURL = "check the base URL: it is the partner address ending in the version segment, e.g. https://partner.example/v1"

// WrongAddress reports whether what answered is not the partner interface
// (no such endpoint, a web page, another server's status): the base URL is
// wrong, so neither trying again nor another token helps.
func (e *Error) WrongAddress() bool { return e.Advice() == CheckBaseURL }

// Withdrawn reports whether the service said the advertisement is gone
// for good (410), rather than that it has none with that PAID (404).
func (e *Error) Withdrawn() bool { return e.Kind == KindNotFound && e.Status == http.StatusGone }

// wrongAddress is the advice for an address the service does not serve:
// the base URL is wrong. An error padview made before any request (a
// malformed base URL, plain http) says what to change itself.
func (e *Error) wrongAddress() string {
	if e.Message != "" {
		return ""
	}
	return CheckBaseURL
}

// notTheInterface is the advice for an answer that is not the partner
// interface's: a web page comes from another server than the service, so
// the base URL is wrong. JSON that broke off, or an unexpected status with
// the service's own error body, is the service's; a redirect not followed
// says why, and what to change, itself.
func (e *Error) notTheInterface() string {
	var re *redirectError
	if e.NotJSON() || e.Kind == KindHTTP && e.webPage() && !errors.As(e.Err, &re) {
		return CheckBaseURL
	}
	return ""
}

// unreachedAdvice is the advice when nothing reached the service: it may
// be down, or the base URL names the wrong host or port. There is then no
// answer, so no request id to give anyone, and the token is not at fault.
// A failure that names its fix (no such host, TLS, plain HTTP) says it
// already; an answer that broke off is the service's.
func (e *Error) unreachedAdvice() string {
	if e.Status != 0 || e.Message != "" {
		return ""
	}
	return "check that the service is up and that the base URL names the right host and port"
}

// absentAdvice is the advice when there is no such advertisement. A
// withdrawn one: the service keeps nothing of it, the watch history may.
// A 404 that is a web page did not come from the partner interface,
// which answers in JSON: when every PAID meets it, the base URL is wrong.
func (e *Error) absentAdvice() string {
	switch {
	case e.Withdrawn():
		return "the service no longer shows it; if it was watched, its watch history keeps its last version"
	case e.webPage():
		return "a web page answered, not the partner interface: if every PAID is not found, " + CheckBaseURL
	}
	return ""
}

// webPage reports whether an answer was a web page.
func (e *Error) webPage() bool {
	return strings.Contains(strings.ToLower(e.ContentType), "html") || strings.HasPrefix(strings.TrimSpace(e.Snippet), "<")
}

// The describers, one for each kind in kinds; the longer kinds have theirs
// in errors.go.

func (e *Error) rejected() (what, cause, then string) {
	return "the service rejected the partner token", "", e.tokenFrom()
}

func (e *Error) forbidden() (what, cause, then string) {
	return "this token does not have permission for this request", "", ""
}

func (e *Error) notFound() (what, cause, then string) {
	if e.Withdrawn() {
		return "advertisement " + e.PAID + " was withdrawn", "", ""
	}
	return "no advertisement with PAID " + e.PAID, "", ""
}

func (e *Error) noEndpoint() (what, cause, then string) {
	return "the service has no such endpoint: " + e.URL + " is not found", e.begins(), ""
}

func (e *Error) serverFailed() (what, cause, then string) {
	what = "the partner service failed" + text.AfterAttempts(e.Attempts)
	if e.MaxWait > 0 {
		return what, fmt.Sprintf("it asks to wait %s%s, more than %s", WaitWords(e.RetryAfter), e.serverWait(), e.allowance()), ""
	}
	return what, "", ""
}

func (e *Error) unexpected() (what, cause, then string) {
	var re *redirectError
	if errors.As(e.Err, &re) {
		return "the service redirected to " + re.host, "", "not followed: " + re.reason
	}
	return "unexpected answer from the partner service", e.begins(), ""
}

func (e *Error) tooLarge() (what, cause, then string) {
	return "the response is larger than padview reads; nothing was shown", "", ""
}

// notValidJSON says what came, not the parser's complaint about it
// ("invalid character '<'"): that is in Err, for -v (JSONError).
func (e *Error) notValidJSON() (what, cause, then string) {
	return "the service's answer is not valid JSON", e.begins(), ""
}

func (e *Error) canceled() (what, cause, then string) { return "canceled", "", "" }

// failed is what happened when padview knows no more than the cause.
func (e *Error) failed() (what, cause, then string) {
	if e.Err != nil {
		cause = text.CleanText(e.Err.Error())
	}
	return "request failed", cause, ""
}
