package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/padview/padview/api/text"
)

// Exchange records one Get for support staff: what was asked, what came
// back, how long it took, and a curl command that repeats it. It never holds
// the token.
type Exchange struct {
	Method string
	URL    string
	// Host is the service's host as the base URL names it (a port, if
	// any, included): never user info, a path, a query or the token.
	// Redirects are followed on this host only, so it is the answer's too.
	Host        string
	Status      int
	Proto       string
	Started     time.Time
	Duration    time.Duration // the whole Get, waits and retries included
	Waited      time.Duration // of which held back: pacing, Retry-After, backoff
	Attempts    int
	Size        int64 // bytes of the last response body
	ContentType string
	RequestID   string      // the server's request or trace id, if it sent one
	Headers     http.Header // the response headers of interest
	Rate        ServerRate  // what the rate-limit headers said
	HasRate     bool
	Curl        string // the request as a curl command, the token as Options.TokenRef names it

	// Body is the body of the last response as received (capped), whatever
	// its status or content type: support staff see what the server sent.
	// The token, should the service echo it, is replaced by [token].
	Body []byte
	// Withheld, when set, says why Body is not here although an answer
	// came: e.g. its outcome could not be written to the access log.
	Withheld string
	// Log is one entry per attempt, in order: the attempt log.
	Log []Attempt
	// Budget is the token's rate budget as this exchange left it: -v
	// prints it for this exchange, not as later lookups changed it.
	Budget BudgetSnapshot
}

// Answered is when the exchange ended: when its answer (or its failure)
// came. It is what an export calls "fetched at".
func (e *Exchange) Answered() time.Time { return e.Started.Add(e.Duration) }

// Attempt is one request of an exchange as the attempt log shows it.
type Attempt struct {
	Started    time.Time
	Duration   time.Duration // from sending to the end of the body
	Status     int           // 0 when no response came
	Error      string        // what went wrong, cleaned: the network error, or with a status a body cut short
	RetryAfter string        // the Retry-After header as sent, cleaned
	Rate       ServerRate    // what the rate headers said (Rate.Ignored: why they were not believed)
	HasRate    bool
	Waited     time.Duration // held back before this attempt (budget, Retry-After, backoff)
	// WaitedFor says what Waited was made of, in order: "backed off
	// 0.4 s, then held 4.6 s by the shared rate budget (…)".
	WaitedFor string
	// Next says what padview did after this attempt and why: the retry it
	// planned and its wait, or why it did not retry. Empty after a final
	// answer. The wait that followed is the next attempt's Waited.
	Next string
	// Sent says the request was written to a connection: the service may
	// have got it, even when no answer came.
	Sent bool
}

// Sent says whether any request of the exchange was written to a
// connection: false when every attempt ended before (a refused
// connection, a cancellation while connecting).
func (ex *Exchange) Sent() bool {
	if ex == nil {
		return false
	}
	for _, a := range ex.Log {
		if a.Sent {
			return true
		}
	}
	return false
}

// waitsJoin joins the parts of Attempt.WaitedFor.
const waitsJoin = ", then "

// String is the attempt as one line of the attempt log, e.g.
// "429 Too Many Requests after 0.003 s · Retry-After: 5 · then: retry after 5 s, as the service asked (Retry-After: 5)".
func (a Attempt) String() string {
	var parts []string
	switch {
	case a.Waited < time.Millisecond:
	case a.WaitedFor == "":
		parts = append(parts, "waited "+text.Duration(a.Waited)+" before")
	case !strings.Contains(a.WaitedFor, waitsJoin):
		parts = append(parts, a.WaitedFor) // "backed off 0.4 s"
	default:
		parts = append(parts, "waited "+text.Duration(a.Waited)+" before: "+a.WaitedFor)
	}
	outcome := "no response"
	if a.Status != 0 {
		outcome = fmt.Sprintf("%d %s", a.Status, http.StatusText(a.Status))
	} else if a.Error != "" {
		outcome = "no response: " + a.Error
	}
	parts = append(parts, strings.TrimSpace(outcome)+" after "+text.Duration(a.Duration))
	if a.Status != 0 && a.Error != "" {
		parts = append(parts, a.Error)
	}
	if a.RetryAfter != "" {
		parts = append(parts, "Retry-After: "+a.RetryAfter)
	}
	switch {
	case a.HasRate:
		parts = append(parts, "rate headers ("+a.Rate.Style+"): "+a.Rate.describe())
	case a.Rate.Ignored != "":
		parts = append(parts, a.Rate.Ignored)
	}
	if a.Next != "" {
		parts = append(parts, "then: "+a.Next)
	}
	return strings.Join(parts, " · ")
}

