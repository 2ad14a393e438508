package watch

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/fake/faketest"
)

// hostile is a fake service whose answers a test writes: each poll of a
// PAID gets doc(paid, n), n counting that PAID's polls from 1. It stands
// for a service that changes a timestamp every poll, grows a member
// without end, or sends megabytes in one member.
type hostile struct {
	*httptest.Server
	mu    sync.Mutex
	polls map[string]int
	doc   func(paid string, n int) string
}

func startHostile(t testing.TB, doc func(paid string, n int) string) *hostile {
	t.Helper()
	h := &hostile{polls: map[string]int{}, doc: doc}
	h.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		paid := r.URL.Path[strings.LastIndexByte(r.URL.Path, '/')+1:]
		h.mu.Lock()
		h.polls[paid]++
		n := h.polls[paid]
		h.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, h.doc(paid, n))
	}))
	t.Cleanup(h.Close)
	return h
}

// fetch gets an answer of the hostile service as `watch run` does.
func (h *hostile) fetch(t testing.TB) func(context.Context, string) (*advert.Document, error) {
	t.Helper()
	return faketest.Fetcher(t, h.URL+"/v1", advert.Standard, api.Options{MaxRetries: -1})
}

// adDoc is an advertisement's answer with extra members in
// legalAndMetadata (each "name": value, the value as JSON).
func adDoc(paid string, extra ...string) string {
	meta := `"noticeVersion":"1.2","legalBasis":"Regulation (EU) 2024/900, Article 11"`
	for _, e := range extra {
		meta += "," + e
	}
	return `{"paid":"` + paid + `","basicInformation":{"title":"Clean Rivers Now","adFormat":"video","language":"en"},` +
		`"advertiser":{"companyName":"Riverside Civic Alliance","country":"GB"},` +
		`"campaign":{"name":"Clean Rivers Referendum 2026","totalValue":{"amount":48250.00,"currency":"EUR"}},` +
		`"legalAndMetadata":{` + meta + `}}`
}

// volatile is a timestamp that moves each poll, as a service that stamps
// its answers does.
func volatile(n int) string {
	return fmt.Sprintf(`"lastUpdated":"%s"`, time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC).Add(time.Duration(n)*time.Second).Format(time.RFC3339))
}

// sweepDelivered is sweep, its events marked delivered as `watch run`
// marks those it printed.
func sweepDelivered(t testing.TB, s *Store, fetch func(context.Context, string) (*advert.Document, error)) []Event {
	t.Helper()
	evs, _ := sweep(t, s, fetch)
	var ds []Delivery
	for _, e := range evs {
		if e.ID != 0 {
			ds = append(ds, Delivery{ID: e.ID})
		}
	}
	if err := s.MarkDelivered(ds); err != nil {
		t.Fatal(err)
	}
	return evs
}

func countRows(t testing.TB, s *Store, table, where string, args ...any) int {
	t.Helper()
	var n int
	if err := s.db.QueryRow(`SELECT count(*) FROM `+table+` WHERE `+where, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
