package cmd

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/audit"
	"github.com/padview/padview/keystore"
)

// A batch against a service that refuses every request, the full view
// (403) or the token (401), sends one request: the first of a token goes
// alone, and the refusal halts the client before any other is sent (not
// a waiting lookup's, not a retry), round after round, 16 lookups at once.
// The rest are reported not requested, and the access log records the
// one request only.
func TestBatchSendsNothingAfterTheFirstRefusal(t *testing.T) {
	t.Parallel() // its own service and directories
	for _, c := range []struct {
		name   string
		status int
		args   []string
		stop   string
	}{
		{"full view refused", http.StatusForbidden, []string{"get", "--full", "--accept-personal-data", "--reason", "Compliance review"}, errFullViewRefused.Error()},
		{"token rejected", http.StatusUnauthorized, []string{"get"}, errTokenRejected.Error()},
		{"token rejected, full view", http.StatusUnauthorized, []string{"check", "--full", "--accept-personal-data", "--reason", "Compliance review"}, errTokenRejected.Error()},
	} {
		var requests atomic.Int32
		refuse := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			requests.Add(1)
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(c.status)
			fmt.Fprintf(w, `{"error":{"code":"refused","message":"not for this token"}}`)
		})
		var paids strings.Builder
		for i := range 50 {
			fmt.Fprintf(&paids, "REF%03d\n", i)
		}
		s := httptest.NewServer(refuse) // every path, both views
		t.Cleanup(s.Close)
		h := newHarness(t)
		h.vars[EnvBaseURL] = s.URL + "/v1"
		h.vars[keystore.EnvToken] = "tok-hostile-1"
		for round := range 20 {
			requests.Store(0)
			h.stdin = paids.String()
			code, _, errs := h.run(append(c.args, "--concurrency", "16", "-")...)
			if n := requests.Load(); n != 1 || code != ExitToken || !strings.Contains(errs, "stopped, as "+c.stop) ||
				!strings.Contains(errs, "49 not requested") {
				t.Fatalf("%s, round %d: %d requests, exit %d\n%s", c.name, round, n, code, errs)
			}
		}
		if strings.Contains(c.args[len(c.args)-1], "review") {
			full := 0
			for _, e := range h.logEntries() {
				if e.View == advert.Full.String() && e.Event == audit.EventRequest {
					full++
				}
			}
			if full != 20 {
				t.Errorf("%s: %d full-view requests in the access log for 20 sent", c.name, full)
			}
		}
	}
}
