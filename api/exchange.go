package api

import (
	"net/http"
	"strings"
	"time"

	"github.com/padview/padview/api/text"
)

// Exchange records one Get for support staff: what was asked, what came
// back, how long it took, and a curl command that repeats it. It never holds
// the token.
type Exchange struct {
	Method      string
	URL         string
	Status      int
	Proto       string
	Started     time.Time
	Duration    time.Duration // the whole Get, waits and retries included
	Waited      time.Duration // of which held back by pacing or Retry-After
	Attempts    int
	Size        int64 // bytes of the last response body
	ContentType string
	RequestID   string      // the server's request or trace id, if it sent one
	Headers     http.Header // the response headers of interest
	Rate        ServerRate  // what the rate-limit headers said
	HasRate     bool
	Curl        string // the request as a curl command, token as $PADVIEW_TOKEN

	// Body is the body of the last response as received (capped), whatever
	// its status or content type: support staff see what the server sent.
	Body []byte
	// Log is one entry per attempt, in order: the attempt log.
	Log []Attempt
}

// Attempt is one request of an exchange as the attempt log shows it.
type Attempt struct {
	Started    time.Time
	Duration   time.Duration // from sending to the end of the body
	Status     int           // 0 when no response came
	Error      string        // the network error, cleaned, when no response came
	RetryAfter string        // the Retry-After header as sent, cleaned
	Rate       ServerRate    // what the rate headers said
	HasRate    bool
	Waited     time.Duration // held back before this attempt (budget, Retry-After, backoff)
	Next       string        // why padview waited or retried after it, or "" when it was the last
}

// requestIDHeaders are the headers servers use to name a request, in the
// order they are looked for.
var requestIDHeaders = []string{"X-Request-Id", "X-Correlation-Id", "Request-Id",
	"X-Amzn-Trace-Id", "X-Trace-Id", "Traceparent", "Cf-Ray"}

// interestingHeader reports whether a response header belongs in the record.
func interestingHeader(name string) bool {
	n := strings.ToLower(name)
	switch {
	case n == "content-type", n == "content-length", n == "retry-after", n == "date",
		n == "server", n == "location", n == "www-authenticate":
		return true
	case strings.HasPrefix(n, "ratelimit"), strings.HasPrefix(n, "x-ratelimit"):
		return true
	}
	for _, h := range requestIDHeaders {
		if strings.EqualFold(h, name) {
			return true
		}
	}
	return false
}

func (e *Exchange) recordResponse(resp *http.Response) {
	e.Status = resp.StatusCode
	e.Proto = resp.Proto
	e.ContentType = resp.Header.Get("Content-Type")
	e.Headers = http.Header{}
	for k, vs := range resp.Header {
		if interestingHeader(k) {
			cleaned := make([]string, len(vs))
			for i, v := range vs {
				cleaned[i] = text.CleanText(v)
			}
			e.Headers[k] = cleaned
		}
	}
	e.RequestID = ""
	for _, h := range requestIDHeaders {
		if v := resp.Header.Get(h); v != "" {
			e.RequestID = text.CleanText(v)
			break
		}
	}
}

// curlCommand writes the request as a shell command. The token is written as
// $PADVIEW_TOKEN, expanded by the shell, never the value itself.
func curlCommand(url string) string {
	return "curl -sS -H 'Accept: application/json' -H \"Authorization: Bearer $PADVIEW_TOKEN\" " + shellQuote(url)
}

func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
