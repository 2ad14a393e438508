package api_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/fake"
)

// hostile serves /v1/advertisement/{paid} from a table of handlers; any
// other PAID gets a small valid advertisement.
func hostile(t *testing.T, routes map[string]http.HandlerFunc) *httptest.Server {
	t.Helper()
	s := httptest.NewServer(hostileHandler(routes))
	t.Cleanup(s.Close)
	return s
}

func hostileHandler(routes map[string]http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		paid := strings.TrimPrefix(r.URL.Path, "/v1/advertisement/")
		if h, ok := routes[paid]; ok {
			h(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"paid":%q,"advertiser":{"companyName":"Company %s"}}`, paid, paid)
	})
}

// Waits a server asks for beyond max_wait are not taken, and hold up
// nothing: not the lookups after them, not the shared budget.
func TestHugeWaitsHoldUpNothing(t *testing.T) {
	cases := map[string]http.HandlerFunc{
		"429 Retry-After 31 years": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Retry-After", "999999999")
			w.WriteHeader(http.StatusTooManyRequests)
		},
		"200 remaining 0, reset days away": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("X-RateLimit-Remaining", "0")
			w.Header().Set("X-RateLimit-Reset", fmt.Sprint(time.Now().Add(72*time.Hour).Unix()))
			w.Write([]byte(`{"advertiser":{}}`))
		},
		"limit 1 in a huge window": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("X-RateLimit-Limit", "1, 1;w=999999999")
			w.Header().Set("X-RateLimit-Remaining", "0")
			w.Write([]byte(`{"advertiser":{}}`))
		},
		"429 remaining 0, reset in 5 min": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Retry-After", "300")
			w.WriteHeader(http.StatusTooManyRequests)
		},
	}
	for name, h := range cases {
		inBubble(t, hostileHandler(map[string]http.HandlerFunc{"BAD": h}), func(t *testing.T, base string, hc *http.Client) {
			c := newClient(t, base, "tok-123456", api.Options{HTTPClient: hc})
			start := time.Now()
			_, ex, err := c.Get(context.Background(), "BAD", advert.Standard)
			if strings.HasPrefix(name, "429") {
				e := wantKind(t, err, api.KindRateLimited, "tok-123456")
				if e.MaxWait != api.DefaultMaxWait || !strings.Contains(err.Error(), "Retry-After: ") || !strings.Contains(err.Error(), "more than max_wait (2 min)") {
					t.Errorf("refused wait: %v", err)
				}
				if ex.Attempts != 1 || !strings.Contains(ex.Log[0].Next, "did not wait") {
					t.Errorf("attempt log: %+v", ex.Log)
				}
			} else if err != nil {
				t.Fatalf("suspect rate headers: %v", err)
			} else if ex.HasRate || !strings.Contains(ex.Log[0].String(), "ignored as suspect") {
				t.Errorf("suspect headers believed: %+v", ex.Log[0])
			}
			for _, id := range []string{"OK1", "OK2"} {
				if _, _, err := c.Get(context.Background(), id, advert.Standard); err != nil {
					t.Fatalf("%s after %s: %v", id, name, err)
				}
			}
			if took := time.Since(start); took != 0 {
				t.Fatalf("%s: the lookups waited %v", name, took)
			}
			if s := c.Budget().Snapshot(); !s.Blocked.IsZero() || s.Remaining == 0 {
				t.Errorf("the budget was poisoned: %+v", s)
			}
		})
	}
	if got := (&api.Error{Kind: api.KindRateLimited, Status: 429, RetryAfter: 999999999 * time.Second, ServerWait: "Retry-After: 999999999", MaxWait: 2 * time.Minute}).Error(); !strings.Contains(got, "11,574 days (Retry-After: 999999999)") {
		t.Errorf("31 years reads %q", got)
	}
}

// The longest lookup holds whatever the server does.
func TestLongestLookupHolds(t *testing.T) {
	var hits atomic.Int32
	h := hostileHandler(map[string]http.HandlerFunc{
		"FLAKY": func(w http.ResponseWriter, r *http.Request) {
			hits.Add(1)
			w.Header().Set("Retry-After", "0.15")
			w.WriteHeader(http.StatusServiceUnavailable)
		},
		"SLOW": func(w http.ResponseWriter, r *http.Request) {
			hits.Add(1)
			select {
			case <-r.Context().Done():
			case <-time.After(5 * time.Second):
			}
		},
		"THROTTLED": func(w http.ResponseWriter, r *http.Request) {
			hits.Add(1)
			w.Header().Set("Retry-After", "0.2")
			w.WriteHeader(http.StatusTooManyRequests)
		},
	})
	// On the bubble's clock the bound is exact: the lookup gives up at
	// LongestLookup at the latest, however the server answers.
	inBubble(t, h, func(t *testing.T, base string, hc *http.Client) {
		c := newClient(t, base, "tok-123456", api.Options{HTTPClient: hc, Timeout: 200 * time.Millisecond, MaxWait: 500 * time.Millisecond})
		if want := 500*time.Millisecond + 4*200*time.Millisecond; c.LongestLookup() != want {
			t.Fatalf("LongestLookup %v, want %v", c.LongestLookup(), want)
		}
		for _, id := range []string{"FLAKY", "SLOW", "THROTTLED"} {
			hits.Store(0)
			start := time.Now()
			_, ex, err := c.Get(context.Background(), id, advert.Standard)
			took := time.Since(start)
			if err == nil || took > c.LongestLookup() {
				t.Fatalf("%s: %v after %v", id, err, took)
			}
			if ex.Waited > c.MaxWait() || int(hits.Load()) != ex.Attempts || len(ex.Log) != ex.Attempts {
				t.Errorf("%s: waited %v, %d hits, %d attempts, %d logged", id, ex.Waited, hits.Load(), ex.Attempts, len(ex.Log))
			}
			t.Logf("%s: %v after %v, %d attempts", id, err, took, ex.Attempts)
		}
	})
}

func TestAttemptLogNamesThe429(t *testing.T) {
	s := startFake(t, fake.Options{})
	inBubble(t, s.Handler(), func(t *testing.T, base string, hc *http.Client) { attemptLogNamesThe429(t, s, base, hc) })
}

func attemptLogNamesThe429(t *testing.T, s *fake.Server, base string, hc *http.Client) {
	c := newClient(t, base, fake.DemoToken, api.Options{HTTPClient: hc})
	s.Inject(fake.Fault{Kind: fake.FaultRateLimit, RetryAfter: time.Second}, 1)
	_, ex, err := c.Get(context.Background(), "AB12CD", advert.Standard)
	if err != nil || len(ex.Log) != 2 {
		t.Fatalf("%v, log %+v", err, ex.Log)
	}
	first, second := ex.Log[0], ex.Log[1]
	if first.Status != 429 || first.RetryAfter != "1" || !strings.Contains(first.Next, "Retry-After: 1") || first.Waited != 0 {
		t.Errorf("first attempt: %+v", first)
	}
	if second.Status != 200 || second.Waited != time.Second || second.Next != "" || !second.Started.After(first.Started) {
		t.Errorf("second attempt: %+v", second)
	}
	line := first.String()
	for _, want := range []string{"429 Too Many Requests", "Retry-After: 1", "then: retry after 1 s, as the service asked (Retry-After: 1)"} {
		if !strings.Contains(line, want) {
			t.Errorf("attempt line lacks %q: %s", want, line)
		}
	}
	if l := second.String(); !strings.HasPrefix(l, "waited 1 s for the service's Retry-After: 1 · 200 OK") {
		t.Errorf("second line: %s", l)
	}
	b, err := first.MarshalJSON()
	if err != nil || !strings.Contains(string(b), `"status":429`) || !strings.Contains(string(b), `"retryAfter":"1"`) || !strings.Contains(string(b), `"durationMs":`) {
		t.Errorf("attempt JSON: %s %v", b, err)
	}
}

// Every answer's body is kept, whatever its status or type, and the
// server's code and message reach the error text.
func TestExchangeKeepsEveryBody(t *testing.T) {
	s := startFake(t, fake.Options{DemoTriggers: true})
	c := newClient(t, s.URL, fake.DemoToken, api.Options{MaxRetries: -1})
	cases := []struct {
		paid, body, code, msg string
		view                  advert.View
	}{
		{"NOPE42", `"message":"No advertisement with PAID NOPE42"`, "not_found", "", advert.Standard},
		{"DEMO-503", "maintenance window (demo)", "service_unavailable", "maintenance window (demo)", advert.Standard},
		{"DEMO-HTML", "<h1>Welcome to the portal</h1>", "", "", advert.Standard},
		{"DEMO-BADJSON", `"companyName": "Riverside`, "", "", advert.Standard},
		{"DEMO-403", "this token may not use the full view", "forbidden", "this token may not use the full view (demo)", advert.Full},
	}
	for _, cs := range cases {
		_, ex, err := c.Get(context.Background(), cs.paid, cs.view)
		if err == nil || ex == nil || !strings.Contains(string(ex.Body), cs.body) {
			t.Errorf("%s: %v, body %q", cs.paid, err, ex.Body)
			continue
		}
		var e *api.Error
		errors.As(err, &e)
		if e.ServerCode != cs.code || !strings.Contains(err.Error(), cs.code) || !strings.Contains(err.Error(), cs.msg) {
			t.Errorf("%s: code %q, message %q: %v", cs.paid, e.ServerCode, e.ServerMessage, err)
		}
	}
}

