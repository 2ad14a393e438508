package cmd

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"syscall"
)

// Interrupted is the cause of a command's context when a signal stopped
// it. Commands wind down (a batch prints what it has, the TUI restores the
// terminal) and padview exits 128 + the signal's number, as shells do:
// 130 for SIGINT, 143 for SIGTERM.
type Interrupted struct{ Signal syscall.Signal }

func (i *Interrupted) Error() string { return "interrupted by " + i.Signal.String() }

// ExitCode is what the process ends with.
func (i *Interrupted) ExitCode() int { return 128 + int(i.Signal) }

// WithSignals returns a context that SIGINT or SIGTERM cancels with an
// *Interrupted cause. Only the first signal is diverted: a second one has
// its default effect and ends padview at once, should winding down take
// longer than the user will wait. stop ends the diversion.
func WithSignals(parent context.Context) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancelCause(parent)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	go func() {
		select {
		case s := <-ch:
			signal.Stop(ch)
			n, _ := s.(syscall.Signal)
			cancel(&Interrupted{Signal: n})
		case <-ctx.Done():
		}
	}()
	return ctx, func() {
		signal.Stop(ch)
		cancel(nil)
	}
}

// interruptedBy is the signal that ended ctx, if one did.
func interruptedBy(ctx context.Context) (*Interrupted, bool) {
	var i *Interrupted
	ok := errors.As(context.Cause(ctx), &i)
	return i, ok
}
