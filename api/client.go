package api

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
)

// Defaults for Options left zero.
const (
	DefaultTimeout       = 30 * time.Second
	DefaultMaxBodyBytes  = 32 << 20
	DefaultMaxRetries    = 3
	DefaultMaxRateRetry  = 8
	DefaultMaxRetryAfter = 2 * time.Minute
)

// Options tune a Client; the zero value is ready to use.
type Options struct {
	HTTPClient    *http.Client  // transport to use; its redirect policy is replaced
	Timeout       time.Duration // per attempt, reading the body included
	Budget        *Budget       // the token's rate budget; one per token
	UserAgent     string        // e.g. "padview/1.2.0"
	MaxBodyBytes  int64         // responses larger than this fail as too large
	MaxRetries    int           // retries for 502/503/504 and connection errors; -1 for none
	MaxRateRetry  int           // retries after a 429
	MaxRetryAfter time.Duration // a 429 asking a longer wait fails at once
	BackoffBase   time.Duration // first retry waits up to this (full jitter)
	BackoffMax    time.Duration
}

// Client talks to the partner interface for one token. It is safe for
// concurrent use.
type Client struct {
	base   *url.URL
	prefix string // base.String(), computed once
	token  string
	opts   Options
	http   *http.Client
	budget *Budget
}