// A 404 from something that is not the advertisement service (a wrong
// base URL) is a configuration problem, not "check the identifier".
func TestMissingEndpointIsAConfigProblem(t *testing.T) {
	s := hostile(t, map[string]http.HandlerFunc{
		"GONE": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusNotFound)
			w.Write([]byte(`{"error":{"code":"not_found","message":"No advertisement with PAID GONE"}}`))
		},
		"EMPTY": func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNotFound) },
		"X1": func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusNotFound)
			w.Write([]byte(`{"error":"no route"}`))
		},
		"X2": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusNotFound)
			w.Write([]byte("<html><body><h1>404 Not Found</h1><hr>nginx</body></html>"))
		},
	})
	c := newClient(t, s.URL+"/v1", "tok-123456", api.Options{})
	for paid, kind := range map[string]api.ErrorKind{"GONE": api.KindNotFound, "EMPTY": api.KindNotFound, "X1": api.KindConfig, "X2": api.KindConfig} {
		_, _, err := c.Get(context.Background(), paid, advert.Standard)
		wantKind(t, err, kind, "tok-123456")
		if kind == api.KindConfig && !strings.Contains(err.Error(), "no such endpoint") {
			t.Errorf("%s: %v", paid, err)
		}
		if kind == api.KindNotFound && strings.Count(strings.ToLower(err.Error()), "no advertisement") != 1 {
			t.Errorf("%s: the server's sentence is repeated: %v", paid, err)
		}
	}
	// The fake's own router, reached through a base URL with the wrong version.
	f := startFake(t, fake.Options{})
	wrong := newClient(t, strings.TrimSuffix(f.URL, "/v1")+"/v2", fake.DemoToken, api.Options{})
	_, _, err := wrong.Get(context.Background(), "AB12CD", advert.Standard)
	wantKind(t, err, api.KindConfig, fake.DemoToken)
}

