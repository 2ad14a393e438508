package cmd

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"math"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/audit"
	"github.com/padview/padview/api/stamp"
	"github.com/padview/padview/api/statedir"
	"github.com/padview/padview/api/text"
)

type auditFlags struct {
	since                 string
	paids                 []string // --paid: only the entries of these PAIDs
	json, verify, recover bool
}

func newAudit(env *Env, _ *rootFlags) *cobra.Command {
	var f auditFlags
	c := &cobra.Command{
		Use:   "audit [--since DUR] [--paid PAID]... [--json] | --verify | --recover",
		Short: "List the access log of full-view requests, or verify that it is intact",
		Long: `Every request for the full view is recorded before it is sent, in
access.log in padview's state directory ($PADVIEW_STATE_DIR, else
$XDG_STATE_HOME/padview or ~/.local/state/padview; ~/Library/Application
Support/padview on macOS; %LocalAppData%\padview on Windows): the time, the OS
user, the profile, the service host, the PAID, the view and the reason, then
the outcome with the categories of personal data the answer held (email,
phone, address, name, other), never a value. Saving a full-view answer (the
TUI's e, or get --full with an export format to a stdout that is not a
terminal) adds an export line first: the file (or "stdout"), the format and
the categories written, never a value.

Each line carries the SHA-256 of the line before it and its number, and a
head file beside the log (access.log.head) keeps the last line's number and
hash, so that --verify finds the first line that was edited or removed, an
edited last line, lines cut from the end and a deleted log (exit 0 intact,
1 broken). It tells those from a write padview did not finish at the end
(killed, or the machine went down, between a line and its head file or in
the middle of a line): that is recoverable, and --recover completes it (so
does the next full-view request).`,
		Example: `  padview audit
  padview audit --since 24h --json
  padview audit --paid AB12CD
  padview audit --verify
  padview audit --recover`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return runAudit(c.Context(), env, f)
		},
	}
	fl := c.Flags()
	fl.StringVar(&f.since, "since", "", "only entries newer than this, e.g. 90m, 24h or 7d")
	fl.StringArrayVar(&f.paids, "paid", nil, "only the entries of this PAID (repeat for several)")
	fl.BoolVar(&f.json, "json", false, "print the entries as stored, as JSON Lines")
	fl.BoolVar(&f.verify, "verify", false, "check the hash chain: exit 0 intact, 1 broken, naming the first bad line")
	fl.BoolVar(&f.recover, "recover", false, "complete a write padview did not finish at the end of the log (what --verify calls interrupted)")
	c.MarkFlagsMutuallyExclusive("verify", "json", "recover")
	c.MarkFlagsMutuallyExclusive("verify", "since", "recover")
	c.MarkFlagsMutuallyExclusive("json", "recover")
	c.MarkFlagsMutuallyExclusive("verify", "paid", "recover")
	return c
}

func runAudit(ctx context.Context, env *Env, f auditFlags) error {
	cutoff, err := sinceCutoff(f.since, time.Now())
	if err != nil {
		return err
	}
	only, err := auditPAIDs(f.paids)
	if err != nil {
		return err
	}
	path, err := audit.Path(env.Getenv)
	if err != nil {
		return exitWith(ExitFailure, "%v", err)
	}
	dir, err := statedir.Find(env.Getenv)
	if errors.Is(err, fs.ErrNotExist) {
		noAuditLogYet(env, path)
		return nil
	}
	if err != nil {
		return exitWith(ExitFailure, "access log: %v", err)
	}
	switch {
	case f.verify:
		return verifyAudit(ctx, env, dir)
	case f.recover:
		return recoverAudit(ctx, env, dir)
	}
	file, err := dir.OpenFile(audit.FileName, os.O_RDONLY)
	if errors.Is(err, fs.ErrNotExist) {
		if _, herr := os.Lstat(audit.HeadPath(path)); herr == nil {
			return exitWith(ExitFailure, "access log %s is missing, but its head file is there: it was deleted; run `padview audit --verify`", path)
		}
		noAuditLogYet(env, path)
		return nil
	}
	if err != nil {
		return exitWith(ExitFailure, "access log: %v", err)
	}
	defer file.Close()
	return listAudit(env, file, path, f.json, auditFilter{cutoff: cutoff, paids: only})
}

// auditFilter is what an entry must match to be listed: newer than cutoff
// (if set), of one of paids (if any).
type auditFilter struct {
	cutoff time.Time
	paids  map[string]bool
}

