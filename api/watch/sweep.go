package watch

import (
	"database/sql"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/padview/padview/api/osfile"
	"github.com/padview/padview/api/stamp"
	"github.com/padview/padview/api/statedir"
)

// Sweep is one pass over the watchlist.
type Sweep struct {
	ID      int64
	Started time.Time
	// Resumed: an earlier run stopped this sweep part of the way; it goes
	// on with the advertisements it had not polled.
	Resumed bool
	Total   int      // advertisements on the watchlist
	Left    []string // those still to poll, in watchlist order
}

// StartSweep goes on with the sweep an earlier run left unfinished, or
// starts a new one, of the service's watchlist. Only the process holding
// LockRun sweeps.
func (s *Store) StartSweep() (sw Sweep, err error) {
	defer func() { err = s.fail("write to", err) }()
	sw, ok, err := s.unfinished()
	if err != nil {
		return Sweep{}, err
	}
	if !ok {
		sw = Sweep{Started: s.now()}
		res, err := s.db.Exec(`INSERT INTO sweeps(service, started_at) VALUES (?, ?)`, s.service, stamp.Format(sw.Started))
		if err != nil {
			return Sweep{}, err
		}
		sw.ID, _ = res.LastInsertId()
		if sw.Left, err = s.left(sw.ID); err != nil {
			return Sweep{}, err
		}
	}
	err = s.db.QueryRow(`SELECT count(*) FROM watches WHERE service = ?`, s.service).Scan(&sw.Total)
	return sw, err
}

// Unfinished reports the sweep an earlier run left unfinished, if any,
// with the advertisements it has left and the watchlist's size; it
// starts nothing.
func (s *Store) Unfinished() (sw Sweep, ok bool, err error) {
	sw, ok, err = s.unfinished()
	if err == nil && ok {
		err = s.db.QueryRow(`SELECT count(*) FROM watches WHERE service = ?`, s.service).Scan(&sw.Total)
	}
	return sw, ok, s.fail("read", err)
}

func (s *Store) unfinished() (sw Sweep, ok bool, err error) {
	var started string
	err = s.db.QueryRow(`SELECT id, started_at FROM sweeps WHERE service = ? AND finished_at IS NULL ORDER BY id DESC LIMIT 1`,
		s.service).Scan(&sw.ID, &started)
	if errors.Is(err, sql.ErrNoRows) {
		return Sweep{}, false, nil
	}
	if err != nil {
		return Sweep{}, false, err
	}
	sw.Resumed, sw.Started = true, stamp.Parse(started)
	sw.Left, err = s.left(sw.ID)
	return sw, err == nil, err
}

// left lists the watches sweep id has not polled, in watchlist order.
func (s *Store) left(id int64) ([]string, error) {
	rows, err := s.db.Query(`SELECT paid FROM watches WHERE service = ? AND sweep_id < ? ORDER BY rowid`, s.service, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var p string
		if err := rows.Scan(&p); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// FinishSweep marks a sweep done: the next one starts from the top.
func (s *Store) FinishSweep(id int64) error {
	_, err := s.db.Exec(`UPDATE sweeps SET finished_at = ? WHERE id = ?`, stamp.Format(s.now()), id)
	return s.fail("write to", err)
}

// Sweeps is the number of sweeps begun for the service.
func (s *Store) Sweeps() (int, error) {
	var n int
	err := s.db.QueryRow(`SELECT count(*) FROM sweeps WHERE service = ?`, s.service).Scan(&n)
	return n, s.fail("read", err)
}

// LockFile is the file beside the database whose lock the process running
// the watch holds.
const LockFile = FileName + ".lock"

// RunningError is LockRun's refusal: another process runs the watch on
// this database (whichever service it polls: one run at a time uses a
// database).
type RunningError struct {
	Path string
	PID  int // 0 when unknown
}

func (e *RunningError) Error() string {
	who := "another padview watch run"
	if e.PID > 0 {
		who += " (process " + strconv.Itoa(e.PID) + ")"
	}
	return fmt.Sprintf("%s is using %s; stop it first, or give this one its own state directory with %s", who, e.Path, statedir.Env)
}

// LockRun makes this process the one that runs the watch on the database,
// or refuses with a *RunningError. Commands that only read or edit the
// watchlist do not need it. release gives it up; so does the end of the
// process.
func (s *Store) LockRun() (release func(), err error) {
	f, err := s.dir.OpenFile(LockFile, os.O_RDWR|os.O_CREATE)
	if err != nil {
		return nil, s.fail("write to", err)
	}
	taken, err := osfile.TryLock(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("locking %s: %w", f.Name(), err)
	}
	if !taken {
		b, _ := io.ReadAll(io.LimitReader(f, 32))
		f.Close()
		pid, _ := strconv.Atoi(strings.TrimSpace(string(b)))
		return nil, &RunningError{Path: s.path, PID: pid}
	}
	_ = f.Truncate(0)
	_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	return func() {
		_ = f.Truncate(0)
		osfile.Unlock(f)
		f.Close()
	}, nil
}
