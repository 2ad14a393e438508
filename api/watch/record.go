package watch

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/stamp"
	"github.com/padview/padview/api/text"
)

// ErrNotWatched is Record's error for a PAID no longer on the watchlist
// (removed while a sweep ran): its poll is not recorded.
var ErrNotWatched = errors.New("not on the watchlist")

// Poll is what one poll found: the answer Doc, or the failure Err.
type Poll struct {
	PAID string
	Doc  *advert.Document
	Err  error
}

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
	evs, err := s.RecordAll(sweep, []Poll{{PAID: paid, Doc: d, Err: pollErr}})
	if err != nil {
		return Event{}, err
	}
	if evs[0].Kind == "" {
		return evs[0], ErrNotWatched
	}
	return evs[0], nil
}

// RecordAll stores the polls of sweep as Record stores one, in one
// transaction: all of them, or none. The events are in the order of
// polls; a PAID no longer on the watchlist has an event without a Kind,
// and nothing stored. A PAID whose stored snapshot does not read (see
// Damage) is Skipped, with a *DamagedError, and nothing stored for it:
// the others are recorded. After the transaction the database is kept
// within its MaxSize (see Bounds).
func (s *Store) RecordAll(sweep int64, polls []Poll) (evs []Event, err error) {
	defer func() { err = s.fail("write to", err) }()
	obs := make([]observation, len(polls))
	for i := range polls { // the CPU's work, before the write lock
		obs[i], polls[i].Doc, polls[i].Err = s.prepare(polls[i])
	}
	if s.full.Load() { // room since? (events delivered, watches removed, a higher bound)
		if _, err := s.keepSize(context.Background()); err != nil {
			return nil, err
		}
	}
	tx, err := s.db.Begin()
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	load, unchanged := tx.Stmt(s.loadStmt), tx.Stmt(s.unchangedStmt)
	evs = make([]Event, len(polls))
	stored := false
	for i, pl := range polls {
		ev := Event{Service: s.service, PAID: pl.PAID, At: s.now(), Err: pl.Err}
		if pl.Doc != nil {
			ev.AnsweredPAID, ev.Warning = pl.Doc.AnsweredPAID, pl.Doc.AnsweredFor()
		}
		var cur current
		err := load.QueryRow(s.service, pl.PAID).Scan(&cur.state, &cur.failing, &cur.snapshotID, &cur.hash, &cur.verdict, &cur.checks)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			evs[i] = ev // not watched: no Kind
			continue
		case err != nil:
			return nil, err
		case pl.Doc == nil:
			ev, err = s.recordFailure(tx, ev, cur, sweep, pl.Err)
		default:
			ev, err = s.recordAnswer(tx, unchanged, ev, cur, sweep, obs[i])
		}
		var d *DamagedError
		if errors.As(err, &d) { // nothing was written for it
			ev.Kind, ev.Err, ev.Error, ev.Changes = Skipped, d, d.Error(), nil
			err = nil
		}
		if err != nil {
			return nil, err
		}
		stored = stored || ev.ID != 0
		evs[i] = ev
	}
	if err := tx.Commit(); err != nil {
		return nil, err
	}
	if stored {
		_, err = s.keepSize(context.Background())
	}
	return evs, err
}

// prepare makes a poll's answer ready to compare and store, or turns an
// answer too large for the history into a failure.
func (s *Store) prepare(pl Poll) (observation, *advert.Document, error) {
	d := pl.Doc
	if d == nil {
		return observation{}, nil, pl.Err
	}
	if len(d.Raw) > MaxSnapshot { // before the work of observe
		return observation{}, nil, tooLarge(pl.PAID, len(d.Raw))
	}
	k := s.keyed.Get().(*keyed)
	o := s.observe(k, d)
	s.keyed.Put(k)
	if len(o.json) > MaxSnapshot {
		return observation{}, nil, tooLarge(pl.PAID, len(o.json))
	}
	return o, d, nil
}

// tooLarge is the failure of an answer larger than a snapshot keeps.
func tooLarge(paid string, size int) error {
	return &api.Error{Kind: api.KindTooLarge, Status: 200, PAID: text.CleanText(paid),
		Message: fmt.Sprintf("the answer is %s, more than the %s a snapshot of the watch history keeps",
			text.FormatSize(int64(size)), text.FormatSize(MaxSnapshot))}
}

