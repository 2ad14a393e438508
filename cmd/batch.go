package cmd

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/errgroup"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
)

// Bounds of a batch's memory, documented in docs/data-protection.md
// (Limits). Behind one slow answer, at most maxAhead answers and
// maxHeldBytes of their bodies wait to come out in input order (a held
// answer keeps its body only: its document is made again when it is
// printed); the lookups pause until the slow one is printed. The answers
// held, those being read and parsed, and the one the printer makes its
// document of share maxInFlightBytes (api.MemoryGate); the printer makes
// one document at a time.
const (
	maxAhead         = 256
	maxHeldBytes     = 16 << 20
	maxInFlightBytes = 32 << 20
)

// batch looks up many PAIDs with at most limit lookups in flight. It only
// calls client.Get concurrently: pacing, the first request going alone and
// waiting out 429s are the client's rate budget's job, not the batch's.
type batch struct {
	client *api.Client
	view   advert.View
	limit  int
	// fetch, if set, replaces client.Get for one PAID (the access log and
	// the privacy mask wrap it).
	fetch func(ctx context.Context, paid string) (*advert.Document, *api.Exchange, error)
	// finished, if set, is called as each PAID's result is known (looked
	// up, refused as a bad line, or given up on), in any order and from any
	// goroutine: the progress line moves with it.
	finished func(result)
	// present, if set, makes the document the printer gets of the one
	// read (the privacy mask); it runs as the answer is printed.
	present func(*advert.Document) *advert.Document
	// memory is what the answers held, those in flight and the printer's
	// document share (the client's Options.Memory).
	memory *api.MemoryGate
	// vet, if set, refuses an input before its lookup: its error is the
	// input's result, as a malformed line's is (pastedElsewhere).
	vet func(input string) error
}

// Why a batch stops early: once the service has refused the token, or the
// full view, every later lookup would be refused too and only spend the
// rate limit. The rest are reported not requested.
var (
	errTokenRejected   = errors.New("the service had rejected the token")
	errFullViewRefused = errors.New("the service had refused the full view")
)

// errInterrupted is why a batch did not look its other PAIDs up when the
// user interrupted it.
var errInterrupted = errors.New("interrupted")

// errCanceledInFlight marks a lookup whose request had been sent when
// another stopped the batch: canceled, not "not requested".
var errCanceledInFlight = errors.New("canceled in flight")

// stopsBatch says whether a lookup's error ends the batch (api.Halts),
// and why.
func (b *batch) stopsBatch(err error) error { return haltedBy(err, b.view) }

// slot is one PAID's place in the output order.
type slot struct {
	ch      chan result
	weight  int64     // what its answer holds in memory, once it came
	counted api.Taken // that weight, in the batch's memory gate
}

// run looks up each PAID src yields and calls deliver with each result,
// in input order, from the calling goroutine. It returns when every PAID
// taken from src was delivered, or deliver failed (its error; the
// lookups in flight are canceled). When ctx ends or the batch stops early
// (stopsBatch), reading ends, and each PAID already read is delivered as
// not looked up. stopped is why the batch stopped early, if it did.
func (b *batch) run(ctx context.Context, src *paidSource, deliver func(result) error) (stopped, err error) {
	runCtx, cancel := context.WithCancel(ctx) // ends the lookups when deliver fails
	defer cancel()
	g, gctx := errgroup.WithContext(runCtx)
	g.SetLimit(b.limit)
	w := &window{order: make(chan *slot, maxAhead), drained: make(chan struct{}, 1), abort: make(chan struct{})}
	var why atomic.Value // the stop error, once one lookup stopped the batch
	fed := make(chan struct{})
	go func() {
		defer close(fed)
		defer close(w.order)
		b.feed(ctx, gctx, g, src, w, &why)
	}()
	finish := func() {
		cancel()
		w.stop()
		src.stop()
		<-fed
		_ = g.Wait()
	}
	for s := range w.order {
		w.next.Store(s)
		r, taken := b.document(<-s.ch)
		w.release(s)
		err := deliver(r)
		taken.Release()
		if err != nil {
			finish()
			return nil, err
		}
	}
	finish()
	if e, ok := why.Load().(error); ok {
		return e, nil
	}
	return nil, nil
}

