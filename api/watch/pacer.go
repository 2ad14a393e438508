package watch

import (
	"context"
	"sync"
	"time"
)

// DefaultRate is how many requests a minute a watch makes unless told
// otherwise: half of the partner interface's 1,000 a minute per token, so
// that people using the same token keep room.
const DefaultRate = 500

// Pacer spaces requests evenly: n in every window, one every window/n,
// never a burst. It only holds requests back; the client's rate budget
// still sees every answer the service gives, 429s included. It is safe
// for concurrent use.
type Pacer struct {
	mu       sync.Mutex
	interval time.Duration
	next     time.Time
	// idle adds up the time slots stood empty because no request was
	// ready for them (all workers busy: a slow service, a busy machine);
	// the pacing benchmark reports it.
	idle time.Duration
}

// NewPacer allows n requests in every window (n ≥ 1).
func NewPacer(n int, window time.Duration) *Pacer {
	n = max(n, 1)
	// Rounded up, so that n+1 slots never fit in one window.
	return &Pacer{interval: (window + time.Duration(n) - 1) / time.Duration(n)}
}

// Interval is the time between two requests.
func (p *Pacer) Interval() time.Duration { return p.interval }

// Wait holds the caller until its slot, or until ctx ends. A slot not
// taken is not given back: pacing errs on the side of fewer requests.
func (p *Pacer) Wait(ctx context.Context) error {
	if p == nil {
		return ctx.Err()
	}
	p.mu.Lock()
	now := time.Now()
	slot := p.next
	if slot.Before(now) {
		if !p.next.IsZero() {
			p.idle += now.Sub(p.next)
		}
		slot = now
	}
	p.next = slot.Add(p.interval)
	p.mu.Unlock()
	d := slot.Sub(now)
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