// New builds a client. baseURL already ends in the version segment.
func New(baseURL, token string, opts Options) (*Client, error) {
	base, err := ParseBaseURL(baseURL)
	if err != nil {
		return nil, err
	}
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.MaxBodyBytes <= 0 {
		opts.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if opts.MaxRetries == 0 {
		opts.MaxRetries = DefaultMaxRetries
	}
	if opts.MaxRateRetry <= 0 {
		opts.MaxRateRetry = DefaultMaxRateRetry
	}
	if opts.MaxRetryAfter <= 0 {
		opts.MaxRetryAfter = DefaultMaxRetryAfter
	}
	if opts.BackoffBase <= 0 {
		opts.BackoffBase = 250 * time.Millisecond
	}
	if opts.BackoffMax <= 0 {
		opts.BackoffMax = 5 * time.Second
	}
	if opts.UserAgent == "" {
		opts.UserAgent = "padview/dev"
	}
	if opts.Budget == nil {
		opts.Budget = NewBudget(DefaultLimit, DefaultWindow)
	}
	hc := &http.Client{}
	if opts.HTTPClient != nil {
		copied := *opts.HTTPClient
		hc = &copied
	}
	hc.Timeout = 0 // the per-attempt context bounds each request
	hc.CheckRedirect = redirectPolicy(base)
	return &Client{base: base, prefix: base.String(), token: token, opts: opts, http: hc, budget: opts.Budget}, nil
}

// Budget is the rate budget this client paces itself by.
func (c *Client) Budget() *Budget { return c.budget }

var errRedirect = errors.New("redirect refused")

// redirectPolicy keeps the token on the base URL's host: net/http copies
// headers before calling CheckRedirect, so Authorization is removed here for
// any other host, and an https→http downgrade is refused outright.
func redirectPolicy(base *url.URL) func(*http.Request, []*http.Request) error {
	return func(req *http.Request, via []*http.Request) error {
		if len(via) >= 5 {
			return fmt.Errorf("%w: more than 5 redirects", errRedirect)
		}
		if via[len(via)-1].URL.Scheme == "https" && req.URL.Scheme != "https" {
			return fmt.Errorf("%w: the server redirected from https to plain http", errRedirect)
		}
		if !strings.EqualFold(req.URL.Host, base.Host) || req.URL.Scheme != base.Scheme {
			req.Header.Del("Authorization")
		}
		return nil
	}
}

// Get fetches one advertisement in the given view. paid is checked with
// ParsePAID first; a malformed one costs no request. The exchange record is
// returned whenever a request was made, with or without an error.
func (c *Client) Get(ctx context.Context, paid string, view advert.View) (*advert.Document, *Exchange, error) {
	id, err := ParsePAID(paid)
	if err != nil {
		return nil, nil, err
	}
	if strings.TrimSpace(c.token) == "" {
		return nil, nil, &Error{Kind: KindUnauthorized, Message: "no partner token is set"}
	}
	target := c.prefix + endpointPath(id, view)
	ex := &Exchange{Method: http.MethodGet, URL: target, Curl: curlCommand(target), Started: time.Now()}
	defer func() { ex.Duration = time.Since(ex.Started) }()

	var serverRetries, rateRetries int
	for {
		ex.Attempts++
		waitStart := time.Now()
		release, err := c.budget.Acquire(ctx)
		ex.Waited += time.Since(waitStart)
		if err != nil {
			return nil, ex, contextError(ctx, ex.Attempts-1)
		}
		body, resp, err := c.attempt(ctx, target)
		release()
		if resp != nil {
			ex.recordResponse(resp)
			ex.Size = int64(len(body))
			ex.Rate, ex.HasRate = ParseRateHeaders(resp.Header, time.Now())
		}
		if err != nil {
			e := c.transportError(ctx, err, ex.Attempts)
			retryable := e.Kind == KindNetwork && !errors.Is(err, errRedirect)
			if !retryable || serverRetries >= c.opts.MaxRetries {
				return nil, ex, e
			}
			serverRetries++
			if err := c.backoff(ctx, serverRetries, 0); err != nil {
				return nil, ex, contextError(ctx, ex.Attempts)
			}
			continue
		}
		retryAfter, hasRetryAfter := ParseRetryAfter(resp.Header.Get("Retry-After"), time.Now())
		switch s := resp.StatusCode; {
		case s >= 200 && s < 300:
			c.budget.Observe(ex.Rate, ex.HasRate, 0)
			doc, err := advert.Normalize(body, id, view)
			if err != nil {
				return nil, ex, &Error{Kind: KindBadResponse, Status: s, PAID: id, ContentType: ex.ContentType,
					Snippet: text.Snippet(body, 80), Err: err, Attempts: ex.Attempts}
			}
			return doc, ex, nil
		case s == http.StatusTooManyRequests:
			wait := retryAfter
			if !hasRetryAfter && ex.HasRate && ex.Rate.HasReset {
				wait = ex.Rate.Reset
			}
			if !hasRetryAfter && wait <= 0 {
				wait = c.jitter(rateRetries + 1)
			}
			e := c.statusError(resp, body, id, ex.Attempts)
			e.RetryAfter = wait
			if wait > c.opts.MaxRetryAfter || rateRetries >= c.opts.MaxRateRetry {
				c.budget.Observe(ex.Rate, ex.HasRate, wait)
				return nil, ex, e
			}
			rateRetries++
			c.budget.Observe(ex.Rate, ex.HasRate, max(wait, time.Millisecond)) // Acquire waits it out
			continue
		case s == http.StatusBadGateway || s == http.StatusServiceUnavailable || s == http.StatusGatewayTimeout:
			c.budget.Observe(ex.Rate, ex.HasRate, 0)
			if serverRetries < c.opts.MaxRetries && (!hasRetryAfter || retryAfter <= c.opts.MaxRetryAfter) {
				serverRetries++
				if err := c.backoff(ctx, serverRetries, retryAfter); err != nil {
					return nil, ex, contextError(ctx, ex.Attempts)
				}
				continue
			}
			return nil, ex, c.statusError(resp, body, id, ex.Attempts)
		default:
			c.budget.Observe(ex.Rate, ex.HasRate, 0)
			return nil, ex, c.statusError(resp, body, id, ex.Attempts)
		}
	}
}

// attempt makes one request and reads its body through the size cap.
func (c *Client) attempt(ctx context.Context, target string) ([]byte, *http.Response, error) {
	actx, cancel := context.WithTimeout(ctx, c.opts.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(actx, http.MethodGet, target, nil)
	if err != nil {
		return nil, nil, err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", c.opts.UserAgent)
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	if resp.ContentLength > c.opts.MaxBodyBytes {
		return nil, resp, errTooLarge
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, c.opts.MaxBodyBytes+1))
	if err != nil {
		return nil, resp, err
	}
	if int64(len(body)) > c.opts.MaxBodyBytes {
		return nil, resp, errTooLarge
	}
	return body, resp, nil
}

var errTooLarge = errors.New("response body exceeds the size cap")

// transportError sorts a failed request: the caller's cancellation, a
// timeout, an oversized body, or a network failure.
func (c *Client) transportError(ctx context.Context, err error, attempts int) *Error {
	switch {
	case ctx.Err() != nil:
		return contextError(ctx, attempts)
	case errors.Is(err, errTooLarge):
		return &Error{Kind: KindTooLarge, Attempts: attempts,
			Message: fmt.Sprintf("the response is larger than %d MiB, the most padview reads; nothing was shown", c.opts.MaxBodyBytes>>20)}
	case errors.Is(err, context.DeadlineExceeded) || isTimeout(err):
		return &Error{Kind: KindTimeout, Attempts: attempts,
			Message: fmt.Sprintf("no answer within %s: the service is slow or unreachable; try again", c.opts.Timeout)}
	}
	return &Error{Kind: KindNetwork, Attempts: attempts, Err: unwrapURLError(err)}
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

// statusError turns an unsuccessful status into a typed error, keeping the
// message the error body carried.
func (c *Client) statusError(resp *http.Response, body []byte, paid string, attempts int) *Error {
	e := &Error{Status: resp.StatusCode, PAID: text.CleanText(paid), Attempts: attempts,
		ServerMessage: serverMessage(body), ContentType: resp.Header.Get("Content-Type")}
	switch s := resp.StatusCode; {
	case s == http.StatusUnauthorized:
		e.Kind = KindUnauthorized
	case s == http.StatusForbidden:
		e.Kind = KindForbidden
	case s == http.StatusNotFound || s == http.StatusGone:
		e.Kind = KindNotFound
	case s == http.StatusTooManyRequests:
		e.Kind = KindRateLimited
	case s >= 500:
		e.Kind = KindServer
	default:
		e.Kind = KindHTTP
		if e.ServerMessage == "" {
			e.Snippet = text.Snippet(body, 80)
		}
	}
	return e
}

// backoff sleeps before a retry: the server's Retry-After when it gave one,
// else full jitter. It ends at once when ctx does.
func (c *Client) backoff(ctx context.Context, retry int, retryAfter time.Duration) error {
	wait := retryAfter
	if wait <= 0 {
		wait = c.jitter(retry)
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// jitter is a full-jitter delay: uniform in [0, min(max, base·2^retry)).
func (c *Client) jitter(retry int) time.Duration {
	ceiling := c.opts.BackoffBase << min(retry, 16)
	if ceiling > c.opts.BackoffMax || ceiling <= 0 {
		ceiling = c.opts.BackoffMax
	}
	return time.Duration(rand.Int64N(int64(ceiling)) + 1)
}
