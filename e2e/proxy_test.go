//go:build linux

package e2e

import (
	"bufio"
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/padview/padview/api/fake"
)

// countingProxy is a listener standing in for an HTTP proxy: it counts
// the connections it gets and keeps the first line of each.
type countingProxy struct {
	net.Listener
	conns atomic.Int32
	first chan string
}

func startCountingProxy(t *testing.T) *countingProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &countingProxy{Listener: ln, first: make(chan string, 16)}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			p.conns.Add(1)
			line, _ := bufio.NewReader(c).ReadString('\n')
			select {
			case p.first <- line:
			default:
			}
			c.Close()
		}
	}()
	return p
}

// loopbackName is a host name other than "localhost" that resolves to
// loopback addresses alone: the machine's own name, as /etc/hosts gives
// it on the machines padview is built on. Go's proxy rules skip only
// "localhost" and loopback IP literals, so this is the name a proxy from
// the environment would get a request for.
func loopbackName(t *testing.T) string {
	t.Helper()
	name, err := os.Hostname()
	if err != nil {
		t.Fatal(err)
	}
	addrs, err := net.DefaultResolver.LookupIPAddr(context.Background(), name)
	if err != nil || len(addrs) == 0 {
		t.Fatalf("this test needs a host name that resolves to loopback alone; %q does not resolve (%v): add it to /etc/hosts as 127.0.0.1", name, err)
	}
	for _, a := range addrs {
		if !a.IP.IsLoopback() {
			t.Fatalf("this test needs a host name that resolves to loopback alone; %q resolves to %v", name, addrs)
		}
	}
	return name
}

// Plain http to a loopback name never goes through a proxy from the
// environment: the proxy would get the bearer token in clear (issue 17
// §6). The lookup goes straight to the service, and the proxy gets
// nothing.
func TestPlainHTTPIgnoresTheEnvironmentsProxyInTheBinary(t *testing.T) {
	t.Parallel() // its own binary, directories and service: it waits on the child, not on the CPU
	name := loopbackName(t)
	f, err := fake.Start(fake.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	var served atomic.Int32
	svc := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		served.Add(1)
		f.Handler().ServeHTTP(w, r)
	}))
	t.Cleanup(svc.Close)
	_, port, _ := net.SplitHostPort(svc.Listener.Addr().String())
	proxy := startCountingProxy(t)
	proxyURL := "http://" + proxy.Addr().String()

	cmd := padviewCmd(t, "", "get", "--base-url", "http://"+name+":"+port+"/v1", fake.SamplePAIDs()[0])
	cmd.Env = append(cmd.Env, "PADVIEW_TOKEN="+fake.DemoToken, "HTTP_PROXY="+proxyURL, "http_proxy="+proxyURL, "ALL_PROXY="+proxyURL)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("get over plain http to %s: %v\n%s", name, err, out)
	}
	if n := proxy.conns.Load(); n != 0 {
		t.Errorf("the proxy got %d connections (first: %q); plain http must never use one", n, <-proxy.first)
	}
	if served.Load() != 1 {
		t.Errorf("the service got %d requests, want 1", served.Load())
	}
}

// https keeps the environment's proxy (a TLS tunnel: the proxy sees the
// host, never the token).
func TestHTTPSUsesTheEnvironmentsProxyInTheBinary(t *testing.T) {
	t.Parallel() // its own binary, directories and service: it waits on the child, not on the CPU
	proxy := startCountingProxy(t)
	proxyURL := "http://" + proxy.Addr().String()
	cmd := padviewCmd(t, "", "get", "--base-url", "https://partner.example/v1", "AB12CD")
	cmd.Env = append(cmd.Env, "PADVIEW_TOKEN="+fake.DemoToken, "HTTPS_PROXY="+proxyURL)
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("the proxy closed the tunnel, yet get succeeded:\n%s", out)
	}
	if line := <-proxy.first; !strings.HasPrefix(line, "CONNECT partner.example:443 ") {
		t.Errorf("the proxy got %q, want a CONNECT to partner.example:443", line)
	}
	if strings.Contains(string(out), fake.DemoToken) {
		t.Errorf("the output shows the token:\n%s", out)
	}
}
