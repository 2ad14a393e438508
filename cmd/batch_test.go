package cmd

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/fake"
)

// runBatch runs `padview get --json -` over n PAIDs against a fake limited to
// limit requests per window, and returns how long it took.
func runBatch(tb testing.TB, n, limit int, window time.Duration) (time.Duration, fake.Stats, int, int) {
	s, err := fake.Start(fake.Options{Limit: limit, Window: window})
	if err != nil {
		tb.Fatal(err)
	}
	defer s.Close()
	h := &harness{vars: map[string]string{EnvConfigDir: tb.TempDir(), EnvBaseURL: s.URL, "PADVIEW_TOKEN": fake.DemoToken}}
	h.opts = api.Options{Budget: api.NewBudget(limit, window)}
	ids := fake.SamplePAIDs()[:12]
	var in strings.Builder
	for i := range n {
		fmt.Fprintln(&in, ids[i%len(ids)])
	}
	h.stdin = in.String()
	env, out, _ := h.env()
	start := time.Now()
	code := Execute(tb.Context(), env, []string{"get", "--json", "--concurrency", "8", "-"})
	took := time.Since(start)
	return took, s.Stats(), code, strings.Count(out.String(), "\n")
}

// allowed is the least time n requests take at limit per window: the last
// batch cannot start before (⌈n/limit⌉-1) windows have passed.
func allowed(n, limit int, window time.Duration) time.Duration {
	return time.Duration((n+limit-1)/limit-1) * window
}

func TestBatchRunsAtTheRateLimitWithout429s(t *testing.T) {
	const n, limit = 300, 50
	window := time.Second
	took, st, code, lines := runBatch(t, n, limit, window)
	if code != 0 || lines != n {
		t.Fatalf("exit %d, %d lines", code, lines)
	}
	if st.RateLimited != 0 || st.Served != n {
		t.Fatalf("fake saw %+v", st)
	}
	least := allowed(n, limit, window)
	if took < least || took > least+least/10 {
		t.Fatalf("took %v; the limit allows %v (within 10%% is up to %v)", took, least, least+least/10)
	}
	t.Logf("%d PAIDs in %v, limit allows %v (ratio %.3f)", n, took, least, float64(took)/float64(least))
}

// BenchmarkBatchPacing runs a scaled batch and projects it to the real
// scale of 1,000 requests a minute. What a batch takes beyond what the
// limit allows is, once, the time to do one window's worth of requests (the
// last window's requests still have to be made); that grows with the
// requests per window, so it is scaled by 1000/limit and set against the
// real windows of 60 seconds for ten times as many PAIDs.
func BenchmarkBatchPacing(b *testing.B) {
	const n, limit = 300, 50
	window := time.Second
	for b.Loop() {
		took, st, code, _ := runBatch(b, n, limit, window)
		if code != 0 || st.RateLimited != 0 {
			b.Fatalf("exit %d, %d 429s", code, st.RateLimited)
		}
		least := allowed(n, limit, window)
		loss := float64(took - least)
		realLeast := float64(allowed(10*n, api.DefaultLimit, api.DefaultWindow))
		projected := (realLeast + loss*float64(api.DefaultLimit)/limit) / realLeast
		b.ReportMetric(float64(took)/float64(least), "ratio-scaled")
		b.ReportMetric(projected, "ratio-projected-1000/min")
	}
}

func TestBatchSummaryCountsAndReportsBadPAIDs(t *testing.T) {
	h, _ := withService(t, fake.Options{})
	code, out, errs := h.run("get", "--json", "AB12CD", "NOPE99", "bad paid", "XK9P2M")
	if code != ExitUsage {
		t.Errorf("exit %d, want %d (a usage error outranks a PAID not found)", code, ExitUsage)
	}
	if n := strings.Count(out, "\n"); n != 4 || !strings.Contains(out, `"kind":"invalid_paid"`) {
		t.Errorf("%d JSON lines:\n%s", n, out)
	}
	lines := strings.Split(strings.TrimSpace(errs), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "padview: bad paid: the PAID has a space") {
		t.Fatalf("stderr:\n%s", errs)
	}
	// Under a second: no rate, which would be noise ("40,908/min").
	if !strings.HasPrefix(lines[1], "4 PAIDs: 2 found, 1 not found, 0 failed, 1 invalid · ") || strings.HasSuffix(lines[1], "/min") {
		t.Errorf("summary: %q", lines[1])
	}
	// Text output reports the bad PAID once, on stderr, and ends with the summary too.
	code, _, errs = h.run("get", "AB12CD", "bad paid")
	if code != ExitUsage || strings.Count(errs, "bad paid") != 1 || !strings.Contains(errs, "2 PAIDs: 1 found, 0 not found, 0 failed, 1 invalid") {
		t.Errorf("text: exit %d\n%s", code, errs)
	}
	// A single PAID prints no summary: its result is the whole story.
	if _, _, errs := h.run("get", "AB12CD"); errs != "" {
		t.Errorf("single PAID: stderr %q", errs)
	}
	if _, _, errs := h.run("get", "NOPE99"); strings.Contains(errs, "PAID:") || strings.Contains(errs, "found,") {
		t.Errorf("single PAID not found: stderr %q", errs)
	}
}

