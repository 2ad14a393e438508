package audit

import (
	"context"
	"errors"
	"net/http/httptest"
	"os"
	"runtime"
	"testing"
	"time"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/fake"
)

func requestedPAIDs(t *testing.T, l *Log) []string {
	t.Helper()
	f, err := os.Open(l.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	Each(f, func(line Line) error {
		if line.Entry.Event == EventRequest {
			out = append(out, line.Entry.PAID)
		}
		return nil
	})
	return out
}

// The request line is written once the rate budget lets the request go,
// just before it is sent: a full-view lookup canceled while it waits for
// the budget, or one whose wait max_wait does not allow, was never sent,
// and leaves no line (issue 17 §3).
func TestNoRequestLineForALookupTheBudgetHeldBack(t *testing.T) {
	srv, err := fake.Start(fake.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	front := httptest.NewServer(srv.Handler())
	defer front.Close()
	l := openTemp(t)
	for _, c := range []struct {
		name    string
		maxWait time.Duration
		cancel  bool
	}{
		{"canceled while waiting", 2 * time.Hour, true},
		{"a wait max_wait does not allow", time.Minute, false},
	} {
		// One request an hour: the second lookup must wait for the first's hour.
		client, err := api.New(front.URL+"/v1", fake.DemoToken, api.Options{MaxWait: c.maxWait, Budget: api.NewBudget(1, time.Hour)})
		if err != nil {
			t.Fatal(err)
		}
		req := Request{Profile: "default", Host: "127.0.0.1", PAID: "AB12CD", View: advert.Full, Reason: "Compliance review"}
		if _, _, err := l.Get(t.Context(), client, req, false); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error, 1)
		req.PAID = "XK9P2M"
		go func() {
			_, _, err := l.Get(ctx, client, req, false)
			done <- err
		}()
		if c.cancel {
			for client.Budget().Snapshot().Waiting == 0 { // until it waits for the budget
				runtime.Gosched()
			}
			cancel()
		}
		err = <-done
		cancel()
		switch {
		case c.cancel && !errors.Is(err, context.Canceled) && api.KindOf(err) != api.KindCanceled:
			t.Errorf("%s: %v, want canceled", c.name, err)
		case !c.cancel && api.KindOf(err) != api.KindRateLimited:
			t.Errorf("%s: %v, want rate_limited", c.name, err)
		}
		if got := requestedPAIDs(t, l); got[len(got)-1] != "AB12CD" {
			t.Errorf("%s: request lines %v: XK9P2M was never sent", c.name, got)
		}
	}
}
