package watch

import (
	"context"
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
	// Emit receives every event, unchanged ones included, in the order
	// the polls are recorded: those recorded together (see Sweep) at
	// once, one batch at a time, after their transaction. A poll that
	// stops the sweep (StopError) is no event.
	Emit func([]Event)
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

// stops reports whether a poll's failure ends the sweep (the domain's
// table of failures says which do).
func stops(err error) bool { return api.StopsSweep(err) }

// Sweep polls every advertisement the current sweep has left, then marks
// it done. It returns early, leaving the rest for the next sweep, when
// ctx ends (a poll in flight, or fetched but not yet recorded, is
// dropped), with a *StopError, or when the database fails.
//
// Workers fetch, within the pacer, and hand each answer on; this
// goroutine records them, those that came while it wrote the last in one
// transaction. A write that waits (a WAL checkpoint, another padview's
// write) so holds up no request while a workers' worth of answers wait
// for it.
func (p *Poller) Sweep(ctx context.Context) (Summary, error) {
	start := time.Now()
	sw, err := p.Store.StartSweep()
	if err != nil {
		return Summary{}, err
	}
	sum := Summary{Sweep: sw, Counts: map[Kind]int{}}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var stopped error // the first poll that stopped the sweep; read once polls is closed
	var once sync.Once
	halt := func(err error) {
		once.Do(func() { stopped = &StopError{Err: err} })
		cancel()
	}
	polls := p.fetchAll(ctx, sw.Left, halt)
	var fail error
	for pl := range polls {
		batch := append(make([]Poll, 0, cap(polls)+1), pl)
		batch = drain(polls, batch)
		if ctx.Err() != nil {
			continue // interrupted or stopped: polled again next time
		}
		evs, err := p.Store.RecordAll(sw.ID, batch)
		if err != nil {
			fail = err
			cancel()
			continue
		}
		out := evs[:0]
		for _, ev := range evs {
			if ev.Kind == "" {
				continue // no longer watched
			}
			sum.Polled++
			sum.Counts[ev.Kind]++
			out = append(out, ev)
		}
		if p.Emit != nil && len(out) > 0 {
			p.Emit(out)
		}
	}
	sum.Elapsed = time.Since(start)
	if stopped != nil {
		fail = stopped
	}
	if fail != nil {
		return sum, fail
	}
	if err := ctx.Err(); err != nil {
		return sum, err
	}
	sum.Done = true
	return sum, p.Store.FinishSweep(sw.ID)
}

// drain adds to batch the polls that wait on the channel, without
// waiting for more: what came while the last batch was written is
// recorded in one transaction (a group commit), so that a slow write
// costs one commit, not one per answer.
func drain(polls <-chan Poll, batch []Poll) []Poll {
	for len(batch) < maxBatch {
		select {
		case pl, ok := <-polls:
			if !ok {
				return batch
			}
			batch = append(batch, pl)
		default:
			return batch
		}
	}
	return batch
}

// maxBatch bounds the answers one transaction records.
const maxBatch = 64

// fetchAll fetches paids with the workers and sends what came on the
// channel it returns, which it closes when all are done or ctx has ended.
// One goroutine hands the PAIDs out in their order, each in its pacer
// slot, to whichever worker is free. An answer cut off by ctx is not
// sent. A failure that stops the sweep (stops) is not sent either: it is
// about the token or the address, not the advertisement, and goes to
// halt, which ends ctx at once, before another request.
func (p *Poller) fetchAll(ctx context.Context, paids []string, halt func(error)) <-chan Poll {
	n := max(1, p.workers())
	out := make(chan Poll, n)
	jobs := make(chan string)
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			for paid := range jobs {
				doc, err := p.Fetch(ctx, paid)
				switch {
				case doc == nil && ctx.Err() != nil:
					continue // interrupted: polled again next time
				case stops(err):
					halt(err)
					continue
				}
				select {
				case out <- Poll{PAID: paid, Doc: doc, Err: err}:
				case <-ctx.Done():
				}
			}
		})
	}
	go func() {
		defer close(out)
		defer wg.Wait()
		defer close(jobs)
		for _, paid := range paids {
			if p.Pacer.Wait(ctx) != nil {
				return
			}
			select {
			case jobs <- paid:
			case <-ctx.Done():
				return
			}
		}
	}()
	return out
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
