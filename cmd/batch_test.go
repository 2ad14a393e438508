package cmd

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/fake"
)

// batch runs `padview get --json -` over n PAIDs against a fake limited to
// limit requests per window, and returns how long it took.
func batch(tb testing.TB, n, limit int, window time.Duration) (time.Duration, fake.Stats, int, int) {
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
	took, st, code, lines := batch(t, n, limit, window)
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
		took, st, code, _ := batch(b, n, limit, window)
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
