package cmd

import (
	"errors"

	"github.com/padview/padview/api"
)

// nextStep is the CLI's advice for a failure: api's errors say what
// happened, and each front end what to do about it (the TUI's table is
// ui's advice). "" when what happened says enough. One table: a kind's
// advice is worded here and nowhere else in cmd.
func nextStep(e *api.Error) string {
	switch e.Kind {
	case api.KindUnauthorized:
		if e.Status == 0 {
			return "set one with `padview token set`"
		}
		return "check it, or replace it with `padview token set`"
	case api.KindForbidden:
		return "the full view may need a token with personal-data access"
	case api.KindNotFound:
		return "check the identifier"
	case api.KindConfig:
		return "check the base URL: it is the partner address ending in the version segment, e.g. https://partner.example/v1"
	case api.KindRateLimited:
		switch {
		case e.MaxWait > 0:
			return "try again later, or raise max_wait (--max-wait, or max_wait in the config file)"
		case e.ServerWait != "":
			return "try again then"
		}
		return "wait a minute and try again"
	case api.KindServer:
		if e.MaxWait > 0 {
			return "try again later"
		}
		return "try again shortly"
	case api.KindTimeout:
		return "the service is slow or unreachable; try again"
	case api.KindNetwork:
		if e.Status != 0 { // it answered, and the answer broke off
			return "try again shortly"
		}
	}
	return ""
}

// advisedError is a failure as the CLI prints it: what happened, then the
// next step. The failure itself stays reachable (errors.As, KindOf).
type advisedError struct {
	err  error
	next string
}

func (a *advisedError) Error() string { return a.err.Error() + "; " + a.next }
func (a *advisedError) Unwrap() error { return a.err }

// withAdvice adds the CLI's next step to a failure of a lookup.
func withAdvice(err error) error {
	var e *api.Error
	if !errors.As(err, &e) {
		return err
	}
	if next := nextStep(e); next != "" {
		return &advisedError{err: err, next: next}
	}
	return err
}
