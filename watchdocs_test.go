package main

import (
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/padview/padview/api/watch"
)

// The watch history's documentation against the database padview makes:
// docs/watch.md shows its schema whole, the README names its tables.

// TestWatchDocsShowTheSchema: docs/watch.md shows the schema padview
// creates, whole, so that people query what is there.
func TestWatchDocsShowTheSchema(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("docs", "watch.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "```sql\n"+strings.TrimSpace(watch.Schema)+"\n```") {
		t.Error("docs/watch.md does not show watch.Schema as it is: copy it into its sql block")
	}
}

// TestREADMEWatchSchemaIsTheDatabases: the README's short schema names
// the tables padview makes, and only columns they have.
func TestREADMEWatchSchemaIsTheDatabases(t *testing.T) {
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(b), "| Table | A row is | Its columns |\n|---|---|---|\n")
	if !ok {
		t.Fatal("the README's Watch section has no schema table")
	}
	table, _, _ = strings.Cut(table, "\n\n")
	db := newWatchDatabase(t)
	columns := func(table string) map[string]bool {
		return sqlNames(t, db, `SELECT name FROM pragma_table_info(?)`, table)
	}
	named := map[string]bool{}
	for _, row := range strings.Split(table, "\n") {
		cells := strings.Split(row, "|")
		name := strings.Trim(strings.TrimSpace(cells[1]), "`")
		named[name] = true
		have := columns(name)
		for _, cell := range cells[2:] {
			parts := strings.Split(cell, "`")
			for i := 1; i < len(parts); i += 2 {
				if !have[parts[i]] {
					t.Errorf("the README names %s.%s, which the database does not have", name, parts[i])
				}
			}
		}
	}
	for name := range sqlNames(t, db, `SELECT name FROM sqlite_master WHERE type = 'table' AND name != 'meta'`) {
		if !named[name] {
			t.Errorf("the README's schema leaves out the table %s", name)
		}
	}
}

// newWatchDatabase is a new watch database, as padview makes it, opened
// read-only with database/sql as a user's tool would.
func newWatchDatabase(t *testing.T) *sql.DB {
	path := filepath.Join(t.TempDir(), "state", watch.FileName)
	s, err := watch.Open(path, "api.partner.example/v1")
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// sqlNames is the set of the one text column a query returns.
func sqlNames(t *testing.T, db *sql.DB, query string, args ...any) map[string]bool {
	rows, err := db.Query(query, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var c string
		rows.Scan(&c)
		out[c] = true
	}
	return out
}
