package cmd

import (
	"context"

	"github.com/padview/padview/api/signals"
)

// WithSignals returns a context that SIGINT or SIGTERM cancels with a
// *signals.Interrupted cause (signals.WithCancel, whose hold in the access
// log notes the same signals); main wraps every command in it. stop ends
// the diversion.
func WithSignals(parent context.Context) (ctx context.Context, stop func()) {
	return signals.WithCancel(parent)
}
