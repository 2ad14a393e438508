package api

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/padview/padview/api/text"
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
// A request that never reached the service (a refused connection, an
// unknown host) frees its slot at once. What the server says in its
// headers is folded in; the stricter figure wins.
//
// The budget is polite from the first request: until an answer has said
// there is room (any answer but a 429 or a 5xx, and not "0 remaining"), only
// one request is in flight; the same after a 429 and when the server's
// figures have run out. Another program may be using the same token.
//
// A Budget never waits longer than the caller allows (Acquire's maxWait),
// and holds only the waits a client decided to take. It is safe for
// concurrent use; share one between both views.
type Budget struct {
	mu        sync.Mutex
	limit     int
	limitFrom FigureSource
	window    time.Duration
	finished  []time.Time // answer times within the window, oldest first
	inFlight  int
	peak      int       // the most of inFlight+len(finished) so far
	blocked   time.Time // no request before this (a 429's wait)
	blockedBy string    // the server's words for it, e.g. "Retry-After: 5"
	room      bool      // the latest answer said there is room: requests may fan out
	server    serverFigure
	waiting   int
	waitEnd   time.Time
	changed   chan struct{}
	now       func() time.Time
}

type serverFigure struct {
	valid     bool
	limit     int
	remaining int
	resetAt   time.Time
	seenAt    time.Time
	started   int // requests started since the figure was seen
	style     string
	gen       int // tells a request started under this figure from older ones
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

// FigureSource says where a figure of the budget came from.
type FigureSource int

const (
	SourceDefault    FigureSource = iota // padview's default: the partner interface's 1,000 a minute
	SourceEstimate                       // padview's count of its own requests
	SourceServer                         // the service's rate-limit headers
	SourceRetryAfter                     // the service's Retry-After on a 429
)

// BudgetSnapshot is the budget as the status bar and -v show it.
type BudgetSnapshot struct {
	At        time.Time // when it was taken: its figures read relative to this
	Limit     int
	Remaining int
	Window    time.Duration
	// Used is how many of padview's own requests the budget counts now:
	// those in flight and those answered within the last window. It
	// never exceeds the limit the budget enforces, so that a rate shown
	// from it cannot read as breaking that limit; Peak is the most it
	// has been since the budget was made.
	Used, Peak int
	FromServer bool      // Remaining came from the service, not padview's estimate
	NextFree   time.Time // when the next used slot frees (the block's end while blocked); zero when none is used
	ResetAt    time.Time // when the whole limit is free again; zero when nothing is used
	Waiting    int       // requests pacing is holding back
	WaitUntil  time.Time // when the first of those may go
	Blocked    time.Time // the service asked for no requests before this
	BlockedBy  string    // the service's words for Blocked, e.g. "Retry-After: 5"
	// Where each figure came from, and the service's header family.
	LimitFrom, RemainingFrom, ResetFrom FigureSource
	HeaderStyle                         string
}

// Snapshot returns the current figures.
func (b *Budget) Snapshot() BudgetSnapshot {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := b.now()
	b.prune(now)
	s := BudgetSnapshot{At: now, Limit: b.limit, Window: b.window, Waiting: b.waiting, WaitUntil: b.waitEnd,
		LimitFrom: b.limitFrom, RemainingFrom: SourceEstimate, ResetFrom: SourceEstimate, HeaderStyle: b.server.style}
	s.Used, s.Peak = b.inFlight+len(b.finished), b.peak
	s.Remaining = max(0, b.limit-s.Used)
	if len(b.finished) > 0 {
		s.NextFree = b.finished[0].Add(b.window)
		s.ResetAt = b.finished[len(b.finished)-1].Add(b.window)
	}
	if b.serverFresh(now) {
		s.FromServer, s.RemainingFrom = true, SourceServer
		if b.server.limit > 0 {
			s.Limit = b.server.limit
		}
		s.Remaining = max(0, b.server.remaining-b.server.started)
		if !b.server.resetAt.IsZero() {
			s.ResetAt, s.ResetFrom = b.server.resetAt, SourceServer
			if s.Remaining == 0 {
				s.NextFree = b.server.resetAt
			}
		}
	}
	if now.Before(b.blocked) {
		// The service's wait is the one figure that counts: nothing may
		// read as free before the 429's countdown ends.
		s.Blocked, s.BlockedBy = b.blocked, b.blockedBy
		s.Remaining, s.FromServer, s.RemainingFrom = 0, true, SourceRetryAfter
		s.NextFree = b.blocked
		s.ResetAt, s.ResetFrom = later(s.ResetAt, b.blocked), SourceRetryAfter
	}
	return s
}

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// waitError is a wait the budget would need that is longer than the caller
// allows; nothing waited for it.
type waitError struct {
	wait time.Duration
	why  string // where the wait comes from, e.g. "the service's Retry-After: 30"
}

func (e *waitError) Error() string {
	return fmt.Sprintf("the rate budget needs a wait of %s (%s)", text.Duration(e.wait), e.why)
}

// Acquire waits for a free slot, at most maxWait, or until ctx ends. A slot
// that cannot free within maxWait is not waited for at all: Acquire
// returns a *waitError at once. The returned release must be called when
// the answer has arrived or the request failed; reached says whether the
// request got to the service (only then does it spend the budget).
func (b *Budget) Acquire(ctx context.Context, maxWait time.Duration) (release func(reached bool), err error) {
	release, _, err = b.acquire(ctx, maxWait)
	return release, err
}

// hold is why the budget held a request back, for the attempt log.
type hold struct {
	why     string // e.g. "Retry-After: 5", "padview's count of 1,000 requests in the last minute"
	blocked bool   // the service's wait after a 429 (why is its words), not pacing
}

// acquire is Acquire that also says why it waited, if it did: the
// reason it waited longest for (a 429's wait may end in a short wait for
// an answer in flight, which is not the story).
func (b *Budget) acquire(ctx context.Context, maxWait time.Duration) (release func(reached bool), h hold, err error) {
	b.mu.Lock()
	deadline := b.now().Add(max(0, maxWait))
	var spent map[hold]time.Duration
	for {
		now := b.now()
		b.prune(now)
		wait, why, known := b.waitFor(now)
		if wait <= 0 && known {
			return b.grant(), longestHold(spent), nil
		}
		if known && now.Add(wait).After(deadline) {
			b.mu.Unlock()
			return nil, longestHold(spent), &waitError{wait: wait, why: why.words()}
		}
		if !known {
			// Only an answer can help; wait for one, up to the deadline.
			why = hold{why: "until a request in flight was answered"}
			wait = deadline.Sub(now)
			if wait <= 0 {
				b.mu.Unlock()
				return nil, longestHold(spent), &waitError{wait: maxWait, why: "every slot stayed taken by requests in flight"}
			}
		}
		err = b.sleep(ctx, now, wait, known)
		if spent == nil {
			spent = map[hold]time.Duration{}
		}
		spent[why] += b.now().Sub(now)
		if err != nil {
			b.mu.Unlock()
			return nil, longestHold(spent), err
		}
	}
}

// grant takes a slot for a request and unlocks b.mu, which the caller
// holds; the release it returns gives the slot back once.
func (b *Budget) grant() func(reached bool) {
	b.inFlight++
	b.peak = max(b.peak, b.inFlight+len(b.finished))
	b.server.started++
	gen := b.server.gen
	b.mu.Unlock()
	var once sync.Once
	return func(reached bool) { once.Do(func() { b.release(reached, gen) }) }
}

// sleep waits for wait, a change of the budget (an answer, a 429) or the
// end of ctx, with b.mu held when it is called and when it returns. A
// known wait is the budget's own, and the earliest end of those is
// waitEnd, for the countdown.
func (b *Budget) sleep(ctx context.Context, now time.Time, wait time.Duration, known bool) error {
	b.waiting++
	if known && (b.waitEnd.IsZero() || now.Add(wait).Before(b.waitEnd)) {
		b.waitEnd = now.Add(wait)
	}
	changed := b.changed
	b.mu.Unlock()

	var err error
	timer := time.NewTimer(wait)
	select {
	case <-ctx.Done():
		err = ctx.Err()
	case <-timer.C:
	case <-changed:
	}
	timer.Stop()
	b.mu.Lock()
	b.waiting--
	if b.waiting == 0 {
		b.waitEnd = time.Time{}
	}
	return err
}

// longestHold is the reason spent the longest wait, the first in
// alphabetical order of those that tie.
func longestHold(spent map[hold]time.Duration) hold {
	var top hold
	for r, d := range spent {
		if d > spent[top] || (d == spent[top] && r.why < top.why) {
			top = r
		}
	}
	return top
}

// words is the reason as a phrase: "the service's Retry-After: 5".
func (h hold) words() string {
	if h.blocked {
		return "the service's " + h.why
	}
	return h.why
}

// waitFor says how long a new request must wait and why; known is false
// when only an answer to a request in flight can free the way (every slot
// taken, or the first request alone still out).
func (b *Budget) waitFor(now time.Time) (wait time.Duration, why hold, known bool) {
	if now.Before(b.blocked) {
		wait, why = b.blocked.Sub(now), hold{why: b.blockedBy, blocked: true}
	}
	if b.inFlight+len(b.finished) >= b.limit {
		if len(b.finished) == 0 {
			return 0, hold{}, false
		}
		if w := b.finished[0].Add(b.window).Sub(now); w > wait {
			wait, why = w, hold{why: fmt.Sprintf("padview's count of %s requests in %s", text.Thousands(int64(b.limit)), text.Past(b.window))}
		}
	}
	if b.serverFresh(now) && b.server.remaining-b.server.started <= 0 && !b.server.resetAt.IsZero() {
		if w := b.server.resetAt.Sub(now); w > wait {
			wait, why = w, hold{why: "the reset in the service's " + b.server.style + " headers"}
		}
	}
	if wait <= 0 && b.inFlight > 0 && b.mustProbe(now) {
		return 0, hold{}, false
	}
	return wait, why, true
}

// mustProbe is true while a request should go alone: no answer has said
// there is room yet, or the service's own figures have run out and the
// next answer tells how things stand now.
func (b *Budget) mustProbe(now time.Time) bool {
	return !b.room || (b.server.valid && !b.serverFresh(now))
}

func (b *Budget) release(reached bool, gen int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.inFlight--
	if reached {
		b.finished = append(b.finished, b.now())
	} else if gen == b.server.gen && b.server.started > 0 {
		b.server.started--
	}
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

// Answer is what one response told the budget.
type Answer struct {
	Status  int
	Rate    ServerRate
	HasRate bool
	// Block holds every request of the token back this long (a 429's wait
	// the client decided to take); BlockedBy is the server's words for it.
	Block     time.Duration
	BlockedBy string
}

// Observe folds in what a response said: whether there is room, its
// rate-limit headers, and a wait the client takes.
func (b *Budget) Observe(a Answer) {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := b.now()
	if a.Block > 0 {
		if until := now.Add(a.Block); until.After(b.blocked) {
			b.blocked, b.blockedBy = until, a.BlockedBy
		}
	}
	b.room = a.Status != 429 && a.Status < 500
	if a.HasRate {
		sr := a.Rate
		if sr.HasLimit && sr.Limit > 0 {
			b.limit, b.limitFrom = sr.Limit, SourceServer
		}
		if sr.Window > 0 && sr.Window <= MaxRateWindow {
			b.window = sr.Window
		}
		if sr.HasRemaining {
			f := serverFigure{valid: true, remaining: sr.Remaining, seenAt: now, style: sr.Style, gen: b.server.gen + 1}
			if sr.HasLimit {
				f.limit = sr.Limit
			}
			if sr.HasReset && sr.Reset <= MaxRateWindow {
				f.resetAt = now.Add(sr.Reset)
			}
			b.server = f
			if sr.Remaining == 0 {
				b.room = false
			}
		}
	}
	b.signal()
}
