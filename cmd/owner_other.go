//go:build !unix

package cmd

import "io/fs"

// ownerOf: files have no Unix owner here (Windows); only what is not a
// regular file is refused.
func ownerOf(fs.FileInfo) (int, bool) { return 0, false }

// unixModes: files have Unix mode bits, which say who may write them.
const unixModes = false
