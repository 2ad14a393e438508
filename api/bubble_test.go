package api_test

import (
	"context"
	"net"
	"net/http"
	"sync"
	"testing"
	"testing/synctest"
	"time"
)

// inBubble runs f in a synctest bubble with h served over an in-memory
// network: the client f builds with hc and base, its waits and the shared
// budget, and h's own clock (the fake's rate windows, a Retry-After given
// as a date) all run on the bubble's clock. A Retry-After of an hour then
// passes at once, and a test can say exactly how long a lookup waited.
// Loopback TCP cannot take part: a goroutine reading a socket is never
// "durably blocked", so the bubble's clock would not move while a
// connection is open. The tests without waits stay on loopback.
func inBubble(t *testing.T, h http.Handler, f func(t *testing.T, base string, hc *http.Client)) {
	t.Helper()
	synctest.Test(t, func(t *testing.T) {
		// The bubble's clock starts in 2000, before the epoch seconds of
		// an X-RateLimit-Reset can be told from a count of seconds: move
		// it to a day of ours first (it takes no time).
		time.Sleep(time.Until(time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)))
		ln := newMemListener()
		srv := &http.Server{Handler: h}
		go srv.Serve(ln)
		tr := &http.Transport{DialContext: ln.dial}
		defer func() {
			tr.CloseIdleConnections()
			srv.Close()
		}()
		f(t, "http://127.0.0.1:1/v1", &http.Client{Transport: tr})
	})
}

// memListener hands the server the other end of each connection dialled.
type memListener struct {
	conns  chan net.Conn
	closed chan struct{}
	once   sync.Once
}

func newMemListener() *memListener {
	return &memListener{conns: make(chan net.Conn), closed: make(chan struct{})}
}

func (l *memListener) dial(ctx context.Context, _, _ string) (net.Conn, error) {
	client, server := net.Pipe()
	select {
	case l.conns <- server:
		return client, nil
	case <-l.closed:
		return nil, net.ErrClosed
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (l *memListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.conns:
		return c, nil
	case <-l.closed:
		return nil, net.ErrClosed
	}
}

func (l *memListener) Close() error {
	l.once.Do(func() { close(l.closed) })
	return nil
}

func (l *memListener) Addr() net.Addr { return &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 1} }
