package main

import (
	"context"
	"os"

	"github.com/padview/padview/cmd"
)

// Set by the release build's ldflags.
var (
	version = ""
	commit  = ""
	date    = ""
)

func main() {
	// SIGINT and SIGTERM end the command's context: it winds down and
	// padview exits 130 or 143.
	ctx, stop := cmd.WithSignals(context.Background())
	defer stop()
	v := cmd.ResolveVersion(cmd.Version{Version: version, Commit: commit, Date: date})
	os.Exit(cmd.Execute(ctx, cmd.DefaultEnv(v), os.Args[1:]))
}