// feed starts a lookup for each PAID src yields, within the window; after
// ctx or gctx ended it stops reading and gives the PAIDs already read
// their not-looked-up result.
func (b *batch) feed(ctx, gctx context.Context, g *errgroup.Group, src *paidSource, w *window, why *atomic.Value) {
	for {
		it, ok := src.next(gctx)
		if !ok {
			break
		}
		if !w.room(gctx) {
			if !b.skip(w, b.gaveUp(ctx, why, it)) {
				return
			}
			break
		}
		s := &slot{ch: make(chan result, 1)}
		if !w.push(s) {
			return
		}
		if it.err == nil && b.vet != nil {
			it.err = b.vet(it.input)
		}
		if it.err != nil {
			b.settle(s, w, result{input: it.input, line: it.listLine(), err: it.err})
			continue
		}
		g.Go(func() error { // blocks while limit lookups are in flight
			return b.lookup(ctx, gctx, s, w, why, it)
		})
	}
	if ctx.Err() == nil && gctx.Err() == nil {
		return // the input ended
	}
	for _, it := range src.rest() {
		if !b.skip(w, b.gaveUp(ctx, why, it)) {
			return
		}
	}
}

// lookup looks one PAID up in its slot; an error that stops the batch is
// returned, which ends gctx.
func (b *batch) lookup(ctx, gctx context.Context, s *slot, w *window, why *atomic.Value, it listItem) error {
	paid := it.input
	if gctx.Err() != nil {
		b.settle(s, w, b.gaveUp(ctx, why, it))
		return nil
	}
	doc, ex, err := b.get(gctx, paid)
	if refusal := api.HaltedBy(err); refusal != nil {
		// The client sent nothing after another lookup's refusal, which
		// may not have reached why yet.
		why.CompareAndSwap(nil, b.stopsBatch(refusal))
	}
	if api.OutcomeOf(err) == api.OutcomeCanceled && (gctx.Err() != nil || errors.Is(err, api.ErrHalted)) {
		err = b.stoppedInFlight(ctx, why, paid, ex) // canceled: the user interrupted, or another stopped the batch
	}
	b.settle(s, w, result{input: paid, line: it.listLine(), doc: doc, ex: ex, err: err})
	if stop := b.stopsBatch(err); stop != nil {
		why.CompareAndSwap(nil, stop)
		return stop
	}
	return nil
}

// settle puts a finished result into its slot. Unless the printer waits
// for that very slot, an answer's document is dropped there, and its body
// alone waits to be printed: a document takes 4 to 20 times the memory of
// its body, and would make what is held behind a slow answer impossible to
// weigh.
func (b *batch) settle(s *slot, w *window, r result) {
	if b.finished != nil {
		b.finished(r)
	}
	if r.doc != nil && r.ex != nil && r.ex.Body != nil && b.client != nil && w.next.Load() != s {
		r.reread, r.doc = r.doc.PAID, nil
	}
	s.weight = weight(r)
	s.counted = b.memory.Hold(s.weight) // the lookups in flight leave room for it
	w.held.Add(s.weight)
	s.ch <- r
}

// document gives a result to be printed its document again, made from
// the body settle kept, as the client made it, then presented (masked).
// The memory that takes is counted in the gate, ahead of every lookup,
// until the caller releases it.
func (b *batch) document(r result) (result, api.Taken) {
	var need int64
	if r.reread != "" {
		need += api.ParseCost(len(r.ex.Body))
	}
	if b.present != nil && (r.doc != nil || r.reread != "") {
		need += api.ParseCost(len(r.ex.Body)) // the mask's copy
	}
	taken := b.memory.TakeFirst(need)
	if r.reread != "" {
		r.doc, r.err = b.client.Normalize(r.ex.Body, r.reread, b.view)
		r.reread = ""
	}
	if r.doc != nil && b.present != nil {
		r.doc = b.present(r.doc)
	}
	return r, taken
}

