package api

import (
	"context"
	"sync"
	"time"
)

// Default rate limit of the partner interface: 1,000 requests a minute per
// token, across both views.
const (
	DefaultLimit  = 1000
	DefaultWindow = time.Minute
)

// Budget paces the requests of one token so that they stay within the rate
// limit instead of earning 429s. It counts a request from the moment it is
// sent until one window after its answer arrived: the server counted it
// somewhere in between, so a slot freed this way is free on the server too.
// What the server says in its headers is folded in; the stricter figure wins.
// A Budget is safe for concurrent use; share one between both views.
type Budget struct {
	mu       sync.Mutex
	limit    int
	window   time.Duration
	finished []time.Time // answer times within the window, oldest first
	inFlight int
	blocked  time.Time // no request before this (Retry-After, remaining=0)
	server   serverFigure
	waiting  int
	waitEnd  time.Time
	changed  chan struct{}
	now      func() time.Time
}

type serverFigure struct {
	valid     bool
	limit     int
	remaining int
	resetAt   time.Time
	seenAt    time.Time
	started   int // requests started since the figure was seen
}

// NewBudget allows limit requests per window.
func NewBudget(limit int, window time.Duration) *Budget {
	if limit <= 0 {
		limit = DefaultLimit
	}
	if window <= 0 {
		window = DefaultWindow
	}
	return &Budget{limit: limit, window: window, changed: make(chan struct{}), now: time.Now}
}

// BudgetSnapshot is the budget as the status bar shows it.
type BudgetSnapshot struct {
	Limit      int
	Remaining  int
	Window     time.Duration
	FromServer bool      // the figures came from the server, not the local estimate
	NextFree   time.Time // when the next used slot frees; zero when none is used
	Waiting    int       // requests pacing is holding back
	WaitUntil  time.Time // when the first of those may go
	Blocked    time.Time // the server asked for no requests before this
}

// Snapshot returns the current figures.
func (b *Budget) Snapshot() BudgetSnapshot {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := b.now()
	b.prune(now)
	s := BudgetSnapshot{Limit: b.limit, Window: b.window, Waiting: b.waiting, WaitUntil: b.waitEnd}
	s.Remaining = max(0, b.limit-b.inFlight-len(b.finished))
	if len(b.finished) > 0 {
		s.NextFree = b.finished[0].Add(b.window)
	}
	if b.serverFresh(now) {
		s.FromServer = true
		if b.server.limit > 0 {
			s.Limit = b.server.limit
		}
		s.Remaining = max(0, b.server.remaining-b.server.started)
		if !b.server.resetAt.IsZero() && s.Remaining == 0 {
			s.NextFree = b.server.resetAt
		}
	}
	if now.Before(b.blocked) {
		s.Blocked = b.blocked
		s.Remaining = 0
	}
	return s
}

// Acquire waits for a free slot, or until ctx ends. The returned release
// must be called when the answer has arrived (or the request failed).
func (b *Budget) Acquire(ctx context.Context) (release func(), err error) {
	b.mu.Lock()
	for {
		now := b.now()
		b.prune(now)
		wait, known := b.waitFor(now)
		if wait <= 0 && known {
			b.inFlight++
			b.server.started++
			b.mu.Unlock()
			var once sync.Once
			return func() { once.Do(b.release) }, nil
		}
		b.waiting++
		if known && (b.waitEnd.IsZero() || now.Add(wait).Before(b.waitEnd)) {
			b.waitEnd = now.Add(wait)
		}
		changed := b.changed
		b.mu.Unlock()

		var timer *time.Timer
		var fired <-chan time.Time
		if known {
			timer = time.NewTimer(wait)
			fired = timer.C
		}
		select {
		case <-ctx.Done():
			err = ctx.Err()
		case <-fired:
		case <-changed:
		}
		if timer != nil {
			timer.Stop()
		}
		b.mu.Lock()
		b.waiting--
		if b.waiting == 0 {
			b.waitEnd = time.Time{}
		}
		if err != nil {
			b.mu.Unlock()
			return nil, err
		}
	}
}

// waitFor says how long a new request must wait; known is false when every
// slot is taken by a request still in flight, so only a release can help.
func (b *Budget) waitFor(now time.Time) (time.Duration, bool) {
	var wait time.Duration
	if now.Before(b.blocked) {
		wait = b.blocked.Sub(now)
	}
	if b.inFlight+len(b.finished) >= b.limit {
		if len(b.finished) == 0 {
			return 0, false
		}
		wait = max(wait, b.finished[0].Add(b.window).Sub(now))
	}
	if b.serverFresh(now) && b.server.remaining-b.server.started <= 0 && !b.server.resetAt.IsZero() {
		wait = max(wait, b.server.resetAt.Sub(now))
	}
	return wait, true
}

func (b *Budget) release() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.inFlight--
	b.finished = append(b.finished, b.now())
	b.signal()
}

// signal wakes every waiter to look again.
func (b *Budget) signal() {
	close(b.changed)
	b.changed = make(chan struct{})
}

func (b *Budget) prune(now time.Time) {
	cut := 0
	for cut < len(b.finished) && !b.finished[cut].Add(b.window).After(now) {
		cut++
	}
	if cut > 0 {
		b.finished = append(b.finished[:0], b.finished[cut:]...)
	}
}

func (b *Budget) serverFresh(now time.Time) bool {
	if !b.server.valid {
		return false
	}
	if !b.server.resetAt.IsZero() {
		return now.Before(b.server.resetAt)
	}
	return now.Sub(b.server.seenAt) < b.window
}

// Observe folds in what a response said: its rate-limit headers and, for a
// 429 or 503, its Retry-After.
func (b *Budget) Observe(sr ServerRate, ok bool, retryAfter time.Duration) {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := b.now()
	if retryAfter > 0 {
		if until := now.Add(retryAfter); until.After(b.blocked) {
			b.blocked = until
		}
	}
	if ok {
		if sr.HasLimit && sr.Limit > 0 {
			b.limit = sr.Limit
		}
		if sr.Window > 0 {
			b.window = sr.Window
		}
		if sr.HasRemaining {
			f := serverFigure{valid: true, remaining: sr.Remaining, seenAt: now}
			if sr.HasLimit {
				f.limit = sr.Limit
			}
			if sr.HasReset {
				f.resetAt = now.Add(sr.Reset)
			}
			b.server = f
		}
	}
	b.signal()
}
