package api

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/api/vocab"
)

// Defaults for Options left zero.
const (
	DefaultTimeout      = 30 * time.Second
	DefaultMaxBodyBytes = 32 << 20
	DefaultMaxRetries   = 3
	DefaultMaxRateRetry = 8
	DefaultMaxWait      = 2 * time.Minute
)

// Options tune a Client; the zero value is ready to use.
type Options struct {
	// HTTPClient is the transport to use; its redirect policy is replaced.
	// Without one (or one without a Transport), https uses net/http's
	// default transport, environment proxy included, and plain http one
	// that takes no proxy and connects to loopback addresses only.
	HTTPClient   *http.Client
	Timeout      time.Duration // per attempt, reading the body included
	Budget       *Budget       // the token's rate budget; one per token
	UserAgent    string        // e.g. "padview/1.2.0"
	MaxBodyBytes int64         // responses larger than this fail as too large
	MaxRetries   int           // retries for 502/503/504 and connection errors; -1 for none
	MaxRateRetry int           // retries after a 429
	// MaxWait bounds all the waiting of one lookup together: for the rate
	// budget, a server's Retry-After or reset, and backoff. A wait that
	// does not fit is not taken: the request fails at once and says so.
	MaxWait     time.Duration
	BackoffBase time.Duration // first retry waits up to this (full jitter)
	BackoffMax  time.Duration
	// Vocabulary reads the answers' member names; nil is the built-in one.
	Vocabulary *vocab.Vocabulary
	// Memory, if set, bounds the memory of the answers this client's
	// lookups read and parse at once (see MemoryGate); a batch shares one.
	Memory *MemoryGate
	// TokenVar names the environment variable the token came from, when
	// it did: it wins over a stored token, so a rejected token is the
	// variable's to fix, and a 401's error names it (Error.TokenVar).
	TokenVar string
	// TokenRef is what the curl command (Exchange.Curl) writes where the
	// token goes: shell words that yield it when the line is run, such as
	// $PADVIEW_TOKEN or $(padview token print), never the token itself.
	// "" is $PADVIEW_TOKEN.
	TokenRef string
	// Halt, if set, stops every request after the first refusal that a
	// batch stops at (see Halt).
	Halt *Halt
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
	redact redactor // the token, should the service echo it
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
	switch {
	case opts.MaxRetries == 0:
		opts.MaxRetries = DefaultMaxRetries
	case opts.MaxRetries < 0:
		opts.MaxRetries = 0
	}
	if opts.MaxRateRetry <= 0 {
		opts.MaxRateRetry = DefaultMaxRateRetry
	}
	if opts.MaxWait <= 0 {
		opts.MaxWait = DefaultMaxWait
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
	if hc.Transport == nil && base.Scheme == "http" {
		hc.Transport = plainHTTPTransport() // no proxy, loopback only: see loopback.go
	}
	hc.Timeout = 0 // the per-attempt context bounds each request
	hc.CheckRedirect = redirectPolicy(base)
	hc.Jar = nil // no cookies: every request stands alone
	return &Client{base: base, prefix: base.String(), token: token, opts: opts, http: hc, budget: opts.Budget,
		redact: newRedactor(token)}, nil
}

// Budget is the rate budget this client paces itself by.
func (c *Client) Budget() *Budget { return c.budget }

// LongestLookup is the most one Get can take: max_wait for every wait
// together (pacing, Retry-After, backoff), plus the per-attempt timeout for
// each attempt that transient failures allow. Get gives up at this point
// whatever happens; with the defaults it is 2 min + 4 × 30 s = 4 min.
func (c *Client) LongestLookup() time.Duration {
	return c.opts.MaxWait + time.Duration(max(0, c.opts.MaxRetries)+1)*c.opts.Timeout
}

// MaxWait is the longest this client waits, in all, for one lookup.
func (c *Client) MaxWait() time.Duration { return c.opts.MaxWait }

// Get fetches one advertisement in the given view. paid is checked with
// ParsePAID first; a malformed one costs no request. The exchange record is
// returned whenever the PAID was valid, with or without an error: it holds
// the body of the last answer, whatever it was, and the attempt log.
func (c *Client) Get(ctx context.Context, paid string, view advert.View) (*advert.Document, *Exchange, error) {
	return c.GetRecorded(ctx, paid, view, nil)
}

// GetRecorded is Get with record called once, when the first request has
// passed the rate budget and is about to be sent, and not at all when none
// is: the caller records the request there (the access log's request
// line), so that no record stands for a request that a wait or a
// cancellation kept from being sent. When record fails, nothing is sent and
// GetRecorded returns its error with an exchange of no attempts.
func (c *Client) GetRecorded(ctx context.Context, paid string, view advert.View, record func() error) (*advert.Document, *Exchange, error) {
	id, err := ParsePAID(paid)
	if err != nil {
		return nil, nil, err
	}
	if strings.TrimSpace(c.token) == "" {
		return nil, nil, &Error{Kind: KindUnauthorized, Message: "no partner token is set"}
	}
	target := c.prefix + endpointPath(id, view)
	ex := &Exchange{Method: http.MethodGet, URL: target, Host: c.base.Host, Curl: curlCommand(target, c.opts.TokenRef), Started: time.Now()}
	defer func() {
		ex.Duration = time.Since(ex.Started)
		ex.Budget = c.budget.Snapshot() // as this exchange left it, not as a later one will
	}()
	lctx, cancel := context.WithDeadline(ctx, ex.Started.Add(c.LongestLookup()))
	defer cancel()
	l := &getRun{c: c, caller: ctx, ctx: lctx, ex: ex, paid: id, view: view, mem: c.opts.Memory.lease(), record: record}
	defer l.mem.release()
	doc, err := l.run()
	return doc, ex, err
}

// getRun is one Get in progress: its attempts, waits and retries.
type getRun struct {
	c           *Client
	caller, ctx context.Context // ctx is caller's, ended at the lookup's deadline
	ex          *Exchange
	paid        string
	view        advert.View
	mem         *memLease    // the memory of this lookup's answer, if a gate bounds it
	record      func() error // called before the first request is sent; nil once called

	serverRetries, rateRetries int
	pendingWait                time.Duration // waited since the last attempt
	pendingWhy                 []string      // what those waits were, in order
	ownBlock                   bool          // the last answer's 429 wait is the budget's block
}

func (l *getRun) run() (*advert.Document, error) {
	c, ex := l.c, l.ex
	for {
		start := time.Now()
		release, h, err := c.budget.acquire(l.ctx, c.opts.MaxWait-ex.Waited)
		l.held(time.Since(start), h)
		if err != nil {
			return nil, l.acquireFailed(err)
		}
		if refusal := c.opts.Halt.Refusal(); refusal != nil {
			release(false)
			return nil, halted(refusal, ex.Attempts)
		}
		if err := l.recordOnce(); err != nil {
			release(false)
			return nil, err
		}
		a := Attempt{Started: time.Now(), Waited: l.pendingWait, WaitedFor: strings.Join(l.pendingWhy, waitsJoin)}
		l.pendingWait, l.pendingWhy = 0, nil
		r := c.redact.response(c.attempt(l.ctx, ex.URL, c.opts.Timeout, l.mem)) // nothing after this sees the token
		a.Duration, a.Sent = time.Since(a.Started), r.reached
		ex.Attempts++
		if r.resp != nil {
			ex.recordResponse(r.resp)
			ex.Body, ex.Size = r.body, int64(len(r.body))
			a.Status = r.resp.StatusCode
			a.RetryAfter = text.CleanText(r.resp.Header.Get("Retry-After"))
			a.Rate, a.HasRate = ParseRateHeaders(r.resp.Header, time.Now())
			ex.Rate, ex.HasRate = a.Rate, a.HasRate
		}
		if r.err != nil { // with a status too: a body cut short, or too large
			a.Error = text.CleanText(unwrapURLError(r.err).Error())
		}
		v := l.judge(&a, r)
		// What the answer said reaches the halt and the budget before its
		// slot frees, so that no waiter slips out between the two.
		c.opts.Halt.note(v.err, l.view)
		l.ownBlock = false
		if v.answer != nil {
			c.budget.Observe(*v.answer)
			l.ownBlock = v.answer.Block > 0
		}
		release(r.reached)
		retry := v.retry
		if retry && v.backoff > 0 && !l.sleep(&a, v.backoff, v.backoffWhy) {
			retry = false
			if l.caller.Err() != nil {
				v.err = contextError(l.caller, ex.Attempts)
			}
		}
		ex.Log = append(ex.Log, a)
		if !retry {
			return v.doc, v.err
		}
		l.mem.release() // no memory held while waiting to retry: the next answer reserves its own
	}
}

// recordOnce calls record before the first request, once the rate budget
// has let it go; a lookup canceled meanwhile is not recorded.
func (l *getRun) recordOnce() error {
	if l.record == nil {
		return nil
	}
	if l.caller.Err() != nil {
		return contextError(l.caller, l.ex.Attempts)
	}
	record := l.record
	l.record = nil
	return record()
}

// verdict is what an attempt's outcome means: a document, or an error and
// maybe a retry; what to tell the budget; how long to back off first.
type verdict struct {
	doc        *advert.Document
	err        error
	retry      bool
	answer     *Answer
	backoff    time.Duration // slept before the retry; a 429's wait is the budget's instead
	backoffWhy string        // why that sleep, when the service asked for it ("" for backoff), for the next attempt's log
}

// judge decides what an attempt's outcome means, and notes in a.Next what
// padview does next and why.
func (l *getRun) judge(a *Attempt, r response) verdict {
	c, ex := l.c, l.ex
	var answer *Answer
	if r.resp != nil {
		answer = &Answer{Status: r.resp.StatusCode, Rate: a.Rate, HasRate: a.HasRate}
	}
	if r.resp == nil || r.err != nil {
		return l.judgeBroken(a, r, answer)
	}
	switch s := r.resp.StatusCode; {
	case s >= 200 && s < 300:
		return l.judgeOK(r, answer)
	case s == http.StatusTooManyRequests:
		return l.judge429(a, r, answer)
	case s == http.StatusBadGateway || s == http.StatusServiceUnavailable || s == http.StatusGatewayTimeout:
		return l.judgeUnavailable(a, r, answer)
	case s >= 300 && s < 400:
		e := c.statusError(r.resp, r.body, l.paid, ex.Attempts)
		e.Kind, e.Err = KindHTTP, c.refusedRedirect(r.resp)
		return verdict{err: e, answer: answer}
	default:
		return verdict{err: c.statusError(r.resp, r.body, l.paid, ex.Attempts), answer: answer}
	}
}

// judgeBroken decides on an attempt that brought no whole answer: a body
// cut short on the way, or a request that failed.
func (l *getRun) judgeBroken(a *Attempt, r response, answer *Answer) verdict {
	var cut *cutShortError
	if r.resp != nil && errors.As(r.err, &cut) && l.caller.Err() == nil {
		// The service answered; the body broke off on the way, which a
		// retry may well cure.
		e := &Error{Kind: KindNetwork, Status: r.resp.StatusCode, PAID: l.paid, Attempts: l.ex.Attempts, Err: cut}
		return l.backoff(a, verdict{err: e, answer: answer}, "the body was cut short", 0, "")
	}
	e, retryable := l.c.transportError(l.caller, r.err, l.ex.Attempts, a.Duration)
	if r.resp != nil {
		e.Status = r.resp.StatusCode // the answer had begun: "still arriving"
	}
	if !retryable {
		return verdict{err: e, answer: answer}
	}
	return l.backoff(a, verdict{err: e, answer: answer}, "the request failed", 0, "")
}

// judgeOK reads a 2xx answer into the document, or says why it cannot.
func (l *getRun) judgeOK(r response, answer *Answer) verdict {
	ex, s := l.ex, r.resp.StatusCode
	if err := l.mem.grow(l.ctx, ParseCost(len(r.body))); err != nil {
		return verdict{answer: answer, err: contextError(l.ctx, ex.Attempts)}
	}
	doc, err := l.c.Normalize(r.body, l.paid, l.view)
	var tooMany *advert.TooManyValuesError
	if errors.As(err, &tooMany) { // valid JSON, but more than padview reads
		return verdict{answer: answer, err: &Error{Kind: KindTooLarge, Status: s, PAID: l.paid, Err: err, Attempts: ex.Attempts,
			Message: "the answer has more than " + text.Thousands(int64(tooMany.Max)) + " values, the most padview reads; nothing was shown"}}
	}
	if err != nil {
		return verdict{answer: answer, err: &Error{Kind: KindBadResponse, Status: s, PAID: l.paid, ContentType: text.CleanText(ex.ContentType),
			Snippet: text.Snippet(r.body, 80), Err: err, Attempts: ex.Attempts}}
	}
	return verdict{doc: doc, answer: answer}
}

// Normalize reads an answer's body into the document Get would return for
// it: a caller that kept only the body (a batch holding answers back for
// their order) makes the document again when it needs it.
func (c *Client) Normalize(body []byte, paid string, view advert.View) (*advert.Document, error) {
	return advert.NormalizeWith(body, paid, view, c.opts.Vocabulary)
}

// judge429 decides on a 429: wait what the service asks (its Retry-After,
// else its reset, else backoff) when that fits max_wait and retries are
// left; the wait is the budget's, for every request of the token.
func (l *getRun) judge429(a *Attempt, r response, answer *Answer) verdict {
	c, ex := l.c, l.ex
	e := c.statusError(r.resp, r.body, l.paid, ex.Attempts)
	retryAfter, hasRetryAfter := ParseRetryAfter(r.resp.Header.Get("Retry-After"), time.Now())
	wait, said := retryAfter, "Retry-After: "+a.RetryAfter
	if !hasRetryAfter && a.HasRate && a.Rate.HasReset {
		wait, said = a.Rate.Reset, "the reset in the "+a.Rate.Style+" headers"
	}
	told := hasRetryAfter || (a.HasRate && a.Rate.HasReset)
	if !told {
		wait, said = c.jitter(l.rateRetries+1), ""
	}
	e.RetryAfter, e.ServerWait = wait, said
	if !l.fits(wait) {
		// Its rate headers still count; the refused wait does not.
		e.MaxWait, e.Waited = c.opts.MaxWait, ex.Waited
		a.Next = fmt.Sprintf("did not wait: the service asks for %s (%s), more than max_wait allows", WaitWords(wait), said)
		return verdict{err: e, answer: answer}
	}
	// The next Acquire waits it out, and so does every other request
	// of the token.
	answer.Block, answer.BlockedBy = max(wait, time.Millisecond), said
	if !told {
		answer.BlockedBy = "429 without a Retry-After"
	}
	if l.rateRetries >= c.opts.MaxRateRetry {
		a.Next = "gave up after " + text.Plural(l.rateRetries+1, "429 answer", "429 answers")
		return verdict{err: e, answer: answer}
	}
	l.rateRetries++
	// What padview means to do: the wait itself is the budget's, and
	// the next attempt's log says how long it turned out.
	if told {
		a.Next = fmt.Sprintf("retry after %s, as the service asked (%s)", text.Duration(wait), said)
	} else {
		a.Next = fmt.Sprintf("the service named no wait; retry after %s (backoff)", text.Duration(wait))
	}
	return verdict{err: e, answer: answer, retry: true}
}

// judgeUnavailable decides on a 502, 503 or 504: a retry after the
// service's Retry-After when it fits max_wait, else after backoff.
func (l *getRun) judgeUnavailable(a *Attempt, r response, answer *Answer) verdict {
	c, ex := l.c, l.ex
	e := c.statusError(r.resp, r.body, l.paid, ex.Attempts)
	retryAfter, hasRetryAfter := ParseRetryAfter(r.resp.Header.Get("Retry-After"), time.Now())
	said := ""
	if hasRetryAfter {
		said = "Retry-After: " + a.RetryAfter
		if l.serverRetries < c.opts.MaxRetries && !l.fits(retryAfter) {
			e.RetryAfter, e.ServerWait, e.MaxWait, e.Waited = retryAfter, said, c.opts.MaxWait, ex.Waited
			a.Next = fmt.Sprintf("did not retry: the service asks to wait %s (%s), more than max_wait allows", WaitWords(retryAfter), said)
			return verdict{err: e, answer: answer}
		}
	}
	return l.backoff(a, verdict{err: e, answer: answer}, fmt.Sprintf("HTTP %d", r.resp.StatusCode), retryAfter, said)
}

// backoff arranges a retry of a transient failure after the server's
// Retry-After when it gave one, else full jitter; or none, when the
// retries are spent or the wait does not fit.
func (l *getRun) backoff(a *Attempt, v verdict, what string, retryAfter time.Duration, said string) verdict {
	c := l.c
	if l.serverRetries >= c.opts.MaxRetries {
		a.Next = "gave up: " + text.Plural(l.ex.Attempts, "attempt", "attempts") + " failed"
		return v
	}
	l.serverRetries++
	wait := retryAfter
	how := fmt.Sprintf("as the service asked (%s)", said)
	if said == "" {
		wait, how = c.jitter(l.serverRetries), "backoff"
	}
	if !l.fits(wait) {
		a.Next = "gave up: no time left for another attempt within max_wait"
		return v
	}
	// The plan, not the outcome: the shared budget may hold the retry
	// longer, and the next attempt's log says so.
	a.Next = fmt.Sprintf("%s; retry %d of %d after %s %s", what, l.serverRetries, c.opts.MaxRetries, text.Duration(wait), how)
	v.retry, v.backoff = true, max(wait, time.Nanosecond)
	if said != "" {
		v.backoffWhy = how
	}
	return v
}

// sleep waits d before a retry; false when the lookup ended first. why
// says why, when the service asked for the wait; "" is padview's backoff.
func (l *getRun) sleep(a *Attempt, d time.Duration, why string) bool {
	start := time.Now()
	t := time.NewTimer(d)
	defer t.Stop()
	defer func() {
		slept := time.Since(start)
		l.waited(slept)
		if why == "" {
			l.pendingWhy = append(l.pendingWhy, "backed off "+text.Duration(slept))
		} else {
			l.pendingWhy = append(l.pendingWhy, "waited "+text.Duration(slept)+" "+why)
		}
	}()
	select {
	case <-l.ctx.Done():
		a.Next = "stopped waiting: " + a.Next
		return false
	case <-t.C:
		return true
	}
}

// fits reports whether a wait of d can still be taken: within what is left
// of max_wait, and with time for an attempt before the lookup's deadline.
func (l *getRun) fits(d time.Duration) bool {
	if l.ex.Waited+d > l.c.opts.MaxWait {
		return false
	}
	deadline, _ := l.ctx.Deadline()
	return time.Now().Add(d).Before(deadline)
}

func (l *getRun) waited(d time.Duration) {
	l.ex.Waited += d
	l.pendingWait += d
}

// held notes a wait for the rate budget, saying whose it was: this
// lookup's own 429, another lookup's (the budget is shared by every
// request of the token), or pacing.
func (l *getRun) held(d time.Duration, h hold) {
	l.waited(d)
	if d < time.Millisecond || h.why == "" {
		return
	}
	switch {
	case h.blocked && l.ownBlock:
		l.pendingWhy = append(l.pendingWhy, fmt.Sprintf("waited %s for the service's %s", text.Duration(d), h.why))
	case h.blocked:
		l.pendingWhy = append(l.pendingWhy, fmt.Sprintf("held %s by the shared rate budget (the service's %s to another lookup)", text.Duration(d), h.why))
	default:
		l.pendingWhy = append(l.pendingWhy, fmt.Sprintf("held %s by the shared rate budget (%s)", text.Duration(d), h.why))
	}
}

// acquireFailed turns a failed wait for the rate budget into the lookup's
// error: the caller gave up, the lookup ran out of time, or the budget
// needs a longer wait than max_wait leaves, which is not taken.
func (l *getRun) acquireFailed(err error) error {
	if l.caller.Err() != nil {
		return contextError(l.caller, l.ex.Attempts)
	}
	var we *waitError
	if !errors.As(err, &we) {
		return &Error{Kind: KindTimeout, Attempts: l.ex.Attempts, Err: err}
	}
	msg := fmt.Sprintf("not sent: the rate budget for this token needs a wait of %s (%s), more than max_wait (%s) allows",
		text.Duration(we.wait), we.why, text.Duration(l.c.opts.MaxWait))
	if l.ex.Waited >= time.Second {
		msg += fmt.Sprintf(" after %s of waiting", text.Duration(l.ex.Waited))
	}
	return &Error{Kind: KindRateLimited, PAID: l.paid, Attempts: l.ex.Attempts, RetryAfter: we.wait,
		MaxWait: l.c.opts.MaxWait, Waited: l.ex.Waited, Message: msg}
}

// statusError turns an unsuccessful status into a typed error, keeping the
// code and message the error body carried.
func (c *Client) statusError(resp *http.Response, body []byte, paid string, attempts int) *Error {
	e := &Error{Status: resp.StatusCode, PAID: text.CleanText(paid), Attempts: attempts,
		ContentType: text.CleanText(resp.Header.Get("Content-Type"))}
	e.ServerCode, e.ServerMessage = serverDetail(body, resp.StatusCode)
	switch s := resp.StatusCode; {
	case s == http.StatusUnauthorized:
		e.Kind, e.TokenVar = KindUnauthorized, c.opts.TokenVar
	case s == http.StatusForbidden:
		e.Kind = KindForbidden
	case s == http.StatusNotFound && isMissingEndpoint(body, paid, e.ServerCode, e.ServerMessage):
		e.Kind = KindConfig
		e.URL = text.CleanText(resp.Request.URL.Redacted())
		if e.ServerMessage == "" {
			e.Snippet = text.Snippet(body, 80)
		}
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

// jitter is a full-jitter delay: uniform in [0, min(max, base·2^retry)).
func (c *Client) jitter(retry int) time.Duration {
	ceiling := c.opts.BackoffBase << min(retry, 16)
	if ceiling > c.opts.BackoffMax || ceiling <= 0 {
		ceiling = c.opts.BackoffMax
	}
	return time.Duration(rand.Int64N(int64(ceiling)) + 1)
}
