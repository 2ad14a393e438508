package signals

import (
	"os"
	"os/signal"
	"slices"
	"sync"
	"time"
)

// Hold keeps the signals that would end padview (heldSignals) from ending
// it until Release, which delivers again each one that came meanwhile: so
// that two writes that belong together (an access-log line and its head
// file) are made together or not at all, and the signal then does what it
// would have done. It notes the signals WithCancel turns into a
// cancellation too (notedSignals), so that one that comes while a request
// line is written keeps the request from being sent at once, not when the
// cancellation gets there; those are not delivered again: WithCancel has
// them as well. The methods that only ask (Caught, AwaitPending) take a
// nil Hold, which has caught nothing.
type Hold struct {
	ch        chan os.Signal
	collected chan struct{} // closed when the collector has taken everything from ch
	first     chan struct{} // closed when the first signal came
	stopped   sync.Once     // the catching ended
	once      sync.Once     // what came was delivered

	mu        sync.Mutex
	came      []os.Signal
	delivered []os.Signal // what Release delivered again
}

// NewHold begins to hold signals; Release ends it.
func NewHold() *Hold {
	watched := append(append([]os.Signal{}, heldSignals...), notedSignals...)
	h := &Hold{ch: make(chan os.Signal, 2*len(watched)+1), collected: make(chan struct{}), first: make(chan struct{})}
	if len(watched) > 0 { // Notify with none would relay every signal
		signal.Notify(h.ch, watched...)
	}
	go func() {
		defer close(h.collected)
		for s := range h.ch {
			h.mu.Lock()
			if len(h.came) == 0 {
				close(h.first)
			}
			h.came = append(h.came, s)
			h.mu.Unlock()
		}
	}()
	return h
}

// Caught reports whether a signal has reached the hold (none for a nil
// hold). os/signal hands a signal over a moment after it comes.
func (h *Hold) Caught() bool {
	if h == nil {
		return false
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.came) > 0
}

// AwaitPending waits, at most pendingWait, until a held signal that has
// come but is not yet handed over (pending) reaches the hold: released
// before it does, the hold would leave it its default effect, which ends
// padview between a request line and the outcome the hold was there for.
func (h *Hold) AwaitPending() {
	if h == nil || h.Caught() || !pending(heldSignals) && !pending(notedSignals) {
		return
	}
	t := time.NewTimer(pendingWait)
	defer t.Stop()
	select {
	case <-h.first:
	case <-t.C:
	}
}

// pendingWait bounds AwaitPending: a thread the kernel woke to take a
// signal runs within milliseconds even on a busy machine.
const pendingWait = time.Second

// Signaled is closed when the first signal has reached the hold.
func (h *Hold) Signaled() <-chan struct{} { return h.first }

// Release stops holding and delivers again what came meanwhile; only the
// first call delivers.
func (h *Hold) Release() {
	h.stop()
	h.once.Do(func() {
		h.mu.Lock()
		came := h.came
		h.mu.Unlock()
		for _, s := range came {
			if slices.Contains(notedSignals, s) {
				continue // WithCancel has it too, and has acted on it
			}
			h.mu.Lock()
			h.delivered = append(h.delivered, s)
			h.mu.Unlock()
			redeliver(s)
		}
	})
}

// stop ends the catching: it waits until every signal that came is
// collected, and catches no more. Only the first call does anything.
func (h *Hold) stop() {
	h.stopped.Do(func() {
		signal.Stop(h.ch) // waits until every signal that came is in h.ch, and sends no more
		close(h.ch)
		<-h.collected
	})
}

// ReleaseIfQuiet releases the hold when no signal came; a hold that caught
// one stays for the caller to release once it has recorded what follows.
// A signal can come a moment before os/signal hands it over, so the
// catching stops first and then decides: one that came in that moment is
// kept for release too, never delivered here (it would end padview before
// the outcome is written).
func (h *Hold) ReleaseIfQuiet() {
	h.AwaitPending()
	if h.Caught() {
		return
	}
	h.stop()
	if !h.Caught() {
		h.Release()
	}
}

// Delivered is what Release delivered again.
func (h *Hold) Delivered() []os.Signal {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.delivered)
}
