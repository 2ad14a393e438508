//go:build unix

package watch

import (
	"io/fs"
	"syscall"
)

const noFollow = syscall.O_NOFOLLOW

func fileOwner(st fs.FileInfo) (int, bool) {
	if s, ok := st.Sys().(*syscall.Stat_t); ok {
		return int(s.Uid), true
	}
	return 0, false
}
