package audit

import (
	"context"
	"errors"
	"fmt"
	"syscall"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/statedir"
)

// errLockTimeout: another process held the log's lock for LockWait.
var errLockTimeout = errors.New("lock timeout")

// lockError words a failure to take the log's lock, for every command
// that waits for it: a signal or the caller's cancellation (Ctrl-C) while
// waiting is no failure of the log (kind canceled), the lock staying
// taken is.
func lockError(ctx context.Context, path string, err error) error {
	switch {
	case errors.Is(err, errSignaled):
		return &api.Error{Kind: api.KindCanceled, Err: err, Message: "stopped by a signal while waiting for the access log's lock"}
	case ctx.Err() != nil:
		return &api.Error{Kind: api.KindCanceled, Err: ctx.Err(), Message: "interrupted while waiting for the access log's lock"}
	}
	return accessError(path, "lock", err)
}

// accessError is a failure of the access log as the user reads it: which
// file, what went wrong and what fixes it. Its kind is access_log.
func accessError(path, doing string, err error) error {
	var unsafe *statedir.UnsafeError
	if errors.As(err, &unsafe) {
		return &api.Error{Kind: api.KindAccessLog, Err: err, Message: "access log: " + unsafe.Error()}
	}
	var ae *api.Error
	if errors.As(err, &ae) {
		return err // said already
	}
	what, fix := fmt.Sprintf("cannot %s %s: %v", doing, path, err), ""
	switch {
	case errors.Is(err, errLockTimeout):
		what = fmt.Sprintf("another program has held the lock on %s for %v (another padview writing or verifying it)", path, LockWait)
		fix = "try again; if it goes on, look for a padview that hangs"
	case errors.Is(err, syscall.ENOSPC):
		what = fmt.Sprintf("cannot %s %s: the disk is full", doing, path)
		fix = "free some space, or set " + statedir.Env + " to a directory on another disk"
	case errors.Is(err, syscall.EDQUOT):
		what = fmt.Sprintf("cannot %s %s: the disk quota is used up", doing, path)
		fix = "free some space, or set " + statedir.Env + " to a directory on another disk"
	case errors.Is(err, syscall.EFBIG):
		what = fmt.Sprintf("cannot %s %s: it is as large as this process may make a file (ulimit -f)", doing, path)
		fix = "raise the limit (`ulimit -f unlimited`) and try again"
	case errors.Is(err, syscall.EROFS):
		what = fmt.Sprintf("cannot %s %s: the file system is read-only", doing, path)
		fix = "set " + statedir.Env + " to a writable directory of your own"
	case errors.Is(err, syscall.EACCES), errors.Is(err, syscall.EPERM):
		what = fmt.Sprintf("cannot %s %s: permission denied", doing, path)
		fix = "make it writable for you, or set " + statedir.Env + " to a directory of your own"
	}
	if fix != "" {
		what += "; " + fix
	}
	return &api.Error{Kind: api.KindAccessLog, Err: err, Message: "access log: " + what}
}
