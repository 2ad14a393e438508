package api

import (
	"errors"
	"net"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/padview/padview/api/text"
)

func TestServerDetailShapes(t *testing.T) {
	cases := []struct {
		body      string
		status    int
		code, msg string
	}{
		{`{"error":{"code":"not_found","message":"No advertisement with PAID X"}}`, 404, "not_found", "No advertisement with PAID X"},
		{`{"code":"forbidden","message":"full view not allowed"}`, 403, "forbidden", "full view not allowed"},
		{`{"errorCode":"E1042","errorMessage":"quota exhausted"}`, 429, "E1042", "quota exhausted"},
		{`{"error":"invalid_token","error_description":"The access token expired"}`, 401, "invalid_token", "The access token expired"},
		{`{"type":"https://partner.example/probs/maintenance","title":"Maintenance","detail":"Back at 14:00","status":503}`, 503, "https://partner.example/probs/maintenance", "Back at 14:00"},
		{`{"error":{"code":403,"message":"The caller does not have permission","status":"PERMISSION_DENIED"}}`, 403, "PERMISSION_DENIED", "The caller does not have permission"},
		{`{"errors":[{"code":"service_unavailable","detail":"maintenance window"}]}`, 503, "service_unavailable", "maintenance window"},
		{`{"status":"error","message":"Something broke"}`, 500, "", "Something broke"},
		{`{"timestamp":"2026-01-01","status":404,"error":"Not Found","path":"/v1/x"}`, 404, "", "Not Found"},
		{`{"code":40401,"message":"gone"}`, 404, "40401", "gone"},
		{`{"message":"evil \u001b[31mred\u202e"}`, 500, "", "evil ␛[31mred⟨U+202E⟩"},
		{`<html>Bad gateway</html>`, 502, "", ""},
		{`[1,2]`, 500, "", ""},
		{``, 500, "", ""},
	}
	for _, c := range cases {
		code, msg := serverDetail([]byte(c.body), c.status)
		if code != c.code || msg != c.msg {
			t.Errorf("%s: code %q, message %q; want %q, %q", c.body, code, msg, c.code, c.msg)
		}
	}
}

