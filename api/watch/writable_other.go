//go:build !unix

package watch

import "github.com/padview/padview/api/statedir"

// readOnlyCause: without access(2), a database SQLite cannot write is
// one the user may not write.
func readOnlyCause(string) statedir.Cause { return statedir.Denied }