// Failures that trying again cannot cure are reported at once.
func TestPermanentFailuresAreNotRetried(t *testing.T) {
	var hits atomic.Int32
	tlsSrv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hits.Add(1) }))
	tlsSrv.Config.ErrorLog = log.New(io.Discard, "", 0) // the refused handshake is expected
	tlsSrv.StartTLS()
	defer tlsSrv.Close()
	c := newClient(t, tlsSrv.URL+"/v1", "tok-123456", api.Options{}) // does not trust the test certificate
	_, ex, err := c.Get(context.Background(), "AB12CD", advert.Standard)
	if wantKind(t, err, api.KindNetwork, "tok-123456"); ex.Attempts != 1 || !strings.Contains(err.Error(), "TLS certificate") || !strings.Contains(err.Error(), "does not retry") {
		t.Fatalf("TLS: %v after %d attempts", err, ex.Attempts)
	}
	if hits.Load() != 0 {
		t.Fatal("a request went through an unverified connection")
	}

	plain := hostile(t, nil)
	c = newClient(t, strings.Replace(plain.URL, "http://", "https://", 1)+"/v1", "tok-123456", api.Options{})
	_, ex, err = c.Get(context.Background(), "AB12CD", advert.Standard)
	if wantKind(t, err, api.KindNetwork, "tok-123456"); ex.Attempts != 1 || !strings.Contains(err.Error(), "plain HTTP to an https request") {
		t.Fatalf("HTTP to HTTPS: %v after %d attempts", err, ex.Attempts)
	}
}

