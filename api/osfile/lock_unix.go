//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package osfile

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// TryLock takes f's exclusive lock (flock(2)) without waiting: true when
// this process now holds it, false when another process does. The lock
// ends with Unlock, the file's close or the process.
func TryLock(f *os.File) (bool, error) {
	err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
	if errors.Is(err, unix.EWOULDBLOCK) {
		return false, nil
	}
	return err == nil, err
}

// Unlock gives up the lock TryLock took.
func Unlock(f *os.File) { _ = unix.Flock(int(f.Fd()), unix.LOCK_UN) }
