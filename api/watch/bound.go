package watch

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"fmt"

	"github.com/dustin/go-humanize"

	"github.com/padview/padview/api/advert"
)

// What bounds the database's growth: per event, the size of the values it
// keeps (MaxChangeValue, MaxEventChanges); per advertisement, the events
// kept (Bounds.Keep); in all, the size of the file (Bounds.MaxSize). A
// snapshot is bounded by MaxSnapshot.
const (
	// MaxChangeValue bounds a side of a change an event keeps, as JSON: a
	// larger value is kept as its hash (Change.Large). A 3 MB member that
	// changes each poll so costs its snapshot alone, not twice more in
	// the event.
	MaxChangeValue = 2 << 10
	// MaxEventChanges bounds the changes of one event, as stored: past
	// it, the document's other changes are kept one a group, as hashes
	// of the group's value (a service that rewrites ten thousand members
	// at once costs one line a group).
	MaxEventChanges = 256 << 10

	// DefaultMaxSize is the default of watch_max_size: what the
	// database's pages may hold, every service's history together.
	DefaultMaxSize = 1 << 30
	// MinMaxSize and MaxMaxSize bound watch_max_size: the least leaves
	// room for a few of the largest snapshots.
	MinMaxSize = 32 << 20
	MaxMaxSize = 1 << 40
	// DefaultKeep is the default of watch_keep: the events kept of each
	// advertisement, with the snapshots they lead from and to.
	DefaultKeep = 100
	// MaxKeep bounds watch_keep.
	MaxKeep = 100_000
)

// Bounds are the database's limits on its growth.
type Bounds struct {
	// MaxSize bounds the bytes the database's pages hold. Past it the
	// oldest delivered events of any service go, with the snapshots no
	// event or watch needs any more, until it holds 90 % of MaxSize; a
	// database that holds only what it must keep (each watch's latest
	// snapshot, the events not yet delivered) stores no new snapshot.
	MaxSize int64
	// Keep is how many events of each advertisement are kept, the newest;
	// an older one goes when a new one is stored (one not yet delivered
	// stays), with the snapshots no kept event or watch needs.
	Keep int
}

// DefaultBounds are the bounds of a Store opened without others.
var DefaultBounds = Bounds{MaxSize: DefaultMaxSize, Keep: DefaultKeep}

// SetBounds sets the bounds the Store keeps the database within from its
// next write on; 0 leaves a bound at its default.
func (s *Store) SetBounds(b Bounds) {
	if b.MaxSize <= 0 {
		b.MaxSize = DefaultMaxSize
	}
	if b.Keep <= 0 {
		b.Keep = DefaultKeep
	}
	s.boundsMu.Lock()
	s.bounds = b
	s.boundsMu.Unlock()
}

// Bounds are the bounds the Store keeps the database within.
func (s *Store) Bounds() Bounds {
	s.boundsMu.Lock()
	defer s.boundsMu.Unlock()
	return s.bounds
}

// boundChanges keeps an event's changes within MaxChangeValue a side and
// MaxEventChanges in all: a larger side is kept as its hash, and past the
// bound the rest of the document's changes are one a group. The check's
// changes (the verdict and the rules, a few dozen bytes each) are kept as
// they are.
func boundChanges(a, b *Snapshot, cs []Change) []Change {
	out := make([]Change, 0, len(cs))
	size := len("[]")
	var buf []byte
	for i, c := range cs {
		if !c.Personal && !c.IsCheck() {
			c = largeSides(c)
		}
		buf = c.appendJSON(buf[:0])
		if size+len(buf)+1 > MaxEventChanges && !c.IsCheck() {
			return append(out, groupChanges(a, b, cs[i:])...)
		}
		size += len(buf) + 1
		out = append(out, c)
	}
	return out
}

// largeSides keeps a change's sides as hashes when one is larger than
// MaxChangeValue.
func largeSides(c Change) Change {
	var buf []byte
	for _, v := range []advert.Value{c.Before, c.After} {
		if v.IsPresent() && len(v.AppendJSON(buf[:0])) > MaxChangeValue {
			c.Large = true
		}
	}
	if c.Large {
		c.Before, c.After = valueHash(c.Before), valueHash(c.After)
	}
	return c
}

// largePrefix starts the hash of a value too large to keep in an event.
const largePrefix = "sha256:"

// valueHash is a large value as an event keeps it: "sha256:" and 22
// characters (128 bits of the SHA-256 of its JSON, which is a stored
// snapshot's, personal values hashed already); Absent stays Absent.
func valueHash(v advert.Value) advert.Value {
	if !v.IsPresent() {
		return v
	}
	sum := sha256.Sum256(v.AppendJSON(nil))
	return advert.StringValue(largePrefix + base64.RawURLEncoding.EncodeToString(sum[:16]))
}

