package watch

import (
	"bytes"
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/fake"
)

// TestAForeignOrOddDatabaseIsRefused: a database padview did not make (no
// meta row of padview's, another program's tables), one whose
// schema_version is not a whole number, and one that lacks a table are
// refused with a sentence that names the file and what to do, and
// nothing is written to them: no table added, no row given to a service.
func TestAForeignOrOddDatabaseIsRefused(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup string // SQL run on a database padview made (padview), or on a new file
		ours  bool
		says  []string
	}{
		{"another program's", `CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes(body) VALUES ('groceries')`, false,
			[]string{"is not a padview watch database: it holds tables but no padview schema_version row", "move it away"}},
		{"a meta table of its own", `CREATE TABLE meta (name TEXT, value TEXT); INSERT INTO meta VALUES ('owner', 'another program')`, false,
			[]string{"is not a padview watch database", "move it away"}},
		{"a meta table of another shape", `CREATE TABLE meta (k TEXT, v TEXT)`, false,
			[]string{"is not a padview watch database", "move it away"}},
		{"schema_version words", `UPDATE meta SET value = 'two' WHERE name = 'schema_version'`, true,
			[]string{`its schema_version is "two", not a whole number`, "move it away (with its -wal and -shm files) to start a new history, or set PADVIEW_STATE_DIR"}},
		{"schema_version a fraction", `UPDATE meta SET value = '2.5' WHERE name = 'schema_version'`, true,
			[]string{`its schema_version is "2.5", not a whole number`}},
		{"schema_version empty", `UPDATE meta SET value = '' WHERE name = 'schema_version'`, true,
			[]string{`its schema_version is "", not a whole number`}},
		{"schema_version 0", `UPDATE meta SET value = '0' WHERE name = 'schema_version'`, true,
			[]string{`its schema_version is 0, which no padview writes`}},
		{"no schema_version row", `DELETE FROM meta WHERE name = 'schema_version'`, true,
			[]string{"no padview schema_version row"}},
		{"no events table", `DROP TABLE events`, true,
			[]string{"has no events table: it is damaged, or another program changed it; restore it from a backup, or move it away"}},
		{"schema 2 without its sweeps", `DROP TABLE sweeps; UPDATE meta SET value = '2' WHERE name = 'schema_version'`, true,
			[]string{"has no sweeps table"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			state := filepath.Join(t.TempDir(), "state")
			path := filepath.Join(state, FileName)
			if tc.ours {
				s, err := Open(path, testService)
				if err != nil {
					t.Fatal(err)
				}
				s.Add([]string{"AB12CD"})
				s.Close()
			} else {
				os.Mkdir(state, 0o700)
			}
			db, err := sql.Open("sqlite", "file:"+path)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := db.Exec(tc.setup); err != nil {
				t.Fatal(err)
			}
			if tc.ours {
				db.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`)
			}
			db.Close()
			before, _ := os.ReadFile(path)

			s, err := Open(path, "other.example/v1")
			if err == nil {
				s.Close()
				t.Fatal("adopted")
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, "watch database: "+path+" ") {
				t.Errorf("the refusal does not start with the file: %s", msg)
			}
			for _, want := range tc.says {
				if !strings.Contains(msg, want) {
					t.Errorf("the refusal does not say %q: %s", want, msg)
				}
			}
			if strings.Contains(msg, "no such") || strings.Contains(msg, "SQL logic") {
				t.Errorf("in SQLite's words: %s", msg)
			}
			if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
				t.Error("the refused database was written to")
			}
			if _, err := os.Stat(path + "-wal"); err == nil && !tc.ours {
				if b, _ := os.ReadFile(path + "-wal"); len(b) > 0 {
					t.Error("the refused database has a WAL")
				}
			}
		})
	}
}

// TestAnEmptyFileIsMadeADatabase: a database file of no bytes (made and
// left by a padview that was stopped at once) is made padview's whole.
func TestAnEmptyFileIsMadeADatabase(t *testing.T) {
	state := filepath.Join(t.TempDir(), "state")
	os.Mkdir(state, 0o700)
	path := filepath.Join(state, FileName)
	os.WriteFile(path, nil, 0o600)
	s, err := Open(path, testService)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if n, err := s.Count(); n != 0 || err != nil {
		t.Errorf("%d %v", n, err)
	}
}

// TestASchema2DatabaseIsMigrated: a database of schema 2 gains the
// delivery of events; every event it held counts as delivered (the
// padview that stored it printed it, or lost it, and none is delivered
// twice after an upgrade), its history and watchlist are as they were,
// and its new events have UIDs.
func TestASchema2DatabaseIsMigrated(t *testing.T) {
	srv := startFake(t, fake.Options{})
	s := openTest(t)
	s.Add([]string{fake.ChangingPAID, "AB12CD"})
	std := fetcher(t, srv, advert.Standard)
	sweep(t, s, std)
	sweep(t, s, std)
	path := s.Path()
	s.Close()
	db, err := sql.Open("sqlite", dsn(path))
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`DROP INDEX events_undelivered`,
		`ALTER TABLE events DROP COLUMN delivered_at`,
		`ALTER TABLE events DROP COLUMN alert_error`,
		`DELETE FROM meta WHERE name = 'database_id'`,
		`UPDATE meta SET value = '2' WHERE name = 'schema_version'`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	db.Close()

	s, err = Open(path, testService)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if m := s.Migrated(); m == nil || m.From != 2 {
		t.Errorf("migration %+v", m)
	}
	var version, id string
	s.db.QueryRow(`SELECT value FROM meta WHERE name = 'schema_version'`).Scan(&version)
	s.db.QueryRow(`SELECT value FROM meta WHERE name = 'database_id'`).Scan(&id)
	if version != "3" || len(id) != 16 {
		t.Errorf("schema %q, database id %q", version, id)
	}
	if n, _ := s.CountUndelivered(); n != 0 {
		t.Errorf("%d events of schema 2 to deliver again", n)
	}
	evs, err := s.Events(context.Background(), Query{})
	if err != nil || len(evs) != 3 || evs[0].Kind != Changed || evs[0].UID != id+"-3" {
		t.Fatalf("the history: %+v %v", evs, err)
	}
	evs, _ = sweep(t, s, std)
	if n, _ := s.CountUndelivered(); n != 1 || kinds(evs)[fake.ChangingPAID] != Vanished {
		t.Errorf("a new event: %d undelivered, %v", n, kinds(evs))
	}
	var cols string
	s.db.QueryRow(`SELECT group_concat(name, ' ') FROM pragma_table_info('events')`).Scan(&cols)
	if !strings.HasSuffix(cols, "changes delivered_at alert_error") {
		t.Errorf("events has %s", cols)
	}
}
