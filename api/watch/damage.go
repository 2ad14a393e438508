package watch

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"github.com/padview/padview/api/text"
)

// Damage is a stored row of one advertisement that does not read: a
// snapshot whose document or rule statuses are not what padview wrote (a
// flaky disk, a hand's edit), one that is missing, or an event whose
// changes do not parse. It is that advertisement's problem alone: the
// row is skipped, named with its PAID, and Repair removes it.
type Damage struct {
	Service string
	PAID    string
	Table   string // "snapshots" or "events"
	ID      int64  // its row
	Err     error  // what is wrong with it
}

// Text is the damage in words, with the command that repairs it, cli
// being how a suggested command starts ("padview", "padview --profile
// staging"): "snapshot 12 of REV2026 does not read (unexpected EOF at
// byte 8): 'padview watch repair REV2026' removes it".
func (d Damage) Text(cli string) string {
	row := "snapshot"
	if d.Table == "events" {
		row = "event"
	}
	paid := text.CleanText(d.PAID)
	return fmt.Sprintf("%s %d of %s does not read (%s): '%s watch repair %s' removes it, and the rows that need it",
		row, d.ID, paid, cut(text.CleanText(d.Err.Error()), 120), cli, paid)
}

// DamagedError is the failure of a poll whose answer could not be
// compared: a stored row of its advertisement does not read.
type DamagedError struct{ Damage Damage }

func (e *DamagedError) Error() string { return e.Damage.Text("padview") }

// damaged marks err, met reading row id of table for paid, as Damage.
func damaged(service, paid, table string, id int64, err error) *DamagedError {
	return &DamagedError{Damage{Service: service, PAID: paid, Table: table, ID: id, Err: err}}
}

// checkHash reports a snapshot whose document is not the one its hash was
// taken of: a byte that a disk flipped still parses, and would be
// compared with as if the service had sent it.
func checkHash(hash, doc string) error {
	sum := sha256.Sum256([]byte(doc))
	if hex.EncodeToString(sum[:]) != hash {
		return errors.New("its document is not the one stored: its hash does not match")
	}
	return nil
}

// Repaired is what Repair did for one advertisement.
type Repaired struct {
	PAID      string
	Snapshots int // damaged or missing snapshots taken out: removed, and no event or watch leads to them
	Events    int // damaged events removed
	// Latest is the snapshot its watch stands on now, which its next poll
	// compares with; 0 when none is left, and its next poll is its first.
	Latest  int64
	Watched bool // it is on the watchlist
}

