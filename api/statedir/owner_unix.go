//go:build unix

package statedir

import (
	"io/fs"
	"syscall"
)

// Open flags every state file is opened with: never through a symbolic
// link, and without blocking on a named pipe planted in a file's place.
const openFlags = syscall.O_NOFOLLOW | syscall.O_NONBLOCK

// hasOwners: files have a Unix owner and mode bits to check.
const hasOwners = true

// ownerOf is the uid that owns a file.
func ownerOf(fi fs.FileInfo) (int, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return int(st.Uid), true
}
