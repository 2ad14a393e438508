//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package watch

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// tryLock takes the file's exclusive lock without waiting; busy reports
// that another process holds it. The lock ends with the process.
func tryLock(f *os.File) (busy bool, err error) {
	err = unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
	if errors.Is(err, unix.EWOULDBLOCK) {
		return true, nil
	}
	return false, err
}

func unlock(f *os.File) { _ = unix.Flock(int(f.Fd()), unix.LOCK_UN) }
