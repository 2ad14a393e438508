// padview inspects political advertisements from the Political Advertisement
// Data Service: a terminal UI, a scriptable CLI, and a demo mode.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/padview/padview/cmd"
)

// Set by the release build's ldflags.
var (
	version = ""
	commit  = ""
	date    = ""
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	v := cmd.ResolveVersion(cmd.Version{Version: version, Commit: commit, Date: date})
	os.Exit(cmd.Execute(ctx, cmd.DefaultEnv(v), os.Args[1:]))
}
