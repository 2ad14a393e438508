package api

import (
	"context"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"
)

// open is a budget that has seen an answer with room, so that requests
// fan out.
func open(limit int, window time.Duration) *Budget {
	b := NewBudget(limit, window)
	b.Observe(Answer{Status: 200})
	return b
}

func TestBudgetCountsUntilAnswerAndFrees(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := open(3, 150*time.Millisecond)
		var releases []func(bool)
		for range 3 {
			r, err := b.Acquire(context.Background(), time.Second)
			if err != nil {
				t.Fatal(err)
			}
			releases = append(releases, r)
		}
		if s := b.Snapshot(); s.Remaining != 0 || s.FromServer || s.Limit != 3 {
			t.Fatalf("snapshot with 3 in flight: %+v", s)
		}
		got := make(chan time.Time, 1)
		go func() {
			r, err := b.Acquire(context.Background(), time.Second)
			if err == nil {
				r(true)
			}
			got <- time.Now()
		}()
		synctest.Wait() // the fourth is waiting
		if s := b.Snapshot(); s.Waiting != 1 {
			t.Fatalf("waiting request not visible: %+v", s)
		}
		released := time.Now()
		for _, r := range releases {
			r(true)
			r(true) // a second call must not free a second slot
		}
		at := <-got
		if wait := at.Sub(released); wait != 150*time.Millisecond {
			t.Fatalf("slot freed %v after the answer; the window is 150ms", wait)
		}
	})
}

func TestBudgetAcquireEndsWithContext(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := open(1, time.Hour)
		r, _ := b.Acquire(context.Background(), time.Second)
		r(true)
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(20*time.Millisecond, cancel)
		start := time.Now()
		if _, err := b.Acquire(ctx, 2*time.Hour); err == nil {
			t.Fatal("acquired beyond the limit")
		}
		if took := time.Since(start); took != 20*time.Millisecond {
			t.Fatalf("the wait ended after %v, not with the context's cancel at 20ms", took)
		}
		if s := b.Snapshot(); s.Waiting != 0 || s.NextFree.IsZero() {
			t.Fatalf("after cancel: %+v", s)
		}
	})
}

func TestBudgetObservesServer(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := NewBudget(1000, time.Minute)
		b.Observe(Answer{Status: 200, HasRate: true, Rate: ServerRate{Limit: 100, Remaining: 40, Reset: 20 * time.Second,
			HasLimit: true, HasRemaining: true, HasReset: true, Style: "X-RateLimit-*"}})
		s := b.Snapshot()
		if !s.FromServer || s.Limit != 100 || s.Remaining != 40 || s.LimitFrom != SourceServer || s.ResetFrom != SourceServer {
			t.Fatalf("server figures not used: %+v", s)
		}
		r, _ := b.Acquire(context.Background(), time.Second)
		r(true)
		if s := b.Snapshot(); s.Remaining != 39 {
			t.Fatalf("request after the server's figure not counted: %+v", s)
		}
		if got := b.Snapshot().Summary(time.Now()); got != "39 of 100 left · window resets in 20s" {
			t.Errorf("summary %q", got)
		}
		// Retry-After blocks every request of the token.
		b = open(1000, time.Minute)
		b.Observe(Answer{Status: 429, Block: 120 * time.Millisecond, BlockedBy: "Retry-After: 1"})
		if s := b.Snapshot(); s.Blocked.IsZero() || s.Remaining != 0 || !s.NextFree.Equal(s.Blocked) {
			t.Fatalf("block not shown: %+v", s)
		}
		start := time.Now()
		r, _ = b.Acquire(context.Background(), time.Second)
		r(true)
		if took := time.Since(start); took != 120*time.Millisecond {
			t.Fatalf("Retry-After of 120ms waited out in %v", took)
		}
		// Remaining 0 with a reset holds requests until the reset.
		b = NewBudget(1000, time.Minute)
		b.Observe(Answer{Status: 200, HasRate: true, Rate: ServerRate{Remaining: 0, Reset: 100 * time.Millisecond, HasRemaining: true, HasReset: true}})
		start = time.Now()
		r, _ = b.Acquire(context.Background(), time.Second)
		r(true)
		if took := time.Since(start); took < 100*time.Millisecond {
			t.Fatalf("remaining=0 with a reset in 100ms honoured for %v", took)
		}
	})
}

func TestBudgetNeverWaitsBeyondMaxWait(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := open(1000, time.Minute)
		b.Observe(Answer{Status: 429, Block: time.Hour, BlockedBy: "Retry-After: 3600"})
		start := time.Now()
		_, err := b.Acquire(context.Background(), 2*time.Minute)
		we, ok := err.(*waitError)
		if !ok || we.wait < 59*time.Minute || time.Since(start) != 0 { // refused at once, without waiting
			t.Fatalf("acquire beyond max wait: %v after %v", err, time.Since(start))
		}
		if s := b.Snapshot(); s.Waiting != 0 {
			t.Fatalf("a refused wait is still counted as waiting: %+v", s)
		}
		// A full local window is no different.
		b = open(1, time.Hour)
		r, _ := b.Acquire(context.Background(), time.Second)
		r(true)
		if _, err := b.Acquire(context.Background(), time.Second); err == nil {
			t.Fatal("waited an hour for a slot")
		}
	})
}

