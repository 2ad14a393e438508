package api

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/padview/padview/api/text"
)

// ErrorKind sorts failures by what the user can do about them.
type ErrorKind int

const (
	KindUnknown      ErrorKind = iota
	KindInvalidPAID            // the PAID is malformed; no request was made
	KindConfig                 // the base URL or options are unusable, or the service has no such endpoint
	KindUnauthorized           // 401, or no token at all
	KindForbidden              // 403: e.g. a token not allowed the full view
	KindNotFound               // 404: no advertisement with that PAID
	KindRateLimited            // 429 that padview would not or could not wait out
	KindServer                 // 5xx
	KindHTTP                   // another unexpected status, or a redirect not followed
	KindTimeout                // no answer in time
	KindNetwork                // connection failed
	KindTooLarge               // the body exceeded the size cap
	KindBadResponse            // not JSON, or malformed JSON
	KindCanceled               // the caller gave up
	KindAccessLog              // the access log could not be written: no full-view request was made, or its answer is withheld

	kindEnd // not a kind: one past the last, for Kinds
)

// String is the kind's stable machine name, used in JSON output.
func (k ErrorKind) String() string { return k.traits().name }

// Error is every failure the client reports. Its message says what
// happened, with the server's code and message; what to do next is each
// front end's to add, by Kind (the CLI's and the TUI's advice tables). It
// never contains the token.
type Error struct {
	Kind          ErrorKind
	Status        int           // HTTP status, when a response came
	PAID          string        // the identifier asked for, cleaned
	Message       string        // set for errors built before any request
	ServerMessage string        // the message an error body carried, cleaned
	ServerCode    string        // the error code an error body carried (e.g. "forbidden"), cleaned
	RetryAfter    time.Duration // the wait the server asked for (429, 503), even one padview refused
	ServerWait    string        // that wait as the server wrote it, e.g. "Retry-After: 999999999", cleaned
	// MaxWait is set when padview did not take the server's wait because it
	// is longer than this bound (the max_wait setting): the request failed
	// at once instead.
	MaxWait     time.Duration
	Waited      time.Duration // how long the lookup had waited already when it gave up
	Timeout     time.Duration // the per-attempt limit that ran out (KindTimeout)
	Attempts    int           // how many requests were made
	Snippet     string        // start of a body that was not JSON, cleaned
	ContentType string        // cleaned
	URL         string        // the address asked, for a missing endpoint
	// TokenVar names the environment variable a rejected token came from
	// (Options.TokenVar): it wins over the keyring, so it is what to fix.
	// Each front end adds its own next step to this fact.
	TokenVar string
	Err      error // the underlying cause, if any
}

func (e *Error) Error() string {
	if e.Message != "" {
		return e.Message
	}
	what, cause, then := e.Kind.traits().describe(e)
	if d := e.details(); d != "" {
		what += " (" + d + ")"
	}
	if cause != "" {
		what += ": " + cause
	}
	if e.ServerMessage != "" && !repeats(what, e.ServerMessage) {
		what += ": “" + e.ServerMessage + "”" // the service's own words, quoted
	}
	if then != "" {
		what += "; " + then
	}
	return what
}

// details is the one parenthesis after the sentence: status, the
// server's code and, for an answer that was not JSON, its content type.
func (e *Error) details() string {
	var parts []string
	var cut *cutShortError
	if e.Status != 0 && !errors.As(e.Err, &cut) { // a cut-short answer names its status in the sentence
		parts = append(parts, fmt.Sprintf("HTTP %d", e.Status))
	}
	if e.ServerCode != "" {
		parts = append(parts, e.ServerCode)
	}
	if e.ContentType != "" && e.Kind.traits().showsType {
		parts = append(parts, e.ContentType)
	}
	return strings.Join(parts, ", ")
}

// tokenFrom is the one wording of where a rejected token came from, when
// that is what to fix: an environment variable that wins over the keyring.
func (e *Error) tokenFrom() string {
	if e.TokenVar == "" {
		return ""
	}
	return "the token comes from " + e.TokenVar + ", which wins over the keyring"
}

