//go:build unix

package cmd

import (
	"io/fs"
	"syscall"
)

// ownerOf is the uid that owns a file, where files have Unix owners.
func ownerOf(fi fs.FileInfo) (int, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return int(st.Uid), true
}

// unixModes: files have Unix mode bits, which say who may write them.
const unixModes = true
