package fake

import (
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/padview/padview/api/advert"
)

// FaultKind is a way the fake can misbehave, as real servers do.
type FaultKind int

const (
	FaultStatus           FaultKind = iota // a bare status with a JSON error body
	FaultHTML                              // an HTML error page (a proxy's 502, say)
	FaultMalformedJSON                     // 200 with a truncated JSON body
	FaultWrongContentType                  // 200 with the sample, labelled text/plain
	FaultOversized                         // 200 with a body of Size bytes
	FaultRateLimit                         // 429 with Retry-After in seconds
	FaultRateLimitDate                     // 429 with Retry-After as an HTTP date
	FaultRedirect                          // a redirect to Location
	FaultDelay                             // Delay, then the normal answer
)

// Fault is one injected misbehaviour.
type Fault struct {
	Kind       FaultKind
	Status     int
	RetryAfter time.Duration
	Delay      time.Duration
	Size       int
	Location   string
	Message    string
}

// apply answers the request with the fault, or returns false when the
// normal answer should follow (a delay).
func (f Fault) apply(w http.ResponseWriter, r *http.Request) bool {
	switch f.Kind {
	case FaultDelay:
		return !sleep(r, f.Delay)
	case FaultStatus:
		msg := f.Message
		if msg == "" {
			msg = http.StatusText(f.Status)
		}
		if f.RetryAfter > 0 {
			w.Header().Set("Retry-After", fmt.Sprint(ceilSeconds(f.RetryAfter)))
		}
		writeError(w, f.Status, strings.ToLower(strings.ReplaceAll(http.StatusText(f.Status), " ", "_")), msg)
	case FaultHTML:
		status := f.Status
		if status == 0 {
			status = http.StatusBadGateway
		}
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(status)
		fmt.Fprintf(w, "<html><head><title>%d %s</title></head><body><h1>%s</h1><p>upstream unavailable</p></body></html>",
			status, http.StatusText(status), http.StatusText(status))
	case FaultMalformedJSON:
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"paid": "AB12CD", "advertiser": {"companyName": "Riverside`))
	case FaultWrongContentType:
		w.Header().Set("Content-Type", "text/plain")
		ad, _ := sample("AB12CD")
		_, _ = w.Write(ad.AppendJSON(nil))
	case FaultOversized:
		w.Header().Set("Content-Type", "application/json")
		chunk := []byte(`{"padding":"` + strings.Repeat("x", 4096) + `"},`)
		_, _ = w.Write([]byte(`{"paid":"AB12CD","other":[`))
		for n := 0; n < f.Size; n += len(chunk) {
			if _, err := w.Write(chunk); err != nil {
				return true
			}
		}
		_, _ = w.Write([]byte(`{}]}`))
	case FaultRateLimit:
		w.Header().Set("Retry-After", fmt.Sprint(ceilSeconds(f.RetryAfter)))
		writeError(w, http.StatusTooManyRequests, "rate_limited", "slow down")
	case FaultRateLimitDate:
		w.Header().Set("Retry-After", time.Now().Add(f.RetryAfter).UTC().Format(http.TimeFormat))
		writeError(w, http.StatusTooManyRequests, "rate_limited", "slow down")
	case FaultRedirect:
		http.Redirect(w, r, f.Location, http.StatusFound)
	}
	return true
}

// HeaderStyle is which rate-limit headers the fake sends.
type HeaderStyle int

const (
	NoRateHeaders HeaderStyle = iota
	IETFHeaders               // RateLimit: "default";r=…;t=… and RateLimit-Policy
	DraftHeaders              // RateLimit: limit=…, remaining=…, reset=…
	TrioHeaders               // RateLimit-Limit / -Remaining / -Reset
	XHeaders                  // X-RateLimit-Limit / -Remaining / -Reset (epoch seconds)
	// DemoHeaders are what --demo and demo-server send: the IETF fields
	// and X-RateLimit-*, as services often send both, so that the demo's
	// budget is the service's own figure, not padview's estimate (≈).
	DemoHeaders
)

// HeaderStyles lists every style, for tests that try them all.
var HeaderStyles = []HeaderStyle{NoRateHeaders, IETFHeaders, DraftHeaders, TrioHeaders, XHeaders, DemoHeaders}

func (h HeaderStyle) String() string {
	return [...]string{"none", "ietf", "draft", "trio", "x-ratelimit", "demo"}[h]
}

func writeRateHeaders(h http.Header, style HeaderStyle, st rateState) {
	reset := ceilSeconds(st.reset)
	window := max(1, ceilSeconds(st.window))
	switch style {
	case IETFHeaders:
		h.Set("RateLimit-Policy", fmt.Sprintf(`"default";q=%d;w=%d`, st.limit, window))
		h.Set("RateLimit", fmt.Sprintf(`"default";r=%d;t=%d`, st.remaining, reset))
	case DraftHeaders:
		h.Set("RateLimit", fmt.Sprintf("limit=%d, remaining=%d, reset=%d", st.limit, st.remaining, reset))
	case TrioHeaders:
		h.Set("RateLimit-Limit", fmt.Sprint(st.limit))
		h.Set("RateLimit-Remaining", fmt.Sprint(st.remaining))
		h.Set("RateLimit-Reset", fmt.Sprint(reset))
	case XHeaders:
		h.Set("X-RateLimit-Limit", fmt.Sprint(st.limit))
		h.Set("X-RateLimit-Remaining", fmt.Sprint(st.remaining))
		h.Set("X-RateLimit-Reset", fmt.Sprint(time.Now().Add(st.reset).Unix()+1))
	case DemoHeaders:
		writeRateHeaders(h, IETFHeaders, st)
		writeRateHeaders(h, XHeaders, st)
	}
}

// DemoPAIDs are the identifiers that, in demo mode, show how padview
// handles a slow, failing or misbehaving service. SwappedPAID, the last,
// is served in every mode, as the samples are.
var DemoPAIDs = []string{"DEMO-SLOW", "DEMO-429", "DEMO-503", "DEMO-HTML", "DEMO-BADJSON", "DEMO-403", "DEMO-410", SwappedPAID}

// SwappedPAID names an answer for another advertisement: asked for
// SWAP1, the service answers with the first sample labelled AnsweredPAID
// in its own "paid", as a service that mixed two records up would.
const (
	SwappedPAID  = "SWAP1"
	AnsweredPAID = "ZZ9999"
)

// swapped is SwappedPAID's answer.
func swapped() advert.Value {
	ad, _ := sample("AB12CD")
	out := ad.With()
	out.Set("paid", advert.StringValue(AnsweredPAID))
	return out
}

// demo answers the DEMO-* identifiers. The content, when there is any, is
// the first sample's under the asked identifier.
func (s *Server) demo(w http.ResponseWriter, r *http.Request, paid string, view advert.View) (advert.Value, bool) {
	s.mu.Lock()
	s.demoSeq[paid]++
	seq := s.demoSeq[paid]
	s.mu.Unlock()
	var f Fault
	switch paid {
	case "DEMO-SLOW":
		if !sleep(r, 4*time.Second) {
			return advert.Value{}, false
		}
	case "DEMO-429":
		if seq%2 == 1 {
			f = Fault{Kind: FaultRateLimit, RetryAfter: 5 * time.Second}
			f.apply(w, r)
			return advert.Value{}, false
		}
	case "DEMO-503":
		f = Fault{Kind: FaultStatus, Status: http.StatusServiceUnavailable, Message: "maintenance window (demo)"}
		f.apply(w, r)
		return advert.Value{}, false
	case "DEMO-HTML":
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(http.StatusOK)
		fmt.Fprint(w, "<!doctype html><html><body><h1>Welcome to the portal</h1><p>Please sign in.</p></body></html>")
		return advert.Value{}, false
	case "DEMO-BADJSON":
		Fault{Kind: FaultMalformedJSON}.apply(w, r)
		return advert.Value{}, false
	case "DEMO-410":
		writeError(w, http.StatusGone, "gone", "This advertisement was withdrawn (demo)")
		return advert.Value{}, false
	case "DEMO-403":
		if view == advert.Full {
			writeError(w, http.StatusForbidden, "forbidden", "this token may not use the full view (demo)")
			return advert.Value{}, false
		}
	default:
		writeError(w, http.StatusNotFound, "not_found", fmt.Sprintf("No advertisement with PAID %s", paid))
		return advert.Value{}, false
	}
	ad, _ := sample("AB12CD")
	out := ad.With()
	out.Set("paid", advert.StringValue(paid))
	return out, true
}
