//go:build !unix

package osfile

// SyncDir: directories cannot be flushed here; a rename is as durable as
// the file system makes it.
func SyncDir(string) error { return nil }
