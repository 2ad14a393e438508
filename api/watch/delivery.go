package watch

import (
	"context"
	"database/sql"

	"github.com/padview/padview/api/stamp"
)

// An event is stored before it is delivered: printed by `watch run`, and
// its --on-change alert run (or failed, with the failure kept). Only then
// is it marked delivered; an event a run stored but did not deliver (it
// was interrupted, killed, or its output closed) is delivered first by
// the next run, under the same UID. Delivery is so at least once: a run
// stopped between printing an event and marking it delivers it again,
// and a receiver drops the duplicate by its id.

// Delivery is one event delivered: its row, and why its alert failed
// ("" when it ran, or it had none).
type Delivery struct {
	ID         int64
	AlertError string
}

// MarkDelivered marks events delivered, in one transaction.
func (s *Store) MarkDelivered(ds []Delivery) (err error) {
	if len(ds) == 0 {
		return nil
	}
	defer func() { err = s.fail("write to", err) }()
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	st, err := tx.Prepare(`UPDATE events SET delivered_at = ?, alert_error = ? WHERE id = ? AND service = ?`)
	if err != nil {
		return err
	}
	defer st.Close()
	now := stamp.Format(s.now())
	for _, d := range ds {
		alert := sql.NullString{String: errorTextOf(d.AlertError), Valid: d.AlertError != ""}
		if _, err := st.Exec(now, alert, d.ID, s.service); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// Undelivered lists the service's events stored but not delivered,
// oldest first, and those of them that do not read (see Damage).
func (s *Store) Undelivered(ctx context.Context) ([]Event, []Damage, error) {
	return s.EventsAndDamage(ctx, Query{Undelivered: true})
}

// CountUndelivered is how many of the service's events are stored but not
// delivered.
func (s *Store) CountUndelivered() (int, error) {
	var n int
	err := s.db.QueryRow(`SELECT count(*) FROM events WHERE service = ? AND delivered_at IS NULL`, s.service).Scan(&n)
	return n, s.fail("read", err)
}
