package watch

import (
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	_ "modernc.org/sqlite" // the database/sql driver "sqlite", pure Go

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
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

// Store is one watch database. It is safe for concurrent use; writes take
// turns.
type Store struct {
	db    *sql.DB
	path  string
	keyed sync.Pool // *keyed, each under the database's key
	now   func() time.Time

	loadStmt, unchangedStmt *sql.Stmt
}

// Open opens the database at path, creating it, its directory (0700) and
// its key file (watch.key beside it) when they are missing. Every file is
// checked first: a symbolic link, another user's file or one open to
// others is refused, never followed or used.
func Open(path string) (*Store, error) {
	if err := prepareDir(filepath.Dir(path)); err != nil {
		return nil, err
	}
	for _, f := range stateFiles(path) {
		if err := checkStateFile(f); err != nil {
			return nil, err
		}
	}
	f, err := openStateFile(path, os.O_RDWR, true) // SQLite then opens a file made private
	if err != nil {
		return nil, err
	}
	f.Close()
	db, err := sql.Open("sqlite", dsn(path))
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1) // one writer; SQLite serializes them anyway
	s := &Store{db: db, path: path, now: time.Now}
	if err := s.init(); err != nil {
		db.Close()
		return nil, fmt.Errorf("watch database %s: %w", path, err)
	}
	return s, nil
}

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

// init creates the schema, checks its version and loads the key.
func (s *Store) init() error {
	var version string
	err := s.db.QueryRow(`SELECT value FROM meta WHERE name = 'schema_version'`).Scan(&version)
	switch {
	case err == nil:
		if n, _ := strconv.Atoi(version); n > SchemaVersion {
			return fmt.Errorf("it was made by a newer padview (schema %s, this one knows %d): upgrade padview", version, SchemaVersion)
		}
	case strings.Contains(err.Error(), "no such table"), errors.Is(err, sql.ErrNoRows):
		// 16 KiB pages hold seven snapshots of 2 KiB, where 4 KiB pages
		// would hold one and waste the rest.
		if _, err := s.db.Exec(`PRAGMA page_size = 16384`); err != nil {
			return err
		}
		if _, err := s.db.Exec(`PRAGMA journal_mode = WAL`); err != nil {
			return err
		}
		if _, err := s.db.Exec(Schema); err != nil {
			return err
		}
		if _, err := s.db.Exec(`INSERT OR IGNORE INTO meta(name, value) VALUES ('schema_version', ?)`, strconv.Itoa(SchemaVersion)); err != nil {
			return err
		}
	default:
		return err
	}
	// WAL: readers (watch list, log, the TUI) never wait for the run. It
	// stays set in the file; a checkpoint every 256 pages (4 MiB) keeps the
	// WAL small.
	var mode string
	if err := s.db.QueryRow(`PRAGMA journal_mode = WAL`).Scan(&mode); err != nil || mode != "wal" {
		return fmt.Errorf("cannot use WAL mode (%q): %v", mode, err)
	}
	if _, err := s.db.Exec(`PRAGMA wal_autocheckpoint = 256`); err != nil {
		return err
	}
	for _, f := range stateFiles(s.path)[1:] { // SQLite made them with the database's mode
		if err := checkStateFile(f); err != nil {
			return err
		}
	}
	key, err := s.loadKey()
	if err != nil {
		return err
	}
	s.keyed.New = func() any { return newKeyed(key) }
	if s.loadStmt, err = s.db.Prepare(`SELECT w.state, w.last_error IS NOT NULL, coalesce(w.snapshot_id, 0),
		coalesce(s.hash, ''), coalesce(s.verdict, ''), coalesce(c.statuses, '')
		FROM watches w LEFT JOIN snapshots s ON s.id = w.snapshot_id LEFT JOIN checks c ON c.id = s.checks_id
		WHERE w.paid = ?`); err != nil {
		return err
	}
	s.unchangedStmt, err = s.db.Prepare(`UPDATE watches SET last_polled_at = ?1, last_seen_at = coalesce(?2, last_seen_at),
		last_status = ?3, last_error = NULL, sweep_id = ?4 WHERE paid = ?5`)
	return err
}

