package cmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/keystore"
)

// hostile answers the PAIDs in routes its own way and any other PAID with
// a small advertisement.
func hostile(routes map[string]http.HandlerFunc) http.Handler {
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

// withHostile points the harness at hostile(routes) over loopback.
func withHostile(t *testing.T, routes map[string]http.HandlerFunc) (*harness, *httptest.Server) {
	s := httptest.NewServer(hostile(routes))
	t.Cleanup(s.Close)
	h := newHarness(t)
	h.vars[EnvBaseURL] = s.URL + "/v1"
	h.vars[keystore.EnvToken] = "tok-hostile-1"
	return h, s
}

// A batch after a 31-year Retry-After, or after rate headers that claim
// days, finishes its other PAIDs at once.
func TestBatchAfterHugeWaitsFinishes(t *testing.T) {
	cases := []struct {
		name string
		bad  http.HandlerFunc
		code int
	}{
		{"429 Retry-After 999999999", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Retry-After", "999999999")
			w.WriteHeader(http.StatusTooManyRequests)
		}, ExitRateLimited},
		{"200 remaining 0, reset days away", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("X-RateLimit-Remaining", "0")
			w.Header().Set("X-RateLimit-Reset", fmt.Sprint(time.Now().Add(96*time.Hour).Unix()))
			w.Write([]byte(`{"advertiser":{"companyName":"Stalling Inc"}}`))
		}, ExitOK},
		{"limit 1 with a huge window", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("X-RateLimit-Limit", "1")
			w.Header().Set("X-RateLimit-Policy", "1;w=999999999")
			w.Write([]byte(`{"advertiser":{"companyName":"Stalling Inc"}}`))
		}, ExitOK},
	}
	for _, c := range cases {
		synctest.Test(t, func(t *testing.T) {
			h := inBubble(t, hostile(map[string]http.HandlerFunc{"r429huge": c.bad}), 0, 0)
			start := time.Now()
			code, out, errs := h.run("get", "--concurrency", "1", "--json", "r429huge", "ok1", "ok2")
			// On the bubble's clock: the batch took none of the waits.
			if took := time.Since(start); code != c.code || took >= api.DefaultMaxWait {
				t.Fatalf("%s: exit %d after %v\n%s\n%s", c.name, code, took, out, errs)
			}
			lines := strings.Split(strings.TrimSpace(out), "\n")
			if len(lines) != 3 || !strings.Contains(lines[1], "Company ok1") || !strings.Contains(lines[2], "Company ok2") {
				t.Fatalf("%s: %s", c.name, out)
			}
			if c.code == ExitRateLimited && (!strings.Contains(lines[0], "Retry-After: 999999999") || !strings.Contains(lines[0], "max_wait")) {
				t.Errorf("%s: the error does not quote the server's figure: %s", c.name, lines[0])
			}
		})
	}
}

func TestMaxWaitSetting(t *testing.T) {
	slowdown := map[string]http.HandlerFunc{"SLOWDOWN": func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "3")
		w.WriteHeader(http.StatusTooManyRequests)
	}}
	synctest.Test(t, func(t *testing.T) {
		h := inBubble(t, hostile(slowdown), 0, 0)
		start := time.Now()
		code, _, errs := h.run("get", "--max-wait", "1s", "SLOWDOWN")
		if took := time.Since(start); code != ExitRateLimited || took != 0 || !strings.Contains(errs, "more than max_wait (1 s)") {
			t.Fatalf("flag: exit %d after %v on the bubble's clock: %s", code, took, errs)
		}
	})
	h, _ := withHostile(t, slowdown)
	h.writeConfig("max_wait = \"1s\"\n")
	if code, _, errs := h.run("get", "SLOWDOWN"); code != ExitRateLimited || !strings.Contains(errs, "max_wait (1 s)") {
		t.Fatalf("config: exit %d: %s", code, errs)
	}
	h.writeConfig("max_wait = \"2m\"\n[profiles.default]\nmax_wait = \"1500ms\"\n")
	if code, _, errs := h.run("get", "SLOWDOWN"); code != ExitRateLimited || !strings.Contains(errs, "max_wait (1.5 s)") {
		t.Fatalf("profile: exit %d: %s", code, errs)
	}
	for _, bad := range [][]string{{"--max-wait", "11m"}, {"--max-wait", "-1s"}, {"--max-wait", "soon"}} {
		if code, _, errs := h.run(append([]string{"get"}, append(bad, "AB12CD")...)...); code != ExitUsage {
			t.Errorf("%v: exit %d: %s", bad, code, errs)
		}
	}
	h.writeConfig("max_wait = \"1h\"\n")
	if code, _, errs := h.run("get", "AB12CD"); code != ExitUsage || !strings.Contains(errs, "max_wait") {
		t.Errorf("config max_wait 1h: exit %d: %s", code, errs)
	}
}

