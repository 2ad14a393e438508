package watch

import (
	"context"
	"database/sql"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/fake"
)

func TestServiceNamesTheBaseURLsHostAndPath(t *testing.T) {
	for in, want := range map[string]string{
		"https://api.partner.example/v1":               "api.partner.example/v1",
		"https://API.Partner.example:443/v1/":          "api.partner.example/v1",
		"https://user:secret@api.partner.example/v1":   "api.partner.example/v1",
		"https://api.partner.example:8443/v1?x=1#frag": "api.partner.example:8443/v1",
		"http://127.0.0.1:8080/v1":                     "127.0.0.1:8080/v1",
		"http://127.0.0.1:80/v1":                       "127.0.0.1/v1",
		"http://[::1]:9000/partner/v2":                 "[::1]:9000/partner/v2",
		"http://[::1]/v1":                              "[::1]/v1",
	} {
		if got, err := Service(in); err != nil || got != want {
			t.Errorf("%s: %q %v, want %q", in, got, err, want)
		}
		if got, _ := Service(in); strings.Contains(got, "secret") || strings.Contains(got, "user") {
			t.Errorf("%s: the service keeps user information: %q", in, got)
		}
	}
	if _, err := Service("no host"); err == nil {
		t.Error("a base URL without a host named a service")
	}
}

// TestServicesKeepTheirOwnWatches: two services in one file, as two
// profiles leave it: neither sees the other's watchlist, snapshots,
// events or sweeps, and the same PAID on each has a history of its own,
// so that polling one never reads as a change of the other.
func TestServicesKeepTheirOwnWatches(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state", FileName)
	a, err := Open(path, "a.example/v1")
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := Open(path, "b.example/v1")
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	a.Add([]string{"AB12CD", "TN2026"})
	b.Add([]string{"AB12CD"})

	sweepBoth(t, a, b)
	for _, tc := range []struct {
		s               *Store
		watches, events int
	}{{a, 2, 2}, {b, 1, 3}} { // a: first ×2; b: first, changed, vanished
		ws, _ := tc.s.Watches()
		evs, _ := tc.s.Events(context.Background(), Query{})
		if len(ws) != tc.watches || len(evs) != tc.events {
			t.Errorf("%s: %d watches, %d events", tc.s.Service(), len(ws), len(evs))
		}
		for _, e := range evs {
			if e.Service != tc.s.Service() {
				t.Errorf("%s lists an event of %s", tc.s.Service(), e.Service)
			}
		}
		if n, _ := tc.s.Sweeps(); n != 3 {
			t.Errorf("%s: %d sweeps", tc.s.Service(), n)
		}
	}
	if snaps, _ := a.Snapshots("AB12CD"); len(snaps) != 1 {
		t.Errorf("a's AB12CD has %d snapshots", len(snaps))
	}
	if others, _ := a.Elsewhere(); len(others) != 1 || others["b.example/v1"] != 1 {
		t.Errorf("elsewhere: %v", others)
	}
	// Removing on one leaves the other's.
	if removed, _ := b.Remove([]string{"AB12CD"}); len(removed) != 1 {
		t.Fatal(removed)
	}
	if _, ok, _ := a.Watch("AB12CD"); !ok {
		t.Error("removing b's watch removed a's")
	}
}

// sweepBoth sweeps a's watchlist and b's in turn, three times: a's
// answers stay the same, b's AB12CD is another advertisement under the
// same PAID (REV2026's: first, changed, vanished).
func sweepBoth(t *testing.T, a, b *Store) {
	steady, changing := startFake(t, fake.Options{}), startFake(t, fake.Options{})
	other := fetcher(t, changing, advert.Standard)
	asRev := func(ctx context.Context, paid string) (*advert.Document, error) {
		d, err := other(ctx, fake.ChangingPAID)
		if d != nil {
			d.PAID = paid
		}
		return d, err
	}
	for round := range 3 {
		evs, sum := sweep(t, a, fetcher(t, steady, advert.Standard))
		if sum.Polled != 2 || (round > 0 && kinds(evs)["AB12CD"] != Unchanged) {
			t.Fatalf("a, sweep %d: %+v %v", round+1, sum, kinds(evs))
		}
		evs, sum = sweep(t, b, asRev)
		if sum.Polled != 1 || (round == 0) != (evs[0].Kind == First) {
			t.Fatalf("b, sweep %d: %+v %v", round+1, sum, kinds(evs))
		}
	}
}