func (f auditFilter) keeps(e audit.Entry) bool {
	return (f.cutoff.IsZero() || !e.Time.Before(f.cutoff)) && (f.paids == nil || f.paids[e.PAID])
}

// auditPAIDs reads --paid as a lookup would (a pasted URL gives its PAID),
// so that a PAID that could never have been asked for is a usage error,
// not an empty list.
func auditPAIDs(in []string) (map[string]bool, error) {
	if len(in) == 0 {
		return nil, nil
	}
	out := make(map[string]bool, len(in))
	for _, s := range in {
		paid, err := api.ParsePAID(s)
		if err != nil {
			return nil, usagef("--paid: %v", err)
		}
		out[paid] = true
	}
	return out, nil
}

// noAuditLogYet says there is no access log at path, and when there will be.
func noAuditLogYet(env *Env, path string) {
	fmt.Fprintf(env.Stderr, "No access log yet at %s: padview writes it on the first full-view request.\n", path)
}

// listAudit prints the entries of the log at path that filter keeps: as
// stored (asJSON), or one line each; lines that are not readable
// entries are counted and named on stderr.
func listAudit(env *Env, file io.Reader, path string, asJSON bool, filter auditFilter) error {
	out := bufio.NewWriter(env.Stdout)
	defer out.Flush()
	if !asJSON {
		fmt.Fprintf(out, "access log %s\n", path)
	}
	unreadable, listed := 0, 0
	err := audit.Each(file, func(l audit.Line) error {
		if l.Err != nil {
			unreadable++
			return nil
		}
		if !filter.keeps(l.Entry) {
			return nil
		}
		listed++
		if asJSON {
			line := string(l.Raw)
			if env.StdoutTTY {
				line = text.CleanText(line) // the file may have been edited: never let it drive the terminal
			}
			_, err := fmt.Fprintln(out, line)
			return err
		}
		writeAuditEntry(out, l.Entry)
		return nil
	})
	if err != nil {
		return exitWith(ExitFailure, "access log %s: %v", path, err)
	}
	if unreadable > 0 {
		fmt.Fprintf(env.Stderr, "padview: access log lines that are not readable entries: %d; run `padview audit --verify`\n", unreadable)
	}
	if listed == 0 && filter.paids != nil {
		// An empty list could be taken for a filter that did not work.
		fmt.Fprintf(env.Stderr, "No entries of %s in the access log%s.\n", strings.Join(slices.Sorted(maps.Keys(filter.paids)), ", "), filter.since())
	}
	return nil
}

// since is the --since part of the note that nothing matched.
func (f auditFilter) since() string {
	if f.cutoff.IsZero() {
		return ""
	}
	return " since " + f.cutoff.UTC().Format("2006-01-02 15:04:05Z")
}

// verifyAudit checks the chain and the head file: exit 0 intact, 1 broken
// or interrupted, naming the first bad line of the file's lines.
func verifyAudit(ctx context.Context, env *Env, dir *statedir.Dir) error {
	path := dir.File(audit.FileName)
	n, err := audit.Check(ctx, dir)
	var (
		broken      *audit.Broken
		interrupted *audit.Interrupted
	)
	switch {
	case errors.Is(err, os.ErrNotExist):
		noAuditLogYet(env, path)
		return nil
	case errors.As(err, &interrupted):
		return exitWith(ExitFailure, "access log %s ends in a write padview did not finish, not an edit: line %d of %d: %s; "+
			"`padview audit --recover` completes it (so does the next full-view request)", path, interrupted.Line, n, interrupted.Reason)
	case errors.As(err, &broken) && broken.Line == 0:
		return exitWith(ExitFailure, "access log %s (%s) is broken: %s", path, text.Plural(n, "line", "lines"), broken.Reason)
	case errors.As(err, &broken):
		return exitWith(ExitFailure, "access log %s is broken at line %d of %d: %s", path, broken.Line, max(n, broken.Line), broken.Reason)
	case err != nil:
		return exitWith(ExitFailure, "%v", err)
	}
	fmt.Fprintf(env.Stdout, "access log %s: %s, chain intact, its end matches the head file\n", path, text.Plural(n, "line", "lines"))
	return nil
}

