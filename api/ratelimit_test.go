package api

import (
	"net/http"
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
			ServerRate{Limit: 100, Remaining: 4, HasLimit: true, HasRemaining: true}},
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
	for _, bad := range []string{"", "soon", "-5"} {
		if _, ok := ParseRetryAfter(bad, now); ok {
			t.Errorf("ParseRetryAfter(%q) accepted", bad)
		}
	}
}
