package audit

import (
	"os"
	"os/signal"
)

// hold keeps the signals that could stop padview between a log line and
// its head file (heldSignals: Ctrl-C, kill, a closed terminal, a reader
// gone from the output pipe) from ending it until release, which delivers
// again each one that came meanwhile: so a line and its head are written
// together or not at all, and the signal then does what it would have
// done. Whoever else listens for a signal (the CLI's Ctrl-C, the TUI) hears
// it when it comes, and again at release, which their handlers take as
// the same request.
type hold struct {
	ch        chan os.Signal
	delivered []os.Signal // what release delivered again
}

func holdSignals() *hold {
	h := &hold{ch: make(chan os.Signal, 2*len(heldSignals))}
	signal.Notify(h.ch, heldSignals...)
	return h
}

// caught reports whether a signal came while held (none for a nil hold).
func (h *hold) caught() bool { return h != nil && len(h.ch) > 0 }

// release stops holding and delivers again what came meanwhile.
func (h *hold) release() {
	signal.Stop(h.ch) // no signal is sent to h.ch after Stop returns
	for {
		select {
		case s := <-h.ch:
			h.delivered = append(h.delivered, s)
			redeliver(s)
		default:
			return
		}
	}
}