// Repair removes the service's rows that do not read (see Damage), of the
// advertisements paids, or of all when paids is empty: a damaged event is
// deleted; a damaged snapshot is deleted, and the events that lead from
// or to it keep their changes without it. A watch that stood on a removed
// or missing snapshot stands on its latest one that reads, or on none
// (its next poll is then its first). It reports each advertisement that
// had damaged rows, and does it all in one transaction.
func (s *Store) Repair(ctx context.Context, paids []string) (out []Repaired, err error) {
	defer func() { err = s.fail("write to", err) }()
	snaps, err := s.damagedSnapshots(ctx, paids)
	if err != nil {
		return nil, err
	}
	_, events, err := s.read(ctx, Query{PAIDs: paids})
	if err != nil {
		return nil, err
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	byPAID := map[string]*Repaired{}
	rep := func(paid string) *Repaired {
		r, ok := byPAID[paid]
		if !ok {
			r = &Repaired{PAID: paid}
			byPAID[paid] = r
			out = append(out, Repaired{PAID: paid}) // its place in the order; filled in below
		}
		return r
	}
	for _, d := range events {
		if _, err := tx.Exec(`DELETE FROM events WHERE id = ?`, d.ID); err != nil {
			return nil, err
		}
		rep(d.PAID).Events++
	}
	for _, d := range snaps {
		// References first: the foreign keys refuse a snapshot's deletion
		// while an event or a watch leads to it.
		for _, q := range []string{
			`UPDATE events SET before_id = NULL WHERE service = ?1 AND paid = ?2 AND before_id = ?3`,
			`UPDATE events SET after_id = NULL WHERE service = ?1 AND paid = ?2 AND after_id = ?3`,
			`UPDATE watches SET snapshot_id = NULL WHERE service = ?1 AND paid = ?2 AND snapshot_id = ?3`,
			`DELETE FROM snapshots WHERE id = ?3`,
		} {
			if _, err := tx.Exec(q, s.service, d.PAID, d.ID); err != nil {
				return nil, err
			}
		}
		rep(d.PAID).Snapshots++
	}
	for i := range out {
		r := byPAID[out[i].PAID]
		if err := tx.QueryRow(`SELECT coalesce(max(id), 0) FROM snapshots WHERE service = ? AND paid = ?`, s.service, r.PAID).Scan(&r.Latest); err != nil {
			return nil, err
		}
		res, err := tx.Exec(`UPDATE watches SET snapshot_id = nullif(?1, 0),
			state = CASE WHEN ?1 = 0 THEN 'new' WHEN state = 'new' THEN 'found' ELSE state END
			WHERE service = ?2 AND paid = ?3 AND snapshot_id IS NULL`, r.Latest, s.service, r.PAID)
		if err != nil {
			return nil, err
		}
		var current sql.NullInt64
		err = tx.QueryRow(`SELECT snapshot_id FROM watches WHERE service = ? AND paid = ?`, s.service, r.PAID).Scan(&current)
		switch {
		case errors.Is(err, sql.ErrNoRows):
		case err != nil:
			return nil, err
		default:
			r.Watched = true
			if n, _ := res.RowsAffected(); n == 0 {
				r.Latest = current.Int64 // it stood on a snapshot that reads
			}
		}
		out[i] = *r
	}
	return out, tx.Commit()
}

// damagedSnapshots lists the service's snapshots (of paids, or all) that
// do not read, and the snapshots watches stand on that are missing.
func (s *Store) damagedSnapshots(ctx context.Context, paids []string) ([]Damage, error) {
	where, args := paidFilter("s.", s.service, paids)
	rows, err := s.db.QueryContext(ctx, `SELECT s.id, s.paid, s.hash, s.document, coalesce(c.statuses, '')
		FROM snapshots s LEFT JOIN checks c ON c.id = s.checks_id WHERE `+where+` ORDER BY s.id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Damage
	for rows.Next() {
		var sn Snapshot
		var doc, checks string
		if err := rows.Scan(&sn.ID, &sn.PAID, &sn.Hash, &doc, &checks); err != nil {
			return nil, err
		}
		if _, err := finishSnapshot(&sn, "", doc, checks); err != nil {
			cause, _ := unreadableCause(err)
			out = append(out, Damage{Service: s.service, PAID: sn.PAID, Table: "snapshots", ID: sn.ID, Err: cause})
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	// Watches that stand on a snapshot the database does not have.
	where, args = paidFilter("w.", s.service, paids)
	missing, err := s.db.QueryContext(ctx, `SELECT w.paid, w.snapshot_id FROM watches w
		WHERE `+where+` AND w.snapshot_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM snapshots s WHERE s.id = w.snapshot_id)`, args...)
	if err != nil {
		return nil, err
	}
	defer missing.Close()
	for missing.Next() {
		d := Damage{Service: s.service, Table: "snapshots", Err: errMissingSnapshot}
		if err := missing.Scan(&d.PAID, &d.ID); err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, missing.Err()
}

// paidFilter is the WHERE of a query of one service's rows, of paids or
// of all, with its arguments; prefix names the table ("e.").
func paidFilter(prefix, service string, paids []string) (string, []any) {
	where := prefix + "service = ?"
	args := []any{service}
	if len(paids) > 0 {
		where += " AND " + prefix + "paid IN (" + strings.TrimSuffix(strings.Repeat("?,", len(paids)), ",") + ")"
		for _, p := range paids {
			args = append(args, p)
		}
	}
	return where, args
}

// errMissingSnapshot is the damage of a watch that stands on a snapshot
// the database does not have.
var errMissingSnapshot = errors.New("it is missing")

// unreadable is a stored row's content that does not read: its
// document, rule statuses or changes; what names the row ("snapshot 12").
type unreadable struct {
	what string
	err  error
}

func (u *unreadable) Error() string { return u.what + ": " + u.err.Error() }
func (u *unreadable) Unwrap() error { return u.err }

// unreadableCause is what does not read in err, when err is a row's
// content that does not read.
func unreadableCause(err error) (error, bool) {
	var u *unreadable
	if errors.As(err, &u) {
		return u.err, true
	}
	return nil, false
}
