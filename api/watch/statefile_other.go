//go:build !unix

package watch

import "io/fs"

// noFollow: Windows opens a symbolic link's target; prepareDir and
// checkStateFile refuse links by Lstat before that.
const noFollow = 0

func fileOwner(fs.FileInfo) (int, bool) { return 0, false }
