package statedir

import (
	"errors"
	"fmt"
	"syscall"
)

// Cause is why a state file could not be read or written, as far as
// padview can tell: the one list of such causes, each with its words and
// its next step in Failure, for the access log and the watch database
// alike.
type Cause int

// The causes. CauseOf reads the first six from the system's error
// numbers; a library that reports its own codes (SQLite's "database or
// disk is full", "disk I/O error", "database is locked") maps them here.
const (
	Unknown      Cause = iota // none of these: the error's own words
	DiskFull                  // ENOSPC
	QuotaFull                 // EDQUOT
	FileTooLarge              // EFBIG: the process's file size limit (ulimit -f)
	ReadOnlyFS                // EROFS
	Denied                    // EACCES, EPERM, or a file that cannot be written
	DiskError                 // EIO, or a library's "I/O error": full, at a limit, or failing
	LockHeld                  // another process held the file's lock longer than padview waits
)

// CauseOf is the cause of err by its system error number; Unknown when
// it has none of them.
func CauseOf(err error) Cause {
	switch {
	case errors.Is(err, syscall.ENOSPC):
		return DiskFull
	case errors.Is(err, syscall.EDQUOT):
		return QuotaFull
	case errors.Is(err, syscall.EFBIG):
		return FileTooLarge
	case errors.Is(err, syscall.EROFS):
		return ReadOnlyFS
	case errors.Is(err, syscall.EACCES), errors.Is(err, syscall.EPERM):
		return Denied
	case errors.Is(err, syscall.EIO):
		return DiskError
	}
	return Unknown
}

// Failure is a state file that could not be used, in the words people
// read: "cannot append to /…/access.log: the disk is full; free some
// space, or set PADVIEW_STATE_DIR to a directory on another disk".
type Failure struct {
	Path  string
	Doing string // "append to", "write to", "read", "open"
	Cause Cause
	// Wait and Holder, for LockHeld: how long padview waited, worded by
	// the caller ("10 s": statedir imports no wording), and who holds the
	// lock ("another padview writing to it").
	Wait   string
	Holder string
	Err    error
}

// Fail is the Failure of doing to path with err, its cause read from err.
func Fail(path, doing string, err error) *Failure {
	return &Failure{Path: path, Doing: doing, Cause: CauseOf(err), Err: err}
}

func (f *Failure) Error() string {
	what, fix := f.words()
	if fix == "" {
		return what
	}
	return what + "; " + fix
}

func (f *Failure) Unwrap() error { return f.Err }

// words is what went wrong and what to do about it.
func (f *Failure) words() (what, fix string) {
	cannot := fmt.Sprintf("cannot %s %s", f.Doing, f.Path)
	elsewhere := "free some space, or set " + Env + " to a directory on another disk"
	switch f.Cause {
	case DiskFull:
		return cannot + ": the disk is full", elsewhere
	case QuotaFull:
		return cannot + ": the disk quota is used up", elsewhere
	case FileTooLarge:
		return cannot + ": it is as large as this process may make a file (ulimit -f)", "raise the limit (`ulimit -f unlimited`) and try again"
	case ReadOnlyFS:
		return cannot + ": the file system is read-only", "set " + Env + " to a writable directory of your own"
	case Denied:
		return cannot + ": permission denied", "make it writable for you, or set " + Env + " to a directory of your own"
	case DiskError:
		return cannot + ": the disk reported an error (it may be full, at the size `ulimit -f` allows, or failing)",
			elsewhere + "; if it goes on, check the disk"
	case LockHeld:
		return fmt.Sprintf("another program has held the lock on %s for %s (%s)", f.Path, f.Wait, f.Holder),
			"try again; if it goes on, look for a padview that hangs"
	}
	return fmt.Sprintf("%s: %v", cannot, f.Err), ""
}
