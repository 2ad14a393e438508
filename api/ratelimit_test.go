package api

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestParseRateHeaders(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	h := func(kv ...string) http.Header {
		out := http.Header{}
		for i := 0; i < len(kv); i += 2 {
			out.Set(kv[i], kv[i+1])
		}
		return out
	}
	cases := []struct {
		name string
		h    http.Header
		want ServerRate
	}{
		{"ietf", h("RateLimit", `"default";r=50;t=30`, "RateLimit-Policy", `"default";q=100;w=60`),
			ServerRate{Limit: 100, Remaining: 50, Reset: 30 * time.Second, Window: time.Minute, HasLimit: true, HasRemaining: true, HasReset: true}},
		{"draft", h("RateLimit", "limit=1000, remaining=998, reset=59"),
			ServerRate{Limit: 1000, Remaining: 998, Reset: 59 * time.Second, HasLimit: true, HasRemaining: true, HasReset: true}},
		{"trio", h("RateLimit-Limit", "1000", "RateLimit-Remaining", "7", "RateLimit-Reset", "12"),
			ServerRate{Limit: 1000, Remaining: 7, Reset: 12 * time.Second, HasLimit: true, HasRemaining: true, HasReset: true}},
		{"x epoch", h("X-RateLimit-Limit", "1000", "X-RateLimit-Remaining", "0", "X-RateLimit-Reset", "1800000042"),
			ServerRate{Limit: 1000, Remaining: 0, Reset: 42 * time.Second, HasLimit: true, HasRemaining: true, HasReset: true}},
		{"x epoch ms", h("X-RateLimit-Remaining", "3", "X-RateLimit-Reset", "1800000005000"),
			ServerRate{Remaining: 3, Reset: 5 * time.Second, HasRemaining: true, HasReset: true}},
		{"x with policy", h("X-RateLimit-Limit", "100, 100;w=60", "X-RateLimit-Remaining", "4"),
			ServerRate{Limit: 100, Remaining: 4, Window: time.Minute, HasLimit: true, HasRemaining: true}},
		{"malformed ignored", h("X-RateLimit-Limit", "lots", "X-RateLimit-Remaining", "-3", "X-RateLimit-Reset", "soon"),
			ServerRate{}},
	}
	for _, c := range cases {
		got, ok := ParseRateHeaders(c.h, now)
		got.Style = ""
		if c.want == (ServerRate{}) {
			if ok {
				t.Errorf("%s: parsed %+v from malformed headers", c.name, got)
			}
			continue
		}
		if !ok || got != c.want {
			t.Errorf("%s: got %+v, %v; want %+v", c.name, got, ok, c.want)
		}
	}
	// The IETF fields win over the X- family when both are sent.
	both := h("RateLimit", `"default";r=5;t=1`, "X-RateLimit-Remaining", "900")
	if got, _ := ParseRateHeaders(both, now); got.Remaining != 5 {
		t.Errorf("precedence: remaining %d", got.Remaining)
	}
}

// A window or reset beyond ten minutes makes every rate header of the
// answer suspect (IETF RateLimit header fields draft).
func TestSuspectRateHeadersAreIgnored(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	cases := map[string]http.Header{
		"reset days away (epoch)": {"X-Ratelimit-Limit": {"1000"}, "X-Ratelimit-Remaining": {"0"}, "X-Ratelimit-Reset": {"1800300000"}},
		"reset days away (delta)": {"Ratelimit-Limit": {"1000"}, "Ratelimit-Remaining": {"0"}, "Ratelimit-Reset": {"259200"}},
		"huge inline window":      {"X-Ratelimit-Limit": {"1, 1;w=999999999"}, "X-Ratelimit-Remaining": {"0"}},
		"huge policy window":      {"X-Ratelimit-Limit": {"1"}, "X-Ratelimit-Policy": {"1;w=99999999999999999999999"}},
		"ietf huge window":        {"Ratelimit": {`"default";r=0;t=5`}, "Ratelimit-Policy": {`"default";q=1;w=86400`}},
		"ietf reset beyond":       {"Ratelimit": {`"default";r=0;t=601`}},
		"absurd epoch":            {"X-Ratelimit-Remaining": {"0"}, "X-Ratelimit-Reset": {"99999999999999999999"}},
	}
	for name, h := range cases {
		sr, ok := ParseRateHeaders(h, now)
		if ok || !strings.Contains(sr.Ignored, "beyond 10 min") || sr.HasRemaining || sr.HasLimit {
			t.Errorf("%s: %+v, %v", name, sr, ok)
		}
	}
	// Ten minutes exactly is still believed.
	if sr, ok := ParseRateHeaders(http.Header{"Ratelimit": {`"default";r=0;t=600`}}, now); !ok || sr.Reset != 10*time.Minute {
		t.Errorf("ten minutes: %+v, %v", sr, ok)
	}
}

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	cases := map[string]time.Duration{
		"120":                           2 * time.Minute,
		"0":                             0,
		"Sat, 21 Nov 2026 12:00:30 GMT": 30 * time.Second,
		"Sat, 21 Nov 2026 11:00:00 GMT": 0,
	}
	for in, want := range cases {
		if got, ok := ParseRetryAfter(in, now); !ok || got != want {
			t.Errorf("ParseRetryAfter(%q) = %v, %v; want %v", in, got, ok, want)
		}
	}
	// An absurd wait stays absurd instead of reading as "no wait named".
	if got, ok := ParseRetryAfter("999999999999999", now); !ok || got < 1e8*time.Second {
		t.Errorf("absurd Retry-After = %v, %v", got, ok)
	}
	for _, bad := range []string{"", "soon", "-5"} {
		if _, ok := ParseRetryAfter(bad, now); ok {
			t.Errorf("ParseRetryAfter(%q) accepted", bad)
		}
	}
}
