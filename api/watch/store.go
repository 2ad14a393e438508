package watch

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	_ "modernc.org/sqlite" // the database/sql driver "sqlite", pure Go

	"github.com/padview/padview/api/statedir"
	"github.com/padview/padview/api/text"
)

// FileName is the database's name in padview's state directory.
const FileName = "watch.db"

// MaxWatches bounds the watchlist: at the default rate of 500 a minute a
// sweep of that many takes over three hours.
const MaxWatches = 100_000

// BusyTimeout is the longest a write waits for another padview process
// (a `watch add` beside a `watch run`) to finish its own.
const BusyTimeout = 5 * time.Second

// maxErrorText bounds the error text an event keeps.
const maxErrorText = 300

// MaxSnapshot bounds the normalized document a snapshot keeps: a larger
// answer (a service sending a new 30 MB document every poll would fill the
// disk) fails as too large for the history.
const MaxSnapshot = 8 << 20

// Store is one watch database, seen from one service: every watch,
// snapshot, event and sweep it reads or writes is that service's. It is
// safe for concurrent use; writes take turns.
type Store struct {
	db        *sql.DB
	dir       *statedir.Dir
	path      string
	service   string
	keyed     sync.Pool // *keyed, each under the database's key
	now       func() time.Time
	migration *Migration
	checked   checkMemo
	dbID      string // the database's id, which its events' UIDs start with

	boundsMu sync.Mutex
	bounds   Bounds
	full     atomic.Bool // at MaxSize with only what it must keep: no new snapshot is stored

	loadStmt, unchangedStmt *sql.Stmt
}

// Open opens the database at path for service (see Service), creating
// it, its directory (0700) and its key file (watch.key beside it) when
// they are missing, with statedir's checks: a symbolic link, another
// user's file or one others may write to is refused, one others may read
// is made private.
func Open(path, service string) (*Store, error) {
	d, err := statedir.At(filepath.Dir(path), true)
	if err != nil {
		return nil, fmt.Errorf("%s%w", errPrefix, err)
	}
	if filepath.Base(path) != FileName {
		return nil, fmt.Errorf("%sthe database is named %s, not %s", errPrefix, FileName, filepath.Base(path))
	}
	return OpenIn(d, service)
}

// OpenIn opens the database FileName in the state directory d for
// service, as Open does.
func OpenIn(d *statedir.Dir, service string) (*Store, error) {
	if service == "" {
		return nil, errors.New(errPrefix + "no service to keep the watches of")
	}
	s := &Store{dir: d, path: d.File(FileName), service: service, now: time.Now, bounds: DefaultBounds}
	if err := s.open(); err != nil {
		if s.db != nil {
			s.db.Close()
		}
		return nil, s.fail("open", err)
	}
	return s, nil
}

// open makes the database's files safe before SQLite opens them (the
// database made 0600 when missing), then opens it.
func (s *Store) open() error {
	for _, name := range sqliteFiles[1:] {
		if err := s.dir.Secure(name); err != nil {
			return err
		}
	}
	var err error
	if _, lerr := os.Lstat(s.path); errors.Is(lerr, fs.ErrNotExist) {
		_, err = s.dir.Prepare(FileName) // SQLite then opens a file made private
	} else {
		err = s.dir.Secure(FileName)
	}
	if err != nil {
		return err
	}
	if s.db, err = sql.Open("sqlite", dsn(s.path)); err != nil {
		return err
	}
	s.db.SetMaxOpenConns(1) // one writer; SQLite serializes them anyway
	return s.init()
}

// sqliteFiles are the database and the files SQLite keeps beside it.
var sqliteFiles = []string{FileName, FileName + "-wal", FileName + "-shm", FileName + "-journal"}

// dsn names the database as a URI, so that any character of the path
// survives, with the settings every connection needs: a bounded wait for
// the write lock, and write transactions that take the lock at once. WAL
// is set by init, after the page size of a new database.
func dsn(path string) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive: file:/C:/…
	}
	u := url.URL{Scheme: "file", OmitHost: true, Path: p}
	return u.String() + "?_pragma=busy_timeout(" + strconv.Itoa(int(BusyTimeout/time.Millisecond)) + ")" +
		"&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(1)" +
		"&_pragma=journal_size_limit(4194304)&_txlock=immediate"
}

