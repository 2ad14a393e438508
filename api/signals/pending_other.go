//go:build !linux

package signals

import "os"

// pending reports whether one of sigs has come but is not yet handed to
// os/signal; only Linux tells (pending_linux.go), so here a signal that
// comes in that moment has its default effect.
func pending([]os.Signal) bool { return false }
