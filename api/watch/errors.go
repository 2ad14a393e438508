package watch

import (
	"errors"
	"fmt"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/padview/padview/api/statedir"
	"github.com/padview/padview/api/text"
)

// errPrefix starts every failure of the watch database, as "access log: "
// starts the access log's.
const errPrefix = "watch database: "

// Error is a failure of the watch database in the words people read:
// "watch database: cannot write to /…/watch.db: the disk is full; free
// some space, or set PADVIEW_STATE_DIR to a directory on another disk".
// A state file padview refuses is a *statedir.UnsafeError inside it; one
// that could not be used, a *statedir.Failure.
type Error struct{ Err error }

func (e *Error) Error() string { return errPrefix + e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// fail words err, a failure to do doing ("open", "read", "write to") to
// the database, as an *Error: SQLite's codes and the system's error
// numbers as statedir words them for every state file, a refusal as
// statedir made it. ErrNotWatched and errors already worded pass as they
// are.
func (s *Store) fail(doing string, err error) error {
	var we *Error
	switch {
	case err == nil, errors.Is(err, ErrNotWatched), errors.As(err, &we):
		return err
	case errors.Is(err, statedir.ErrUnsafe):
		return &Error{Err: err}
	}
	var f *statedir.Failure
	if errors.As(err, &f) {
		return &Error{Err: err}
	}
	var se *sqlite.Error
	if !errors.As(err, &se) {
		if cause := statedir.CauseOf(err); cause != statedir.Unknown {
			return &Error{Err: &statedir.Failure{Path: s.path, Doing: doing, Cause: cause, Err: err}}
		}
		return &Error{Err: err}
	}
	f = &statedir.Failure{Path: s.path, Doing: doing, Err: err}
	switch se.Code() & 0xff { // the primary code; the extended one says where
	case sqlite3.SQLITE_FULL:
		f.Cause = statedir.DiskFull
	case sqlite3.SQLITE_IOERR:
		f.Cause = statedir.DiskError
	case sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM, sqlite3.SQLITE_CANTOPEN:
		f.Cause = readOnlyCause(s.path)
	case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED:
		f.Cause, f.Wait, f.Holder = statedir.LockHeld, text.Duration(BusyTimeout), "another padview writing to it"
	case sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB:
		return &Error{Err: fmt.Errorf("%s is damaged or not a padview watch database (%v): move it away (with its -wal and -shm files) to start a new history", s.path, err)}
	}
	return &Error{Err: f}
}

// isSQLError reports whether err is SQLite's error in a statement (no
// such table or column), not a failure of the file or its lock.
func isSQLError(err error) bool {
	var se *sqlite.Error
	return errors.As(err, &se) && se.Code()&0xff == sqlite3.SQLITE_ERROR
}
