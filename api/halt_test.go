package api_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
)

// With a Halt, the first refusal a batch stops at is the last request:
// 32 lookups at once against a service that refuses the full view send
// one (the first of a token goes alone), and every other ends halted,
// having sent nothing. A 403 to the standard view halts nothing.
func TestHaltSendsNothingAfterARefusal(t *testing.T) {
	var requests atomic.Int32
	s := hostile(t, map[string]http.HandlerFunc{})
	s.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		w.WriteHeader(http.StatusForbidden)
	})
	for _, view := range []advert.View{advert.Full, advert.Standard} {
		requests.Store(0)
		halt := api.NewHalt()
		c := newClient(t, s.URL+"/v1", "tok-123456", api.Options{Halt: halt})
		var wg sync.WaitGroup
		var haltedN atomic.Int32
		for range 32 {
			wg.Go(func() {
				_, ex, err := c.Get(context.Background(), "AB12CD", view)
				if errors.Is(err, api.ErrHalted) {
					haltedN.Add(1)
					if ex.Sent() || api.HaltedBy(err) == nil || api.KindOf(err) != api.KindCanceled {
						t.Errorf("a halted lookup: sent %v, %v", ex.Sent(), err)
					}
				}
			})
		}
		wg.Wait()
		switch {
		case view == advert.Full && (requests.Load() != 1 || haltedN.Load() != 31 || halt.Refusal() == nil):
			t.Errorf("full view: %d requests, %d halted, refusal %v", requests.Load(), haltedN.Load(), halt.Refusal())
		case view == advert.Standard && (requests.Load() != 32 || haltedN.Load() != 0 || halt.Refusal() != nil):
			t.Errorf("standard view: %d requests, %d halted", requests.Load(), haltedN.Load())
		}
	}
}

// A lookup that will retry (a 503) sends no retry once another's refusal
// halted the client: SLOW's answer is held until NO's refusal has come,
// and SLOW ends halted after its one attempt.
func TestHaltStopsARetry(t *testing.T) {
	var slow, refused atomic.Int32
	arrived, release := make(chan struct{}), make(chan struct{})
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case strings.HasSuffix(r.URL.Path, "/OK"):
			w.Write([]byte(`{"advertiser":{}}`))
		case strings.HasSuffix(r.URL.Path, "/SLOW"):
			if slow.Add(1) == 1 {
				close(arrived)
				<-release
			}
			w.WriteHeader(http.StatusServiceUnavailable)
		default:
			refused.Add(1)
			w.WriteHeader(http.StatusUnauthorized)
		}
	})
	inBubble(t, h, func(t *testing.T, base string, hc *http.Client) {
		c := newClient(t, base, "tok-123456", api.Options{HTTPClient: hc, Halt: api.NewHalt()})
		if _, _, err := c.Get(context.Background(), "OK", advert.Standard); err != nil {
			t.Fatal(err) // an answer with room: the two below may go at once
		}
		done := make(chan error)
		go func() {
			_, ex, err := c.Get(context.Background(), "SLOW", advert.Standard)
			if ex.Attempts != 1 {
				t.Errorf("SLOW made %d attempts", ex.Attempts)
			}
			done <- err
		}()
		<-arrived
		if _, _, err := c.Get(context.Background(), "NO", advert.Standard); api.KindOf(err) != api.KindUnauthorized {
			t.Fatalf("the refusal: %v", err)
		}
		close(release)
		err := <-done
		if !errors.Is(err, api.ErrHalted) || slow.Load() != 1 || refused.Load() != 1 {
			t.Errorf("SLOW: %d requests, NO: %d; %v", slow.Load(), refused.Load(), err)
		}
	})
}
