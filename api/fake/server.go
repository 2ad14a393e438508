package fake

import (
	"encoding/json"
	"fmt"
	"math"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
)

// DemoToken is the token the fake accepts unless told otherwise. It is
// public on purpose: it opens nothing but the fake.
const DemoToken = "demo-token-0000"

// Options configure a fake service; the zero value serves the samples in
// the plain shape with the spec's limit and no rate-limit headers.
type Options struct {
	Addr         string   // listen address; default 127.0.0.1:0 (a free port)
	Tokens       []string // accepted bearer tokens; default DemoToken
	Limit        int      // requests per window per token; default 1,000
	Window       time.Duration
	RateHeaders  HeaderStyle
	Shape        Shape
	Latency      time.Duration // added to every request
	DemoTriggers bool          // serve the DEMO-* PAIDs that show error handling
	// Revision is the revision ChangingPAID starts at; each request for it
	// moves it on by one.
	Revision int
	// EchoToken makes the fake a careless service: every answer echoes
	// the bearer token it was sent in each way TokenEchoes lists, in its
	// headers and in an "echo" member of the advertisement (as values and
	// as member names), and a refused token in its error.
	EchoToken bool
}

// Server is a running fake service.
type Server struct {
	// URL is the base URL, ending in /v1 as the spec's base URLs do.
	URL string

	ln  net.Listener
	srv *http.Server

	mu       sync.Mutex
	opts     Options
	tokens   map[string]bool
	arrivals map[string][]time.Time // per token, within the window
	faults   []Fault
	stats    Stats
	last     http.Header
	demoSeq  map[string]int
	revision int // ChangingPAID's next revision
}

// Stats counts what the fake has answered.
type Stats struct {
	Requests    int // every request, answered or not
	Served      int // 200s
	RateLimited int // 429s from the limit itself (not injected faults)
	Full        int // requests for the full view
}

// Start listens on a loopback port and serves until Close.
func Start(opts Options) (*Server, error) {
	if opts.Addr == "" {
		opts.Addr = "127.0.0.1:0"
	}
	if len(opts.Tokens) == 0 {
		opts.Tokens = []string{DemoToken}
	}
	if opts.Limit <= 0 {
		opts.Limit = api.DefaultLimit
	}
	if opts.Window <= 0 {
		opts.Window = api.DefaultWindow
	}
	ln, err := net.Listen("tcp", opts.Addr)
	if err != nil {
		return nil, fmt.Errorf("fake service: %w", err)
	}
	s := &Server{
		URL:      "http://" + ln.Addr().String() + "/v1",
		ln:       ln,
		opts:     opts,
		tokens:   map[string]bool{},
		arrivals: map[string][]time.Time{},
		demoSeq:  map[string]int{},
		revision: max(0, opts.Revision),
	}
	for _, t := range opts.Tokens {
		s.tokens[t] = true
	}
	s.srv = &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = s.srv.Serve(ln) }()
	return s, nil
}

// Close stops the server and drops its connections.
func (s *Server) Close() error { return s.srv.Close() }

// SetShape changes the response layout for later requests.
func (s *Server) SetShape(sh Shape) { s.mu.Lock(); s.opts.Shape = sh; s.mu.Unlock() }

// SetRateHeaders changes which rate-limit headers later responses carry.
func (s *Server) SetRateHeaders(h HeaderStyle) { s.mu.Lock(); s.opts.RateHeaders = h; s.mu.Unlock() }

// SetLatency changes the delay added to every request.
func (s *Server) SetLatency(d time.Duration) { s.mu.Lock(); s.opts.Latency = d; s.mu.Unlock() }

// Stats returns the counters so far.
func (s *Server) Stats() Stats { s.mu.Lock(); defer s.mu.Unlock(); return s.stats }

// LastHeaders returns the request headers of the latest request.
func (s *Server) LastHeaders() http.Header {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.last.Clone()
}

