package signals

import (
	"os"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// pending reports whether one of sigs is pending for padview: come, but not
// yet taken by a thread, so not yet handed to os/signal. kill(2) marks the
// process and wakes one thread to take the signal; on a busy machine
// padview may go on for a moment before that thread runs.
func pending(sigs []os.Signal) bool {
	var set uint64 // the kernel's signal set: a bit for each of signals 1 to 64
	if _, _, e := unix.RawSyscall(unix.SYS_RT_SIGPENDING, uintptr(unsafe.Pointer(&set)), unsafe.Sizeof(set), 0); e != 0 {
		return false
	}
	for _, s := range sigs {
		if n, ok := s.(syscall.Signal); ok && n >= 1 && n <= 64 && set&(1<<(n-1)) != 0 {
			return true
		}
	}
	return false
}
