package cmd

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/fake"
)

// batchInput is n PAIDs one a line, from the first twelve samples.
func batchInput(n int) string {
	ids := fake.SamplePAIDs()[:12]
	var in strings.Builder
	for i := range n {
		fmt.Fprintln(&in, ids[i%len(ids)])
	}
	return in.String()
}

// runBatch runs `padview get --json -` over n PAIDs against a fake limited to
// limit requests per window, over loopback on the real clock, and returns
// how long it took: BenchmarkBatchPacing measures it.
func runBatch(tb testing.TB, n, limit int, window time.Duration) (time.Duration, fake.Stats, int, int) {
	s, err := fake.Start(fake.Options{Limit: limit, Window: window})
	if err != nil {
		tb.Fatal(err)
	}
	defer s.Close()
	h := &harness{vars: map[string]string{EnvConfigDir: tb.TempDir(), EnvBaseURL: s.URL, "PADVIEW_TOKEN": fake.DemoToken}}
	h.opts = api.Options{Budget: api.NewBudget(limit, window)}
	h.stdin = batchInput(n)
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

// A batch keeps to the rate limit without earning a 429, and loses no
// more than one window to it: on the bubble's clock, exactly.
func TestBatchRunsAtTheRateLimitWithout429s(t *testing.T) {
	t.Parallel() // its own service, state directory and database
	const n, limit = 300, 50
	window := time.Second
	s := startFake(t, fake.Options{Limit: limit, Window: window})
	synctest.Test(t, func(t *testing.T) {
		h := inBubble(t, s.Handler(), limit, window)
		h.stdin = batchInput(n)
		start := time.Now()
		code, out, _ := h.run("get", "--json", "--concurrency", "8", "-")
		took := time.Since(start)
		if lines := strings.Count(out, "\n"); code != 0 || lines != n {
			t.Fatalf("exit %d, %d lines", code, lines)
		}
		if st := s.Stats(); st.RateLimited != 0 || st.Served != n {
			t.Fatalf("fake saw %+v", st)
		}
		least := allowed(n, limit, window)
		if took < least || took > least+window {
			t.Fatalf("took %v; the limit allows %v", took, least)
		}
		t.Logf("%d PAIDs in %v, limit allows %v", n, took, least)
	})
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
	// As arguments, all 40 PAIDs are read before the first answer; stdin's
	// reader may lag behind it, and a batch that stops stops reading.
	args := []string{"get", "--json", "--concurrency", "2"}
	for range 40 {
		args = append(args, "AB12CD")
	}
	code, out, errs := h.run(args...)
	if code != ExitToken || strings.Count(out, "\n") != 40 {
		t.Fatalf("exit %d, %d lines", code, strings.Count(out, "\n"))
	}
	n := int(s.Stats().Requests)
	if n > 4 {
		t.Errorf("%d requests after the token was rejected", n)
	}
	// What was sent before the 401 came is canceled in flight; the rest was
	// not requested: together, the batch. A request padview had started may
	// be canceled before the service counted it, so the service's count is
	// a floor.
	m := regexp.MustCompile(`^padview: stopped, as the service had rejected the token: 1 of 40 PAIDs done, (?:(\d+) canceled in flight, )?(\d+) not requested; 0 found, 0 not found, 1 failed · `).FindStringSubmatch(errs)
	if m == nil {
		t.Fatalf("stderr %q", errs)
	}
	canceled, _ := strconv.Atoi(m[1])
	left, _ := strconv.Atoi(m[2])
	if canceled == 0 && m[1] != "" || canceled < n-1 || canceled > 3 || 1+canceled+left != 40 ||
		strings.Count(out, `"message":"not requested: the service had rejected the token"`) != left ||
		strings.Count(out, `"message":"canceled in flight: the service had rejected the token"`) != canceled {
		t.Errorf("%d requests; stderr %q", n, errs)
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
	s := startFake(t, fake.Options{Latency: 200 * time.Millisecond})
	synctest.Test(t, func(t *testing.T) {
		h := inBubble(t, s.Handler(), 0, 0)
		h.stdin = strings.Repeat("AB12CD\n", 30)
		env, _, _ := h.env()
		env.Stdout = &failingWriter{}
		if code := Execute(t.Context(), env, []string{"get", "--json", "--concurrency", "3", "-"}); code != ExitFailure {
			t.Fatalf("exit %d", code)
		}
		if n := s.Stats().Requests; n > 10 {
			t.Errorf("%d of 30 requests made after stdout broke", n)
		}
	})
}
