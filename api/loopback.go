package api

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"syscall"
	"time"

	"github.com/padview/padview/api/text"
)

// Plain http carries the bearer token in clear, so padview allows it only
// to loopback addresses, and enforces that twice: ParseBaseURL checks the
// base URL's host once, and the transport of a plain-http client checks
// every connection again when it is made, because a name can resolve
// elsewhere later (DNS rebinding, or a name that changes during a long
// `watch run`). That transport also ignores HTTP_PROXY and friends: Go's
// ProxyFromEnvironment skips only "localhost" and loopback IP literals,
// and would send a request to any other loopback name, token and all,
// through the proxy.

// loopbackLookup bounds the name lookup of a plain-http host.
const loopbackLookup = 2 * time.Second

// lookupIPAddr resolves a host name; tests replace it.
var lookupIPAddr = net.DefaultResolver.LookupIPAddr

// notLoopbackError is a plain-http host that is, or now resolves to,
// something other than loopback addresses alone.
type notLoopbackError struct {
	host  string // as the base URL names it, cleaned
	where string // what it resolved to, or why it did not
}

func (e *notLoopbackError) Error() string {
	return fmt.Sprintf("refusing plain http to %s: %s, and the bearer token would travel in clear. Use https (http is allowed only to loopback addresses, such as 127.0.0.1)",
		e.host, e.where)
}

// resolveLoopback returns the addresses of host (an IP literal or a name)
// when they are all loopback, else a *notLoopbackError. A name is looked
// up at most loopbackLookup long.
func resolveLoopback(ctx context.Context, host string) ([]net.IPAddr, error) {
	shown := text.CleanText(host)
	if ip := net.ParseIP(host); ip != nil {
		if !ip.IsLoopback() {
			return nil, &notLoopbackError{host: shown, where: "it is " + ip.String() + ", not a loopback address"}
		}
		return []net.IPAddr{{IP: ip}}, nil
	}
	if host == "" {
		return nil, &notLoopbackError{host: "an empty host", where: "it names no address"}
	}
	lctx, cancel := context.WithTimeout(ctx, loopbackLookup)
	defer cancel()
	addrs, err := lookupIPAddr(lctx, host)
	if err != nil || len(addrs) == 0 {
		return nil, &notLoopbackError{host: shown, where: "it does not resolve"}
	}
	for _, a := range addrs {
		if !a.IP.IsLoopback() {
			return nil, &notLoopbackError{host: shown, where: "it resolves to " + a.IP.String() + ", not to loopback addresses alone"}
		}
	}
	return addrs, nil
}

// plainHTTPTransport is the transport of a client whose base URL is plain
// http: no proxy, and only connections to loopback addresses. It is
// otherwise net/http's default transport.
func plainHTTPTransport() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.Proxy = nil
	t.DialContext = dialLoopback
	return t
}

// loopbackDialer connects, and refuses at connect time any address that
// is not loopback, whatever resolved it.
var loopbackDialer = net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second, Control: loopbackOnly}

// dialLoopback resolves address's host by resolveLoopback's rule, then
// connects to its addresses in turn through loopbackDialer.
func dialLoopback(ctx context.Context, network, address string) (net.Conn, error) {
	host, port, err := net.SplitHostPort(address)
	if err != nil {
		return nil, err
	}
	addrs, err := resolveLoopback(ctx, host)
	if err != nil {
		return nil, err
	}
	var first error
	for _, a := range addrs {
		conn, err := loopbackDialer.DialContext(ctx, network, net.JoinHostPort(a.IP.String(), port))
		if err == nil {
			return conn, nil
		}
		if first == nil {
			first = err
		}
	}
	return nil, first
}

// loopbackOnly is a net.Dialer's Control: address is the resolved
// "ip:port" about to be connected to.
func loopbackOnly(_, address string, _ syscall.RawConn) error {
	host, _, err := net.SplitHostPort(address)
	if err != nil {
		return err
	}
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		return &notLoopbackError{host: text.CleanText(host), where: "it is not a loopback address"}
	}
	return nil
}
