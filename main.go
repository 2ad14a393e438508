package main

import (
	"context"
	"os"
	"runtime/debug"

	"github.com/padview/padview/cmd"
)

// Set by the release build's ldflags.
var (
	version = ""
	commit  = ""
	date    = ""
)

// memoryLimit is the Go heap size at which the garbage collector starts to
// work harder rather than let the heap grow to twice what is live: what
// padview holds live stays well under it (the bounds in
// docs/data-protection.md, Limits), so its peak stays under 256 MB
// (docs/performance.md, Batch memory). It is a soft limit: above it padview
// runs slower, never fails. GOMEMLIMIT, when set, wins.
const memoryLimit = 192 << 20

func main() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
	// SIGINT and SIGTERM end the command's context: it winds down and
	// padview exits 130 or 143.
	ctx, stop := cmd.WithSignals(context.Background())
	defer stop()
	v := cmd.ResolveVersion(cmd.Version{Version: version, Commit: commit, Date: date})
	os.Exit(cmd.Execute(ctx, cmd.DefaultEnv(v), os.Args[1:]))
}
