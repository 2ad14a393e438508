package api

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
)

// ErrorKind sorts failures by what the user can do about them.
type ErrorKind int

const (
	KindUnknown      ErrorKind = iota
	KindInvalidPAID            // the PAID is malformed; no request was made
	KindConfig                 // the base URL or options are unusable
	KindUnauthorized           // 401, or no token at all
	KindForbidden              // 403: e.g. a token not allowed the full view
	KindNotFound               // 404: no advertisement with that PAID
	KindRateLimited            // 429 that padview would not or could not wait out
	KindServer                 // 5xx
	KindHTTP                   // another unexpected status
	KindTimeout                // no answer in time
	KindNetwork                // connection failed, or a redirect was refused
	KindTooLarge               // the body exceeded the size cap
	KindBadResponse            // not JSON, or malformed JSON
	KindCanceled               // the caller gave up
)

var kindNames = map[ErrorKind]string{
	KindUnknown: "unknown", KindInvalidPAID: "invalid_paid", KindConfig: "config",
	KindUnauthorized: "unauthorized", KindForbidden: "forbidden", KindNotFound: "not_found",
	KindRateLimited: "rate_limited", KindServer: "server_error", KindHTTP: "http_error",
	KindTimeout: "timeout", KindNetwork: "network", KindTooLarge: "too_large",
	KindBadResponse: "bad_response", KindCanceled: "canceled",
}

// String is the kind's stable machine name, used in JSON output.
func (k ErrorKind) String() string { return kindNames[k] }

// Error is every failure the client reports. Its message says what happened
// and what to do next; it never contains the token.
type Error struct {
	Kind          ErrorKind
	Status        int           // HTTP status, when a response came
	PAID          string        // the identifier asked for, cleaned
	Message       string        // set for errors built before any request
	ServerMessage string        // the message an error body carried, cleaned
	ServerCode    string        // the error code an error body carried (e.g. "forbidden"), cleaned
	RetryAfter    time.Duration // the wait the server asked for (429)
	Attempts      int           // how many requests were made
	Snippet       string        // start of a body that was not JSON, cleaned
	ContentType   string
	Err           error // the underlying cause, if any
}

func (e *Error) Error() string {
	if e.Message != "" {
		return e.Message
	}
	what, next := e.describe()
	if e.ServerMessage != "" {
		what += " — server says: " + e.ServerMessage
	}
	if next != "" {
		what += "; " + next
	}
	return what
}

// describe says what happened and, apart, what to do next, so that the
// server's own words can stand between the two.
func (e *Error) describe() (what, next string) {
	status := ""
	if e.Status != 0 {
		status = fmt.Sprintf(" (HTTP %d)", e.Status)
	}
	switch e.Kind {
	case KindUnauthorized:
		return "the partner token was rejected" + status, "check it or replace it"
	case KindForbidden:
		return "this token is not allowed this request" + status, "the full view may need a token with personal-data access"
	case KindNotFound:
		return fmt.Sprintf("no advertisement with PAID %s%s", e.PAID, status), "check the identifier"
	case KindRateLimited:
		if e.RetryAfter > 0 {
			return "rate limit reached" + status, fmt.Sprintf("the server asks to wait %s; try again then", roundWait(e.RetryAfter))
		}
		return "rate limit reached" + status, "wait a minute and try again"
	case KindServer:
		return "the partner service failed" + status + attemptsNote(e.Attempts), "try again shortly"
	case KindHTTP:
		return "unexpected answer from the partner service" + status, ""
	case KindTimeout:
		return "no answer in time" + attemptsNote(e.Attempts), "the service is slow or unreachable; try again"
	case KindNetwork:
		what = "could not reach the partner service" + attemptsNote(e.Attempts)
		if e.Err != nil {
			what += ": " + text.CleanText(e.Err.Error())
		}
		return what, ""
	case KindTooLarge:
		return "the response is larger than padview reads", "nothing was shown"
	case KindBadResponse:
		what = "the server's answer" + status
		if e.ContentType != "" {
			what += " (" + text.CleanText(e.ContentType) + ")"
		}
		what += " is not valid JSON"
		if e.Err != nil {
			what += " (" + text.CleanText(e.Err.Error()) + ")"
		}
		if e.Snippet != "" {
			what += "; it begins: " + e.Snippet
		}
		return what, ""
	case KindCanceled:
		return "canceled", ""
	}
	what = "request failed"
	if e.Err != nil {
		what += ": " + text.CleanText(e.Err.Error())
	}
	return what, ""
}

func (e *Error) Unwrap() error { return e.Err }

func attemptsNote(n int) string {
	if n > 1 {
		return fmt.Sprintf(" after %d attempts", n)
	}
	return ""
}

func roundWait(d time.Duration) time.Duration {
	if d >= time.Second {
		return d.Round(time.Second)
	}
	return d.Round(time.Millisecond)
}

// KindOf returns the kind of an error from this package, or KindUnknown.
func KindOf(err error) ErrorKind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return KindUnknown
}

// serverMessage finds a human message in a JSON error body: message, error,
// detail or title, a nested error.message, or the first of errors[].
func serverMessage(body []byte) string {
	v, err := advert.ParseValue(body)
	if err != nil || v.Kind != advert.Object {
		return ""
	}
	return clip(text.CleanText(findMessage(v, 0)), 300)
}

func findMessage(v advert.Value, depth int) string {
	if depth > 3 {
		return ""
	}
	for _, key := range []string{"message", "error", "detail", "title", "error_description", "errors"} {
		m, ok := v.Get(key)
		if !ok {
			continue
		}
		switch m.Kind {
		case advert.String:
			if strings.TrimSpace(m.Str) != "" {
				return strings.TrimSpace(m.Str)
			}
		case advert.Object:
			if s := findMessage(m, depth+1); s != "" {
				return s
			}
		case advert.Array:
			for _, it := range m.Items {
				if it.Kind == advert.String && it.Str != "" {
					return it.Str
				}
				if it.Kind == advert.Object {
					if s := findMessage(it, depth+1); s != "" {
						return s
					}
				}
			}
		}
	}
	return ""
}