func TestBatchProgressMovesWithEveryFinishedPAID(t *testing.T) {
	var w strings.Builder
	p := newProgressLine(&w, func() (int, bool) { return 5, true }, api.NewBudget(1000, time.Minute))
	defer p.finish()
	p.record(result{input: "C"}) // finished out of input order
	p.record(result{input: "A", err: &api.Error{Kind: api.KindNotFound}})
	p.mu.Lock()
	line := p.line(5, true)
	if !strings.HasPrefix(line, "2/5 · ") || strings.Contains(line, "/min") || !strings.Contains(line, " · ETA ") {
		t.Fatalf("line %q: a rate before a second has passed", line)
	}
	p.now = func() time.Time { return p.counts.started.Add(2 * time.Second) }
	line = p.line(5, true)
	p.mu.Unlock()
	if line != "2/5 · 2.0s · 60/min · ETA 3s" {
		t.Fatalf("line %q", line)
	}
	p.record(result{input: "B"})
	p.record(result{input: "D"})
	p.record(result{input: "E"})
	p.finish()
	got := w.String()
	if !strings.Contains(got, "5/5") || !strings.HasSuffix(got, "\r\x1b[2K") || !strings.Contains(got, "0/5 · 0.0s · waiting for the first answer") {
		t.Fatalf("drawn: %q", got)
	}
}

func TestBatchOnATerminalDrawsProgressThenTheSummary(t *testing.T) {
	h, _ := withService(t, fake.Options{})
	env, out, errb := h.env()
	env.StderrTTY = true
	code := Execute(t.Context(), env, []string{"get", "--json", "AB12CD", "XK9P2M", "NOPE99"})
	errs := errb.String()
	if code != ExitNotFound || strings.Count(out.String(), "\n") != 3 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	if !strings.Contains(errs, "3/3") || !strings.Contains(errs, "\r\x1b[2K3 PAIDs: 2 found, 1 not found, 0 failed · ") {
		t.Fatalf("stderr %q", errs)
	}
}

func TestBatchStopsWhenTheTokenIsRejected(t *testing.T) {
	h, s := withService(t, fake.Options{})
	h.vars["PADVIEW_TOKEN"] = "wrong-token"
	var in strings.Builder
	for range 40 {
		fmt.Fprintln(&in, "AB12CD")
	}
	h.stdin = in.String()
	code, out, errs := h.run("get", "--json", "--concurrency", "2", "-")
	if code != ExitToken || strings.Count(out, "\n") != 40 {
		t.Fatalf("exit %d, %d lines", code, strings.Count(out, "\n"))
	}
	if n := s.Stats().Requests; n > 4 {
		t.Errorf("%d requests after the token was rejected", n)
	}
	if !strings.HasPrefix(errs, "39 of 40 PAIDs not requested: the service had rejected the token; 0 found, 0 not found, 1 failed · ") ||
		strings.Count(out, `"message":"not requested: the service had rejected the token"`) != 39 {
		t.Errorf("stderr %q", errs)
	}
}

// failingWriter fails every write after the first.
type failingWriter struct{ writes int }

func (w *failingWriter) Write(p []byte) (int, error) {
	w.writes++
	if w.writes > 1 {
		return 0, errors.New("broken pipe")
	}
	return len(p), nil
}

func TestBatchCancelsLookupsOnEarlyReturn(t *testing.T) {
	h, s := withService(t, fake.Options{Latency: 200 * time.Millisecond})
	var in strings.Builder
	for range 30 {
		fmt.Fprintln(&in, "AB12CD")
	}
	h.stdin = in.String()
	env, _, _ := h.env()
	env.Stdout = &failingWriter{}
	if code := Execute(t.Context(), env, []string{"get", "--json", "--concurrency", "3", "-"}); code != ExitFailure {
		t.Fatalf("exit %d", code)
	}
	if n := s.Stats().Requests; n > 10 {
		t.Errorf("%d of 30 requests made after stdout broke", n)
	}
}

// A full-view batch stops once the service refuses the full view: every
// later request would be refused too. The rest are reported not requested.
func TestFullViewBatchStopsAfterA403(t *testing.T) {
	h, s := withService(t, fake.Options{DemoTriggers: true})
	args := []string{"get", "--full", "--accept-personal-data", "--concurrency", "1", "AB12CD", "DEMO-403"}
	for range 30 {
		args = append(args, "XK9P2M")
	}
	code, out, errs := h.run(args...)
	if code != ExitToken || !strings.Contains(out, "maren.holt@") || strings.Count(errs, "\n") != 2 ||
		!strings.Contains(errs, "padview: DEMO-403: ") || !strings.HasPrefix(strings.Split(errs, "\n")[1], "30 of 32 PAIDs not requested: the service had refused the full view; 1 found, 0 not found, 1 failed · ") {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	if st := s.Stats(); st.Full != 2 {
		t.Errorf("%d full-view requests, want 2", st.Full)
	}
	// The standard view's 403 is about one advertisement: the batch goes on.
	code, _, errs = h.run("get", "--concurrency", "1", "DEMO-403", "AB12CD")
	if code != ExitOK || strings.Contains(errs, "not requested") {
		t.Errorf("standard view: exit %d %s", code, errs)
	}
}
