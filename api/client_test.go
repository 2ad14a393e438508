package api_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/fake"
)

func startFake(t *testing.T, opts fake.Options) *fake.Server {
	t.Helper()
	s, err := fake.Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func newClient(t *testing.T, base, token string, opts api.Options) *api.Client {
	t.Helper()
	if opts.BackoffBase == 0 {
		opts.BackoffBase = 5 * time.Millisecond
		opts.BackoffMax = 20 * time.Millisecond
	}
	c, err := api.New(base, token, opts)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// getMany looks XK9P2M up n times, at most parallel at once, as a batch
// does, and hands each outcome to check.
func getMany(c *api.Client, n, parallel int, check func(*api.Exchange, error)) {
	var wg sync.WaitGroup
	sem := make(chan struct{}, parallel)
	for range n {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			_, ex, err := c.Get(context.Background(), "XK9P2M", advert.Standard)
			check(ex, err)
		}()
	}
	wg.Wait()
}

// wantKind checks the error's kind and that its message never shows the token.
func wantKind(t *testing.T, err error, kind api.ErrorKind, token string) *api.Error {
	t.Helper()
	var e *api.Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v is not an *api.Error", err)
	}
	if e.Kind != kind {
		t.Fatalf("kind %v, want %v: %v", e.Kind, kind, err)
	}
	if token != "" && strings.Contains(err.Error(), token) {
		t.Fatalf("error message shows the token: %v", err)
	}
	return e
}

func TestGetBothViews(t *testing.T) {
	s := startFake(t, fake.Options{})
	c := newClient(t, s.URL, fake.DemoToken, api.Options{UserAgent: "padview/test"})
	std, ex, err := c.Get(context.Background(), "AB12CD", advert.Standard)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := std.Advertiser.Get("email"); ok {
		t.Error("standard view carries the advertiser's email")
	}
	if got, _ := std.Advertiser.Get("companyName"); got.Str != "Riverside Civic Alliance" {
		t.Errorf("companyName = %q", got.Str)
	}
	h := s.LastHeaders()
	if h.Get("Authorization") != "Bearer "+fake.DemoToken || h.Get("Accept") != "application/json" || h.Get("User-Agent") != "padview/test" {
		t.Errorf("request headers: %v", h)
	}
	if ex.Status != 200 || ex.Attempts != 1 || ex.Size == 0 || ex.Method != "GET" || !strings.HasSuffix(ex.URL, "/v1/advertisement/AB12CD") || ex.RequestID == "" || ex.Proto == "" {
		t.Errorf("exchange: %+v", ex)
	}
	if !strings.Contains(ex.Curl, `"Authorization: Bearer $PADVIEW_TOKEN"`) || strings.Contains(ex.Curl, fake.DemoToken) {
		t.Errorf("curl: %s", ex.Curl)
	}
	full, ex, err := c.Get(context.Background(), "https://elsewhere.example/v1/advertisement-full/AB12CD", advert.Full)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := full.Advertiser.Get("email"); got.Str == "" || full.View != advert.Full || len(full.Sponsors) != 2 {
		t.Errorf("full view: %s", full)
	}
	if !strings.HasSuffix(ex.URL, "/v1/advertisement-full/AB12CD") {
		t.Errorf("full URL %s", ex.URL)
	}
	if s.Stats().Full != 1 {
		t.Errorf("fake counted %d full requests", s.Stats().Full)
	}
}

