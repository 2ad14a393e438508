package cmd

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"testing/iotest"
	"time"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/keystore"
)

// memoryBaseURL is the base URL a bubble's client is pointed at; no
// socket is ever opened for it (memoryTransport answers instead).
const memoryBaseURL = "http://127.0.0.1:9/v1"

// memoryTransport answers requests with a handler in this process, so that
// a test can run padview in a testing/synctest bubble: no socket, and time
// (the rate window, timeouts, the fake's latency) on the bubble's clock.
type memoryTransport struct{ h http.Handler }

func (m memoryTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	rec := httptest.NewRecorder()
	done := make(chan struct{})
	go func() {
		defer close(done)
		m.h.ServeHTTP(rec, req)
	}()
	select {
	case <-done:
	case <-req.Context().Done():
		return nil, req.Context().Err()
	}
	resp := rec.Result()
	resp.Request = req
	if n, err := strconv.ParseInt(rec.Header().Get("Content-Length"), 10, 64); err == nil && n > int64(rec.Body.Len()) {
		// Fewer bytes than announced: the connection broke off, as net/http reports it.
		resp.Body = io.NopCloser(io.MultiReader(bytes.NewReader(rec.Body.Bytes()), iotest.ErrReader(io.ErrUnexpectedEOF)))
		resp.ContentLength = n
	}
	return resp, nil
}

// inBubble is a harness whose commands reach h through memoryTransport,
// with the token set and a rate budget of limit a window made inside the
// bubble (0 for the default). Call it inside synctest.Test.
func inBubble(t *testing.T, h http.Handler, limit int, window time.Duration) *harness {
	hs := newHarness(t)
	hs.vars[EnvBaseURL] = memoryBaseURL
	hs.vars[keystore.EnvToken] = fake.DemoToken
	hs.opts = api.Options{HTTPClient: &http.Client{Transport: memoryTransport{h}}}
	if limit > 0 {
		hs.opts.Budget = api.NewBudget(limit, window)
	}
	return hs
}