// Error texts read as English, say each thing once, and cannot be misread.
// They say what happened; the next step is each front end's (no command,
// key or "check …" of theirs).
func TestErrorWording(t *testing.T) {
	cases := []struct {
		err       *Error
		want      []string
		notWanted []string
	}{
		{&Error{Kind: KindForbidden, Status: 403, ServerCode: "forbidden", ServerMessage: "this token may not use the full view"},
			[]string{"this token does not have permission for this request (HTTP 403, forbidden): “this token may not use the full view”"},
			[]string{"not allowed this request", ";"}},
		{&Error{Kind: KindUnauthorized, Status: 401}, []string{"the service rejected the partner token (HTTP 401)"}, []string{"token set", ";"}},
		{&Error{Kind: KindNotFound, Status: 404, PAID: "NOPE42", ServerCode: "not_found", ServerMessage: "No advertisement with PAID NOPE42."},
			[]string{"no advertisement with PAID NOPE42 (HTTP 404, not_found)"},
			[]string{"“", "check"}},
		{&Error{Kind: KindTimeout, Timeout: 404 * time.Millisecond},
			[]string{"no response after 0.4 s"}, []string{"404"}},
		{&Error{Kind: KindTimeout, Timeout: 30 * time.Second, Attempts: 2},
			[]string{"no response after 30 s on the last of 2 attempts"}, []string{"try again"}},
		{&Error{Kind: KindTimeout, Status: 200, Timeout: 30 * time.Second},
			[]string{"answer still arriving after 30 s (HTTP 200)"}, []string{"no response"}},
		{&Error{Kind: KindRateLimited, Status: 429, Attempts: 9, RetryAfter: 300 * time.Millisecond},
			[]string{"rate limit reached after 9 attempts (HTTP 429): the service named no wait"}, []string{"asks to wait", "0.3 s"}},
		{&Error{Kind: KindRateLimited, Status: 429, RetryAfter: 5 * time.Second, ServerWait: "Retry-After: 5"},
			[]string{"rate limit reached (HTTP 429): the service asks to wait 5 s (Retry-After: 5)"}, []string{"try again"}},
		{&Error{Kind: KindRateLimited, Status: 429, RetryAfter: time.Hour, ServerWait: "Retry-After: 3600", MaxWait: 2 * time.Minute},
			[]string{"the service asks to wait 1 h (Retry-After: 3600), more than max_wait (2 min); padview did not wait"}, []string{"raise"}},
		{&Error{Kind: KindServer, Status: 503, Attempts: 1}, []string{"the partner service failed (HTTP 503)"}, []string{"attempt"}},
		{&Error{Kind: KindServer, Status: 503, Attempts: 4}, []string{"failed after 4 attempts (HTTP 503)"}, nil},
		{&Error{Kind: KindNetwork, Attempts: 2, Err: errors.New("connection refused")}, []string{"after 2 attempts: connection refused"}, nil},
		{&Error{Kind: KindBadResponse, Status: 200, ContentType: "text/html", Err: errors.New("invalid character '<'"), Snippet: "<html>"},
			[]string{"the service's answer is not valid JSON (HTTP 200, text/html): the answer begins: “<html>”"}, []string{"invalid character"}},
		{&Error{Kind: KindHTTP, Status: 302, Err: &redirectError{host: "evil.example", reason: "padview sends requests (and the token) only to partner.example"}},
			[]string{"the service redirected to evil.example (HTTP 302); not followed: padview sends"}, nil},
		{&Error{Kind: KindConfig, Status: 404, URL: "https://p.example/v2/advertisement/X", ContentType: "text/html", Snippet: "<h1>404 Not Found</h1>"},
			[]string{"the service has no such endpoint: https://p.example/v2/advertisement/X is not found (HTTP 404, text/html): the answer begins: “<h1>404 Not Found</h1>”"},
			[]string{"check the base URL"}},
	}
	for _, c := range cases {
		got := c.err.Error()
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%q lacks %q", got, w)
			}
		}
		for _, w := range c.notWanted {
			if strings.Contains(got, w) {
				t.Errorf("%q has %q", got, w)
			}
		}
		if strings.Contains(got, ") (") || strings.Contains(got, "((") || strings.Contains(got, "(s)") {
			t.Errorf("doubled parentheses or (s): %q", got)
		}
	}
}

func TestFormatDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0: "0 s", 300 * time.Microsecond: "<0.001 s", 41 * time.Millisecond: "0.041 s", 404 * time.Millisecond: "0.4 s",
		5 * time.Second: "5 s", 5500 * time.Millisecond: "5.5 s", 42 * time.Second: "42 s", 2 * time.Minute: "2 min",
		125 * time.Second: "2 min 5 s", 3*time.Hour + 20*time.Minute: "3 h 20 min", 999999999 * time.Second: "11,574 days",
	} {
		if got := text.Duration(d); got != want {
			t.Errorf("text.Duration(%v) = %q, want %q", d, got, want)
		}
	}
	if text.Countdown(59*time.Second+time.Millisecond) != "1m00s" || text.Countdown(5*time.Second) != "5s" {
		t.Error("countdown")
	}
	if text.Plural(1, "attempt", "attempts") != "1 attempt" || text.Plural(1000, "PAID", "PAIDs") != "1,000 PAIDs" {
		t.Error("plural")
	}
}

func TestPermanentFailures(t *testing.T) {
	base, _ := url.Parse("https://partner.example/v1")
	dns := &url.Error{Op: "Get", URL: "x", Err: &net.OpError{Op: "dial", Err: &net.DNSError{Err: "no such host", Name: "partner.example", IsNotFound: true}}}
	if msg := permanentFailure(dns, base); !strings.Contains(msg, "there is no host partner.example") {
		t.Errorf("DNS: %q", msg)
	}
	flaky := &net.DNSError{Err: "server misbehaving", Name: "partner.example", IsTemporary: true}
	if msg := permanentFailure(flaky, base); msg != "" {
		t.Errorf("a temporary DNS failure is permanent: %q", msg)
	}
	if msg := permanentFailure(errors.New("connection reset by peer"), base); msg != "" {
		t.Errorf("reset: %q", msg)
	}
}