// --raw redirected is the body byte for byte: nothing added, not even a
// line break; on a terminal the body is cleaned, ends with a line break,
// and the error line follows it.
func TestRawIsExactUnlessOnATerminal(t *testing.T) {
	const body = "{\"paid\":\"X1\",\"note\":\"no line break at the end\u202e\"}"
	h, _ := withHostile(t, map[string]http.HandlerFunc{
		"X1": func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(body)) },
		"GONE1": func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusNotFound)
			w.Write([]byte(`{"code":"not_found"}`))
		},
	})
	code, out, _ := h.run("get", "--raw", "X1")
	if code != 0 || out != body {
		t.Fatalf("piped --raw: exit %d, %q, want %q", code, out, body)
	}
	code, out, _ = h.run("get", "--raw", "X1", "GONE1")
	if code != ExitNotFound || out != body+`{"code":"not_found"}` {
		t.Fatalf("piped --raw of two: exit %d, %q", code, out)
	}

	// A terminal shows stdout and stderr in the order written.
	env, _, _ := h.env()
	var screen bytes.Buffer
	env.Stdout, env.Stderr, env.StdoutTTY = &screen, &screen, true
	if code := Execute(t.Context(), env, []string{"get", "--raw", "GONE1"}); code != ExitNotFound {
		t.Fatalf("exit %d: %s", code, screen.String())
	}
	want := "{\"code\":\"not_found\"}\npadview: GONE1: no advertisement with PAID GONE1 (HTTP 404, not_found); check the identifier\n"
	if screen.String() != want {
		t.Fatalf("terminal:\n%q\nwant\n%q", screen.String(), want)
	}
	screen.Reset()
	if code := Execute(t.Context(), env, []string{"get", "--raw", "X1"}); code != 0 || !strings.HasSuffix(screen.String(), "end⟨U+202E⟩\"}\n") {
		t.Fatalf("terminal: exit %d %q", code, screen.String())
	}
}

// --raw writes whatever the service answered and exits as the status says.
func TestRawForAnyAnswer(t *testing.T) {
	s := startFake(t, fake.Options{DemoTriggers: true})
	synctest.Test(t, func(t *testing.T) { // retries wait on the bubble's clock
		h := inBubble(t, s.Handler(), 0, 0)
		direct := func(paid string) string {
			rec := httptest.NewRecorder()
			req := httptest.NewRequest("GET", memoryBaseURL+"/advertisement/"+paid, nil)
			req.Header.Set("Authorization", "Bearer "+fake.DemoToken)
			s.Handler().ServeHTTP(rec, req)
			return rec.Body.String()
		}
		for paid, want := range map[string]int{"NOPE42": ExitNotFound, "DEMO-503": ExitFailure, "DEMO-HTML": ExitFailure, "DEMO-BADJSON": ExitFailure} {
			code, out, errs := h.run("get", "--raw", paid)
			body := direct(paid)
			if code != want || out != body || body == "" {
				t.Errorf("%s: exit %d (want %d), stdout %q, server sent %q", paid, code, want, out, body)
			}
			if !strings.Contains(errs, "padview: "+paid+": ") {
				t.Errorf("%s: stderr %q", paid, errs)
			}
		}
		// The server's error code and message are in the error text.
		_, _, errs := h.run("get", "--raw", "DEMO-503")
		if !strings.Contains(errs, "service_unavailable") || !strings.Contains(errs, "maintenance window (demo)") || !strings.Contains(errs, "after 4 attempts") {
			t.Errorf("503 error text: %s", errs)
		}
	})
}

