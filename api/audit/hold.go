package audit

import (
	"os"
	"os/signal"
	"slices"
	"sync"
	"time"
)

// hold keeps the signals that would end padview between a log line and
// its head file, or between a request line and the request (heldSignals),
// from ending it until release, which delivers again each one that came
// meanwhile: so a line and its head are written together or not at all,
// and the signal then does what it would have done. It notes the signals
// padview turns into a cancellation too (notedSignals), so that one that
// comes while a request line is written keeps the request from being sent
// at once, not when the cancellation gets there; those are not delivered
// again: cmd.WithSignals has them as well.
type hold struct {
	ch        chan os.Signal
	collected chan struct{} // closed when the collector has taken everything from ch
	first     chan struct{} // closed when the first signal came
	stopped   sync.Once     // the catching ended
	once      sync.Once     // what came was delivered

	mu        sync.Mutex
	came      []os.Signal
	delivered []os.Signal // what release delivered again
}

func holdSignals() *hold {
	watched := append(append([]os.Signal{}, heldSignals...), notedSignals...)
	h := &hold{ch: make(chan os.Signal, 2*len(watched)+1), collected: make(chan struct{}), first: make(chan struct{})}
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

// caught reports whether a signal has reached the hold (none for a nil
// hold). os/signal hands a signal over a moment after it comes.
func (h *hold) caught() bool {
	if h == nil {
		return false
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.came) > 0
}

// awaitPending waits, at most pendingWait, until a held signal that has
// come but is not yet handed over (pending) reaches the hold: released
// before it does, the hold would leave it its default effect, which ends
// padview between a request line and the outcome the hold was there for.
func (h *hold) awaitPending() {
	if h == nil || h.caught() || !pending(heldSignals) && !pending(notedSignals) {
		return
	}
	t := time.NewTimer(pendingWait)
	defer t.Stop()
	select {
	case <-h.first:
	case <-t.C:
	}
}

// pendingWait bounds awaitPending: a thread the kernel woke to take a
// signal runs within milliseconds even on a busy machine.
const pendingWait = time.Second

// signaled is closed when the first signal has reached the hold.
func (h *hold) signaled() <-chan struct{} { return h.first }

// release stops holding and delivers again what came meanwhile; only the
// first call delivers.
func (h *hold) release() {
	h.stop()
	h.once.Do(func() {
		h.mu.Lock()
		came := h.came
		h.mu.Unlock()
		for _, s := range came {
			if slices.Contains(notedSignals, s) {
				continue // cmd.WithSignals has it too, and has acted on it
			}
			h.delivered = append(h.delivered, s)
			redeliver(s)
		}
	})
}

// stop ends the catching: it waits until every signal that came is
// collected, and catches no more. Only the first call does anything.
func (h *hold) stop() {
	h.stopped.Do(func() {
		signal.Stop(h.ch) // waits until every signal that came is in h.ch, and sends no more
		close(h.ch)
		<-h.collected
	})
}

// releaseIfQuiet releases the hold when no signal came; a hold that caught
// one stays for the caller to release once it has recorded what follows.
// A signal can come a moment before os/signal hands it over, so the
// catching stops first and then decides: one that came in that moment is
// kept for release too, never delivered here (it would end padview before
// the outcome is written).
func (h *hold) releaseIfQuiet() {
	h.awaitPending()
	if h.caught() {
		return
	}
	h.stop()
	if !h.caught() {
		h.release()
	}
}