// recordAnswer stores an answer: unchanged (only "last seen" moves), or
// first, changed or reappeared. The snapshot before is read first, so
// that one that does not read stops this answer before anything of it
// is written (a *DamagedError); a database at its MaxSize with only what
// it must keep stores no new snapshot, and the poll fails.
func (s *Store) recordAnswer(tx *sql.Tx, unchanged *sql.Stmt, ev Event, cur current, sweep int64, o observation) (Event, error) {
	now := stamp.Format(ev.At)
	ev.Verdict = Verdict{Before: cur.verdict, After: o.verdict}
	same := cur.snapshotID != 0 && cur.hash == o.hash && cur.verdict == o.verdict && cur.checks == o.checkTxt
	if same && cur.state != StateVanished {
		ev.Kind, ev.Before, ev.After = Unchanged, cur.snapshotID, cur.snapshotID
		_, err := unchanged.Exec(now, now, 200, sweep, s.service, ev.PAID)
		return ev, err
	}
	var prev *Snapshot
	if !same && cur.snapshotID != 0 {
		var err error
		prev, err = loadSnapshot(tx, cur.snapshotID)
		if errors.Is(err, sql.ErrNoRows) {
			return ev, damaged(s.service, ev.PAID, "snapshots", cur.snapshotID, errMissingSnapshot)
		}
		if cause, ok := unreadableCause(err); ok {
			return ev, damaged(s.service, ev.PAID, "snapshots", cur.snapshotID, cause)
		}
		if err != nil {
			return ev, err
		}
	}
	if !same && s.full.Load() {
		ev.Verdict, ev.Err = Verdict{}, s.errFull()
		return s.recordFailure(tx, ev, cur, sweep, ev.Err)
	}
	next := &Snapshot{PAID: ev.PAID, Hash: o.hash, Document: o.doc, Verdict: o.verdict, Checks: o.checks, ID: cur.snapshotID}
	if !same {
		checksID, err := checksID(tx, o.checkTxt)
		if err != nil {
			return ev, err
		}
		res, err := tx.Exec(`INSERT INTO snapshots(service, paid, taken_at, hash, document, verdict, checks_id) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			s.service, ev.PAID, now, o.hash, o.json, o.verdict, checksID)
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
	if prev != nil {
		ev.Changes = boundChanges(prev, next, Compare(prev, next))
	}
	if err := s.insertEvent(tx, &ev); err != nil {
		return ev, err
	}
	// The first snapshot is no change: "last change" waits for a real one.
	changed := sql.NullString{String: now, Valid: ev.Kind != First}
	_, err := tx.Exec(`UPDATE watches SET state = 'found', last_polled_at = ?1, last_seen_at = ?1,
		last_change_at = coalesce(?6, last_change_at),
		last_status = 200, last_error = NULL, snapshot_id = ?2, sweep_id = ?3 WHERE service = ?4 AND paid = ?5`,
		now, next.ID, sweep, s.service, ev.PAID, changed)
	return ev, err
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
// or 410 after it was found), still gone, or failed. A failed poll's
// verdict is the one that stands: that of the latest snapshot, unless the
// advertisement vanished.
func (s *Store) recordFailure(tx *sql.Tx, ev Event, cur current, sweep int64, pollErr error) (Event, error) {
	kind := api.KindOf(pollErr)
	var ae *api.Error
	if errors.As(pollErr, &ae) {
		ev.Status = ae.Status
	}
	ev.Error = errorText(pollErr)
	now := stamp.Format(ev.At)
	lastError := sql.NullString{String: kind.String(), Valid: true}
	switch {
	case api.OutcomeOf(pollErr) == api.OutcomeAbsent && cur.state == StateFound:
		ev.Kind, ev.Verdict.Before, ev.Before = Vanished, cur.verdict, cur.snapshotID
		lastError.Valid = false // gone is a state, not a failure
	case api.OutcomeOf(pollErr) == api.OutcomeAbsent && cur.state == StateVanished:
		ev.Kind, ev.Err = Unchanged, nil
		_, err := tx.Exec(`UPDATE watches SET last_polled_at = ?, last_status = ?, last_error = NULL, sweep_id = ?
			WHERE service = ? AND paid = ?`, now, ev.Status, sweep, s.service, ev.PAID)
		return ev, err
	default:
		ev.Kind = Failed
		if cur.state == StateFound {
			ev.Verdict = Verdict{Before: cur.verdict, After: cur.verdict}
			ev.Before, ev.After = cur.snapshotID, cur.snapshotID
		}
	}
	if ev.Kind == Vanished || !cur.failing {
		if err := s.insertEvent(tx, &ev); err != nil {
			return ev, err
		}
	}
	state, changed := cur.state, sql.NullString{}
	if ev.Kind == Vanished {
		state, changed = StateVanished, sql.NullString{String: now, Valid: true}
	}
	_, err := tx.Exec(`UPDATE watches SET state = ?, last_polled_at = ?, last_status = ?, last_error = ?,
		last_change_at = coalesce(?, last_change_at), sweep_id = ? WHERE service = ? AND paid = ?`,
		state, now, ev.Status, lastError, changed, sweep, s.service, ev.PAID)
	return ev, err
}

// insertEvent stores an event, not yet delivered, and lets the events of
// its advertisement beyond Bounds.Keep go (see keepEvents).
func (s *Store) insertEvent(tx *sql.Tx, ev *Event) error {
	res, err := tx.Exec(`INSERT INTO events(service, paid, at, event, before_id, after_id, status, error, changes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		ev.Service, ev.PAID, stamp.Format(ev.At), string(ev.Kind), nullID(ev.Before), nullID(ev.After), ev.Status, nullString(ev.Error),
		string(appendChanges(nil, ev.Changes)))
	if err != nil {
		return err
	}
	ev.ID, _ = res.LastInsertId()
	ev.UID = uid(s.dbID, ev.ID)
	_, _, err = keepEvents(tx, ev.Service, ev.PAID, s.Bounds().Keep)
	return err
}
