package signals

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// Interrupted is the cause of a command's context when a signal stopped
// it. Commands wind down (a batch prints what it has, the TUI restores the
// terminal) and padview exits 128 + the signal's number, as shells do:
// 130 for SIGINT, 143 for SIGTERM.
type Interrupted struct{ Signal syscall.Signal }

func (i *Interrupted) Error() string {
	// Go's name for SIGINT is "interrupt", which read "interrupted by
	// interrupt": name the signal as a user knows it
	switch i.Signal {
	case syscall.SIGINT:
		return "interrupted (Ctrl-C)"
	case syscall.SIGTERM:
		return "stopped by SIGTERM"
	}
	return "stopped by signal " + i.Signal.String()
}

// ExitCode is what the process ends with.
func (i *Interrupted) ExitCode() int { return 128 + int(i.Signal) }

// diverted are the signals WithCancel turns into a cancellation, and that
// a Hold notes (notedSignals) rather than holds.
var diverted = []os.Signal{os.Interrupt, syscall.SIGTERM}

// WithCancel returns a context that SIGINT or SIGTERM cancels with an
// *Interrupted cause. Only the first signal is diverted: a second one has
// its default effect and ends padview at once, should winding down take
// longer than the user will wait. stop ends the diversion.
func WithCancel(parent context.Context) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancelCause(parent)
	w := &watch{ch: make(chan os.Signal, 1), quit: make(chan struct{}), done: make(chan struct{}), cancel: cancel}
	signal.Notify(w.ch, diverted...)
	go func() {
		defer close(w.done)
		select {
		case s := <-w.ch:
			signal.Stop(w.ch)
			w.interrupt(s)
		case <-w.quit:
		}
	}()
	return context.WithValue(ctx, watchKey{}, w), func() {
		w.settle()
		cancel(nil)
	}
}

// watch turns the first SIGINT or SIGTERM into the cancellation of a
// command's context.
type watch struct {
	ch      chan os.Signal
	quit    chan struct{} // closed by settle: the watch ends
	done    chan struct{} // closed when the watch has ended
	cancel  context.CancelCauseFunc
	settled sync.Once
}

type watchKey struct{}

func (w *watch) interrupt(s os.Signal) {
	n, _ := s.(syscall.Signal)
	w.cancel(&Interrupted{Signal: n})
}

// settle ends the watch once every signal that has come is taken in.
// os/signal hands a signal over a moment after it comes, so a command that
// ends in that moment (a SIGTERM while its last log line was written)
// would otherwise exit 0 with the signal on its way.
func (w *watch) settle() {
	w.settled.Do(func() {
		signal.Stop(w.ch) // every signal that came is now in ch, or taken by the watch
		select {
		case s := <-w.ch:
			w.interrupt(s)
		default:
		}
		close(w.quit)
		<-w.done
	})
}

// InterruptedBy is the signal that ended ctx, if one did: a signal that
// came before the call counts, even if it had not yet been handed over.
func InterruptedBy(ctx context.Context) (*Interrupted, bool) {
	if w, ok := ctx.Value(watchKey{}).(*watch); ok {
		w.settle()
	}
	var i *Interrupted
	ok := errors.As(context.Cause(ctx), &i)
	return i, ok
}

// ClosedPipeFails makes a write to a pipe whose reader has gone (stdout
// into `head -1`) fail with EPIPE, where Go would otherwise end padview
// at once with SIGPIPE: `watch run` then leaves what it could not print
// undelivered, and says so. The commands that write to stdout alone keep
// the shells' usual end. stop ends the diversion.
func ClosedPipeFails() (stop func()) {
	ch := make(chan os.Signal, 1) // never read: os/signal drops what does not fit
	signal.Notify(ch, syscall.SIGPIPE)
	return func() { signal.Stop(ch) }
}
