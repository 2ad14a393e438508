package cmd

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/padview/padview/api"
)

// Exit codes of padview, documented in the README.
const (
	ExitOK          = 0
	ExitFailure     = 1 // any other failure
	ExitUsage       = 2 // bad flags, arguments or PAIDs
	ExitNotFound    = 3 // at least one PAID not found
	ExitToken       = 4 // token missing or rejected
	ExitRateLimited = 5 // gave up on rate limiting

	// diff answers like diff(1): 1 means the advertisements differ, so its
	// other failures, 1 elsewhere, are 8, a code no other command gives
	// another meaning (6 is check's).
	ExitDiffers    = 1
	ExitDiffFailed = 8

	// check: a required item of the transparency notice is missing. Like
	// diff's 6 it belongs to one command; in a batch every other code wins.
	ExitIncomplete = 6
	// check: no required item is missing, but padview could not tell of
	// one (not recognised, or only in the full view). In a batch every
	// other code wins, 6 included.
	ExitUndetermined = 7

	// watch run: stopped by Ctrl-C (or SIGTERM), as shells count a signal.
	ExitInterrupted = 130
)

// exitError carries an exit code up to Execute with the message to print.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

func exitWith(code int, format string, args ...any) error {
	return &exitError{code: code, err: fmt.Errorf(format, args...)}
}

// quietExit ends a command with its code and no message of its own: what
// went wrong was said already, per PAID or in the output.
type quietExit int

func (q quietExit) Error() string { return fmt.Sprintf("exit %d", int(q)) }

// exitQuietly is nil for ExitOK, else the quiet exit with code.
func exitQuietly(code int) error {
	if code == ExitOK {
		return nil
	}
	return quietExit(code)
}

// UsageError is a mistake the user corrects in the command line, the input
// or the config: exit 2. Help is the command whose --help explains the
// usage ("padview get"), or "" when the message says enough.
type UsageError struct {
	Err  error
	Help string
}

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

// usage marks err as the user's to correct.
func usage(err error) error { return &UsageError{Err: err} }

func usagef(format string, args ...any) error {
	return &UsageError{Err: fmt.Errorf(format, args...)}
}

// commandLine marks err as a mistake on c's command line, which c's --help
// explains.
func commandLine(c *cobra.Command, err error) error {
	return &UsageError{Err: err, Help: c.CommandPath()}
}

// severity orders exit codes when several PAIDs failed differently: the
// one that needs the user first wins (4, 5, 1, 2, 3, then 6, then 7).
var severity = map[int]int{ExitToken: 7, ExitRateLimited: 6, ExitFailure: 5, ExitUsage: 4, ExitNotFound: 3,
	ExitIncomplete: 2, ExitUndetermined: 1, ExitOK: 0}

func worse(a, b int) int {
	if severity[b] > severity[a] {
		return b
	}
	return a
}

// exitCode extracts the code an error should end the process with.
func exitCode(err error) int {
	if err == nil {
		return ExitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	var q quietExit
	if errors.As(err, &q) {
		return int(q)
	}
	var ue *UsageError
	if errors.As(err, &ue) {
		return ExitUsage
	}
	// An api error that no command gave a code of its own: one the user
	// corrects (a usage kind in cliFailures) keeps its code, any other is
	// a failure.
	if c := codeForKind(api.KindOf(err)); c == ExitUsage {
		return c
	}
	return ExitFailure
}
