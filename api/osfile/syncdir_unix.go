//go:build unix

package osfile

import "os"

// SyncDir flushes dir's entries to disk, so that a file renamed or linked
// into it stays there after a power loss.
func SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}
