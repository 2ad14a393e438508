package faketest

import (
	"context"
	"testing"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/fake"
)

// Fetch and Get give the sample as the client reads it, in the view
// asked for; Fetcher returns the service's failure rather than failing.
func TestFetchesFromTheFake(t *testing.T) {
	if d := Fetch(t, "AB12CD", advert.Full); d.PAID != "AB12CD" || d.View != advert.Full {
		t.Fatalf("Fetch: %s in the %v view", d.PAID, d.View)
	}
	srv := Start(t, fake.Options{})
	if d, ex := Get(t, srv.URL, "AB12CD", advert.Standard); d.View != advert.Standard || ex == nil {
		t.Fatalf("Get: the %v view, exchange %v", d.View, ex)
	}
	fetch := Fetcher(t, srv.URL, advert.Standard, api.Options{MaxRetries: -1})
	if _, err := fetch(context.Background(), "NOPE99"); api.KindOf(err) != api.KindNotFound {
		t.Fatalf("Fetcher of an unknown PAID: %v", err)
	}
}
