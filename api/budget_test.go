package api

import (
	"context"
	"sync"
	"testing"
	"time"
)

func TestBudgetCountsUntilAnswerAndFrees(t *testing.T) {
	b := NewBudget(3, 150*time.Millisecond)
	var releases []func()
	for range 3 {
		r, err := b.Acquire(context.Background())
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
		r, err := b.Acquire(context.Background())
		if err == nil {
			r()
		}
		got <- time.Now()
	}()
	time.Sleep(30 * time.Millisecond)
	if s := b.Snapshot(); s.Waiting != 1 {
		t.Fatalf("waiting request not visible: %+v", s)
	}
	released := time.Now()
	for _, r := range releases {
		r()
		r() // a second call must not free a second slot
	}
	at := <-got
	if wait := at.Sub(released); wait < 140*time.Millisecond {
		t.Fatalf("slot freed %v after the answer; the window is 150ms", wait)
	}
}

func TestBudgetAcquireEndsWithContext(t *testing.T) {
	b := NewBudget(1, time.Hour)
	r, _ := b.Acquire(context.Background())
	r()
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(20 * time.Millisecond); cancel() }()
	start := time.Now()
	if _, err := b.Acquire(ctx); err == nil {
		t.Fatal("acquired beyond the limit")
	}
	if time.Since(start) > time.Second {
		t.Fatal("cancel did not end the wait")
	}
	if s := b.Snapshot(); s.Waiting != 0 || s.NextFree.IsZero() {
		t.Fatalf("after cancel: %+v", s)
	}
}

func TestBudgetObservesServer(t *testing.T) {
	b := NewBudget(1000, time.Minute)
	b.Observe(ServerRate{Limit: 100, Remaining: 40, Reset: 20 * time.Second, HasLimit: true, HasRemaining: true, HasReset: true}, true, 0)
	s := b.Snapshot()
	if !s.FromServer || s.Limit != 100 || s.Remaining != 40 {
		t.Fatalf("server figures not used: %+v", s)
	}
	r, _ := b.Acquire(context.Background())
	r()
	if s := b.Snapshot(); s.Remaining != 39 {
		t.Fatalf("request after the server's figure not counted: %+v", s)
	}
	// Retry-After blocks every request of the token.
	b = NewBudget(1000, time.Minute)
	b.Observe(ServerRate{}, false, 120*time.Millisecond)
	if s := b.Snapshot(); s.Blocked.IsZero() || s.Remaining != 0 {
		t.Fatalf("block not shown: %+v", s)
	}
	start := time.Now()
	r, _ = b.Acquire(context.Background())
	r()
	if time.Since(start) < 100*time.Millisecond {
		t.Fatal("Retry-After not waited out")
	}
	// Remaining 0 with a reset holds requests until the reset.
	b = NewBudget(1000, time.Minute)
	b.Observe(ServerRate{Remaining: 0, Reset: 100 * time.Millisecond, HasRemaining: true, HasReset: true}, true, 0)
	start = time.Now()
	r, _ = b.Acquire(context.Background())
	r()
	if time.Since(start) < 80*time.Millisecond {
		t.Fatal("remaining=0 not honoured")
	}
}

func TestBudgetNeverExceedsLimitInAnyWindow(t *testing.T) {
	const limit, n = 10, 35
	window := 100 * time.Millisecond
	b := NewBudget(limit, window)
	var mu sync.Mutex
	var starts []time.Time
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := b.Acquire(context.Background())
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			starts = append(starts, time.Now())
			mu.Unlock()
			time.Sleep(time.Millisecond)
			r()
		}()
	}
	wg.Wait()
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
}