// Requests that never reached the service spend none of its budget.
func TestRefusedConnectionsCostNoBudget(t *testing.T) {
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	addr := ln.Addr().String()
	ln.Close()
	c := newClient(t, "http://"+addr+"/v1", "tok-123456", api.Options{})
	for range 3 {
		c.Get(context.Background(), "AB12CD", advert.Standard)
	}
	if s := c.Budget().Snapshot(); s.Remaining != api.DefaultLimit {
		t.Fatalf("refused connections spent the budget: %d of %d left", s.Remaining, s.Limit)
	}
}

// A second run against a service whose window another client has filled
// earns at most one 429, waits the service's figure, and none at all when
// the service says in its headers how much is left.
func TestSecondRunIsPolite(t *testing.T) {
	const limit = 10
	window := time.Second
	run := func(t *testing.T, c *api.Client, n int) {
		getMany(c, n, 4, func(_ *api.Exchange, err error) {
			if err != nil {
				t.Error(err)
			}
		})
	}
	for _, style := range fake.HeaderStyles {
		for _, first := range []int{limit, limit - 2} {
			if first < limit && style == fake.NoRateHeaders {
				continue // without headers nobody can know how much is left
			}
			t.Run(fmt.Sprintf("%v %d of %d", style, first, limit), func(t *testing.T) {
				s := startFake(t, fake.Options{Limit: limit, Window: window, RateHeaders: style})
				inBubble(t, s.Handler(), func(t *testing.T, base string, hc *http.Client) {
					a := newClient(t, base, fake.DemoToken, api.Options{HTTPClient: hc, Budget: api.NewBudget(limit, window)})
					run(t, a, first)
					b := newClient(t, base, fake.DemoToken, api.Options{HTTPClient: hc, Budget: api.NewBudget(limit, window)})
					start := time.Now()
					run(t, b, 8)
					got := s.Stats().RateLimited
					want := 1
					if first < limit {
						want = 0
					}
					if got > want {
						t.Errorf("%v, window %d/%d full: %d 429s, want at most %d", style, first, limit, got, want)
					}
					t.Logf("%v, %d/%d used: %d 429s, second run took %v", style, first, limit, got, time.Since(start))
				})
			})
		}
	}
}

// A body cut short is the service's answer broken off, not "could not
// reach": its status and byte counts are said, in the error and in each
// attempt, and it is retried within the usual bounds.
func TestBodyCutShort(t *testing.T) {
	var hits atomic.Int32
	s := hostile(t, map[string]http.HandlerFunc{"CUT": func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		conn, buf, err := w.(http.Hijacker).Hijack()
		if err != nil {
			t.Error(err)
			return
		}
		buf.WriteString("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"paid\":\"CUT")
		buf.Flush()
		conn.Close()
	}})
	c := newClient(t, s.URL+"/v1", "tok-123456", api.Options{})
	_, ex, err := c.Get(context.Background(), "CUT", advert.Standard)
	e := wantKind(t, err, api.KindNetwork, "tok-123456")
	msg := err.Error()
	if e.Status != 200 || !strings.Contains(msg, "the service answered 200 but the body was cut short after 12 of 1,000 bytes") ||
		strings.Contains(msg, "could not reach") || strings.Contains(msg, "unexpected EOF") {
		t.Errorf("error: %v", msg)
	}
	if hits.Load() != 4 || ex.Attempts != 4 || len(ex.Log) != 4 || !strings.Contains(msg, "on the last of 4 attempts") {
		t.Fatalf("%d hits, %d attempts: %v", hits.Load(), ex.Attempts, msg)
	}
	for i, a := range ex.Log {
		line := a.String()
		if a.Status != 200 || a.Error != "the body was cut short after 12 of 1,000 bytes" || !strings.Contains(line, "200 OK after ") ||
			!strings.Contains(line, " · the body was cut short after 12 of 1,000 bytes") {
			t.Errorf("attempt %d: %s", i+1, line)
		}
		if i < 3 && !strings.Contains(a.Next, "the body was cut short; retry") {
			t.Errorf("attempt %d next: %q", i+1, a.Next)
		}
	}
	if string(ex.Body) != `{"paid":"CUT` || ex.Status != 200 {
		t.Errorf("the bytes that came are the record's body: %q", ex.Body)
	}
}

