package cmd

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/check"
	"github.com/padview/padview/api/text"
)

// tally counts a batch's outcomes for the progress line and the summary.
type tally struct {
	started                 time.Time
	found, notFound, failed int
	invalid, notLookedUp    int
	canceled                int    // canceled in flight, their requests sent, when a batch stopped early
	stopped                 error  // why the PAIDs not looked up were not: errInterrupted, or what stopped the batch
	partial                 bool   // stdin (or the --list file) was not read to its end
	source                  string // what '-' read: "stdin", or the --list file's path
	// peak is the most requests the rate budget counted in one window
	// during the batch (api.BudgetSnapshot.Peak), and window that window:
	// the summary's rate, which cannot read above the limit.
	peak   int
	window time.Duration
	// verdicts counts the found advertisements by the check's verdict,
	// for a command that checks them (check); nil for the others.
	verdicts map[check.Verdict]int
}

func (t *tally) add(r result) {
	switch api.OutcomeOf(r.err) {
	case api.OutcomeFound:
		t.found++
	case api.OutcomeAbsent:
		t.notFound++
	case api.OutcomeInvalid:
		t.invalid++
	case api.OutcomeCanceled:
		if errors.Is(r.err, errCanceledInFlight) {
			t.canceled++
		} else {
			t.notLookedUp++
		}
	default:
		t.failed++
	}
}

// done is how many PAIDs have an outcome, those not looked up included.
func (t *tally) done() int {
	return t.looked() + t.skipped()
}

// looked is how many PAIDs were looked up to the end (or found bad):
// found, not found, failed or invalid.
func (t *tally) looked() int { return t.found + t.notFound + t.failed + t.invalid }

// skipped is how many PAIDs have no answer: not looked up, or canceled.
func (t *tally) skipped() int { return t.notLookedUp + t.canceled }

// answered is how many lookups the service answered or failed.
func (t *tally) answered() int { return t.found + t.notFound + t.failed }

// summary is the line that closes a batch:
// "2,500 PAIDs: 2,431 found, 61 not found, 8 failed · 2m31s · at most 1,000 requests a minute",
// "3 PAIDs: 2 found (1 complete, 1 incomplete, 0 undetermined), 1 not found, 0 failed · 0.4s"
// for check, or after an interruption
// "interrupted: 1,004 of 2,500 PAIDs done, 1,496 not looked up; 990 found, 10 not found, 4 failed · 1m01s · …".
// Invalid PAIDs are named only when there are some.
func (t *tally) summary(now time.Time) string {
	found := text.Thousands(int64(t.found)) + " found"
	if t.verdicts != nil {
		found += fmt.Sprintf(" (%s complete, %s incomplete, %s undetermined)", text.Thousands(int64(t.verdicts[check.Complete])),
			text.Thousands(int64(t.verdicts[check.Incomplete])), text.Thousands(int64(t.verdicts[check.Undetermined])))
	}
	parts := []string{found, text.Thousands(int64(t.notFound)) + " not found", text.Thousands(int64(t.failed)) + " failed"}
	if t.invalid > 0 {
		parts = append(parts, text.Thousands(int64(t.invalid))+" invalid")
	}
	head := text.Plural(t.done(), "PAID", "PAIDs") + ": "
	if t.skipped() > 0 {
		head = t.skippedLine() + "; "
	}
	took := now.Sub(t.started)
	line := head + strings.Join(parts, ", ") + " · " + text.Elapsed(took)
	if took >= minRateSpan && t.peak > 0 { // none for a batch under a second
		line += " · " + mostRequests(t.peak, t.window)
	}
	return line
}

// closing is the summary as it closes a batch on stderr: after an
// interruption or an early stop it starts with what was not looked up,
// worded as a command without a summary says it, "padview: interrupted: …".
func (t *tally) closing(now time.Time) string {
	if t.skipped() > 0 {
		return "padview: " + t.summary(now)
	}
	return t.summary(now)
}

// skippedLine is the one line that stands for the PAIDs a batch did not
// look up (shortfall words it).
func (t *tally) skippedLine() string {
	return shortfall{why: t.stopped, done: t.looked(), canceled: t.canceled, left: t.notLookedUp,
		partial: t.partial, source: t.sourceName()}.String()
}

// sourceName is what '-' read, for a sentence.
func (t *tally) sourceName() string {
	if t.source == "" {
		return "stdin"
	}
	return text.CleanText(t.source)
}

// shortfall is a batch that ended before every PAID was looked up: why,
// and how many PAIDs were done, canceled in flight (their requests sent)
// and left. The one wording of it, for the summary, the progress line and
// a check report's tally.
type shortfall struct {
	why                  error // errInterrupted, what stopped the batch, or nil: stopped early
	done, canceled, left int
	partial              bool   // the input was not read to its end
	source               string // what was not read to its end
}

// String is "interrupted: 1,004 of 2,500 PAIDs done, 1,496 not looked
// up", or "stopped, as the service had refused the full view: 2 of 21
// PAIDs done, 3 canceled in flight, 16 not requested", and ", and the rest
// of stdin was not read" when it was not.
func (s shortfall) String() string {
	why, how := "interrupted", "not looked up"
	switch {
	case s.why == nil:
		why, how = "stopped early", "not requested"
	case s.why != errInterrupted:
		why, how = "stopped, as "+s.why.Error(), "not requested"
	}
	total := s.done + s.canceled + s.left
	of := text.Plural(total, "PAID", "PAIDs")
	if s.partial {
		of = "the " + of + " read"
	}
	line := fmt.Sprintf("%s: %s of %s done", why, text.Thousands(int64(s.done)), of)
	if s.canceled > 0 {
		line += ", " + text.Thousands(int64(s.canceled)) + " " + errCanceledInFlight.Error()
	}
	if s.left > 0 || s.canceled == 0 {
		line += ", " + text.Thousands(int64(s.left)) + " " + how
	}
	if s.partial {
		line += ", and the rest of " + s.source + " was not read"
	}
	return line
}

// short is the shortfall in fewer columns, for the progress line, whose
// count says how many were done: "interrupted · 1,496 not looked up".
func (s shortfall) short() string {
	why, how := "interrupted", "not looked up"
	if s.why != errInterrupted {
		why, how = "stopped", "not requested"
	}
	line := why
	if s.canceled > 0 {
		line += " · " + text.Thousands(int64(s.canceled)) + " canceled"
	}
	if s.left > 0 || s.canceled == 0 {
		line += " · " + text.Thousands(int64(s.left)) + " " + how
	}
	return line
}
