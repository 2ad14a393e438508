package api

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/padview/padview/api/advert"
)

// countingListener counts the connections a server accepts.
type countingListener struct {
	net.Listener
	accepted atomic.Int32
}

func (l *countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err == nil {
		l.accepted.Add(1)
	}
	return c, err
}

// resolveAs makes lookupIPAddr answer from *table for the test's duration;
// the test may change the table between lookups, as DNS rebinding would.
func resolveAs(t *testing.T, table *map[string][]string) {
	old := lookupIPAddr
	t.Cleanup(func() { lookupIPAddr = old })
	lookupIPAddr = func(_ context.Context, host string) ([]net.IPAddr, error) {
		var out []net.IPAddr
		for _, a := range (*table)[host] {
			out = append(out, net.IPAddr{IP: net.ParseIP(a)})
		}
		if out == nil {
			return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
		}
		return out, nil
	}
}

// A plain-http base URL's name is checked again at every connection: when
// "vm" resolved to loopback as the base URL was read but resolves
// elsewhere when padview connects, nothing is sent, and the error says why.
func TestPlainHTTPRefusesANameThatNoLongerResolvesToLoopback(t *testing.T) {
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Connection", "close") // every request needs a new connection
		http.Error(w, `{"error":{"code":"not_found","message":"no such advertisement"}}`, http.StatusNotFound)
	}))
	ln := &countingListener{Listener: srv.Listener}
	srv.Listener = ln
	srv.Start()
	defer srv.Close()
	_, port, _ := net.SplitHostPort(ln.Addr().String())

	table := map[string][]string{"vm": {"127.0.0.1"}}
	resolveAs(t, &table)
	c, err := New("http://vm:"+port+"/v1", "tok-123456", Options{MaxRetries: -1})
	if err != nil {
		t.Fatalf("vm resolves to loopback alone: %v", err)
	}
	if _, _, err := c.Get(context.Background(), "AB12CD", advert.Standard); KindOf(err) != KindNotFound {
		t.Fatalf("while vm is loopback, the request goes: %v", err)
	}
	if got := ln.accepted.Load(); got != 1 {
		t.Fatalf("server accepted %d connections, want 1", got)
	}

	for _, now := range [][]string{{"192.0.2.8"}, {"127.0.0.1", "192.0.2.8"}} {
		table["vm"] = now
		_, _, err = c.Get(context.Background(), "AB12CD", advert.Standard)
		if KindOf(err) != KindConfig || !strings.Contains(err.Error(), "refusing plain http to vm") || !strings.Contains(err.Error(), "192.0.2.8") {
			t.Errorf("vm now resolving to %v: got %v, want a refusal naming the address", now, err)
		}
		var ae *Error
		if errors.As(err, &ae) && strings.Contains(ae.Error(), "tok-123456") {
			t.Errorf("the refusal shows the token: %v", ae)
		}
	}
	if got := ln.accepted.Load(); got != 1 {
		t.Errorf("server accepted %d connections after vm moved away from loopback, want still 1", got)
	}
}

// The dialer's Control is the last word: whatever resolved the address,
// a connection to anything but loopback is refused before it is made.
func TestLoopbackOnlyRefusesRemoteAddressesAtConnect(t *testing.T) {
	for _, addr := range []string{"127.0.0.1:80", "127.9.9.9:18717", "[::1]:443"} {
		if err := loopbackOnly("tcp", addr, nil); err != nil {
			t.Errorf("%s is loopback: %v", addr, err)
		}
	}
	for _, addr := range []string{"192.0.2.8:80", "[2001:db8::1]:80", "0.0.0.0:80", "10.0.0.1:18717"} {
		var nl *notLoopbackError
		if err := loopbackOnly("tcp", addr, nil); !errors.As(err, &nl) {
			t.Errorf("%s: got %v, want a refusal", addr, err)
		}
	}
	// And it is the dialer plain http connects with.
	if loopbackDialer.Control == nil || plainHTTPTransport().Proxy != nil || plainHTTPTransport().DialContext == nil {
		t.Error("the plain-http transport must take no proxy and dial through loopbackDialer")
	}
}

// Without an HTTPClient, https keeps net/http's default transport (and so
// the environment's proxy); plain http gets the loopback-only one.
func TestTransportByScheme(t *testing.T) {
	table := map[string][]string{}
	resolveAs(t, &table)
	plain, err := New("http://127.0.0.1:1/v1", "tok", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if tr, ok := plain.http.Transport.(*http.Transport); !ok || tr.Proxy != nil {
		t.Errorf("plain http: transport %T without a proxy wanted", plain.http.Transport)
	}
	secure, err := New("https://partner.example/v1", "tok", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if secure.http.Transport != nil {
		t.Errorf("https: got transport %T, want net/http's default", secure.http.Transport)
	}
}
