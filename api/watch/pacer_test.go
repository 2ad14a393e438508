package watch

import (
	"context"
	"slices"
	"sync"
	"testing"
	"testing/synctest"
	"time"
)

// TestPacerSpacesRequestsEvenly, in a bubble of fake time: n requests a
// minute start one every minute/n, never two in a burst, and never more
// than n in any minute, however many callers wait at once.
func TestPacerSpacesRequestsEvenly(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const rate = 500
		p := NewPacer(rate, time.Minute)
		start := time.Now()
		var mu sync.Mutex
		var at []time.Duration
		var wg sync.WaitGroup
		for range 8 { // as the poller's workers
			wg.Go(func() {
				for range 2 * rate / 8 {
					if err := p.Wait(context.Background()); err != nil {
						t.Error(err)
						return
					}
					mu.Lock()
					at = append(at, time.Since(start))
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		if len(at) != 2*rate {
			t.Fatalf("%d requests", len(at))
		}
		// Sorted by when each got its slot: every gap is one interval.
		slices.Sort(at)
		interval := time.Minute / rate
		for i := 1; i < len(at); i++ {
			if gap := at[i] - at[i-1]; gap < interval {
				t.Fatalf("requests %d and %d %v apart, less than %v", i-1, i, gap, interval)
			}
		}
		for i := range at {
			j := i
			for j < len(at) && at[j]-at[i] < time.Minute {
				j++
			}
			if j-i > rate {
				t.Fatalf("%d requests within a minute from request %d", j-i, i)
			}
		}
		// The pace is the rate, not less: 1,000 requests in just under two minutes.
		if took := at[len(at)-1]; took > 2*time.Minute || took < 2*time.Minute-2*interval {
			t.Errorf("%d requests took %v", len(at), took)
		}
	})
}

// TestPacerWaitEndsWithItsContext: Ctrl-C does not wait for a slot.
func TestPacerWaitEndsWithItsContext(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := NewPacer(1, time.Hour)
		if err := p.Wait(context.Background()); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error)
		go func() { done <- p.Wait(ctx) }()
		synctest.Wait()
		start := time.Now()
		cancel()
		if err := <-done; err == nil || time.Since(start) != 0 {
			t.Errorf("err %v after %v", err, time.Since(start))
		}
	})
}
