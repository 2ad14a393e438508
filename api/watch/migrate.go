package watch

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
)

// Migration says what opening the database changed in its layout. A
// database of schema 1 (which kept one watchlist for every service) was
// moved to this schema, and everything it held now belongs to Service,
// the service of the padview that opened it first. One of schema 2 only
// gained the delivery of events (see Store.Undelivered): every event it
// held counts as delivered.
type Migration struct {
	From    int
	Service string
	Watches int // the watches it held
}

// migrate brings a database of an older schema to this one, in one
// transaction: another padview opening it at the same time waits, then
// finds it done. Schema 1 had no service: its rows are given to the
// service of this Store, and a table that needs a new key is made anew
// and filled from the old one (SQLite cannot change a primary key in
// place). Schema 2 had no delivery marker: its events were printed, or
// lost, by the padview that stored them, and none is delivered again.
func (s *Store) migrate(ctx context.Context, from int) (*Migration, error) {
	conn, err := s.db.Conn(ctx) // the pragmas below hold for this connection alone
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	// Outside the transaction (SQLite ignores them inside one): no
	// foreign key checks while tables are swapped, and renames that leave
	// the other tables' references alone.
	if _, err := conn.ExecContext(ctx, `PRAGMA foreign_keys = OFF; PRAGMA legacy_alter_table = ON`); err != nil {
		return nil, err
	}
	defer conn.ExecContext(context.WithoutCancel(ctx), `PRAGMA legacy_alter_table = OFF; PRAGMA foreign_keys = ON`)
	tx, err := conn.BeginTx(ctx, nil) // _txlock=immediate: the write lock at once
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	var version string
	if err := tx.QueryRowContext(ctx, `SELECT value FROM meta WHERE name = 'schema_version'`).Scan(&version); err != nil {
		return nil, err
	}
	if v, _ := strconv.Atoi(version); v != from {
		return nil, tx.Commit() // another padview migrated it while this one waited
	}
	m := &Migration{From: from, Service: s.service}
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM watches`).Scan(&m.Watches); err != nil {
		return nil, err
	}
	step := migrate2
	if from == 1 {
		step = migrate1
	}
	if err := step(ctx, tx, s.service); err != nil {
		return nil, fmt.Errorf("moving it from schema %d to %d: %w", from, SchemaVersion, err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE events SET delivered_at = at WHERE delivered_at IS NULL`); err != nil {
		return nil, err
	}
	if _, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO meta(name, value) VALUES ('database_id', ?)`, newDatabaseID()); err != nil {
		return nil, err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE meta SET value = ? WHERE name = 'schema_version'`, strconv.Itoa(SchemaVersion)); err != nil {
		return nil, err
	}
	var broken int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM pragma_foreign_key_check`).Scan(&broken); err != nil || broken > 0 {
		return nil, fmt.Errorf("moving it from schema %d to %d left %d broken references (%v): it is left as it was", from, SchemaVersion, broken, err)
	}
	return m, tx.Commit()
}

// migrate1 moves a database of schema 1 to this schema: each table that
// gains the service column is renamed, made anew by Schema, filled from
// the old one with service, and the old one dropped. Row ids are kept, so
// that every reference still holds, and so is the watchlist's order.
func migrate1(ctx context.Context, tx *sql.Tx, service string) error {
	steps := []string{
		`DROP VIEW IF EXISTS snapshot_checks`,
		`DROP INDEX IF EXISTS snapshots_by_paid`,
		`DROP INDEX IF EXISTS events_by_time`,
		`DROP INDEX IF EXISTS events_by_paid`,
		`ALTER TABLE watches RENAME TO watches_v1`,
		`ALTER TABLE snapshots RENAME TO snapshots_v1`,
		`ALTER TABLE events RENAME TO events_v1`,
		`ALTER TABLE sweeps RENAME TO sweeps_v1`,
		Schema,
		`INSERT INTO watches(rowid, service, paid, added_at, state, last_polled_at, last_status, last_error, last_seen_at,
			last_change_at, snapshot_id, sweep_id)
		 SELECT rowid, ?1, paid, added_at, state, last_polled_at, last_status, last_error, last_seen_at,
			last_change_at, snapshot_id, sweep_id FROM watches_v1`,
		`INSERT INTO snapshots(id, service, paid, taken_at, hash, document, verdict, checks_id)
		 SELECT id, ?1, paid, taken_at, hash, document, verdict, checks_id FROM snapshots_v1`,
		`INSERT INTO events(id, service, paid, at, event, before_id, after_id, status, error, changes)
		 SELECT id, ?1, paid, at, event, before_id, after_id, status, error, changes FROM events_v1`,
		`INSERT INTO sweeps(id, service, started_at, finished_at) SELECT id, ?1, started_at, finished_at FROM sweeps_v1`,
		`DROP TABLE watches_v1`,
		`DROP TABLE events_v1`,
		`DROP TABLE snapshots_v1`,
		`DROP TABLE sweeps_v1`,
	}
	for _, q := range steps {
		var err error
		if !strings.Contains(q, "?1") {
			_, err = tx.ExecContext(ctx, q)
		} else {
			_, err = tx.ExecContext(ctx, q, service)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// migrate2 moves a database of schema 2 to schema 3: events gain their
// delivery, as the last columns, where Schema has them; Schema then adds
// the index of those not delivered.
func migrate2(ctx context.Context, tx *sql.Tx, _ string) error {
	for _, q := range []string{
		`ALTER TABLE events ADD COLUMN delivered_at TEXT`,
		`ALTER TABLE events ADD COLUMN alert_error TEXT`,
		Schema,
	} {
		if _, err := tx.ExecContext(ctx, q); err != nil {
			return err
		}
	}
	return nil
}