// A wait the shared budget adds after a backoff is logged as what it was:
// the attempt says the retry it planned, the next says what held it.
func TestAttemptLogNamesTheSharedBudgetsWait(t *testing.T) {
	var c *api.Client
	var hits atomic.Int32
	h := hostileHandler(map[string]http.HandlerFunc{"FLAKY": func(w http.ResponseWriter, r *http.Request) {
		if hits.Add(1) == 1 {
			// Meanwhile another lookup of the token got a 429 and its wait.
			c.Budget().Observe(api.Answer{Status: 429, Block: 700 * time.Millisecond, BlockedBy: "Retry-After: 1"})
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		w.Write([]byte(`{"advertiser":{}}`))
	}})
	inBubble(t, h, func(t *testing.T, base string, hc *http.Client) {
		c = newClient(t, base, "tok-123456", api.Options{HTTPClient: hc})
		sharedBudgetsWait(t, c)
	})
}

func sharedBudgetsWait(t *testing.T, c *api.Client) {
	_, ex, err := c.Get(context.Background(), "FLAKY", advert.Standard)
	if err != nil || len(ex.Log) != 2 {
		t.Fatalf("%v: %+v", err, ex.Log)
	}
	first, second := ex.Log[0], ex.Log[1]
	if !strings.HasPrefix(first.Next, "HTTP 503; retry 1 of 3 after ") || !strings.HasSuffix(first.Next, " backoff") || strings.Contains(first.Next, "waited") {
		t.Errorf("first attempt's next: %q", first.Next)
	}
	if second.Waited < 600*time.Millisecond || !strings.HasPrefix(second.WaitedFor, "backed off ") || !strings.Contains(second.WaitedFor, ", then held 0.") ||
		!strings.HasSuffix(second.WaitedFor, " by the shared rate budget (the service's Retry-After: 1 to another lookup)") {
		t.Errorf("second attempt: waited %v: %q", second.Waited, second.WaitedFor)
	}
	if l := second.String(); !strings.HasPrefix(l, "waited 0.") || !strings.Contains(l, "before: ") {
		t.Errorf("second line: %s", l)
	}
}

// A Retry-After beyond what padview counts is quoted as sent, not as the
// cap padview keeps it at.
func TestOverflowingRetryAfterIsQuotedAsSent(t *testing.T) {
	s := hostile(t, map[string]http.HandlerFunc{"HUGE": func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "99999999999999999999999")
		w.WriteHeader(http.StatusTooManyRequests)
	}})
	c := newClient(t, s.URL+"/v1", "tok-123456", api.Options{})
	_, ex, err := c.Get(context.Background(), "HUGE", advert.Standard)
	wantKind(t, err, api.KindRateLimited, "tok-123456")
	for _, got := range []string{err.Error(), ex.Log[0].Next} {
		if strings.Contains(got, "11,574 days") || !strings.Contains(got, "more than 31 years (Retry-After: 99999999999999999999999)") {
			t.Errorf("%s", got)
		}
	}
}

// The exchange keeps the budget as it left it; a later lookup's request
// does not show in it.
func TestExchangeKeepsItsBudgetSnapshot(t *testing.T) {
	s := hostile(t, nil)
	c := newClient(t, s.URL+"/v1", "tok-123456", api.Options{})
	_, first, err := c.Get(context.Background(), "A1", advert.Standard)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.Get(context.Background(), "A2", advert.Standard); err != nil {
		t.Fatal(err)
	}
	if first.Budget.Remaining != api.DefaultLimit-1 || first.Budget.At.Before(first.Started) || c.Budget().Snapshot().Remaining != api.DefaultLimit-2 {
		t.Errorf("first exchange's budget: %+v", first.Budget)
	}
}