// Handler serves the fake's endpoints; Start uses it, and tests may mount
// it elsewhere.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /v1/advertisement/{paid}", func(w http.ResponseWriter, r *http.Request) {
		s.serve(w, r, advert.Standard)
	})
	mux.HandleFunc("GET /v1/advertisement-full/{paid}", func(w http.ResponseWriter, r *http.Request) {
		s.serve(w, r, advert.Full)
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "not_found", "no such endpoint: use /v1/advertisement/{PAID} or /v1/advertisement-full/{PAID}")
	})
	return mux
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request, view advert.View) {
	s.mu.Lock()
	s.stats.Requests++
	if view == advert.Full {
		s.stats.Full++
	}
	s.last = r.Header.Clone()
	opts := s.opts
	s.mu.Unlock()

	if !sleep(r, opts.Latency) {
		return
	}
	token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if opts.EchoToken {
		echoHeaders(w.Header(), token)
	}
	if !ok || !s.tokens[token] {
		w.Header().Set("WWW-Authenticate", `Bearer realm="partner"`)
		msg := "missing or invalid bearer token"
		if opts.EchoToken {
			msg += ": " + TokenEchoes(token)[0].Text
		}
		writeError(w, http.StatusUnauthorized, "unauthorized", msg)
		return
	}
	rate, allowed := s.count(token, time.Now())
	writeRateHeaders(w.Header(), opts.RateHeaders, rate)
	if !allowed {
		w.Header().Set("Retry-After", fmt.Sprint(ceilSeconds(rate.reset)))
		writeError(w, http.StatusTooManyRequests, "rate_limited", "rate limit exceeded for this token")
		return
	}
	if f, ok := s.nextFault(); ok {
		if f.apply(w, r) {
			return
		}
	}
	paid := r.PathValue("paid")
	reqID := fmt.Sprintf("fake-%d", s.Stats().Requests)
	body, kept := keptBody(paid, view, opts.Shape)
	if !kept {
		ad, ok := s.lookup(w, r, paid, view, opts.DemoTriggers)
		if !ok {
			return
		}
		if view == advert.Standard {
			ad = standardView(ad)
		}
		body = reshape(ad, opts.Shape, reqID).AppendJSON(nil)
	}
	if opts.EchoToken {
		body = echoBody(body, token)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("X-Request-Id", reqID)
	s.mu.Lock()
	s.stats.Served++
	s.mu.Unlock()
	_, _ = w.Write(body)
}

// lookup finds a sample, answering 404 (or a demo fault) itself when it
// returns false.
func (s *Server) lookup(w http.ResponseWriter, r *http.Request, paid string, view advert.View, demo bool) (advert.Value, bool) {
	if demo && strings.HasPrefix(paid, "DEMO-") {
		return s.demo(w, r, paid, view)
	}
	if paid == ChangingPAID {
		return s.changing(w)
	}
	if paid == SwappedPAID {
		return swapped(), true
	}
	ad, ok := sample(paid)
	if !ok {
		writeError(w, http.StatusNotFound, "not_found", fmt.Sprintf("No advertisement with PAID %s", paid))
		return advert.Value{}, false
	}
	return ad, true
}

// rateState is the limit as it stands after counting one request.
type rateState struct {
	limit, remaining int
	reset, window    time.Duration
}

// count applies the sliding-window limit shared by both endpoints.
func (s *Server) count(token string, now time.Time) (rateState, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	w := s.opts.Window
	log := s.arrivals[token]
	cut := 0
	for cut < len(log) && !log[cut].Add(w).After(now) {
		cut++
	}
	log = log[cut:]
	st := rateState{limit: s.opts.Limit, window: w}
	allowed := len(log) < s.opts.Limit
	if allowed {
		log = append(log, now)
	} else {
		s.stats.RateLimited++
	}
	s.arrivals[token] = log
	st.remaining = s.opts.Limit - len(log)
	if len(log) > 0 {
		st.reset = log[0].Add(w).Sub(now)
	}
	return st, allowed
}

func (s *Server) nextFault() (Fault, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.faults) == 0 {
		return Fault{}, false
	}
	f := s.faults[0]
	s.faults = s.faults[1:]
	return f, true
}

// Inject makes the next n requests (after authentication and the rate
// limit) fail with f.
func (s *Server) Inject(f Fault, n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for range n {
		s.faults = append(s.faults, f)
	}
}

func writeError(w http.ResponseWriter, status int, code, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"error": map[string]string{"code": code, "message": msg}})
}

// sleep waits d, or returns false when the client went away first.
func sleep(r *http.Request, d time.Duration) bool {
	if d <= 0 {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-r.Context().Done():
		return false
	}
}

func ceilSeconds(d time.Duration) int64 {
	return int64(math.Ceil(d.Seconds()))
}