// loadKey reads the key file, or creates it for a database that has no
// key yet; a key that is not the database's is refused.
func (s *Store) loadKey() ([]byte, error) {
	path := sibling(s.path, KeyFile)
	var want string
	err := s.db.QueryRow(`SELECT value FROM meta WHERE name = 'key_check'`).Scan(&want)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	key, missing, err := readKey(path)
	switch {
	case err != nil:
		return nil, err
	case missing && want != "":
		return nil, fmt.Errorf("its key file %s is missing, so its personal data can no longer be compared: restore the file, or move %s away to start a new history", path, filepath.Base(s.path))
	case missing:
		if key, err = createKey(path); err != nil {
			return nil, err
		}
	}
	got := keyCheck(key)
	if want != "" && want != got {
		return nil, fmt.Errorf("its key file %s is not the one it was made with: restore that file, or move %s away to start a new history", path, filepath.Base(s.path))
	}
	if want == "" {
		_, err = s.db.Exec(`INSERT INTO meta(name, value) VALUES ('key_check', ?)`, got)
	}
	return key, err
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

// ErrNotWatched is Record's error for a PAID no longer on the watchlist
// (removed while a sweep ran): its poll is not recorded.
var ErrNotWatched = errors.New("not on the watchlist")

// current is what Record needs to know of a watch before a poll.
type current struct {
	state      string
	failing    bool // the poll before failed
	snapshotID int64
	hash       string
	verdict    string
	checks     string
}

// Record stores what one poll of sweep found: the answer d, or the
// failure err. It returns the event the poll ended in. An unchanged
// answer (the same content hash, verdict and rule statuses) only moves
// "last seen"; a new or changed one is stored as a snapshot. A failure
// that follows a failure is not stored again.
func (s *Store) Record(paid string, sweep int64, d *advert.Document, pollErr error) (Event, error) {
	var o observation
	if d != nil && len(d.Raw) > MaxSnapshot { // before the work of observe
		d, pollErr = nil, tooLarge(paid, len(d.Raw))
	}
	if d != nil {
		k := s.keyed.Get().(*keyed)
		o = observe(k, d)
		s.keyed.Put(k)
		if len(o.json) > MaxSnapshot {
			d, pollErr = nil, tooLarge(paid, len(o.json))
		}
	}
	at := s.now()
	ev := Event{PAID: paid, At: at, Err: pollErr}
	var cur current
	err := s.loadStmt.QueryRow(paid).Scan(&cur.state, &cur.failing, &cur.snapshotID, &cur.hash, &cur.verdict, &cur.checks)
	if errors.Is(err, sql.ErrNoRows) {
		return ev, ErrNotWatched
	}
	if err != nil {
		return ev, err
	}
	if d == nil {
		return s.recordFailure(ev, cur, sweep, pollErr)
	}
	ev.Verdict = Verdict{Before: cur.verdict, After: o.verdict}
	if cur.snapshotID != 0 && cur.hash == o.hash && cur.verdict == o.verdict && cur.checks == o.checkTxt {
		ev.Before, ev.After = cur.snapshotID, cur.snapshotID
		if cur.state != StateVanished {
			ev.Kind = Unchanged
			_, err := s.unchangedStmt.Exec(formatTime(at), formatTime(at), 200, sweep, paid)
			return ev, err
		}
	}
	return s.recordAnswer(ev, cur, sweep, o)
}

// tooLarge is the failure of an answer larger than a snapshot keeps.
func tooLarge(paid string, size int) error {
	return &api.Error{Kind: api.KindTooLarge, Status: 200, PAID: text.CleanText(paid),
		Message: fmt.Sprintf("the answer is %s, more than the %s a snapshot of the watch history keeps",
			text.FormatSize(int64(size)), text.FormatSize(MaxSnapshot))}
}

// recordAnswer stores a first, changed or reappeared answer.
func (s *Store) recordAnswer(ev Event, cur current, sweep int64, o observation) (Event, error) {
	tx, err := s.db.Begin()
	if err != nil {
		return ev, err
	}
	defer tx.Rollback()
	now := formatTime(ev.At)
	next := &Snapshot{PAID: ev.PAID, Hash: o.hash, Document: o.doc, Verdict: o.verdict, Checks: o.checks, ID: cur.snapshotID}
	if cur.snapshotID == 0 || cur.hash != o.hash || cur.verdict != o.verdict || cur.checks != o.checkTxt {
		checksID, err := checksID(tx, o.checkTxt)
		if err != nil {
			return ev, err
		}
		res, err := tx.Exec(`INSERT INTO snapshots(paid, taken_at, hash, document, verdict, checks_id) VALUES (?, ?, ?, ?, ?, ?)`,
			ev.PAID, now, o.hash, o.json, o.verdict, checksID)
		if err != nil {
			return ev, err
		}
		next.ID, _ = res.LastInsertId()
	}
	switch {
	case cur.snapshotID == 0:
		ev.Kind = First
	case cur.state == StateVanished:
		ev.Kind = Reappeared
	default:
		ev.Kind = Changed
	}
	ev.Before, ev.After = cur.snapshotID, next.ID
	if cur.snapshotID != 0 && next.ID != cur.snapshotID {
		prev, err := loadSnapshot(tx, cur.snapshotID)
		if err != nil {
			return ev, err
		}
		ev.Changes = Compare(prev, next)
	}
	if err := insertEvent(tx, &ev); err != nil {
		return ev, err
	}
	if _, err := tx.Exec(`UPDATE watches SET state = 'found', last_polled_at = ?1, last_seen_at = ?1, last_change_at = ?1,
		last_status = 200, last_error = NULL, snapshot_id = ?2, sweep_id = ?3 WHERE paid = ?4`, now, next.ID, sweep, ev.PAID); err != nil {
		return ev, err
	}
	return ev, tx.Commit()
}

// checksID is the row of a set of statuses, added when it is new.
func checksID(tx *sql.Tx, statuses string) (int64, error) {
	if _, err := tx.Exec(`INSERT INTO checks(statuses) VALUES (?) ON CONFLICT(statuses) DO NOTHING`, statuses); err != nil {
		return 0, err
	}
	var id int64
	err := tx.QueryRow(`SELECT id FROM checks WHERE statuses = ?`, statuses).Scan(&id)
	return id, err
}

// recordFailure stores a poll without an answer to keep: vanished (404
// or 410 after it was found), still gone, or failed.
func (s *Store) recordFailure(ev Event, cur current, sweep int64, pollErr error) (Event, error) {
	kind := api.KindOf(pollErr)
	var ae *api.Error
	if errors.As(pollErr, &ae) {
		ev.Status = ae.Status
	}
	ev.Error = errorText(pollErr)
	now := formatTime(ev.At)
	lastError := sql.NullString{String: kind.String(), Valid: true}
	switch {
	case kind == api.KindNotFound && cur.state == StateFound:
		ev.Kind, ev.Verdict.Before, ev.Before = Vanished, cur.verdict, cur.snapshotID
		lastError.Valid = false // gone is a state, not a failure
	case kind == api.KindNotFound && cur.state == StateVanished:
		ev.Kind, ev.Verdict.Before, ev.Err = Unchanged, cur.verdict, nil
		_, err := s.db.Exec(`UPDATE watches SET last_polled_at = ?, last_status = ?, last_error = NULL, sweep_id = ? WHERE paid = ?`,
			now, ev.Status, sweep, ev.PAID)
		return ev, err
	default:
		ev.Kind = Failed
	}
	tx, err := s.db.Begin()
	if err != nil {
		return ev, err
	}
	defer tx.Rollback()
	if ev.Kind == Vanished || !cur.failing {
		if err := insertEvent(tx, &ev); err != nil {
			return ev, err
		}
	}
	state, changed := cur.state, sql.NullString{}
	if ev.Kind == Vanished {
		state, changed = StateVanished, sql.NullString{String: now, Valid: true}
	}
	if _, err := tx.Exec(`UPDATE watches SET state = ?, last_polled_at = ?, last_status = ?, last_error = ?,
		last_change_at = coalesce(?, last_change_at), sweep_id = ? WHERE paid = ?`,
		state, now, ev.Status, lastError, changed, sweep, ev.PAID); err != nil {
		return ev, err
	}
	return ev, tx.Commit()
}

// errorText is a failure as the history keeps it: cleaned, personal data
// in it masked (a service's message may quote anything), and cut short.
func errorText(err error) string {
	if err == nil {
		return ""
	}
	s := text.MaskText(text.CleanText(err.Error()))
	if utf8.RuneCountInString(s) > maxErrorText {
		s = string([]rune(s)[:maxErrorText-1]) + "…"
	}
	return s
}

func insertEvent(tx *sql.Tx, ev *Event) error {
	res, err := tx.Exec(`INSERT INTO events(paid, at, event, before_id, after_id, status, error, changes) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		ev.PAID, formatTime(ev.At), string(ev.Kind), nullID(ev.Before), nullID(ev.After), ev.Status, nullString(ev.Error),
		string(appendChanges(nil, ev.Changes)))
	if err == nil {
		ev.ID, _ = res.LastInsertId()
	}
	return err
}

func nullID(id int64) sql.NullInt64 { return sql.NullInt64{Int64: id, Valid: id != 0} }

func nullString(s string) sql.NullString { return sql.NullString{String: s, Valid: s != ""} }
