package api

import (
	"errors"
	"sync/atomic"

	"github.com/padview/padview/api/advert"
)

// Halt stops a client's requests at the first refusal that every later
// request of the same kind would meet too: the token rejected (401), or
// the full view refused (403 to a full-view request). A batch sets one in
// its Options: once an answer is such a refusal, no request of that
// client is sent again, not a waiting lookup's and not a retry. The
// refusal is noted before the answer frees its rate-budget slot, so that
// the lookups the budget held back (the first request of a token goes
// alone) find it before they send anything. The TUI sets none: a user
// may try again there.
type Halt struct{ refusal atomic.Pointer[Error] }

// NewHalt returns a Halt that has not halted.
func NewHalt() *Halt { return &Halt{} }

// ErrHalted marks the error of a lookup a Halt kept from sending.
var ErrHalted = errors.New("halted by an earlier refusal")

// Refusal is the answer that halted, nil while none has.
func (h *Halt) Refusal() error {
	if h == nil {
		return nil
	}
	if e := h.refusal.Load(); e != nil {
		return e
	}
	return nil
}

// note keeps err as the refusal, if it is one and the first.
func (h *Halt) note(err error, view advert.View) {
	var e *Error
	if h != nil && Halts(err, view) && errors.As(err, &e) {
		h.refusal.CompareAndSwap(nil, e)
	}
}

// halted is the error of a lookup kept from sending after refusal:
// canceled, with the refusal as its cause.
func halted(refusal error, attempts int) *Error {
	return &Error{Kind: KindCanceled, Attempts: attempts, Err: errors.Join(ErrHalted, refusal),
		Message: "not sent: " + refusal.Error()}
}

// HaltedBy is the refusal that kept err's lookup from sending (see Halt),
// nil when none did.
func HaltedBy(err error) error {
	var e *Error
	if !errors.Is(err, ErrHalted) || !errors.As(err, &e) {
		return nil
	}
	var r *Error
	if errors.As(e.Err, &r) {
		return r
	}
	return nil
}
