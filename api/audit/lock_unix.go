//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package audit

import (
	"os"

	"golang.org/x/sys/unix"
)

// lockFile makes padview processes appending to one log take turns.
func lockFile(f *os.File) error { return unix.Flock(int(f.Fd()), unix.LOCK_EX) }

func unlockFile(f *os.File) { _ = unix.Flock(int(f.Fd()), unix.LOCK_UN) }
