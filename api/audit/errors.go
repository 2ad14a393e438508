package audit

import (
	"context"
	"errors"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/statedir"
	"github.com/padview/padview/api/text"
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
// file, what went wrong and what fixes it, in statedir's words, which the
// watch database shares. Its kind is access_log.
func accessError(path, doing string, err error) error {
	var unsafe *statedir.UnsafeError
	if errors.As(err, &unsafe) {
		return &api.Error{Kind: api.KindAccessLog, Err: err, Message: "access log: " + unsafe.Error()}
	}
	var ae *api.Error
	if errors.As(err, &ae) {
		return err // said already
	}
	f := statedir.Fail(path, doing, err)
	if errors.Is(err, errLockTimeout) {
		f.Cause, f.Wait, f.Holder = statedir.LockHeld, text.Duration(LockWait), "another padview writing or verifying it"
	}
	return &api.Error{Kind: api.KindAccessLog, Err: err, Message: "access log: " + f.Error()}
}
