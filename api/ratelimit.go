package api

import (
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/padview/padview/api/text"
)

// MaxRateWindow is the longest rate-limit window or reset padview believes.
// An answer whose rate headers claim more has its whole set of rate headers
// treated as suspect and ignored, as the IETF RateLimit header fields draft
// advises: a broken or hostile server must not stall padview for days.
const MaxRateWindow = 10 * time.Minute

// ServerRate is what a response's headers said about the rate limit. Each
// Has* flag tells whether that figure was present and well formed.
type ServerRate struct {
	Limit, Remaining                 int
	Reset                            time.Duration // until the window frees
	Window                           time.Duration // the policy's window, when stated
	HasLimit, HasRemaining, HasReset bool
	Style                            string // which header family it came from
	// Ignored says why the whole set was not believed (a window or reset
	// beyond MaxRateWindow); ParseRateHeaders then reports false.
	Ignored string
}

// ParseRateHeaders reads the rate-limit headers a server may send, most
// specific first: the IETF RateLimit / RateLimit-Policy structured fields,
// the older RateLimit: limit=…, remaining=…, reset=…, the
// RateLimit-Limit/-Remaining/-Reset trio, and X-RateLimit-*. Malformed
// values are ignored; a window or reset beyond MaxRateWindow makes the whole
// set suspect, and then the ServerRate carries only Style and Ignored.
func ParseRateHeaders(h http.Header, now time.Time) (ServerRate, bool) {
	sr, ok := parseRateHeaders(h, now)
	if !ok {
		return sr, false
	}
	var claim string
	switch {
	case sr.HasReset && sr.Reset > MaxRateWindow:
		claim = "a reset in " + text.Duration(sr.Reset)
	case sr.Window > MaxRateWindow:
		claim = "a window of " + text.Duration(sr.Window)
	default:
		return sr, true
	}
	return ServerRate{Style: sr.Style, Ignored: fmt.Sprintf("the %s headers claim %s, beyond %s: all of them ignored as suspect",
		sr.Style, claim, text.Duration(MaxRateWindow))}, false
}

func parseRateHeaders(h http.Header, now time.Time) (ServerRate, bool) {
	if v := h.Get("RateLimit"); v != "" {
		p := params(v)
		if r, ok := p["r"]; ok {
			sr := ServerRate{Style: "RateLimit (IETF)"}
			sr.Remaining, sr.HasRemaining = count(r)
			sr.Reset, sr.HasReset = resetIn(p["t"], now)
			if pol := h.Get("RateLimit-Policy"); pol != "" {
				pp := params(pol)
				sr.Limit, sr.HasLimit = count(pp["q"])
				sr.Window = policyWindow(pol)
			}
			if sr.HasRemaining || sr.HasReset {
				return sr, true
			}
		}
		if _, ok := p["remaining"]; ok {
			sr := ServerRate{Style: "RateLimit (draft)"}
			sr.Limit, sr.HasLimit = count(p["limit"])
			sr.Remaining, sr.HasRemaining = count(p["remaining"])
			sr.Reset, sr.HasReset = resetIn(p["reset"], now)
			if sr.HasRemaining {
				return sr, true
			}
		}
	}
	for _, prefix := range []string{"RateLimit-", "X-RateLimit-"} {
		sr := ServerRate{Style: prefix + "*"}
		sr.Limit, sr.HasLimit = count(firstNumber(h.Get(prefix + "Limit")))
		sr.Remaining, sr.HasRemaining = count(h.Get(prefix + "Remaining"))
		sr.Reset, sr.HasReset = resetIn(h.Get(prefix+"Reset"), now)
		// The window comes from a policy header, or inline: "100, 100;w=60".
		sr.Window = max(policyWindow(h.Get(prefix+"Policy")), policyWindow(h.Get(prefix+"Limit")))
		if sr.HasLimit || sr.HasRemaining {
			return sr, true
		}
	}
	return ServerRate{}, false
}

// params collects key=value pairs from a structured-field list or
// dictionary, the first occurrence of each key winning.
func params(v string) map[string]string {
	out := map[string]string{}
	for _, item := range strings.Split(v, ",") {
		for _, part := range strings.Split(item, ";") {
			k, val, ok := strings.Cut(strings.TrimSpace(part), "=")
			if !ok {
				continue
			}
			k = strings.ToLower(strings.TrimSpace(k))
			if _, seen := out[k]; !seen {
				out[k] = strings.Trim(strings.TrimSpace(val), `"`)
			}
		}
	}
	return out
}

// firstNumber takes "100" out of "100, 100;w=60" (a limit with a policy).
func firstNumber(v string) string {
	v, _, _ = strings.Cut(v, ",")
	v, _, _ = strings.Cut(v, ";")
	return strings.TrimSpace(v)
}

func policyWindow(v string) time.Duration {
	if w, ok := seconds(params(v)["w"]); ok && w > 0 {
		return w
	}
	return 0
}

// absurdWait is what a server's figure beyond a billion seconds (31
// years) is kept as, so that it is judged as too long rather than dropped
// as malformed. WaitWords does not quote it as a figure.
const absurdWait = 1e9 * time.Second

// WaitWords writes a wait a server asked for: text.Duration, or "more
// than 31 years" for one padview kept as absurdWait, since quoting the
// cap would put words in the server's mouth. Callers quote the header
// text as sent beside it.
func WaitWords(d time.Duration) string {
	if d >= absurdWait {
		return "more than 31 years"
	}
	return text.Duration(d)
}

// seconds reads a non-negative number of seconds; absurdly large values
// are kept as absurdWait.
func seconds(s string) (time.Duration, bool) {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || f < 0 || math.IsNaN(f) {
		return 0, false
	}
	return time.Duration(min(f, absurdWait.Seconds()) * float64(time.Second)), true
}

func count(s string) (int, bool) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < 0 {
		return 0, false
	}
	return n, true
}

// resetIn reads a reset value: delta seconds (possibly fractional), or an
// epoch timestamp in seconds or milliseconds, told apart by size. A reset
// far away is returned as it is, for the caller to judge.
func resetIn(s string, now time.Time) (time.Duration, bool) {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || f < 0 || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, false
	}
	var at time.Time
	switch {
	case f >= 1e15:
		return absurdWait, true // neither seconds nor milliseconds since 1970: absurd
	case f >= 1e12:
		at = time.UnixMilli(int64(f))
	case f >= 1e9:
		at = time.Unix(int64(f), 0)
	default:
		return time.Duration(f * float64(time.Second)), true
	}
	d := at.Sub(now)
	if d < 0 {
		d = 0
	}
	return d, true
}

// ParseRetryAfter reads Retry-After as delay seconds or an HTTP date.
func ParseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if n, err := strconv.ParseFloat(v, 64); err == nil {
		if n < 0 || math.IsNaN(n) {
			return 0, false
		}
		// Absurd waits stay absurd (absurdWait) rather than become
		// "no Retry-After", which would mean retrying soon.
		return time.Duration(min(n, absurdWait.Seconds()) * float64(time.Second)), true
	}
	t, err := http.ParseTime(v)
	if err != nil {
		return 0, false
	}
	d := t.Sub(now)
	if d < 0 {
		d = 0
	}
	return d, true
}