// recoverAudit completes an interrupted write at the log's end, and
// leaves any other log as it is: exit 0 when the log is intact after it.
func recoverAudit(ctx context.Context, env *Env, dir *statedir.Dir) error {
	path := dir.File(audit.FileName)
	did, err := audit.Recover(ctx, dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		fmt.Fprintf(env.Stderr, "No access log yet at %s: nothing to recover.\n", path)
		return nil
	case err != nil:
		var broken *audit.Broken
		if errors.As(err, &broken) {
			return exitWith(ExitFailure, "access log %s: nothing recovered: the log is broken (%v), not interrupted; "+
				"run `padview audit --verify` for where", path, err)
		}
		return exitWith(ExitFailure, "%v", err)
	case did == "":
		fmt.Fprintf(env.Stdout, "access log %s: nothing to recover: chain intact, its end matches the head file\n", path)
		return nil
	}
	fmt.Fprintf(env.Stdout, "access log %s: recovered: %s\n", path, did)
	return verifyAudit(ctx, env, dir)
}

// writeAuditEntry prints one entry on one line. Every value is cleaned:
// the file is ours, but anyone who can write it can put anything in it.
func writeAuditEntry(w io.Writer, e audit.Entry) {
	what := ""
	switch e.Event {
	case audit.EventRequest:
		what = e.View + " view requested"
		if e.Reason != "" {
			what += " · reason: " + e.Reason
		} else {
			what += " · no reason given"
		}
	case audit.EventOutcome:
		status := 0
		if e.Status != nil {
			status = *e.Status
		}
		switch {
		case e.Error != "" && status != 0:
			what = fmt.Sprintf("failed: %s (%d)", e.Error, status)
		case e.Error != "":
			what = "failed: " + e.Error
		default:
			what = fmt.Sprintf("answered %d", status)
		}
		if len(e.Shown) > 0 {
			what += " · personal data: " + strings.Join(e.Shown, ", ")
			if e.Masked {
				what += " (masked)"
			}
		} else if e.Error == "" {
			what += " · no personal data shown"
		}
	case audit.EventExport:
		what = exportWords(e)
	case audit.EventFileView:
		what = fmt.Sprintf("%s view read from file %s (SHA-256 %s)", e.View, e.File, e.SHA256)
		if e.Reason != "" {
			what += " · reason: " + e.Reason
		} else {
			what += " · no reason given"
		}
	default:
		what = e.Event
	}
	if e.Recovered != "" {
		what += " · first " + e.Recovered
	}
	fields := []string{stamp.Second(e.Time), e.User, e.Profile, e.Host, e.PAID, what}
	for i, s := range fields {
		fields[i] = text.CleanText(s)
	}
	fmt.Fprintln(w, strings.Join(fields, "  "))
}

// exportWords says what an export line recorded: "full view exported as
// markdown to /path · personal data: email, phone".
func exportWords(e audit.Entry) string {
	what := fmt.Sprintf("%s view exported as %s to %s", e.View, e.Format, e.File)
	if len(e.Written) == 0 {
		return what + " · no personal data written"
	}
	what += " · personal data: " + strings.Join(e.Written, ", ")
	if e.Masked {
		what += " (masked)"
	}
	return what
}

// sinceCutoff is the time --since reaches back to from now; zero without
// --since.
func sinceCutoff(since string, now time.Time) (time.Time, error) {
	if since == "" {
		return time.Time{}, nil
	}
	d, err := parseSince(since)
	if err != nil {
		return time.Time{}, exitWith(ExitUsage, "--since %q: %v", text.CleanText(since), err)
	}
	return now.Add(-d), nil
}

// maxSinceDays is the most days --since counts back: a time.Duration holds
// no more (about 292 years).
const maxSinceDays = math.MaxInt64 / int64(24*time.Hour)

// parseSince reads a Go duration, or a whole number of days ("7d").
func parseSince(s string) (time.Duration, error) {
	tooFar := fmt.Errorf("at most %s days (about 292 years) can be counted back; leave --since out to list every entry", text.Thousands(maxSinceDays))
	if days, ok := strings.CutSuffix(s, "d"); ok {
		n, err := strconv.ParseInt(days, 10, 64)
		if errors.Is(err, strconv.ErrRange) || err == nil && n > maxSinceDays {
			return 0, tooFar
		}
		if err != nil || n <= 0 {
			return 0, errors.New(sinceHow)
		}
		return time.Duration(n) * 24 * time.Hour, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil && durationShape.MatchString(s) {
		return 0, tooFar // well formed: too large for a duration
	}
	if err != nil || d <= 0 {
		return 0, errors.New(sinceHow)
	}
	return d, nil
}

const sinceHow = "write it as 90m, 24h or 7d"

// durationShape is a well-formed Go duration, whatever its size.
var durationShape = regexp.MustCompile(`^([0-9]+(\.[0-9]*)?(ns|us|µs|ms|s|m|h))+$`)