func TestGetNormalizesEveryShape(t *testing.T) {
	s := startFake(t, fake.Options{})
	c := newClient(t, s.URL, fake.DemoToken, api.Options{})
	for _, shape := range fake.Shapes {
		s.SetShape(shape)
		d, _, err := c.Get(context.Background(), "PAD-2026-000000123456", advert.Full)
		if err != nil {
			t.Fatalf("%v: %v", shape, err)
		}
		checks := map[string]string{}
		for _, k := range []string{"companyName", "email", "city"} {
			v, _ := d.Advertiser.Get(k)
			checks["advertiser."+k] = v.Text()
		}
		for _, k := range []string{"name", "totalValue", "startDate", "isOngoing"} {
			v, _ := d.Campaign.Get(k)
			checks["campaign."+k] = v.Text()
		}
		want := map[string]string{
			"advertiser.companyName": "Bündnis Schiene Süd", "advertiser.email": "j.muessig@schiene-sued.example",
			"advertiser.city": "Freiburg im Breisgau", "campaign.name": "Landtagswahl 2026 – Verkehrswende",
			"campaign.totalValue": `{"amount":"125000.50","currency":null}`, "campaign.startDate": "2026-05-01", "campaign.isOngoing": "false",
		}
		for k, w := range want {
			if checks[k] != w {
				t.Errorf("%v: %s = %q, want %q", shape, k, checks[k], w)
			}
		}
		if len(d.Sponsors) != 3 || len(d.Controllers) != 2 {
			t.Errorf("%v: %d sponsors, %d controllers", shape, len(d.Sponsors), len(d.Controllers))
		}
		for _, g := range []advert.Value{d.BasicInformation, d.ComplianceAndFunding, d.Targeting, d.LegalAndMetadata} {
			if g.Len() == 0 {
				t.Errorf("%v: a named group is empty", shape)
			}
		}
		if shape != fake.Enveloped && d.Other.Len() != 0 {
			t.Errorf("%v: unplaced members %s", shape, d.Other.Text())
		}
	}
}

func TestGetErrors(t *testing.T) {
	s := startFake(t, fake.Options{Tokens: []string{"good-token-123"}, DemoTriggers: true})
	c := newClient(t, s.URL, "good-token-123", api.Options{})
	ctx := context.Background()

	bad := newClient(t, s.URL, "wrong-token-456", api.Options{})
	_, ex, err := bad.Get(ctx, "AB12CD", advert.Standard)
	e := wantKind(t, err, api.KindUnauthorized, "wrong-token-456")
	if e.Status != 401 || !strings.Contains(err.Error(), "missing or invalid bearer token") || ex.Attempts != 1 {
		t.Errorf("401: %v (attempts %d)", err, ex.Attempts)
	}

	none := newClient(t, s.URL, "", api.Options{})
	before := s.Stats().Requests
	_, _, err = none.Get(ctx, "AB12CD", advert.Standard)
	wantKind(t, err, api.KindUnauthorized, "")
	if s.Stats().Requests != before {
		t.Error("a request went out without a token")
	}

	_, _, err = c.Get(ctx, "NOPE42", advert.Standard)
	if e := wantKind(t, err, api.KindNotFound, "good-token-123"); !strings.Contains(e.Error(), "NOPE42") || e.Status != 404 {
		t.Errorf("404: %v", err)
	}

	_, _, err = c.Get(ctx, "DEMO-403", advert.Full)
	wantKind(t, err, api.KindForbidden, "good-token-123")

	before = s.Stats().Requests
	_, _, err = c.Get(ctx, "AB/12", advert.Standard)
	wantKind(t, err, api.KindInvalidPAID, "")
	if s.Stats().Requests != before {
		t.Error("a malformed PAID cost a request")
	}

	_, ex, err = c.Get(ctx, "DEMO-HTML", advert.Standard)
	if e := wantKind(t, err, api.KindBadResponse, "good-token-123"); !strings.Contains(e.Error(), "Welcome to the portal") || !strings.Contains(e.Error(), "text/html") {
		t.Errorf("HTML page: %v", err)
	}

	s.Inject(fake.Fault{Kind: fake.FaultMalformedJSON}, 1)
	_, _, err = c.Get(ctx, "AB12CD", advert.Standard)
	wantKind(t, err, api.KindBadResponse, "good-token-123")

	s.Inject(fake.Fault{Kind: fake.FaultWrongContentType}, 1)
	if d, _, err := c.Get(ctx, "AB12CD", advert.Standard); err != nil || d.Advertiser.Len() == 0 {
		t.Errorf("JSON labelled text/plain refused: %v", err)
	}

	s.Inject(fake.Fault{Kind: fake.FaultStatus, Status: 500, Message: "database on fire"}, 1)
	_, ex, err = c.Get(ctx, "AB12CD", advert.Standard)
	if e := wantKind(t, err, api.KindServer, "good-token-123"); ex.Attempts != 1 || !strings.Contains(e.Error(), "database on fire") {
		t.Errorf("500: %v after %d attempts", err, ex.Attempts)
	}

	s.Inject(fake.Fault{Kind: fake.FaultStatus, Status: 400, Message: "bad request shape"}, 1)
	_, ex, err = c.Get(ctx, "AB12CD", advert.Standard)
	if wantKind(t, err, api.KindHTTP, ""); ex.Attempts != 1 {
		t.Errorf("400 retried %d times", ex.Attempts)
	}
}

