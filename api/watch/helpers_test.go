package watch

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/api/fake/faketest"
)

// testService is the service the tests' databases keep their watches for.
const testService = "api.partner.example/v1"

// openTest opens a fresh database in a private directory of its own.
func openTest(t testing.TB) *Store {
	t.Helper()
	s, err := Open(filepath.Join(t.TempDir(), "state", FileName), testService)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func startFake(t testing.TB, opts fake.Options) *fake.Server {
	t.Helper()
	srv, err := fake.Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	return srv
}

// fetcher gets one view from the fake over loopback, without retries, so
// that an injected failure is one failed poll.
func fetcher(t testing.TB, srv *fake.Server, view advert.View) func(context.Context, string) (*advert.Document, error) {
	t.Helper()
	return faketest.Fetcher(t, srv.URL, view, api.Options{MaxRetries: -1})
}

// sweep runs one sweep with one worker, so that events come in watchlist
// order, and returns them.
func sweep(t testing.TB, s *Store, fetch func(context.Context, string) (*advert.Document, error)) ([]Event, Summary) {
	t.Helper()
	var evs []Event
	p := &Poller{Store: s, Fetch: fetch, Workers: 1, Emit: func(e []Event) { evs = append(evs, e...) }}
	sum, err := p.Sweep(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return evs, sum
}

func kinds(evs []Event) map[string]Kind {
	out := map[string]Kind{}
	for _, e := range evs {
		out[e.PAID] = e.Kind
	}
	return out
}

func paths(cs []Change) map[string]Change {
	out := map[string]Change{}
	for _, c := range cs {
		out[c.Path] = c
	}
	return out
}

// stateFiles are the database's files on disk.
func stateFiles(s *Store) []string {
	var out []string
	for _, name := range sqliteFiles {
		out = append(out, s.dir.File(name))
	}
	return out
}
