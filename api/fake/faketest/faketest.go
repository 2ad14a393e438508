// Package faketest is the one home of the test helpers that fetch from
// the fake partner service (api/fake) as padview does, over loopback with
// the demo token: the packages' tests call it rather than keep a private
// copy each. Only tests import it; it imports testing, so that a test
// fails at the line that asked.
//
// It imports api, api/advert and api/fake.
package faketest

import (
	"context"
	"testing"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/fake"
)

// Start starts a fake service with opts for the test; it is closed when
// the test ends.
func Start(tb testing.TB, opts fake.Options) *fake.Server {
	tb.Helper()
	srv, err := fake.Start(opts)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { srv.Close() })
	return srv
}

// Client is a client of the service at base (a fake's URL, or a front
// before one) with the demo token and opts.
func Client(tb testing.TB, base string, opts api.Options) *api.Client {
	tb.Helper()
	c, err := api.New(base, fake.DemoToken, opts)
	if err != nil {
		tb.Fatal(err)
	}
	return c
}

// Get looks paid up in view at base, and fails the test when the lookup
// fails.
func Get(tb testing.TB, base, paid string, view advert.View) (*advert.Document, *api.Exchange) {
	tb.Helper()
	d, ex, err := Client(tb, base, api.Options{}).Get(context.Background(), paid, view)
	if err != nil {
		tb.Fatal(err)
	}
	return d, ex
}

// Fetch starts a fake service of its own and looks paid up in view there.
func Fetch(tb testing.TB, paid string, view advert.View) *advert.Document {
	tb.Helper()
	d, _ := Get(tb, Start(tb, fake.Options{}).URL, paid, view)
	return d
}

// Fetcher is a fetch as a watch.Poller takes it: view from base, with
// opts (MaxRetries -1 makes an injected failure one failed poll), and an
// error returned rather than the test failed.
func Fetcher(tb testing.TB, base string, view advert.View, opts api.Options) func(context.Context, string) (*advert.Document, error) {
	tb.Helper()
	c := Client(tb, base, opts)
	return func(ctx context.Context, paid string) (*advert.Document, error) {
		d, _, err := c.Get(ctx, paid, view)
		return d, err
	}
}