func TestGetRetriesTransientFailures(t *testing.T) {
	s := startFake(t, fake.Options{})
	inBubble(t, s.Handler(), func(t *testing.T, base string, hc *http.Client) {
		c := newClient(t, base, fake.DemoToken, api.Options{HTTPClient: hc})
		s.Inject(fake.Fault{Kind: fake.FaultStatus, Status: 503}, 1)
		s.Inject(fake.Fault{Kind: fake.FaultHTML, Status: 502}, 1)
		d, ex, err := c.Get(context.Background(), "AB12CD", advert.Standard)
		if err != nil || d == nil || ex.Attempts != 3 || ex.Waited == 0 {
			t.Fatalf("after 503, 502: %v, attempts %d, backed off %v", err, ex.Attempts, ex.Waited)
		}
		s.Inject(fake.Fault{Kind: fake.FaultStatus, Status: 504}, 10)
		_, ex, err = c.Get(context.Background(), "AB12CD", advert.Standard)
		if wantKind(t, err, api.KindServer, ""); ex.Attempts != api.DefaultMaxRetries+1 || !strings.Contains(err.Error(), "after 4 attempts") {
			t.Fatalf("504 forever: %v after %d attempts", err, ex.Attempts)
		}
	})
}

func TestGetWaitsOutRateLimit(t *testing.T) {
	s := startFake(t, fake.Options{})
	inBubble(t, s.Handler(), func(t *testing.T, base string, hc *http.Client) {
		c := newClient(t, base, fake.DemoToken, api.Options{HTTPClient: hc})
		for _, kind := range []fake.FaultKind{fake.FaultRateLimit, fake.FaultRateLimitDate} {
			s.Inject(fake.Fault{Kind: kind, RetryAfter: time.Second}, 1)
			start := time.Now()
			d, ex, err := c.Get(context.Background(), "AB12CD", advert.Standard)
			if err != nil || d == nil || ex.Attempts != 2 {
				t.Fatalf("kind %d: %v after %d attempts", kind, err, ex.Attempts)
			}
			if took := time.Since(start); took < time.Second {
				t.Fatalf("kind %d: Retry-After 1 waited %v", kind, took)
			}
		}
		// A wait beyond max_wait fails at once, says how long, and holds up
		// nothing else.
		short := newClient(t, base, fake.DemoToken, api.Options{HTTPClient: hc, MaxWait: 2 * time.Second})
		s.Inject(fake.Fault{Kind: fake.FaultRateLimit, RetryAfter: time.Hour}, 1)
		start := time.Now()
		_, _, err := short.Get(context.Background(), "AB12CD", advert.Standard)
		e := wantKind(t, err, api.KindRateLimited, fake.DemoToken)
		if took := time.Since(start); e.RetryAfter != time.Hour || e.MaxWait != 2*time.Second || took != 0 {
			t.Fatalf("capped 429 after %v: %v (%v)", took, err, e.RetryAfter)
		}
		for _, want := range []string{"wait 1 h (Retry-After: 3600)", "max_wait (2 s)", "did not wait"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("capped 429 message lacks %q: %v", want, err)
			}
		}
		if snap := short.Budget().Snapshot(); !snap.Blocked.IsZero() {
			t.Error("a refused 429 blocked the budget")
		}
		if _, _, err := short.Get(context.Background(), "AB12CD", advert.Standard); err != nil {
			t.Fatalf("the lookup after a refused wait: %v", err)
		}
	})
}

