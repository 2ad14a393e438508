package cmd

import (
	"context"
	"errors"

	"golang.org/x/sync/errgroup"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
)

// batch looks up many PAIDs with at most limit lookups in flight. It only
// calls client.Get concurrently: pacing, the first request going alone and
// waiting out 429s are the client's rate budget's job, not the batch's.
type batch struct {
	client *api.Client
	paids  []string
	view   advert.View
	limit  int
	// fetch, if set, replaces client.Get for one PAID (the access log and
	// the privacy mask wrap it).
	fetch func(ctx context.Context, paid string) (*advert.Document, *api.Exchange, error)
	// finished, if set, is called as each lookup ends, in any order and
	// from any goroutine: the progress line moves with it.
	finished func(result)
}

// errTokenRejected stops a batch: once the service has refused the token,
// every other lookup would be refused too and only spend the rate limit.
var errTokenRejected = errors.New("the partner token was rejected")

// start begins the lookups and returns one channel per PAID, in input
// order, each receiving exactly one result. stop cancels what is still
// running and waits for it; call it when done, early return included.
func (b *batch) start(ctx context.Context) (results []chan result, stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(b.limit)
	results = make([]chan result, len(b.paids))
	for i := range results {
		results[i] = make(chan result, 1) // a worker never waits for the printer
	}
	fed := make(chan struct{})
	go func() {
		defer close(fed)
		for i, paid := range b.paids {
			if gctx.Err() != nil {
				b.deliver(results[i], result{input: paid, err: notLookedUp(ctx, gctx)})
				continue
			}
			g.Go(func() error { // blocks while limit lookups are in flight
				if gctx.Err() != nil {
					b.deliver(results[i], result{input: paid, err: notLookedUp(ctx, gctx)})
					return nil
				}
				doc, ex, err := b.get(gctx, paid)
				if api.KindOf(err) == api.KindCanceled && ctx.Err() == nil {
					err = notLookedUp(ctx, gctx)
				}
				b.deliver(results[i], result{input: paid, doc: doc, ex: ex, err: err})
				if api.KindOf(err) == api.KindUnauthorized {
					return errTokenRejected
				}
				return nil
			})
		}
	}()
	return results, func() {
		cancel()
		<-fed
		_ = g.Wait()
	}
}

func (b *batch) deliver(ch chan<- result, r result) {
	if b.finished != nil {
		b.finished(r)
	}
	ch <- r
}

// notLookedUp is the error of a PAID the batch gave up on: the caller
// canceled (ctx), or the token was rejected (only gctx ended).
func notLookedUp(ctx, gctx context.Context) error {
	msg := "canceled before it was looked up"
	if ctx.Err() == nil && gctx.Err() != nil {
		msg = "not looked up: the service had rejected the token"
	}
	return &api.Error{Kind: api.KindCanceled, Message: msg}
}

func (b *batch) get(ctx context.Context, paid string) (*advert.Document, *api.Exchange, error) {
	if b.fetch != nil {
		return b.fetch(ctx, paid)
	}
	return b.client.Get(ctx, paid, b.view)
}
