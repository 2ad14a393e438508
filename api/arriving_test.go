package api_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
)

// An answer whose status came but whose body was still arriving when the
// attempt's time ran out says so, not "no response".
func TestAnAnswerStillArrivingIsNoSilence(t *testing.T) {
	// In a bubble, over an in-memory network: the 50 ms are the bubble's,
	// so a busy machine cannot let them pass before the status line and the
	// first bytes arrive (on loopback it did, and the error was "no
	// response").
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"paid":"AB12CD","advertiser":`))
		w.(http.Flusher).Flush()
		<-r.Context().Done() // the rest never comes
	})
	inBubble(t, h, func(t *testing.T, base string, hc *http.Client) {
		c := newClient(t, base, "tok-arriving-1", api.Options{Timeout: 50 * time.Millisecond, MaxRetries: -1, HTTPClient: hc})
		_, ex, err := c.Get(context.Background(), "AB12CD", advert.Standard)
		e := wantKind(t, err, api.KindTimeout, "")
		if e.Status != 200 || ex.Status != 200 || !strings.HasPrefix(err.Error(), "answer still arriving after ") ||
			!strings.Contains(err.Error(), "(HTTP 200)") {
			t.Fatalf("%v (status %d)", err, e.Status)
		}
	})
}
