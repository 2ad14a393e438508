package cmd

import (
	"errors"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/export"
)

// cliFailure is what the CLI says and does about one kind of failure:
// the exit code a script checks, the next step after what happened (the
// api's error says only that), and why a batch stops at it. What happened,
// and the advice every front end gives alike (api.Error.Advice), are the
// domain's (api/kinds.go); the TUI has a table of its own
// (ui/failures.go).
type cliFailure struct {
	code int // the exit code (see exit.go)
	// next is the CLI's own next step (a command, a flag), after the
	// domain's advice; "" when those say enough.
	next func(e *Env, ae *api.Error) string
	// stop is why a batch stops at this failure, when api.Halts says it
	// does: the PAIDs left are not requested.
	stop error
}

// cliFailures is the CLI's table of failures, one row per api.ErrorKind;
// TestEveryKindHasCLIWords fails on a kind it leaves out.
var cliFailures = map[api.ErrorKind]cliFailure{
	api.KindUnknown:      {code: ExitFailure, next: noStep},
	api.KindInvalidPAID:  {code: ExitUsage, next: noStep},
	api.KindConfig:       {code: ExitUsage, next: noStep}, // the advice: check the base URL
	api.KindUnauthorized: {code: ExitToken, next: (*Env).newTokenStep, stop: errTokenRejected},
	api.KindForbidden: {code: ExitToken, stop: errFullViewRefused, next: func(*Env, *api.Error) string {
		return "the full view may need a token with personal-data access"
	}},
	api.KindNotFound:    {code: ExitNotFound, next: (*Env).absentStep},
	api.KindRateLimited: {code: ExitRateLimited, next: rateLimitedStep},
	api.KindServer: {code: ExitFailure, next: func(_ *Env, ae *api.Error) string {
		if ae.MaxWait > 0 {
			return "try again later"
		}
		return "try again shortly"
	}},
	api.KindHTTP: {code: ExitFailure, next: noStep},
	api.KindTimeout: {code: ExitFailure, next: func(*Env, *api.Error) string {
		return "the service is slow or unreachable; try again"
	}},
	api.KindNetwork: {code: ExitFailure, next: func(_ *Env, ae *api.Error) string {
		if ae.Status != 0 { // it answered, and the answer broke off
			return "try again shortly"
		}
		return "" // the advice: is the service up, is the base URL right
	}},
	api.KindTooLarge:    {code: ExitFailure, next: noStep},
	api.KindBadResponse: {code: ExitFailure, next: (*Env).badAnswerStep},
	api.KindCanceled:    {code: ExitFailure, next: noStep},
	api.KindAccessLog:   {code: ExitFailure, next: noStep},
}

func noStep(*Env, *api.Error) string { return "" }

// failure is how the CLI words a failure: what happened, in the error's
// own words (api's errors say only that), then the advice every front end
// gives alike (api.Error.Advice), then the CLI's own next step from
// cliFailures. The TUI words its own (ui/failures.go).
func (e *Env) failure(err error) string {
	msg := err.Error()
	var ae *api.Error
	if !errors.As(err, &ae) {
		return msg
	}
	for _, step := range []string{ae.Advice(), cliFailures[ae.Kind].next(e, ae)} {
		if step != "" {
			msg += "; " + step
		}
	}
	return msg
}

// codeForKind maps an api error kind to the exit code a script checks.
func codeForKind(k api.ErrorKind) int { return cliFailures[k].code }

// haltedBy is why a batch in view stops at err (api.Halts), nil when it
// does not.
func haltedBy(err error, view advert.View) error {
	if !api.Halts(err, view) {
		return nil
	}
	return cliFailures[api.KindOf(err)].stop
}

// missedFor is how a check summary names a PAID whose lookup failed, by
// what it came to.
var missedFor = map[api.Outcome]export.Missed{
	api.OutcomeFailed: export.Failed, api.OutcomeAbsent: export.NotFound,
	api.OutcomeInvalid: export.Invalid, api.OutcomeCanceled: export.NotLookedUp,
}

// newTokenStep is the next step after a rejected token: `padview token
// set`, unless the token came from PADVIEW_TOKEN (the error names the
// variable, which wins over the keyring): the variable is then what to
// fix.
func (e *Env) newTokenStep(ae *api.Error) string {
	switch {
	case ae.TokenVar != "":
		return "`" + e.command() + " token set` cannot help: check its value, or unset it to use the stored token"
	case ae.Status == 0:
		return "set one with `" + e.command() + " token set`"
	}
	return "check it, or store a new one with `" + e.command() + " token set`"
}

// badAnswerStep is the next step after an answer that is not valid JSON.
// A web page where the service should answer has the advice to check the
// base URL; JSON that broke off may come right.
func (e *Env) badAnswerStep(ae *api.Error) string {
	if ae.Advice() != "" {
		return ""
	}
	return "try again; if it keeps failing, `" + e.command() + " get --raw " + ae.PAID + "` shows what came, for the service's support"
}

// absentStep is the next step when there is no such advertisement: for
// a withdrawn one, where its watch history is; else to check the PAID.
func (e *Env) absentStep(ae *api.Error) string {
	if ae.Withdrawn() {
		return "`" + e.command() + " watch log " + ae.PAID + "` shows it"
	}
	return "check the identifier"
}

// rateLimitedStep is the next step after a 429 padview did not wait out.
func rateLimitedStep(_ *Env, ae *api.Error) string {
	switch {
	case ae.MaxWait > 0:
		return "try again later, or raise max_wait (--max-wait, or max_wait in the config file)"
	case ae.ServerWait != "":
		return "try again then"
	}
	return "wait a minute and try again"
}