func TestBudgetFirstRequestGoesAlone(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := NewBudget(1000, time.Minute)
		first, err := b.Acquire(context.Background(), time.Second)
		if err != nil {
			t.Fatal(err)
		}
		second := make(chan time.Time, 1)
		go func() {
			r, err := b.Acquire(context.Background(), time.Second)
			if err == nil {
				r(true)
			}
			second <- time.Now()
		}()
		synctest.Wait() // the second waits, or went out
		select {
		case <-second:
			t.Fatal("a second request went out before any answer")
		default:
		}
		answered := time.Now()
		b.Observe(Answer{Status: 200})
		first(true)
		if at := <-second; at.Before(answered) {
			t.Fatal("second request before the answer")
		}
		// After a 429 the next request goes alone again.
		b.Observe(Answer{Status: 429})
		r1, _ := b.Acquire(context.Background(), time.Second)
		if _, err := b.Acquire(context.Background(), 50*time.Millisecond); err == nil {
			t.Fatal("fanned out right after a 429")
		}
		r1(true)
	})
}

func TestBudgetUnreachedRequestsCostNothing(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := open(5, time.Minute)
		for range 20 {
			r, err := b.Acquire(context.Background(), time.Second)
			if err != nil {
				t.Fatal(err)
			}
			r(false) // connection refused: the service never saw it
		}
		if s := b.Snapshot(); s.Remaining != 5 {
			t.Fatalf("refused connections spent the budget: %+v", s)
		}
		r, _ := b.Acquire(context.Background(), time.Second)
		r(true)
		if s := b.Snapshot(); s.Remaining != 4 || !strings.HasPrefix(s.Summary(time.Now()), "≈4 of 5 left · window resets in ") {
			t.Fatalf("a request that reached the service: %+v %q", s, s.Summary(time.Now()))
		}
	})
}

func TestBudgetNeverExceedsLimitInAnyWindow(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const limit, n = 10, 35
		window := 100 * time.Millisecond
		b := open(limit, window)
		var mu sync.Mutex
		var starts []time.Time
		var wg sync.WaitGroup
		for range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r, err := b.Acquire(context.Background(), time.Minute)
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				starts = append(starts, time.Now())
				if used := b.Snapshot().Used; used > limit || used < 1 {
					t.Errorf("the snapshot counts %d requests of a limit of %d", used, limit)
				}
				mu.Unlock()
				time.Sleep(time.Millisecond)
				r(true)
			}()
		}
		wg.Wait()
		if s := b.Snapshot(); s.Peak != limit || s.Used > limit {
			t.Errorf("peak %d, used %d: the batch filled the limit of %d", s.Peak, s.Used, limit)
		}
		time.Sleep(window)
		if s := b.Snapshot(); s.Used != 0 || s.Peak != limit {
			t.Errorf("a window after the last answer: used %d, peak %d", s.Used, s.Peak)
		}
		for i, s := range starts {
			in := 0
			for _, o := range starts {
				if !o.Before(s) && o.Sub(s) < window {
					in++
				}
			}
			if in > limit {
				t.Fatalf("%d requests started within one window from #%d", in, i)
			}
		}
	})
}

// acquire names the wait it spent longest in: a 429's wait that ends in a
// short wait for an answer in flight is told as the 429's wait.
func TestAcquireNamesItsLongestWait(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := NewBudget(100, time.Minute)
		b.Observe(Answer{Status: 429, Block: 200 * time.Millisecond, BlockedBy: "Retry-After: 1"})
		type got struct {
			h       hold
			release func(bool)
		}
		results := make(chan got, 2)
		for range 2 {
			go func() {
				r, h, err := b.acquire(context.Background(), time.Second)
				if err != nil {
					t.Error(err)
				}
				results <- got{h, r}
			}()
		}
		first := <-results // went alone when the block ended
		time.Sleep(50 * time.Millisecond)
		first.release(true) // its answer lets the second go
		second := <-results
		second.release(true)
		for i, g := range []got{first, second} {
			if !g.h.blocked || g.h.why != "Retry-After: 1" || g.h.words() != "the service's Retry-After: 1" {
				t.Errorf("acquire %d: %+v", i+1, g.h)
			}
		}
		if _, h, _ := b.acquire(context.Background(), time.Second); h != (hold{}) {
			t.Errorf("no wait, yet a reason: %+v", h)
		}
	})
}