// A lookup ends when its attempt times out or its context is canceled,
// not when the service answers.
func TestGetCancelAndTimeout(t *testing.T) {
	s := startFake(t, fake.Options{})
	inBubble(t, s.Handler(), func(t *testing.T, base string, hc *http.Client) {
		c := newClient(t, base, fake.DemoToken, api.Options{HTTPClient: hc, Timeout: 100 * time.Millisecond})
		s.Inject(fake.Fault{Kind: fake.FaultDelay, Delay: 2 * time.Second}, 1)
		start := time.Now()
		_, ex, err := c.Get(context.Background(), "AB12CD", advert.Standard)
		if wantKind(t, err, api.KindTimeout, ""); ex.Attempts != 1 || time.Since(start) != 100*time.Millisecond {
			t.Fatalf("timeout: %v, attempts %d, after %v", err, ex.Attempts, time.Since(start))
		}

		c = newClient(t, base, fake.DemoToken, api.Options{HTTPClient: hc})
		for _, f := range []fake.Fault{{Kind: fake.FaultDelay, Delay: 5 * time.Second}, {Kind: fake.FaultRateLimit, RetryAfter: 30 * time.Second}} {
			s.Inject(f, 1)
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(100*time.Millisecond, cancel)
			start = time.Now()
			_, _, err = c.Get(ctx, "AB12CD", advert.Standard)
			wantKind(t, err, api.KindCanceled, "")
			if took := time.Since(start); took != 100*time.Millisecond {
				t.Fatalf("%v: canceled at 100ms, the lookup ended after %v", f.Kind, took)
			}
		}
	})
}

func TestGetSizeCap(t *testing.T) {
	s := startFake(t, fake.Options{})
	c := newClient(t, s.URL, fake.DemoToken, api.Options{MaxBodyBytes: 1 << 20})
	s.Inject(fake.Fault{Kind: fake.FaultOversized, Size: 3 << 20}, 1)
	_, _, err := c.Get(context.Background(), "AB12CD", advert.Standard)
	if wantKind(t, err, api.KindTooLarge, ""); !strings.Contains(err.Error(), "1 MiB") {
		t.Fatalf("too large: %v", err)
	}
	// The default cap lets a large but legal advertisement through.
	big := newClient(t, s.URL, fake.DemoToken, api.Options{})
	d, _, err := big.Get(context.Background(), fake.ManySponsorsPAID, advert.Full)
	if err != nil || len(d.Sponsors) != 5000 {
		t.Fatalf("5,000 sponsors: %v", err)
	}
}

func TestGetNetworkFailureRetriesThenFails(t *testing.T) {
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	c := newClient(t, "http://"+addr+"/v1", "secret-token-xyz", api.Options{})
	_, ex, err := c.Get(context.Background(), "AB12CD", advert.Standard)
	if wantKind(t, err, api.KindNetwork, "secret-token-xyz"); ex.Attempts != api.DefaultMaxRetries+1 {
		t.Fatalf("network: %v after %d attempts", err, ex.Attempts)
	}
}

