package api

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptrace"
	"net/url"
	"strings"
	"sync/atomic"
	"time"

	"github.com/padview/padview/api/text"
)

// maxRedirects is how many same-host redirects one request follows.
const maxRedirects = 5

// response is the outcome of one request: the answer with its body read
// through the size cap, or the error, and whether the request got to the
// service at all.
type response struct {
	resp    *http.Response // status and headers; the body is in body
	body    []byte
	reached bool // written to a connection: the service may have counted it
	err     error
}

// attempt makes one request, bounded by timeout; the body's memory is
// reserved from mem as it is read.
func (c *Client) attempt(ctx context.Context, target string, timeout time.Duration, mem *memLease) response {
	actx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	var wrote atomic.Bool
	actx = httptrace.WithClientTrace(actx, &httptrace.ClientTrace{WroteHeaders: func() { wrote.Store(true) }})
	req, err := http.NewRequestWithContext(actx, http.MethodGet, target, nil)
	if err != nil {
		return response{err: err}
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", c.opts.UserAgent)
	resp, err := c.http.Do(req)
	if err != nil {
		return response{reached: wrote.Load(), err: err}
	}
	defer resp.Body.Close()
	r := response{resp: resp, reached: true}
	if resp.ContentLength > c.opts.MaxBodyBytes {
		r.err = errTooLarge
		return r
	}
	r.body, r.err = mem.readBody(actx, resp.Body, resp.ContentLength, c.opts.MaxBodyBytes)
	switch {
	case int64(len(r.body)) > c.opts.MaxBodyBytes:
		r.body, r.err = nil, errTooLarge
	case r.err != nil && !isTimeout(r.err) && !errors.Is(r.err, context.Canceled) && !errors.Is(r.err, context.DeadlineExceeded):
		// The status and headers came, the body broke off: the answer
		// happened, so this is no "could not reach".
		r.err = &cutShortError{got: int64(len(r.body)), want: resp.ContentLength, err: r.err}
	}
	return r
}

var errTooLarge = errors.New("response body exceeds the size cap")

// cutShortError is an answer whose body ended before it was complete: the
// connection closed before Content-Length bytes, or a chunked body broke.
type cutShortError struct {
	got, want int64 // want is -1 when the answer announced no length
	err       error
}

func (e *cutShortError) Error() string {
	if e.want >= 0 {
		return fmt.Sprintf("the body was cut short after %s of %s bytes", text.Thousands(e.got), text.Thousands(e.want))
	}
	return fmt.Sprintf("the body was cut short after %s bytes (%s)", text.Thousands(e.got), text.CleanText(e.err.Error()))
}

func (e *cutShortError) Unwrap() error { return e.err }

// redirectPolicy follows redirects on the base URL's own scheme and host
// only, and never sends a Referer. Any other redirect is not followed: the
// 3xx answer itself comes back (http.ErrUseLastResponse) and Get reports
// where it pointed. The token therefore never leaves the base URL's host.
func redirectPolicy(base *url.URL) func(*http.Request, []*http.Request) error {
	return func(req *http.Request, via []*http.Request) error {
		req.Header.Del("Referer") // net/http sets it before asking
		if len(via) > maxRedirects || !sameOrigin(req.URL, base) {
			return http.ErrUseLastResponse
		}
		return nil
	}
}

func sameOrigin(u, base *url.URL) bool {
	return strings.EqualFold(u.Scheme, base.Scheme) && strings.EqualFold(u.Host, base.Host)
}

// redirectError is a redirect padview did not follow.
type redirectError struct {
	host   string // where it pointed, cleaned
	reason string
}

func (e *redirectError) Error() string {
	return "the service redirected to " + e.host + "; not followed: " + e.reason
}

// refusedRedirect explains a 3xx answer that came back unfollowed.
func (c *Client) refusedRedirect(resp *http.Response) *redirectError {
	loc, err := resp.Location()
	if err != nil {
		return &redirectError{host: "nowhere", reason: "the answer has no usable Location"}
	}
	host := text.CleanText(loc.Host)
	switch {
	case c.base.Scheme == "https" && loc.Scheme != "https":
		return &redirectError{host: host, reason: "it leads from https to plain http"}
	case !sameOrigin(loc, c.base):
		return &redirectError{host: host, reason: fmt.Sprintf("padview sends requests (and the token) only to %s; if the service has moved, update the base URL",
			text.CleanText(c.base.Host))}
	}
	return &redirectError{host: host, reason: fmt.Sprintf("more than %d redirects in a row", maxRedirects)}
}

// transportError sorts a failed request: the caller's cancellation, a
// timeout, an oversized body, a failure that cannot be transient (not
// retried), or a network failure that may be.
func (c *Client) transportError(caller context.Context, err error, attempts int, took time.Duration) (e *Error, retryable bool) {
	switch {
	case caller.Err() != nil:
		return contextError(caller, attempts), false
	case errors.Is(err, errTooLarge):
		return &Error{Kind: KindTooLarge, Attempts: attempts,
			Message: fmt.Sprintf("the response is larger than %d MiB, the most padview reads; nothing was shown", c.opts.MaxBodyBytes>>20)}, false
	case errors.Is(err, context.DeadlineExceeded) || isTimeout(err):
		return &Error{Kind: KindTimeout, Attempts: attempts, Timeout: took}, false
	}
	var notLoopback *notLoopbackError
	if errors.As(err, &notLoopback) { // plain http that would leave the machine: not sent
		return &Error{Kind: KindConfig, Attempts: attempts, Message: notLoopback.Error()}, false
	}
	if msg := permanentFailure(err, c.base); msg != "" {
		return &Error{Kind: KindNetwork, Attempts: attempts, Err: unwrapURLError(err), Message: msg}, false
	}
	return &Error{Kind: KindNetwork, Attempts: attempts, Err: unwrapURLError(err)}, true
}

// permanentFailure explains a failure that trying again cannot cure (an
// untrusted certificate, plain HTTP where https was asked, a host that does
// not exist), or returns "" for one that may pass.
func permanentFailure(err error, base *url.URL) string {
	host := text.CleanText(base.Host)
	var (
		verify   *tls.CertificateVerificationError
		unknown  x509.UnknownAuthorityError
		hostname x509.HostnameError
		invalid  x509.CertificateInvalidError
		record   tls.RecordHeaderError
		dns      *net.DNSError
	)
	switch {
	case errors.As(err, &verify), errors.As(err, &unknown), errors.As(err, &hostname), errors.As(err, &invalid):
		return fmt.Sprintf("the TLS certificate of %s could not be verified: %s; padview does not send the token to it and does not retry",
			host, text.CleanText(unwrapURLError(err).Error()))
	case strings.Contains(err.Error(), "server gave HTTP response to HTTPS client"), errors.As(err, &record):
		return fmt.Sprintf("%s answered in plain HTTP to an https request: check the base URL's scheme and port", host)
	case errors.As(err, &dns) && dns.IsNotFound:
		return fmt.Sprintf("there is no host %s: check the base URL", text.CleanText(base.Hostname()))
	}
	return ""
}

// unwrapURLError drops net/http's "Get \"url\": " prefix; the URL is in the
// exchange record already.
func unwrapURLError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

func isTimeout(err error) bool {
	var t interface{ Timeout() bool }
	return errors.As(err, &t) && t.Timeout()
}

func contextError(ctx context.Context, attempts int) *Error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return &Error{Kind: KindTimeout, Attempts: attempts, Err: ctx.Err()}
	}
	return &Error{Kind: KindCanceled, Attempts: attempts, Err: ctx.Err()}
}
