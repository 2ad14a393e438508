package watch

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
)

// DefaultWorkers is how many polls a sweep has in flight at once: enough
// to keep the rate with answers that take a few hundred milliseconds,
// while the pacer decides when each starts.
const DefaultWorkers = 8

// Poller sweeps the watchlist: it fetches each advertisement (in the
// standard view: the caller's Fetch never asks for the full one), within
// the pacer's rate, and records what came of it.
type Poller struct {
	Store *Store
	// Fetch gets one advertisement's standard view.
	Fetch func(ctx context.Context, paid string) (*advert.Document, error)
	Pacer *Pacer // nil: no pacing beyond the client's rate budget
	// Workers bounds the polls in flight; DefaultWorkers when 0.
	Workers int
	// Emit receives every event, unchanged ones included, one at a time,
	// in the order the polls end.
	Emit func(Event)
}

// Summary is what one sweep did.
type Summary struct {
	Sweep   Sweep
	Polled  int
	Counts  map[Kind]int
	Elapsed time.Duration
	// Done: the sweep polled every advertisement it had; otherwise the
	// next one goes on where this one stopped.
	Done bool
}

// StopError is a failure that ends a sweep early because every other poll
// would fail the same way (the token was rejected, the base URL is
// wrong).
type StopError struct{ Err error }

func (e *StopError) Error() string { return e.Err.Error() }
func (e *StopError) Unwrap() error { return e.Err }

// stops reports whether a poll's failure ends the sweep.
func stops(err error) bool {
	switch api.KindOf(err) {
	case api.KindUnauthorized, api.KindConfig:
		return true
	}
	return false
}

// Sweep polls every advertisement the current sweep has left, then marks
// it done. It returns early, leaving the rest for the next sweep, when
// ctx ends (a poll in flight is dropped, not recorded), with a
// *StopError, or when the database fails.
func (p *Poller) Sweep(ctx context.Context) (Summary, error) {
	start := time.Now()
	sw, err := p.Store.StartSweep()
	if err != nil {
		return Summary{}, err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	s := &sweeping{p: p, cancel: cancel, sum: Summary{Sweep: sw, Counts: map[Kind]int{}}}
	jobs := make(chan string)
	var wg sync.WaitGroup
	for range max(1, p.workers()) {
		wg.Go(func() { s.work(ctx, jobs) })
	}
feed:
	for _, paid := range sw.Left {
		select {
		case jobs <- paid:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	s.sum.Elapsed = time.Since(start)
	if s.fail != nil {
		return s.sum, s.fail
	}
	if err := ctx.Err(); err != nil {
		return s.sum, err
	}
	s.sum.Done = true
	return s.sum, p.Store.FinishSweep(sw.ID)
}

// sweeping is one Sweep under way, shared by its workers.
type sweeping struct {
	p      *Poller
	cancel context.CancelFunc // ends the sweep early
	mu     sync.Mutex         // guards sum, fail and p.Emit
	sum    Summary
	fail   error // the first failure that ended the sweep
}

// work polls the advertisements from jobs, one at a time, until jobs is
// closed; once ctx has ended it only drains them.
func (s *sweeping) work(ctx context.Context, jobs <-chan string) {
	for paid := range jobs {
		if s.p.Pacer.Wait(ctx) != nil {
			continue // drain: ctx has ended
		}
		doc, ferr := s.p.Fetch(ctx, paid)
		if doc == nil && ctx.Err() != nil {
			continue // interrupted: polled again next time
		}
		ev, rerr := s.p.Store.Record(paid, s.sum.Sweep.ID, doc, ferr)
		s.record(ev, rerr, ferr)
	}
}

// record counts and emits the event a poll ended in (ferr: its failure),
// or ends the sweep when the database failed (rerr) or when the failure
// would end every other poll the same way.
func (s *sweeping) record(ev Event, rerr, ferr error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case errors.Is(rerr, ErrNotWatched):
	case rerr != nil:
		s.stop(rerr)
	default:
		s.sum.Polled++
		s.sum.Counts[ev.Kind]++
		if s.p.Emit != nil {
			s.p.Emit(ev)
		}
		if ev.Kind == Failed && stops(ferr) {
			s.stop(&StopError{Err: ferr})
		}
	}
}

// stop ends the sweep, keeping the first reason.
func (s *sweeping) stop(err error) {
	if s.fail == nil {
		s.fail = err
	}
	s.cancel()
}

func (p *Poller) workers() int {
	if p.Workers > 0 {
		return p.Workers
	}
	return DefaultWorkers
}

// Run sweeps until ctx ends: each sweep starts every after the one before
// started, at once when that one took longer. after is called at the end
// of each sweep with the time the next starts. It returns ctx's error, or
// the first error that stopped a sweep.
func (p *Poller) Run(ctx context.Context, every time.Duration, after func(Summary, time.Time)) error {
	for {
		started := time.Now()
		sum, err := p.Sweep(ctx)
		if err != nil {
			return err
		}
		next := started.Add(every)
		if after != nil {
			after(sum, next)
		}
		t := time.NewTimer(time.Until(next))
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
}