// init creates or migrates the schema, sets WAL mode, checks the files
// SQLite made, loads the key and prepares the statements of a poll.
func (s *Store) init() error {
	if err := s.schema(); err != nil {
		return err
	}
	// WAL: readers (watch list, log, the TUI) never wait for the run. It
	// stays set in the file; a checkpoint every 256 pages (4 MiB) keeps the
	// WAL small.
	var mode string
	if err := s.db.QueryRow(`PRAGMA journal_mode = WAL`).Scan(&mode); err != nil || mode != "wal" {
		if err != nil {
			return err
		}
		return fmt.Errorf("it cannot use WAL mode (it is in %q mode)", mode)
	}
	if _, err := s.db.Exec(`PRAGMA wal_autocheckpoint = 256`); err != nil {
		return err
	}
	for _, name := range sqliteFiles[1:] { // SQLite made them with the database's mode; it has them open now
		if err := s.dir.Check(name); err != nil {
			return err
		}
	}
	key, err := s.loadKey()
	if err != nil {
		return err
	}
	s.keyed.New = func() any { return newKeyed(key) }
	if s.dbID, err = s.databaseID(); err != nil {
		return err
	}
	if s.loadStmt, err = s.db.Prepare(`SELECT w.state, w.last_error IS NOT NULL, coalesce(w.snapshot_id, 0),
		coalesce(s.hash, ''), coalesce(s.verdict, ''), coalesce(c.statuses, '')
		FROM watches w LEFT JOIN snapshots s ON s.id = w.snapshot_id LEFT JOIN checks c ON c.id = s.checks_id
		WHERE w.service = ? AND w.paid = ?`); err != nil {
		return err
	}
	s.unchangedStmt, err = s.db.Prepare(`UPDATE watches SET last_polled_at = ?1, last_seen_at = coalesce(?2, last_seen_at),
		last_status = ?3, last_error = NULL, sweep_id = ?4 WHERE service = ?5 AND paid = ?6`)
	return err
}

// schema creates the schema of a new database (one without a table), checks
// the version and the tables of one padview made, and migrates one of an
// older version. A database padview did not make, or one it cannot read
// the version of, is refused before anything is written to it: adopting
// it would add padview's tables to another program's file, or give every
// service's rows to this one (see migrate).
func (s *Store) schema() error {
	var tables int
	if err := s.db.QueryRow(`SELECT count(*) FROM sqlite_master`).Scan(&tables); err != nil {
		return err
	}
	if tables == 0 {
		return s.create()
	}
	var version string
	err := s.db.QueryRow(`SELECT value FROM meta WHERE name = 'schema_version'`).Scan(&version)
	if err != nil && (errors.Is(err, sql.ErrNoRows) || isSQLError(err)) { // no meta table, or not padview's
		return &Error{Err: fmt.Errorf("%s is not a padview watch database: it holds tables but no padview schema_version row (another program's file?); %s",
			s.path, moveAway)}
	}
	if err != nil {
		return err
	}
	n, err := strconv.Atoi(version)
	switch {
	case err != nil:
		return &Error{Err: fmt.Errorf("%s is not a padview watch database, or is damaged: its schema_version is %q, not a whole number; %s",
			s.path, cut(text.CleanText(version), 40), moveAway)}
	case n < 1:
		return &Error{Err: fmt.Errorf("%s is not a padview watch database, or is damaged: its schema_version is %d, which no padview writes; %s",
			s.path, n, moveAway)}
	case n > SchemaVersion:
		return fmt.Errorf("%s was made by a newer padview (schema %d, this one knows %d): upgrade padview", s.path, n, SchemaVersion)
	}
	// Schemas 1 to 3 have the same tables, so one check serves the
	// migration too.
	if err := s.checkTables(); err != nil {
		return err
	}
	if n < SchemaVersion {
		s.migration, err = s.migrate(context.Background(), n)
	}
	return err
}

// moveAway is what to do with a database padview refuses to adopt.
const moveAway = "move it away (with its -wal and -shm files) to start a new history, or set " + statedir.Env + " to keep padview's state in another directory"

// create makes the schema of a new database, in one transaction, so
// that a database is padview's whole (its tables and its meta rows) or
// not at all: one left half made would be refused as another program's.
func (s *Store) create() error {
	// 16 KiB pages hold seven snapshots of 2 KiB, where 4 KiB pages would
	// hold one and waste the rest; both pragmas work only outside a
	// transaction, and before the first table.
	for _, q := range []string{`PRAGMA page_size = 16384`, `PRAGMA journal_mode = WAL`} {
		if _, err := s.db.Exec(q); err != nil {
			return err
		}
	}
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.Exec(Schema); err != nil {
		return err
	}
	if _, err := tx.Exec(`INSERT OR IGNORE INTO meta(name, value) VALUES ('schema_version', ?), ('database_id', ?)`,
		strconv.Itoa(SchemaVersion), newDatabaseID()); err != nil {
		return err
	}
	return tx.Commit()
}

