package audit

import (
	"context"
	"errors"
	"os"
	"time"

	"github.com/padview/padview/api/osfile"
	"github.com/padview/padview/api/signals"
)

// LockWait is the longest padview waits for the log's lock, which another
// padview holds while it writes a line (a few milliseconds) or verifies
// the log. The wait ends at once when the caller gives up (Ctrl-C).
const LockWait = 10 * time.Second

// errSignaled: a signal came while padview waited for the lock.
var errSignaled = errors.New("stopped by a signal")

// lock takes the log's file lock, trying again with short pauses for at
// most LockWait; errLockTimeout when the lock stayed taken, ctx's error
// when the caller gave up first, errSignaled when a signal h holds came
// (h may be nil).
func lock(ctx context.Context, f *os.File, h *signals.Hold) error {
	deadline := time.Now().Add(LockWait)
	for pause := time.Millisecond; ; pause = min(2*pause, 100*time.Millisecond) {
		taken, err := osfile.TryLock(f)
		if err != nil || taken {
			return err
		}
		left := time.Until(deadline)
		switch {
		case h.Caught():
			return errSignaled
		case left <= 0:
			return errLockTimeout
		}
		t := time.NewTimer(min(pause, left))
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
}
