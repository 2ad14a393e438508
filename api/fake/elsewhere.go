package fake

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/padview/padview/api"
)

// Elsewhere is a web server that is not the partner interface, as a wrong
// base URL finds one: every path answers its status with its page, as
// text/html. Its URL ends in /v1, as a base URL does.
type Elsewhere struct {
	URL string
	srv *http.Server
}

// Pages that a wrong base URL meets, for tests: a web server's 404 page,
// one that quotes the path (and so the PAID, AB12CD), and a portal's 404
// that speaks of an advertisement.
const (
	NginxPage  = "<html><head><title>404 Not Found</title></head><body><center><h1>404 Not Found</h1></center><hr><center>nginx</center></body></html>"
	ApachePage = "<html><head><title>404 Not Found</title></head><body><h1>Not Found</h1><p>The requested URL /v1/advertisement/AB12CD was not found on this server.</p></body></html>"
	PortalPage = "<html><body><h1>Advertisement not found</h1><p>Search the portal for AB12CD.</p></body></html>"
)

// StartElsewhere starts an Elsewhere on a free loopback port.
func StartElsewhere(status int, page string) (*Elsewhere, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("web server: %w", err)
	}
	e := &Elsewhere{URL: "http://" + ln.Addr().String() + "/v1"}
	e.srv = &http.Server{ReadHeaderTimeout: 10 * time.Second, Handler: http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(status)
		fmt.Fprint(w, page)
	})}
	go func() { _ = e.srv.Serve(ln) }()
	return e, nil
}

// Close stops the server.
func (e *Elsewhere) Close() { _ = e.srv.Close() }

// RefusedURL is a loopback base URL where nothing listens: connection
// refused. The port was free a moment ago; nothing of padview's takes it.
func RefusedURL() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	addr := ln.Addr().String()
	ln.Close()
	return "http://" + addr + "/v1", nil
}

// AdvisedFailures are failures for which the domain has advice
// (api.Error.Advice), one of each way it has: the front ends' tests hold
// their words to it.
func AdvisedFailures() []*api.Error {
	return []*api.Error{
		{Kind: api.KindConfig, Status: 404, URL: "https://p.example/v2/advertisement/X"},
		{Kind: api.KindBadResponse, Status: 200, ContentType: "text/html", Snippet: "<!doctype html>"},
		{Kind: api.KindHTTP, Status: 400, ContentType: "text/html", Snippet: "<html>"},
		{Kind: api.KindNetwork, Err: errors.New("dial tcp 127.0.0.1:1: connect: connection refused")},
		{Kind: api.KindNotFound, Status: 410, PAID: "AB12CD"},
		{Kind: api.KindNotFound, Status: 404, PAID: "AB12CD", ContentType: "text/html"},
	}
}