// groupChanges stands for the document's changes cs, past the bound of
// an event, by one change a group (its value's hash on either side),
// followed by the check's changes among cs as they are.
func groupChanges(a, b *Snapshot, cs []Change) []Change {
	var out, checks []Change
	seen := map[advert.Group]bool{}
	for _, c := range cs {
		if c.IsCheck() {
			checks = append(checks, c)
			continue
		}
		g := c.asDiff().Group
		if seen[g] {
			continue
		}
		seen[g] = true
		gc := Change{Path: "/" + pointerEscape.Replace(string(g)), Large: true,
			Before: valueHash(groupValue(a.Document, g)), After: valueHash(groupValue(b.Document, g))}
		gc.Kind = gc.kind()
		out = append(out, gc)
	}
	return append(out, checks...)
}

// groupValue is a group of a stored document as one value: its object,
// or for sponsors and controllers the list of parties.
func groupValue(d *advert.Document, g advert.Group) advert.Value {
	switch g {
	case advert.GroupSponsors:
		return partyValue(d.Sponsors, d.SponsorsState)
	case advert.GroupControllers:
		return partyValue(d.Controllers, d.ControllersState)
	}
	return d.Group(g)
}

func partyValue(items []advert.Value, st advert.ListState) advert.Value {
	switch st {
	case advert.ListAbsent:
		return advert.Value{}
	case advert.ListNull:
		return advert.Value{Kind: advert.Null}
	}
	return advert.NewArray(items...)
}

// keepEvents lets the events of one advertisement beyond the newest keep
// go, but those not yet delivered, and then the snapshots of it that no
// event or watch needs any more; it reports how many of each went.
func keepEvents(tx *sql.Tx, service, paid string, keep int) (events, snapshots int64, err error) {
	res, err := tx.Exec(`DELETE FROM events WHERE service = ?1 AND paid = ?2 AND delivered_at IS NOT NULL
		AND (at, id) < (SELECT at, id FROM events WHERE service = ?1 AND paid = ?2 ORDER BY at DESC, id DESC LIMIT 1 OFFSET ?3)`,
		service, paid, keep-1)
	if err != nil {
		return 0, 0, err
	}
	if events, _ = res.RowsAffected(); events == 0 {
		return 0, 0, nil
	}
	snapshots, err = dropUnneeded(tx, service, paid)
	return events, snapshots, err
}

// dropUnneeded deletes the snapshots of one advertisement that no event
// leads from or to and no watch stands on, but its latest (which a watch
// added again compares with).
func dropUnneeded(tx *sql.Tx, service, paid string) (int64, error) {
	res, err := tx.Exec(`DELETE FROM snapshots WHERE service = ?1 AND paid = ?2
		AND id != coalesce((SELECT snapshot_id FROM watches WHERE service = ?1 AND paid = ?2), 0)
		AND id != (SELECT max(id) FROM snapshots WHERE service = ?1 AND paid = ?2)
		AND NOT EXISTS (SELECT 1 FROM events e WHERE e.service = ?1 AND e.paid = ?2 AND (e.before_id = snapshots.id OR e.after_id = snapshots.id))`,
		service, paid)
	if err != nil {
		return 0, err
	}
	n, _ := res.RowsAffected()
	return n, nil
}

// Used is what the database's pages hold, in bytes: its pages less those
// free for reuse. The file is as large as the most it ever held, until
// Vacuum.
func (s *Store) Used() (used, file int64, err error) {
	var pages, free, size int64
	for _, q := range []struct {
		pragma string
		v      *int64
	}{{"page_count", &pages}, {"freelist_count", &free}, {"page_size", &size}} {
		if err := s.db.QueryRow(`PRAGMA ` + q.pragma).Scan(q.v); err != nil {
			return 0, 0, s.fail("read", err)
		}
	}
	return (pages - free) * size, pages * size, nil
}

// pruneBatch is how many events one step of keeping the size deletes.
const pruneBatch = 1000

// keepSize brings the database under its MaxSize when it is over: the
// oldest delivered events of every service go, a step at a time, with the
// snapshots no event or watch needs any more, until it holds 90 % of
// MaxSize; then the latest snapshots of advertisements no longer watched.
// Where only what it must keep is left, the Store is full (see full) and
// stores no new snapshot until there is room. It reports what went.
func (s *Store) keepSize(ctx context.Context) (p Pruned, err error) {
	max := s.Bounds().MaxSize
	used, _, err := s.Used()
	if err != nil || used <= max {
		s.full.Store(false)
		return p, err
	}
	target := max / 10 * 9
	for used > target && ctx.Err() == nil {
		ev, sn, err := s.pruneOldest()
		if err != nil {
			return p, s.fail("write to", err)
		}
		p.Events, p.Snapshots = p.Events+ev, p.Snapshots+sn
		if ev+sn == 0 {
			break // only what it must keep is left
		}
		if used, _, err = s.Used(); err != nil {
			return p, err
		}
	}
	s.full.Store(used > max)
	return p, nil
}

