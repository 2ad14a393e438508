//go:build darwin || dragonfly || freebsd || netbsd || openbsd

package signals

import (
	"os"
	"syscall"
)

// raise sends sig to the process.
func raise(sig syscall.Signal) { _ = syscall.Kill(os.Getpid(), sig) }
