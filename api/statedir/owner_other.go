//go:build !unix

package statedir

import "io/fs"

// Where files have no Unix owner or mode bits (Windows), only symbolic
// links and what is not a regular file are refused: Lstat is checked
// before each open.
const openFlags = 0

const hasOwners = false

func ownerOf(fs.FileInfo) (int, bool) { return 0, false }
