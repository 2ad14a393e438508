// Package osfile is the one home of the file primitives padview builds
// on, so that each has one meaning and one implementation.
//
// TryLock takes a file's exclusive lock between processes without
// waiting; true means this process now holds it, false that another
// does. The access log (api/audit) waits for it in short steps; a watch
// run (api/watch) refuses to start without it.
//
// It imports no padview package and knows no terminal.
package osfile
