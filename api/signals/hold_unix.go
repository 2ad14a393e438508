//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package signals

import (
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// heldSignals are the signals whose default action ends padview: a closed
// terminal, a reader gone from its output pipe. SIGINT and SIGTERM are not
// held: padview (WithCancel) turns the first into a cancellation,
// which ends no write, and lets a second end it at once, as asked; what a
// second leaves in the middle of a write is an interrupted write, which
// Check tells and Recover completes.
var heldSignals = []os.Signal{syscall.SIGHUP, syscall.SIGPIPE}

// notedSignals are the signals padview turns into a cancellation
// (WithCancel's diverted): a hold notes them as well, so that one that
// comes as a request line is written keeps the request from being sent at
// once.
var notedSignals = diverted

// redeliver sends a held signal again. A SIGPIPE is Go's reaction to a
// write to a broken stdout or stderr (one from kill, Go ignores): that
// write is made again, which now ends padview as it would have.
func redeliver(s os.Signal) {
	sig, ok := s.(syscall.Signal)
	if !ok {
		return
	}
	if sig != syscall.SIGPIPE {
		raise(sig)
		return
	}
	for fd, f := range map[int]*os.File{1: os.Stdout, 2: os.Stderr} {
		if brokenPipe(fd) {
			_, _ = f.Write([]byte{'\n'}) // no reader: nothing is written
		}
	}
}

// brokenPipe reports whether fd is a pipe whose reader has gone.
func brokenPipe(fd int) bool {
	var st unix.Stat_t
	if unix.Fstat(fd, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFIFO {
		return false
	}
	p := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLOUT}}
	n, err := unix.Poll(p, 0)
	return err == nil && n > 0 && p[0].Revents&unix.POLLERR != 0
}
