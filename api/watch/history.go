package watch

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"time"

	"github.com/padview/padview/api/stamp"
	"github.com/padview/padview/api/text"
)

// querier is what reads a snapshot: the database or a transaction.
type querier interface {
	QueryRow(query string, args ...any) *sql.Row
}

func loadSnapshot(q querier, id int64) (*Snapshot, error) {
	var sn Snapshot
	var taken, doc, checks string
	err := q.QueryRow(`SELECT s.id, s.paid, s.taken_at, s.hash, s.document, s.verdict, coalesce(c.statuses, '')
		FROM snapshots s LEFT JOIN checks c ON c.id = s.checks_id WHERE s.id = ?`, id).
		Scan(&sn.ID, &sn.PAID, &taken, &sn.Hash, &doc, &sn.Verdict, &checks)
	if err != nil {
		return nil, err
	}
	return finishSnapshot(&sn, taken, doc, checks)
}

// finishSnapshot reads a snapshot's stored text into it: its document,
// checked against its hash, and its rule statuses. A document that does
// not read is an *unreadable error. Rule statuses that do not read (one
// row that many snapshots share) leave Checks nil, unknown: a comparison
// with it has no rule changes, rather than one damaged row stopping every
// advertisement that shares it.
func finishSnapshot(sn *Snapshot, taken, doc, checks string) (*Snapshot, error) {
	sn.TakenAt = stamp.Parse(taken)
	var err error
	sn.Document, err = decodeDocument(sn.PAID, []byte(doc))
	if err == nil {
		err = checkHash(sn.Hash, doc)
	}
	if err != nil {
		return nil, &unreadable{what: "snapshot " + strconv.FormatInt(sn.ID, 10), err: err}
	}
	sn.Checks, _ = parseChecks(checks)
	return sn, nil
}

// Snapshot reads one stored snapshot.
func (s *Store) Snapshot(id int64) (*Snapshot, error) {
	sn, err := loadSnapshot(s.db, id)
	return sn, s.fail("read", err)
}

// Snapshots lists an advertisement's stored snapshots, oldest first; with
// Compare between neighbours they are its history, read without a
// request. A snapshot that does not read (see Damage) is left out.
func (s *Store) Snapshots(paid string) (out []*Snapshot, err error) {
	defer func() { err = s.fail("read", err) }()
	rows, err := s.db.Query(`SELECT s.id, s.taken_at, s.hash, s.document, s.verdict, coalesce(c.statuses, '')
		FROM snapshots s LEFT JOIN checks c ON c.id = s.checks_id WHERE s.service = ? AND s.paid = ? ORDER BY s.id`, s.service, paid)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		sn := &Snapshot{PAID: paid}
		var taken, doc, checks string
		if err := rows.Scan(&sn.ID, &taken, &sn.Hash, &doc, &sn.Verdict, &checks); err != nil {
			return nil, err
		}
		if _, err := finishSnapshot(sn, taken, doc, checks); err != nil {
			continue // damaged: Repair's
		}
		out = append(out, sn)
	}
	return out, rows.Err()
}

// Query selects stored events.
type Query struct {
	PAIDs []string  // only these; all when empty
	Since time.Time // only events at or after this; all when zero
	Limit int       // at most this many, newest first; all when 0
	// Undelivered: only the events not delivered yet (see
	// Store.Undelivered), oldest first.
	Undelivered bool
}

// Events lists stored events, newest first, each with the changes it
// recorded and the verdicts of the snapshots it leads from and to. An
// event that does not read is left out; EventsAndDamage names it.
func (s *Store) Events(ctx context.Context, q Query) ([]Event, error) {
	evs, _, err := s.EventsAndDamage(ctx, q)
	return evs, err
}

// EventsAndDamage lists stored events as Events does, and the events it
// left out because they do not read (see Damage): one damaged row hides
// no other.
func (s *Store) EventsAndDamage(ctx context.Context, q Query) ([]Event, []Damage, error) {
	evs, damage, err := s.read(ctx, q)
	return evs, damage, s.fail("read", err)
}

// storedKinds are the events the history stores.
var storedKinds = map[Kind]bool{First: true, Changed: true, Vanished: true, Reappeared: true, Failed: true}

func (s *Store) read(ctx context.Context, q Query) (out []Event, damage []Damage, err error) {
	where, args := paidFilter("e.", s.service, q.PAIDs)
	if !q.Since.IsZero() {
		where += " AND e.at >= ?"
		args = append(args, stamp.Format(q.Since))
	}
	order := " ORDER BY e.at DESC, e.id DESC"
	if q.Undelivered {
		where += " AND e.delivered_at IS NULL"
		order = " ORDER BY e.id"
	}
	query := `SELECT e.id, e.service, e.paid, e.at, e.event, coalesce(e.before_id, 0), coalesce(e.after_id, 0), coalesce(e.status, 0),
		coalesce(e.error, ''), e.changes, coalesce(b.verdict, ''), coalesce(a.verdict, '')
		FROM events e LEFT JOIN snapshots b ON b.id = e.before_id LEFT JOIN snapshots a ON a.id = e.after_id
		WHERE ` + where + order
	if q.Limit > 0 {
		query += " LIMIT " + strconv.Itoa(q.Limit)
	}
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var ev Event
		var at, kind, changes string
		if err := rows.Scan(&ev.ID, &ev.Service, &ev.PAID, &at, &kind, &ev.Before, &ev.After, &ev.Status, &ev.Error, &changes,
			&ev.Verdict.Before, &ev.Verdict.After); err != nil {
			return nil, nil, err
		}
		ev.At, ev.Kind, ev.UID = stamp.Parse(at), Kind(kind), uid(s.dbID, ev.ID)
		if ev.Kind == First {
			ev.Verdict.Before = ""
		}
		ev.Changes, err = parseChanges(changes)
		if err == nil && !storedKinds[ev.Kind] {
			err = fmt.Errorf("%q is not an event padview stores", cut(text.CleanText(kind), 40))
		}
		if err != nil {
			damage = append(damage, Damage{Service: s.service, PAID: ev.PAID, Table: "events", ID: ev.ID, Err: err})
			continue
		}
		out = append(out, ev)
	}
	return out, damage, rows.Err()
}
