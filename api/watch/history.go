package watch

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// querier is what reads a snapshot: the database or a transaction.
type querier interface {
	QueryRow(query string, args ...any) *sql.Row
}

func loadSnapshot(q querier, id int64) (*Snapshot, error) {
	var sn Snapshot
	var taken, doc, checks string
	err := q.QueryRow(`SELECT s.id, s.paid, s.taken_at, s.hash, s.document, s.verdict, c.statuses
		FROM snapshots s JOIN checks c ON c.id = s.checks_id WHERE s.id = ?`, id).
		Scan(&sn.ID, &sn.PAID, &taken, &sn.Hash, &doc, &sn.Verdict, &checks)
	if err != nil {
		return nil, err
	}
	return finishSnapshot(&sn, taken, doc, checks)
}

func finishSnapshot(sn *Snapshot, taken, doc, checks string) (*Snapshot, error) {
	sn.TakenAt = parseTime(taken)
	var err error
	if sn.Document, err = decodeDocument(sn.PAID, []byte(doc)); err != nil {
		return nil, fmt.Errorf("snapshot %d: %w", sn.ID, err)
	}
	if sn.Checks, err = parseChecks(checks); err != nil {
		return nil, fmt.Errorf("snapshot %d: %w", sn.ID, err)
	}
	return sn, nil
}

// Snapshot reads one stored snapshot.
func (s *Store) Snapshot(id int64) (*Snapshot, error) {
	sn, err := loadSnapshot(s.db, id)
	return sn, s.fail("read", err)
}

// Snapshots lists an advertisement's stored snapshots, oldest first; with
// Compare between neighbours they are its history, read without a
// request.
func (s *Store) Snapshots(paid string) (out []*Snapshot, err error) {
	defer func() { err = s.fail("read", err) }()
	rows, err := s.db.Query(`SELECT s.id, s.taken_at, s.hash, s.document, s.verdict, c.statuses
		FROM snapshots s JOIN checks c ON c.id = s.checks_id WHERE s.service = ? AND s.paid = ? ORDER BY s.id`, s.service, paid)
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
			return nil, err
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
}

// Events lists stored events, newest first, each with the changes it
// recorded and the verdicts of the snapshots it leads from and to.
func (s *Store) Events(ctx context.Context, q Query) (out []Event, err error) {
	defer func() { err = s.fail("read", err) }()
	where := []string{"e.service = ?"}
	args := []any{s.service}
	if len(q.PAIDs) > 0 {
		where = append(where, "e.paid IN ("+strings.TrimSuffix(strings.Repeat("?,", len(q.PAIDs)), ",")+")")
		for _, p := range q.PAIDs {
			args = append(args, p)
		}
	}
	if !q.Since.IsZero() {
		where = append(where, "e.at >= ?")
		args = append(args, formatTime(q.Since))
	}
	query := `SELECT e.id, e.service, e.paid, e.at, e.event, coalesce(e.before_id, 0), coalesce(e.after_id, 0), coalesce(e.status, 0),
		coalesce(e.error, ''), e.changes, coalesce(b.verdict, ''), coalesce(a.verdict, '')
		FROM events e LEFT JOIN snapshots b ON b.id = e.before_id LEFT JOIN snapshots a ON a.id = e.after_id`
	query += " WHERE " + strings.Join(where, " AND ")
	query += " ORDER BY e.at DESC, e.id DESC"
	if q.Limit > 0 {
		query += " LIMIT " + strconv.Itoa(q.Limit)
	}
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var ev Event
		var at, kind, changes string
		if err := rows.Scan(&ev.ID, &ev.Service, &ev.PAID, &at, &kind, &ev.Before, &ev.After, &ev.Status, &ev.Error, &changes,
			&ev.Verdict.Before, &ev.Verdict.After); err != nil {
			return nil, err
		}
		ev.At, ev.Kind = parseTime(at), Kind(kind)
		if ev.Kind == First {
			ev.Verdict.Before = ""
		}
		if ev.Changes, err = parseChanges(changes); err != nil {
			return nil, fmt.Errorf("event %d: changes: %w", ev.ID, err)
		}
		out = append(out, ev)
	}
	return out, rows.Err()
}