// skip queues the result of a PAID that needs no lookup; false when the
// printer gave up.
func (b *batch) skip(w *window, r result) bool {
	if b.finished != nil {
		b.finished(r)
	}
	return w.put(r)
}

// gaveUp is the result of a PAID the batch did not look up: the user
// interrupted (ctx ended), or a lookup stopped the batch (why).
func (b *batch) gaveUp(ctx context.Context, why *atomic.Value, it listItem) result {
	if it.err != nil {
		return result{input: it.input, line: it.listLine(), err: it.err}
	}
	msg := "not looked up: " + errInterrupted.Error()
	if e, ok := why.Load().(error); ok && ctx.Err() == nil {
		msg = "not requested: " + e.Error()
	}
	return result{input: it.input, line: it.listLine(), err: &api.Error{Kind: api.KindCanceled, Message: msg}}
}

// stoppedInFlight is the error of a lookup the user interrupted or another
// stopped: not looked up (or not requested) when it had sent no request yet
// (it waited for the rate budget, or was still connecting), else canceled
// in flight, its request sent: the service may have counted it.
func (b *batch) stoppedInFlight(ctx context.Context, why *atomic.Value, paid string, ex *api.Exchange) error {
	if !ex.Sent() {
		return b.gaveUp(ctx, why, listItem{input: paid}).err
	}
	msg := errCanceledInFlight.Error()
	if ctx.Err() != nil {
		msg += ": " + errInterrupted.Error()
	} else if e, ok := why.Load().(error); ok {
		msg += ": " + e.Error()
	}
	return &api.Error{Kind: api.KindCanceled, Attempts: ex.Attempts, Message: msg, Err: errCanceledInFlight}
}

func (b *batch) get(ctx context.Context, paid string) (*advert.Document, *api.Exchange, error) {
	if b.fetch != nil {
		return b.fetch(ctx, paid)
	}
	return b.client.Get(ctx, paid, b.view)
}

// weight is what a result holds in memory while it waits to be printed:
// its answer's body (settle dropped the document), and a little for the
// exchange record and the rest.
func weight(r result) int64 {
	const record = 4 << 10
	if r.doc != nil { // a document settle kept: the printer waits for it, or no body to make it again from
		return record + api.ParseCost(len(r.doc.Raw))
	}
	if r.ex == nil {
		return record
	}
	return record + int64(len(r.ex.Body))
}

// window keeps the slots in input order between the lookups and the
// printer: at most maxAhead of them (the channel's capacity) and
// maxHeldBytes of answers.
type window struct {
	order   chan *slot
	next    atomic.Pointer[slot] // the slot the printer waits for: its answer keeps its document
	held    atomic.Int64
	drained chan struct{} // a signal that held went down
	abort   chan struct{} // closed when the printer gave up
	once    sync.Once
}

// push queues a slot, waiting while maxAhead are queued; false when the
// printer gave up.
func (w *window) push(s *slot) bool {
	select {
	case w.order <- s:
		return true
	case <-w.abort:
		return false
	}
}

// put queues a result that needs no lookup.
func (w *window) put(r result) bool {
	s := &slot{ch: make(chan result, 1)}
	s.ch <- r
	return w.push(s)
}

// room waits while the answers held reach maxHeldBytes; false when ctx
// ended first.
func (w *window) room(ctx context.Context) bool {
	for w.held.Load() >= maxHeldBytes {
		select {
		case <-w.drained:
		case <-ctx.Done():
			return false
		case <-w.abort:
			return false
		}
	}
	return ctx.Err() == nil
}

// release forgets a printed slot's answer.
func (w *window) release(s *slot) {
	s.counted.Release()
	w.held.Add(-s.weight)
	select {
	case w.drained <- struct{}{}:
	default:
	}
}

func (w *window) stop() { w.once.Do(func() { close(w.abort) }) }
