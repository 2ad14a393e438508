//go:build unix

package watch

import (
	"errors"
	"syscall"

	"github.com/padview/padview/api/statedir"
)

// readOnlyCause tells why SQLite found the database read-only: its file
// system is (EROFS), or the file is not the user's to write. access(2)
// asks without opening the file, which would drop SQLite's locks on it.
func readOnlyCause(path string) statedir.Cause {
	if errors.Is(syscall.Access(path, 2 /* W_OK */), syscall.EROFS) {
		return statedir.ReadOnlyFS
	}
	return statedir.Denied
}