func TestJSONErrorLinesCarryAttempts(t *testing.T) {
	s := startFake(t, fake.Options{})
	s.Inject(fake.Fault{Kind: fake.FaultStatus, Status: 503, Message: "down for maintenance"}, 10)
	var code int
	var out string
	synctest.Test(t, func(t *testing.T) { // the backoff between attempts passes on the bubble's clock
		code, out, _ = inBubble(t, s.Handler(), 0, 0).run("get", "--json", "AB12CD")
	})
	var line struct {
		Error struct {
			Kind, Message, ServerCode string
			Attempts                  []map[string]any
		}
	}
	if err := json.Unmarshal([]byte(out), &line); err != nil || code != ExitFailure {
		t.Fatalf("exit %d, %v: %s", code, err, out)
	}
	if line.Error.ServerCode != "service_unavailable" || len(line.Error.Attempts) != 4 || !strings.Contains(out, `"serverCode":"service_unavailable"`) {
		t.Fatalf("error line: %s", out)
	}
	for i, a := range line.Error.Attempts {
		if a["status"] != float64(503) || a["started"] == nil || a["durationMs"] == nil || a["waitedMs"] == nil {
			t.Errorf("attempt %d: %v", i, a)
		}
		if _, ok := a["next"]; !ok {
			t.Errorf("attempt %d does not say what came next: %v", i, a)
		}
	}
}

func TestVerboseShowsEachAttempt(t *testing.T) {
	s := startFake(t, fake.Options{})
	s.Inject(fake.Fault{Kind: fake.FaultRateLimit, RetryAfter: time.Second}, 1)
	var errs string
	synctest.Test(t, func(t *testing.T) { // the second the service asks for passes on the bubble's clock
		var code int
		code, _, errs = inBubble(t, s.Handler(), 0, 0).run("get", "-v", "AB12CD")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
	})
	for _, want := range []string{"attempt 1 at ", "429 Too Many Requests", "Retry-After: 1", "then: retry after 1 s, as the service asked (Retry-After: 1)",
		"attempt 2 at ", ": waited 1 s for the service's Retry-After: 1 · 200 OK",
		"attempt 2 at ", "200 OK", "2 attempts", "budget figures: limit: padview's default"} {
		if !strings.Contains(errs, want) {
			t.Errorf("-v lacks %q:\n%s", want, errs)
		}
	}
	if strings.Contains(errs, "(s)") {
		t.Errorf("-v writes attempt(s):\n%s", errs)
	}
}

