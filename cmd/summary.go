package cmd

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/text"
)

// tally counts a batch's outcomes for the progress line and the summary.
type tally struct {
	started                 time.Time
	found, notFound, failed int
	invalid, notLookedUp    int
	canceled                int     // canceled in flight, their requests sent, when a batch stopped early
	stopped                 error   // why the PAIDs not looked up were not: errInterrupted, or what stopped the batch
	partial                 bool    // stdin (or the --list file) was not read to its end
	source                  string  // what '-' read: "stdin", or the --list file's path
	maxRate                 float64 // the rate limit a minute: no rate reads above it
}

func (t *tally) add(r result) {
	switch api.KindOf(r.err) {
	case api.KindUnknown:
		if r.err == nil {
			t.found++
		} else {
			t.failed++
		}
	case api.KindNotFound:
		t.notFound++
	case api.KindInvalidPAID:
		t.invalid++
	case api.KindCanceled:
		if errors.Is(r.err, errCanceledInFlight) {
			t.canceled++
		} else {
			t.notLookedUp++
		}
	default:
		t.failed++
	}
}

// done is how many PAIDs have an outcome.
func (t *tally) done() int {
	return t.found + t.notFound + t.failed + t.invalid + t.notLookedUp + t.canceled
}

// skipped is how many PAIDs have no answer: not looked up, or canceled.
func (t *tally) skipped() int { return t.notLookedUp + t.canceled }

// answered is how many lookups the service answered or failed: the ones
// that count for the rate.
func (t *tally) answered() int { return t.found + t.notFound + t.failed }

// summary is the line that closes a batch:
// "2,500 PAIDs: 2,431 found, 61 not found, 8 failed · 2m31s · 994/min",
// or after an interruption
// "1,496 of 2,500 PAIDs not looked up: interrupted; 990 found, 10 not found, 4 failed · 1m01s · 994/min".
// Invalid PAIDs are named only when there are some.
func (t *tally) summary(now time.Time) string {
	parts := []string{text.Thousands(int64(t.found)) + " found", text.Thousands(int64(t.notFound)) + " not found", text.Thousands(int64(t.failed)) + " failed"}
	if t.invalid > 0 {
		parts = append(parts, text.Thousands(int64(t.invalid))+" invalid")
	}
	head := text.Plural(t.done(), "PAID", "PAIDs") + ": "
	if t.skipped() > 0 {
		head = t.skippedLine() + "; "
	}
	took := now.Sub(t.started)
	line := head + strings.Join(parts, ", ") + " · " + text.Elapsed(took)
	if rate := perMinute(t.answered(), took, t.maxRate); rate != "" && t.answered() > 0 { // none for a batch under a second
		line += " · " + rate
	}
	return line
}

// closing is the summary as it closes a batch on stderr: after an
// interruption or an early stop it starts with what was not looked up,
// worded as a command without a summary says it, "padview: 1,496 of 2,500
// PAIDs …".
func (t *tally) closing(now time.Time) string {
	if t.skipped() > 0 {
		return "padview: " + t.summary(now)
	}
	return t.summary(now)
}

// skippedLine is the one line that stands for the PAIDs a batch did not
// look up: "1,496 of 2,500 PAIDs not looked up: interrupted", or "16 of 21
// PAIDs not requested, 3 canceled in flight: the service had refused the
// full view" (those whose requests were sent when the batch stopped), and
// whether stdin was left unread.
func (t *tally) skippedLine() string {
	how, why := "not looked up", errInterrupted
	if t.stopped != nil && t.stopped != errInterrupted {
		how, why = "not requested", t.stopped
	}
	n, of := text.Thousands(int64(t.notLookedUp)), text.Plural(t.done(), "PAID", "PAIDs")
	switch {
	case t.canceled > 0 && t.notLookedUp == 0:
		n, how = text.Thousands(int64(t.canceled)), errCanceledInFlight.Error()
	case t.canceled > 0:
		how += ", " + text.Thousands(int64(t.canceled)) + " " + errCanceledInFlight.Error()
	}
	if t.partial {
		return fmt.Sprintf("%s of the %s read were %s: %s, and the rest of %s was not read", n, of, how, why, t.sourceName())
	}
	return fmt.Sprintf("%s of %s %s: %s", n, of, how, why)
}

// sourceName is what '-' read, for a sentence.
func (t *tally) sourceName() string {
	if t.source == "" {
		return "stdin"
	}
	return text.CleanText(t.source)
}
