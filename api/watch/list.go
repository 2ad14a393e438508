package watch

import (
	"fmt"
	"strconv"
	"time"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/stamp"
	"github.com/padview/padview/api/text"
)

// Watch is one advertisement of the watchlist and how its last poll went.
type Watch struct {
	Service    string // the service it is polled on (see Service)
	PAID       string
	Added      time.Time
	State      string // "new" (never found), "found", "vanished"
	LastPolled time.Time
	LastStatus int    // 0 when no answer came, or before the first poll
	LastError  string // the last poll's failure kind, "" when it had an answer to keep
	LastSeen   time.Time
	LastChange time.Time
	Verdict    string // of the latest snapshot; "" before the first
}

// The states of a watch.
const (
	StateNew      = "new"
	StateFound    = "found"
	StateVanished = "vanished"
)

// Add puts PAIDs on the service's watchlist and returns how many were
// not on it yet. One that was watched before keeps its history: its next
// poll compares with its last snapshot.
func (s *Store) Add(paids []string) (added int, err error) {
	defer func() { err = s.fail("write to", err) }()
	tx, err := s.db.Begin()
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRow(`SELECT count(*) FROM watches WHERE service = ?`, s.service).Scan(&n); err != nil {
		return 0, err
	}
	now := stamp.Format(s.now())
	for _, p := range paids {
		res, err := tx.Exec(`INSERT INTO watches(service, paid, added_at, state, snapshot_id)
			SELECT ?1, ?2, ?3, CASE WHEN max(id) IS NULL THEN 'new' ELSE 'found' END, max(id) FROM snapshots WHERE service = ?1 AND paid = ?2
			ON CONFLICT(service, paid) DO NOTHING`, s.service, p, now)
		if err != nil {
			return 0, err
		}
		k, _ := res.RowsAffected()
		added += int(k)
	}
	if n+added > MaxWatches {
		return 0, &Error{Err: fmt.Errorf("the watchlist of %s would hold %s advertisements, more than %s: remove some first",
			s.service, text.Thousands(int64(n+added)), text.Thousands(MaxWatches))}
	}
	return added, tx.Commit()
}

// Remove takes PAIDs off the watchlist and returns those that were on it.
// Their history stays.
func (s *Store) Remove(paids []string) (removed []string, err error) {
	defer func() { err = s.fail("write to", err) }()
	tx, err := s.db.Begin()
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	for _, p := range paids {
		res, err := tx.Exec(`DELETE FROM watches WHERE service = ? AND paid = ?`, s.service, p)
		if err != nil {
			return nil, err
		}
		if k, _ := res.RowsAffected(); k > 0 {
			removed = append(removed, p)
		}
	}
	return removed, tx.Commit()
}

// Watches lists the service's watchlist in the order it was added.
func (s *Store) Watches() ([]Watch, error) { return s.watches("", nil) }

// Watch finds one advertisement on the watchlist; ok is false when it is
// not watched (a `w` key shows which it is).
func (s *Store) Watch(paid string) (w Watch, ok bool, err error) {
	ws, err := s.watches("AND w.paid = ?", []any{paid})
	if err != nil || len(ws) == 0 {
		return Watch{}, false, err
	}
	return ws[0], true, nil
}

func (s *Store) watches(and string, args []any) (out []Watch, err error) {
	defer func() { err = s.fail("read", err) }()
	rows, err := s.db.Query(`SELECT w.paid, w.added_at, w.state, coalesce(w.last_polled_at, ''), coalesce(w.last_status, 0),
		coalesce(w.last_error, ''), coalesce(w.last_seen_at, ''), coalesce(w.last_change_at, ''), coalesce(s.verdict, '')
		FROM watches w LEFT JOIN snapshots s ON s.id = w.snapshot_id WHERE w.service = ? `+and+` ORDER BY w.rowid`,
		append([]any{s.service}, args...)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var w Watch
		var added, polled, seen, change string
		if err := rows.Scan(&w.PAID, &added, &w.State, &polled, &w.LastStatus, &w.LastError, &seen, &change, &w.Verdict); err != nil {
			return nil, err
		}
		w.Service = s.service
		w.Added, w.LastPolled, w.LastSeen, w.LastChange = stamp.Parse(added), stamp.Parse(polled), stamp.Parse(seen), stamp.Parse(change)
		out = append(out, w)
	}
	return out, rows.Err()
}

// Count is the number of advertisements the service's watchlist holds.
func (s *Store) Count() (int, error) {
	var n int
	err := s.db.QueryRow(`SELECT count(*) FROM watches WHERE service = ?`, s.service).Scan(&n)
	return n, s.fail("read", err)
}

// Elsewhere counts the advertisements watched on other services in the
// same database, by service: what 'watch list' points to when the
// service's own watchlist is empty.
func (s *Store) Elsewhere() (map[string]int, error) {
	rows, err := s.db.Query(`SELECT service, count(*) FROM watches WHERE service != ? GROUP BY service`, s.service)
	if err != nil {
		return nil, s.fail("read", err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var svc string
		var n int
		if err := rows.Scan(&svc, &n); err != nil {
			return nil, s.fail("read", err)
		}
		out[svc] = n
	}
	return out, s.fail("read", rows.Err())
}

// MarshalJSON writes the watch as a line of `padview watch list --json`:
// {"paid", "added", "state", "lastPolled", "lastStatus", "lastError",
// "lastSeen", "lastChange", "lastVerdict", "service"}; a time or verdict
// not known yet is null, and so are lastStatus before the first poll and
// lastError after a poll that had an answer to keep.
func (w Watch) MarshalJSON() ([]byte, error) {
	b := []byte(`{"paid":`)
	b = advert.AppendQuoted(b, w.PAID)
	b = append(b, `,"added":`...)
	b = appendTime(b, w.Added)
	b = append(b, `,"state":`...)
	b = advert.AppendQuoted(b, w.State)
	b = append(b, `,"lastPolled":`...)
	b = appendTime(b, w.LastPolled)
	b = append(b, `,"lastStatus":`...)
	if w.LastPolled.IsZero() {
		b = append(b, "null"...)
	} else {
		b = strconv.AppendInt(b, int64(w.LastStatus), 10)
	}
	b = append(b, `,"lastError":`...)
	b = appendString(b, w.LastError)
	b = append(b, `,"lastSeen":`...)
	b = appendTime(b, w.LastSeen)
	b = append(b, `,"lastChange":`...)
	b = appendTime(b, w.LastChange)
	b = append(b, `,"lastVerdict":`...)
	b = appendString(b, w.Verdict)
	b = append(b, `,"service":`...)
	b = appendString(b, w.Service)
	return append(b, '}'), nil
}

func appendTime(b []byte, t time.Time) []byte {
	if t.IsZero() {
		return append(b, "null"...)
	}
	return advert.AppendQuoted(b, stamp.Format(t))
}

func appendString(b []byte, s string) []byte {
	if s == "" {
		return append(b, "null"...)
	}
	return advert.AppendQuoted(b, s)
}