// schemaTables are the tables Schema creates, read from it: a database
// of this schema without one of them is damaged.
var schemaTables = func() []string {
	var out []string
	for _, m := range regexp.MustCompile(`CREATE TABLE IF NOT EXISTS (\w+)`).FindAllStringSubmatch(Schema, -1) {
		out = append(out, m[1])
	}
	return out
}()

// checkTables refuses a database that lacks one of Schema's tables, in
// words rather than SQLite's "no such table".
func (s *Store) checkTables() error {
	rows, err := s.db.Query(`SELECT name FROM sqlite_master WHERE type = 'table'`)
	if err != nil {
		return err
	}
	defer rows.Close()
	have := map[string]bool{}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return err
		}
		have[name] = true
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for _, t := range schemaTables {
		if !have[t] {
			return &Error{Err: fmt.Errorf("%s has no %s table: it is damaged, or another program changed it; restore it from a backup, or %s",
				s.path, t, moveAway)}
		}
	}
	return nil
}

// newDatabaseID is a database's random id, which the ids of its events
// start with (see Event.UID): a new database's events never share an
// id with those of one moved away.
func newDatabaseID() string {
	var b [8]byte
	_, _ = rand.Read(b[:]) // crypto/rand never fails on the systems Go supports
	return hex.EncodeToString(b[:])
}

// cut shortens s to n runes, with an ellipsis.
func cut(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}

// Migrated says what opening the database changed in its layout; nil
// when nothing did.
func (s *Store) Migrated() *Migration { return s.migration }

// loadKey reads the key file, or creates it for a database that has no
// key yet; a key that is not the database's is refused.
func (s *Store) loadKey() ([]byte, error) {
	var want string
	err := s.db.QueryRow(`SELECT value FROM meta WHERE name = 'key_check'`).Scan(&want)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	path := s.dir.File(KeyFile)
	key, missing, err := readKey(s.dir)
	switch {
	case err != nil:
		return nil, err
	case missing && want != "":
		return nil, fmt.Errorf("its key file %s is missing, so its personal data can no longer be compared: restore the file, or move %s away to start a new history", path, s.path)
	case missing:
		if key, err = createKey(s.dir); err != nil {
			return nil, err
		}
	}
	got := keyCheck(key)
	if want != "" && want != got {
		return nil, fmt.Errorf("its key file %s is not the one it was made with: restore that file, or move %s away to start a new history", path, s.path)
	}
	if want == "" {
		_, err = s.db.Exec(`INSERT INTO meta(name, value) VALUES ('key_check', ?)`, got)
	}
	return key, err
}

// databaseID reads the database's id, made when it is missing (a
// database made before schema 3 gets one when migrated).
func (s *Store) databaseID() (string, error) {
	var id string
	err := s.db.QueryRow(`SELECT value FROM meta WHERE name = 'database_id'`).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		if _, err := s.db.Exec(`INSERT OR IGNORE INTO meta(name, value) VALUES ('database_id', ?)`, newDatabaseID()); err != nil {
			return "", err
		}
		err = s.db.QueryRow(`SELECT value FROM meta WHERE name = 'database_id'`).Scan(&id)
	}
	return id, err
}

// Close closes the database.
func (s *Store) Close() error {
	for _, st := range []*sql.Stmt{s.loadStmt, s.unchangedStmt} {
		if st != nil {
			st.Close()
		}
	}
	return s.db.Close()
}

// Path is the database file.
func (s *Store) Path() string { return s.path }

// Service is the service whose watches the Store reads and writes.
func (s *Store) Service() string { return s.service }

// errorText is a failure as the history keeps it: cleaned, personal data
// in it masked (a service's message may quote anything), and cut short.
func errorText(err error) string {
	if err == nil {
		return ""
	}
	return errorTextOf(err.Error())
}

// errorTextOf is errorText of a failure's text.
func errorTextOf(s string) string {
	return cut(text.MaskText(text.CleanText(s)), maxErrorText)
}

func nullID(id int64) sql.NullInt64 { return sql.NullInt64{Int64: id, Valid: id != 0} }

func nullString(s string) sql.NullString { return sql.NullString{String: s, Valid: s != ""} }
