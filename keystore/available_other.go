//go:build !linux

package keystore

// platformAvailable: macOS and Windows keyrings need no session check.
func platformAvailable() error { return nil }
