// Package osfile is the one home of the file primitives padview builds
// on, so that each has one meaning and one implementation.
//
// TryLock takes a file's exclusive lock between processes without
// waiting; true means this process now holds it, false that another
// does. The access log (api/audit) waits for it in short steps; a watch
// run (api/watch) refuses to start without it.
//
// Write replaces a file whole: what is written goes to a temporary file
// beside it, is flushed to disk (fsync), is renamed over the file, and
// the directory is flushed, so that a reader, a crash or a power loss
// finds the old file or the new one, never half of one. The state files
// (api/statedir), the exports (api/export) and the config file (cmd) are
// written through it.
//
// It imports no padview package and knows no terminal.
package osfile