func TestRedirectsStayHome(t *testing.T) {
	var mu sync.Mutex
	seen := map[string]string{}
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen[r.URL.Path] = r.Header.Get("Authorization")
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"advertiser":{"city":"Elsewhere"}}`))
	}))
	defer other.Close()
	var referers []string
	s := startFake(t, fake.Options{})
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		referers = append(referers, r.Header.Get("Referer"))
		mu.Unlock()
		s.Handler().ServeHTTP(w, r)
	}))
	defer front.Close()
	c := newClient(t, front.URL+"/v1", fake.DemoToken, api.Options{})

	// localhost and 127.0.0.1 are different hosts: not followed at all.
	otherURL := strings.Replace(other.URL, "127.0.0.1", "localhost", 1) + "/moved"
	s.Inject(fake.Fault{Kind: fake.FaultRedirect, Location: otherURL}, 1)
	_, ex, err := c.Get(context.Background(), "AB12CD", advert.Standard)
	e := wantKind(t, err, api.KindHTTP, fake.DemoToken)
	host := strings.TrimPrefix(strings.Replace(other.URL, "127.0.0.1", "localhost", 1), "http://")
	if e.Status != http.StatusFound || !strings.Contains(err.Error(), "the service redirected to "+host) || !strings.Contains(err.Error(), "; not followed") || ex.Attempts != 1 {
		t.Fatalf("cross-host redirect: %v (attempts %d)", err, ex.Attempts)
	}
	mu.Lock()
	if _, ok := seen["/moved"]; ok {
		t.Fatal("the other host was visited")
	}
	mu.Unlock()

	// Same host: followed, the token goes along, and no Referer is sent.
	s.Inject(fake.Fault{Kind: fake.FaultRedirect, Location: front.URL + "/v1/advertisement/XK9P2M"}, 1)
	d, _, err := c.Get(context.Background(), "AB12CD", advert.Standard)
	if err != nil || d.Advertiser.Len() == 0 {
		t.Fatalf("same-host redirect: %v", err)
	}
	mu.Lock()
	for _, r := range referers {
		if r != "" {
			t.Errorf("Referer %q sent", r)
		}
	}
	mu.Unlock()

	// https → http is refused outright, and not retried.
	tls := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+"/downgraded", http.StatusFound)
	}))
	defer tls.Close()
	tc := newClient(t, tls.URL+"/v1", "secret-token-xyz", api.Options{HTTPClient: tls.Client()})
	_, ex, err = tc.Get(context.Background(), "AB12CD", advert.Standard)
	if wantKind(t, err, api.KindHTTP, "secret-token-xyz"); !strings.Contains(err.Error(), "https to plain http") || ex.Attempts != 1 {
		t.Fatalf("downgrade: %v (attempts %d)", err, ex.Attempts)
	}
	mu.Lock()
	defer mu.Unlock()
	if _, ok := seen["/downgraded"]; ok {
		t.Fatal("the downgraded request was made")
	}
}

func TestBudgetReconcilesEveryHeaderStyle(t *testing.T) {
	for _, style := range fake.HeaderStyles {
		s := startFake(t, fake.Options{Limit: 50, Window: time.Minute, RateHeaders: style})
		c := newClient(t, s.URL, fake.DemoToken, api.Options{})
		for range 3 {
			if _, _, err := c.Get(context.Background(), "AB12CD", advert.Standard); err != nil {
				t.Fatal(err)
			}
		}
		snap := c.Budget().Snapshot()
		if style == fake.NoRateHeaders {
			if snap.FromServer || snap.Limit != api.DefaultLimit || snap.Remaining != api.DefaultLimit-3 {
				t.Errorf("%v: %+v", style, snap)
			}
			continue
		}
		if !snap.FromServer || snap.Limit != 50 || snap.Remaining != 47 {
			t.Errorf("%v: %+v", style, snap)
		}
	}
}

// Requests paced by the budget earn no 429 from a service with the same
// limit, and take as long as the limit makes them.
func TestPacingUnderScaledWindowEarnsNo429(t *testing.T) {
	const limit, n = 40, 120
	window := 400 * time.Millisecond
	s := startFake(t, fake.Options{Limit: limit, Window: window})
	inBubble(t, s.Handler(), func(t *testing.T, base string, hc *http.Client) {
		c := newClient(t, base, fake.DemoToken, api.Options{HTTPClient: hc, Budget: api.NewBudget(limit, window)})
		start := time.Now()
		getMany(c, n, 8, func(ex *api.Exchange, err error) {
			if err != nil || ex.Attempts != 1 {
				t.Errorf("%v (attempts %d)", err, ex.Attempts)
			}
		})
		took := time.Since(start)
		if st := s.Stats(); st.RateLimited != 0 || st.Served != n {
			t.Fatalf("fake stats %+v", st)
		}
		// n requests at limit per window need (n/limit - 1) full windows.
		if least := window * (n/limit - 1); took < least {
			t.Fatalf("finished in %v, faster than the limit allows (%v)", took, least)
		}
	})
}