// A library's log line (net/http's complaint about an answer longer than
// its Content-Length is the one met in the wild) never reaches the
// terminal; under -v it is part of the record. LATER's handler logs such
// a line from another goroutine, as net/http does, so that it takes the
// same way every time. OVERLONG's extra bytes come with Connection: close:
// on a kept-alive connection, which of net/http's goroutines meets them
// first is a race (the next request may read them as its answer and wait
// out its timeout), and this test is about the log, not that race.
func TestUnsolicitedResponseStaysOffTheTerminal(t *testing.T) {
	var second atomic.Bool
	done := make(chan struct{}) // closed when the test ends: OVERLONG's connection stays open until then
	t.Cleanup(func() { close(done) })
	h, _ := withHostile(t, map[string]http.HandlerFunc{
		"OVERLONG": func(w http.ResponseWriter, r *http.Request) {
			conn, buf, err := w.(http.Hijacker).Hijack()
			if err != nil {
				t.Error(err)
				return
			}
			defer conn.Close()
			buf.WriteString("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 5\r\nConnection: close\r\n\r\n{}   ")
			buf.WriteString(strings.Repeat("a", 100<<10))
			buf.Flush()
			<-done
		},
		"LATER": func(w http.ResponseWriter, r *http.Request) {
			second.Store(true)
			log.Print("Unsolicited response received on idle HTTP channel (stand-in)")
			w.Write([]byte(`{"advertiser":{}}`))
		},
	})
	var terminal bytes.Buffer // stands for the process's stderr, where log writes by default
	log.SetOutput(&terminal)
	defer log.SetOutput(io.Discard)
	code, _, errs := h.run("get", "--concurrency", "1", "OVERLONG", "LATER")
	if code != 0 || !second.Load() {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if terminal.Len() != 0 || strings.Contains(errs, "Unsolicited") {
		t.Fatalf("library log reached the terminal: %q / %q", terminal.String(), errs)
	}
	log.SetOutput(&terminal)
	code, _, errs = h.run("get", "-v", "--concurrency", "1", "OVERLONG", "LATER")
	if code != 0 || terminal.Len() != 0 {
		t.Fatalf("exit %d, terminal %q", code, terminal.String())
	}
	if !strings.Contains(errs, "* library: Unsolicited response received on idle HTTP channel (stand-in)") {
		t.Errorf("-v does not show the library's complaint:\n%s", errs)
	}

	// The terminal UI's clients log nowhere either. The frame itself, in a
	// real terminal: TestUnsolicitedResponseLeavesTheFrameInTmux.
	h.tty = true
	if code, _, errs := h.run(); code != 0 || h.tuiCfg == nil {
		t.Fatalf("TUI: exit %d: %s", code, errs)
	}
	c, err := h.tuiCfg.NewClient(h.tuiCfg.Token)
	if err != nil {
		t.Fatal(err)
	}
	second.Store(false)
	for _, paid := range []string{"OVERLONG", "LATER"} {
		if _, _, err := c.Get(t.Context(), paid, advert.Standard); err != nil {
			t.Fatal(err)
		}
	}
	if !second.Load() || terminal.Len() != 0 {
		t.Fatalf("library log reached the terminal behind the TUI: %q", terminal.String())
	}
}

func TestConfigurationProblems(t *testing.T) {
	h, s := withService(t, fake.Options{})
	code, _, errs := h.run("get", "--base-url", strings.TrimSuffix(s.URL, "/v1"), "AB12CD")
	if code != ExitUsage || !strings.Contains(errs, "append /v1") || s.Stats().Requests != 0 {
		t.Errorf("base URL without version: exit %d: %s", code, errs)
	}
	code, _, errs = h.run("get", "--base-url", strings.TrimSuffix(s.URL, "/v1")+"/v2", "AB12CD")
	if code != ExitUsage || !strings.Contains(errs, "no such endpoint") || !strings.Contains(errs, "check the base URL") || strings.Contains(errs, "check the identifier") {
		t.Errorf("wrong version: exit %d: %s", code, errs)
	}
}

// A body cut short is reported as the service's answer broken off, with
// its byte counts, not as a service padview could not reach.
func TestBodyCutShortIsSaidAsSuch(t *testing.T) {
	cut := hostile(map[string]http.HandlerFunc{"CUT1": func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "1000")
		io.WriteString(w, `{"paid":"CUT`)
	}})
	synctest.Test(t, func(t *testing.T) { // retries wait on the bubble's clock
		code, _, errs := inBubble(t, cut, 0, 0).run("get", "-v", "CUT1")
		if code != ExitFailure || !strings.Contains(errs, "padview: CUT1: the service answered 200 but the body was cut short after 12 of 1,000 bytes, on the last of 4 attempts") ||
			strings.Contains(errs, "could not reach") || strings.Count(errs, "200 OK after ") != 4 || strings.Contains(errs, "then: the request failed") {
			t.Fatalf("exit %d:\n%s", code, errs)
		}
	})
}

// -v prints each exchange's budget as that exchange left it, not as the
// lookups after it have changed it meanwhile.
func TestVerboseBudgetIsTheExchangesOwn(t *testing.T) {
	h, _ := withHostile(t, nil)
	// One at a time: the next lookup starts as soon as one ends, while
	// the one that ended is being printed.
	code, _, errs := h.run("get", "-v", "--concurrency", "1", "A1", "A2", "A3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var budgets []string
	for _, l := range strings.Split(errs, "\n") {
		if b, ok := strings.CutPrefix(l, "  rate budget: "); ok {
			budgets = append(budgets, b)
		}
	}
	if len(budgets) != 3 || !strings.HasPrefix(budgets[0], "≈999 of 1,000 left") || !strings.HasPrefix(budgets[1], "≈998 of 1,000 left") ||
		!strings.HasPrefix(budgets[2], "≈997 of 1,000 left") {
		t.Fatalf("budgets %q:\n%s", budgets, errs)
	}
}