// pruneOldest deletes, in one transaction, the oldest pruneBatch
// delivered events of the database and the snapshots they alone needed;
// when none is left, the latest snapshots of advertisements no service
// watches and no event needs.
func (s *Store) pruneOldest() (events, snapshots int64, err error) {
	tx, err := s.db.Begin()
	if err != nil {
		return 0, 0, err
	}
	defer tx.Rollback()
	rows, err := tx.Query(`DELETE FROM events WHERE id IN (SELECT id FROM events WHERE delivered_at IS NOT NULL ORDER BY id LIMIT ?)
		RETURNING service, paid`, pruneBatch)
	if err != nil {
		return 0, 0, err
	}
	type key struct{ service, paid string }
	var touched []key
	seen := map[key]bool{}
	for rows.Next() {
		var k key
		if err := rows.Scan(&k.service, &k.paid); err != nil {
			rows.Close()
			return 0, 0, err
		}
		events++
		if !seen[k] {
			seen[k] = true
			touched = append(touched, k)
		}
	}
	if err := rows.Close(); err != nil {
		return 0, 0, err
	}
	for _, k := range touched {
		n, err := dropUnneeded(tx, k.service, k.paid)
		if err != nil {
			return 0, 0, err
		}
		snapshots += n
	}
	if events == 0 {
		res, err := tx.Exec(`DELETE FROM snapshots WHERE id IN (SELECT s.id FROM snapshots s
			WHERE NOT EXISTS (SELECT 1 FROM watches w WHERE w.service = s.service AND w.paid = s.paid)
			AND NOT EXISTS (SELECT 1 FROM events e WHERE e.service = s.service AND e.paid = s.paid AND (e.before_id = s.id OR e.after_id = s.id))
			ORDER BY s.id LIMIT ?)`, pruneBatch)
		if err != nil {
			return 0, 0, err
		}
		snapshots, _ = res.RowsAffected()
	}
	return events, snapshots, tx.Commit()
}

// Pruned is what Prune (or keeping the bounds) deleted, and what the
// database holds after.
type Pruned struct {
	Events, Snapshots int64
	Used, File        int64 // what the pages hold and the file's size after, in bytes (see Used)
	FileBefore        int64 // the file's size before
	Full              bool  // it holds only what it must keep, and more than MaxSize
}

// Prune applies the bounds to the whole database at once, as each write
// does as it goes: each advertisement of the service keeps its newest
// Keep events, and the database its MaxSize. It is what `padview watch
// prune` runs after the bounds were lowered; Vacuum then gives the space
// freed back to the file system.
func (s *Store) Prune(ctx context.Context) (p Pruned, err error) {
	if _, p.FileBefore, err = s.Used(); err != nil {
		return p, err
	}
	keep := s.Bounds().Keep
	rows, err := s.db.QueryContext(ctx, `SELECT paid FROM events WHERE service = ? GROUP BY paid HAVING count(*) > ?`, s.service, keep)
	if err != nil {
		return p, s.fail("read", err)
	}
	var paids []string
	for rows.Next() {
		var paid string
		if err := rows.Scan(&paid); err != nil {
			rows.Close()
			return p, s.fail("read", err)
		}
		paids = append(paids, paid)
	}
	if err := rows.Close(); err != nil {
		return p, s.fail("read", err)
	}
	for len(paids) > 0 && ctx.Err() == nil {
		n := min(len(paids), 500) // a transaction at a time, so that a run beside it waits little
		if err := s.keepAll(paids[:n], keep, &p); err != nil {
			return p, s.fail("write to", err)
		}
		paids = paids[n:]
	}
	sized, err := s.keepSize(ctx)
	p.Events, p.Snapshots = p.Events+sized.Events, p.Snapshots+sized.Snapshots
	if err != nil {
		return p, err
	}
	if err := ctx.Err(); err != nil {
		return p, err
	}
	p.Used, p.File, err = s.Used()
	p.Full = s.full.Load()
	return p, err
}

func (s *Store) keepAll(paids []string, keep int, p *Pruned) error {
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, paid := range paids {
		ev, sn, err := keepEvents(tx, s.service, paid, keep)
		if err != nil {
			return err
		}
		p.Events, p.Snapshots = p.Events+ev, p.Snapshots+sn
	}
	return tx.Commit()
}

// Vacuum writes the database anew without its free pages, giving the
// space they took back to the file system; it needs as much free space
// as the database holds, and holds the write lock while it runs.
func (s *Store) Vacuum() (file int64, err error) {
	if _, err := s.db.Exec(`VACUUM`); err != nil {
		return 0, s.fail("write to", err)
	}
	if _, err := s.db.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
		return 0, s.fail("write to", err)
	}
	_, file, err = s.Used()
	return file, err
}

// errFull is the failure of a poll whose answer changed while the
// database is at its MaxSize with only what it must keep.
func (s *Store) errFull() error {
	return &FullError{Path: s.path, MaxSize: s.Bounds().MaxSize}
}

// FullError is the failure of a poll whose new answer was not stored: the
// database is at its size bound and holds only what it must keep.
type FullError struct {
	Path    string
	MaxSize int64
}

func (e *FullError) Error() string {
	return fmt.Sprintf("not stored: %s holds its most (watch_max_size, %s) with only what it must keep (each watch's latest snapshot, the events not yet delivered); raise watch_max_size, or take advertisements off the watchlist",
		e.Path, sizeText(e.MaxSize))
}

// sizeText is a size as the watch's messages write it: "1.0 GiB".
func sizeText(n int64) string { return humanize.IBytes(uint64(max(n, 0))) }