// describe writes the figures a response's rate headers gave.
func (r ServerRate) describe() string {
	var parts []string
	if r.HasRemaining {
		parts = append(parts, text.Thousands(int64(r.Remaining))+" remaining")
	}
	if r.HasLimit {
		parts = append(parts, "limit "+text.Thousands(int64(r.Limit)))
	}
	if r.HasReset {
		parts = append(parts, "reset in "+text.Duration(r.Reset))
	}
	if r.Window > 0 {
		parts = append(parts, "window "+text.Duration(r.Window))
	}
	return strings.Join(parts, ", ")
}

// MarshalJSON writes the attempt for --json error lines, with lowerCamel
// member names and durations in milliseconds.
func (a Attempt) MarshalJSON() ([]byte, error) {
	type rate struct {
		Style        string `json:"style"`
		Limit        *int   `json:"limit,omitempty"`
		Remaining    *int   `json:"remaining,omitempty"`
		ResetMs      *int64 `json:"resetMs,omitempty"`
		WindowMs     int64  `json:"windowMs,omitempty"`
		IgnoredCause string `json:"ignored,omitempty"`
	}
	out := struct {
		Started    string `json:"started"`
		DurationMs int64  `json:"durationMs"`
		Status     int    `json:"status,omitempty"`
		Error      string `json:"error,omitempty"`
		RetryAfter string `json:"retryAfter,omitempty"`
		Rate       *rate  `json:"rate,omitempty"`
		WaitedMs   int64  `json:"waitedMs"`
		WaitedFor  string `json:"waitedFor,omitempty"`
		Next       string `json:"next,omitempty"`
	}{
		Started: a.Started.UTC().Format(time.RFC3339Nano), DurationMs: a.Duration.Milliseconds(),
		Status: a.Status, Error: a.Error, RetryAfter: a.RetryAfter, WaitedMs: a.Waited.Milliseconds(),
		WaitedFor: a.WaitedFor, Next: a.Next,
	}
	if a.HasRate || a.Rate.Ignored != "" {
		r := &rate{Style: a.Rate.Style, WindowMs: a.Rate.Window.Milliseconds(), IgnoredCause: a.Rate.Ignored}
		if a.Rate.HasLimit {
			r.Limit = &a.Rate.Limit
		}
		if a.Rate.HasRemaining {
			r.Remaining = &a.Rate.Remaining
		}
		if a.Rate.HasReset {
			ms := a.Rate.Reset.Milliseconds()
			r.ResetMs = &ms
		}
		out.Rate = r
	}
	return json.Marshal(out)
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

// curlCommand writes the request as a shell command that runs as it is:
// -i shows the status and headers, which support needs beside the body;
// the Accept header is padview's; the token is ref (Options.TokenRef), words
// the shell expands inside the double quotes, never the value itself.
func curlCommand(url, ref string) string {
	if ref == "" {
		ref = "$PADVIEW_TOKEN"
	}
	return "curl -sS -i -H 'Accept: application/json' -H \"Authorization: Bearer " + ref + "\" " + shellQuote(url)
}

// TokenPrintRef is the curl command's words (Options.TokenRef) for a token
// padview keeps, in the keyring or the demo's: `padview token print`,
// with --profile when the profile is not the default one, prints it when
// the line is run. A profile name that is not a plain word is quoted for
// the shell (inside $(…) quotes start afresh).
func TokenPrintRef(demo bool, profile string) string {
	cmd := text.Command(demo, profile)
	if !demo && profile != "" && profile != text.DefaultProfile && strings.ContainsFunc(profile, notPlain) {
		cmd = "padview --profile " + shellQuote(profile)
	}
	return "$(" + cmd + " token print)"
}

// notPlain is a character a shell reads as more than itself.
func notPlain(r rune) bool {
	return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_.-", r))
}

func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