// NotJSON reports whether a bad answer is not JSON at all (a web page,
// plain text) rather than JSON that broke off or is malformed: the
// address is then the likelier fault than the service.
func (e *Error) NotJSON() bool {
	if !e.NotValidJSON() {
		return false
	}
	if strings.Contains(strings.ToLower(e.ContentType), "html") {
		return true
	}
	return e.Snippet != "" && !strings.ContainsAny(e.Snippet[:1], "{[")
}

// rateLimited is what happened at a 429: whether the service named a wait
// and whether padview refused to wait that long.
func (e *Error) rateLimited() (what, cause, then string) {
	what = "rate limit reached" + text.AfterAttempts(e.Attempts)
	switch {
	case e.MaxWait > 0 && e.ServerWait == "":
		return what, fmt.Sprintf("the service named no wait, and padview's own pause of %s does not fit in %s",
			text.Duration(e.RetryAfter), e.allowance()), ""
	case e.MaxWait > 0:
		return what, fmt.Sprintf("the service asks to wait %s%s, more than %s",
			WaitWords(e.RetryAfter), e.serverWait(), e.allowance()), "padview did not wait"
	case e.ServerWait != "":
		return what, fmt.Sprintf("the service asks to wait %s%s", WaitWords(e.RetryAfter), e.serverWait()), ""
	}
	return what, "the service named no wait", ""
}

// timedOut is what happened at a timeout: whether the answer had begun,
// after how long, on which attempt.
func (e *Error) timedOut() (what, cause, then string) {
	what = "no response"
	if e.Status != 0 { // the status and headers came; the body did not finish
		what = "answer still arriving"
	}
	if e.Timeout > 0 {
		what += " after " + text.Duration(e.Timeout)
	}
	if e.Attempts > 1 {
		what += fmt.Sprintf(" on the last of %d attempts", e.Attempts)
	}
	return what, "", ""
}

// unreached is what happened at a network failure: the service was not
// reached, or its answer broke off.
func (e *Error) unreached() (what, cause, then string) {
	var cut *cutShortError
	if errors.As(e.Err, &cut) {
		what = fmt.Sprintf("the service answered %d but %s", e.Status, cut.Error())
		if e.Attempts > 1 {
			what += fmt.Sprintf(", on the last of %d attempts", e.Attempts)
		}
		return what, "the connection broke off during the answer", ""
	}
	if e.Err != nil {
		cause = text.CleanText(e.Err.Error())
	}
	return "could not reach the partner service" + text.AfterAttempts(e.Attempts), cause, ""
}

// allowance names the bound a refused wait broke: "max_wait (2 min)", or
// what was left of it.
func (e *Error) allowance() string {
	if e.Waited > 0 && e.RetryAfter <= e.MaxWait {
		return fmt.Sprintf("is left of max_wait (%s, of which %s already waited)", text.Duration(e.MaxWait), text.Duration(e.Waited))
	}
	return fmt.Sprintf("max_wait (%s)", text.Duration(e.MaxWait))
}

func (e *Error) serverWait() string {
	if e.ServerWait == "" {
		return ""
	}
	return " (" + e.ServerWait + ")"
}

// begins quotes the start of an answer that carried no message of its own.
func (e *Error) begins() string {
	if e.Snippet == "" || e.ServerMessage != "" {
		return ""
	}
	return "the answer begins: “" + e.Snippet + "”" // quoted: what came, not padview's words
}

func (e *Error) Unwrap() error { return e.Err }

// JSONError is where an answer that is not valid JSON broke, in the
// parser's words ("invalid character '<'"), for support; "" for any other
// failure.
func (e *Error) JSONError() string {
	if !e.NotValidJSON() || e.Err == nil {
		return ""
	}
	return text.CleanText(e.Err.Error())
}

// KindOf returns the kind of an error from this package, or KindUnknown.
func KindOf(err error) ErrorKind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return KindUnknown
}