// schemaV1 is the layout padview kept before services (schema 1).
const schemaV1 = `
CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE watches (
  paid TEXT PRIMARY KEY, added_at TEXT NOT NULL, state TEXT NOT NULL DEFAULT 'new', last_polled_at TEXT,
  last_status INTEGER, last_error TEXT, last_seen_at TEXT, last_change_at TEXT,
  snapshot_id INTEGER REFERENCES snapshots(id), sweep_id INTEGER NOT NULL DEFAULT 0);
CREATE TABLE snapshots (
  id INTEGER PRIMARY KEY, paid TEXT NOT NULL, taken_at TEXT NOT NULL, hash TEXT NOT NULL, document TEXT NOT NULL,
  verdict TEXT NOT NULL, checks_id INTEGER NOT NULL REFERENCES checks(id));
CREATE INDEX snapshots_by_paid ON snapshots(paid, id);
CREATE TABLE checks (id INTEGER PRIMARY KEY, statuses TEXT NOT NULL UNIQUE);
CREATE VIEW snapshot_checks AS
  SELECT s.id AS snapshot_id, s.paid, s.taken_at, r.key AS rule, r.value AS status
  FROM snapshots s JOIN checks c ON c.id = s.checks_id, json_each(c.statuses) r;
CREATE TABLE events (
  id INTEGER PRIMARY KEY, paid TEXT NOT NULL, at TEXT NOT NULL, event TEXT NOT NULL,
  before_id INTEGER REFERENCES snapshots(id), after_id INTEGER REFERENCES snapshots(id),
  status INTEGER, error TEXT, changes TEXT NOT NULL DEFAULT '[]');
CREATE INDEX events_by_time ON events(at);
CREATE INDEX events_by_paid ON events(paid, at);
CREATE TABLE sweeps (id INTEGER PRIMARY KEY, started_at TEXT NOT NULL, finished_at TEXT);
INSERT INTO meta VALUES ('schema_version', '1');
INSERT INTO checks VALUES (1, '{"payer":"present"}');
INSERT INTO snapshots VALUES (1, 'TN2026', '2026-11-01T09:00:00.000Z', 'h1', '{"paid":"TN2026","view":"standard"}', 'complete', 1);
INSERT INTO snapshots VALUES (2, 'TN2026', '2026-11-02T09:00:00.000Z', 'h2', '{"paid":"TN2026","view":"standard"}', 'incomplete', 1);
INSERT INTO watches VALUES ('ZZ7Q1A', '2026-11-01T08:00:00.000Z', 'new', NULL, NULL, NULL, NULL, NULL, NULL, 0);
INSERT INTO watches VALUES ('TN2026', '2026-11-01T08:00:01.000Z', 'found', '2026-11-02T09:00:00.000Z', 200, NULL,
  '2026-11-02T09:00:00.000Z', '2026-11-02T09:00:00.000Z', 2, 2);
INSERT INTO events VALUES (1, 'TN2026', '2026-11-01T09:00:00.000Z', 'first', NULL, 1, NULL, NULL, '[]');
INSERT INTO events VALUES (2, 'TN2026', '2026-11-02T09:00:00.000Z', 'changed', 1, 2, NULL, NULL,
  '[{"path":"/transparency/verdict","before":"complete","after":"incomplete"},{"path":"/basicInformation/description","personal":true}]');
INSERT INTO sweeps VALUES (1, '2026-11-01T09:00:00.000Z', '2026-11-01T09:00:01.000Z');
INSERT INTO sweeps VALUES (2, '2026-11-02T09:00:00.000Z', NULL);
`

// TestASchema1DatabaseIsMigrated: what a database of schema 1 held goes
// to the service that opens it first, whole (the watchlist in its order,
// snapshots, events with their changes, an unfinished sweep), and a
// service opening it later finds an empty watchlist of its own.
func TestASchema1DatabaseIsMigrated(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state", FileName)
	s, err := Open(path, "old.example/v1") // made by this padview, then put back to schema 1
	if err != nil {
		t.Fatal(err)
	}
	key, _, _ := readKey(s.dir)
	s.Close()
	db, err := sql.Open("sqlite", dsn(path))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`DROP VIEW snapshot_checks; DROP TABLE events; DROP TABLE watches; DROP TABLE snapshots; DROP TABLE checks; DROP TABLE sweeps; DROP TABLE meta;` + schemaV1); err != nil {
		t.Fatal(err)
	}
	db.Exec(`INSERT INTO meta VALUES ('key_check', ?)`, keyCheck(key))
	db.Close()

	s, err = Open(path, "api.partner.example/v1")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if m := s.Migrated(); m == nil || m.From != 1 || m.Watches != 2 || m.Service != "api.partner.example/v1" {
		t.Fatalf("migration: %+v", m)
	}
	ws, _ := s.Watches()
	if len(ws) != 2 || ws[0].PAID != "ZZ7Q1A" || ws[1].PAID != "TN2026" || ws[1].Verdict != "incomplete" || ws[1].State != StateFound {
		t.Errorf("the watchlist: %+v", ws)
	}
	evs, err := s.Events(context.Background(), Query{})
	if err != nil || len(evs) != 2 || evs[0].Kind != Changed || evs[0].Verdict != (Verdict{Before: "complete", After: "incomplete"}) {
		t.Fatalf("the events: %+v %v", evs, err)
	}
	if c := evs[0].Changes[1]; !c.Personal || c.Mark() != "~" || c.Before.IsPresent() {
		t.Errorf("a personal change stored by schema 1: %+v", c)
	}
	if sw, ok, _ := s.Unfinished(); !ok || sw.ID != 2 || !slices.Equal(sw.Left, []string{"ZZ7Q1A"}) {
		t.Errorf("the unfinished sweep: %+v %v", sw, ok)
	}
	var version string
	s.db.QueryRow(`SELECT value FROM meta WHERE name = 'schema_version'`).Scan(&version)
	if version != "3" {
		t.Errorf("schema %s", version)
	}
	if n, _ := s.CountUndelivered(); n != 0 {
		t.Errorf("%d events of schema 1 to deliver again", n)
	}
	var broken int
	s.db.QueryRow(`SELECT count(*) FROM pragma_foreign_key_check`).Scan(&broken)
	if broken != 0 {
		t.Errorf("%d broken references", broken)
	}

	other, err := Open(path, "b.example/v1")
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if n, _ := other.Count(); n != 0 || other.Migrated() != nil {
		t.Errorf("another service: %d watches, migration %+v", n, other.Migrated())
	}
}
