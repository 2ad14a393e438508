//go:build windows

package osfile

import (
	"errors"
	"os"

	"golang.org/x/sys/windows"
)

// TryLock takes f's exclusive lock (LockFileEx on its first byte) without
// waiting: true when this process now holds it, false when another
// process does. The lock ends with Unlock, the file's close or the
// process.
func TryLock(f *os.File) (bool, error) {
	var ol windows.Overlapped
	err := windows.LockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &ol)
	if errors.Is(err, windows.ERROR_LOCK_VIOLATION) {
		return false, nil
	}
	return err == nil, err
}

// Unlock gives up the lock TryLock took.
func Unlock(f *os.File) {
	var ol windows.Overlapped
	_ = windows.UnlockFileEx(windows.Handle(f.Fd()), 0, 1, 0, &ol)
}
