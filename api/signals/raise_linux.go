package signals

import (
	"os"
	"runtime"
	"syscall"

	"golang.org/x/sys/unix"
)

// raise sends sig to this very thread, so that it takes effect before
// raise returns: kill(2) to the process may reach another thread a moment
// later, after padview has gone on to exit with a code of its own.
func raise(sig syscall.Signal) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	_ = unix.Tgkill(os.Getpid(), unix.Gettid(), sig)
}
