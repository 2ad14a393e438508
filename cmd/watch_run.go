package cmd

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/api/signals"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/api/watch"
	"github.com/padview/padview/keystore"
)

// Bounds of --every and --rate, documented in docs/watch.md.
const (
	minEvery = 10 * time.Second
	maxEvery = 31 * 24 * time.Hour
	maxRate  = api.DefaultLimit // the service's limit per token
)

type watchRunFlags struct {
	once, json  bool
	every       string
	rate        int
	onChange    string
	onChangeSet bool // given, even as ''
}

func newWatchRun(env *Env, rf *rootFlags) *cobra.Command {
	var f watchRunFlags
	c := &cobra.Command{
		Use:   "run [--once] [--every DUR] [--rate N] [--json] [--on-change CMD]",
		Short: "Poll the watchlist and report what changed",
		Long: `Poll every advertisement on the watchlist of the profile's service (standard
view only) and report what came of it, one line per event: first (its first
snapshot), changed (the values that changed, the transparency verdict and
each rule's status), vanished (404 or 410 after it was found), reappeared,
failed (5xx, network, a bad body: tried again next sweep). An unchanged
answer prints nothing. --json prints JSON Lines with every member on every
line, null where not known: {"paid", "at", "event", "changes": [{"path",
"before", "after", "change", "personal", "large"}], "verdict": {"before",
"after"}, "service", "status", "error", "id"}.

Each event is stored, then printed, then alerted, and only then marked
delivered: what a run did not deliver (interrupted, killed, its stdout
closed) the next run delivers first, saying so, under the same "id", so
that a receiver can drop an event it had.

Requests are paced evenly at --rate a minute (default 500, half of the
service's 1,000 a minute per token, so that people using the same token keep
room), within the token's shared rate budget.

Without --once it sweeps every --every (default 1h) until Ctrl-C, which stops
it at once (exit 130, 143 for SIGTERM), naming the events it did not
deliver; a sweep that was stopped goes on where it stopped at the next run.
A closed stdout stops it too (exit 141). A rejected token stops the sweep at
once; the next run polls what it had not. One run at a time uses a
database: a second refuses.

--on-change CMD runs CMD for each change (changed, vanished, reappeared),
split into words as a shell would but without a shell, with the event's JSON
on stdin and PADVIEW_WATCH_PAID and PADVIEW_WATCH_EVENT set; it may take 30 s,
then its process group is killed. Its output goes to stderr; a failure is
reported and kept with the event, and the watch goes on. A program that
cannot be found is refused at the start (exit 2).

An advertisement whose stored snapshot does not read is skipped, named with
'padview watch repair PAID'; the others are polled.

Exit codes with --once: 0 nothing changed, 1 something changed, vanished or
reappeared, 2 to 5 as for 'padview get' (an advertisement never found is 3; a
skipped one 1).`,
		Example: `  padview watch run --once
  padview watch run --every 30m --on-change './notify.sh --channel ads'
  padview watch run --once --json | jq 'select(.event != "first")'
  padview --demo watch run --once`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if f.once && c.Flags().Changed("every") {
				return commandLine(c, errors.New("--once makes one sweep; drop --every"))
			}
			f.onChangeSet = c.Flags().Changed("on-change")
			return runWatch(c.Context(), env, rf, f)
		},
	}
	fl := c.Flags()
	fl.BoolVar(&f.once, "once", false, "make one sweep, then exit: 0 nothing changed, 1 changed, 2-5 as 'padview get'")
	fl.StringVar(&f.every, "every", "1h", "sweep this often, e.g. 15m, 6h or 1d (at least 10s)")
	fl.IntVar(&f.rate, "rate", watch.DefaultRate, "at most this many requests a minute (1 to 1000)")
	fl.BoolVar(&f.json, "json", false, `print JSON Lines: {"paid","at","event","changes":[{"path","before","after"}],"verdict":{"before","after"},…,"id"}`)
	fl.StringVar(&f.onChange, "on-change", "", "run this command for each change, with the event's JSON on stdin (no shell; 30 s at most)")
	return c
}

// watchRun is one `padview watch run` under way. It delivers each event
// at least once: stored first (by the poller), then printed, then its
// alert run, and only then marked delivered; what a run did not deliver
// the next one delivers first.
type watchRun struct {
	env    *Env
	store  *watch.Store
	target watchTarget
	f      watchRunFlags
	out    *bufio.Writer
	mu     sync.Mutex // out, code, outErr and the alerts' queue, from the poller's Emit
	code   int
	alerts *watch.Alerts
	alert  string                  // the --on-change command, for messages
	outErr error                   // the write to stdout that failed: nothing is printed, or delivered, after it
	stop   context.CancelCauseFunc // ends the run: stdout or the database failed

	markMu  sync.Mutex
	markErr error // the first failure to mark events delivered
}

// errStdout is the cause of a run that stopped because stdout failed.
var errStdout = errors.New("stdout failed")

func runWatch(ctx context.Context, env *Env, rf *rootFlags, f watchRunFlags) error {
	every, alert, err := checkRunFlags(f)
	if err != nil {
		return err
	}
	rs, err := startRun(env, rf)
	if err != nil {
		return err
	}
	defer rs.close()
	defer signals.ClosedPipeFails()() // a reader gone is a write that fails: what it did not get stays undelivered
	if rf.verbose {
		var undo func()
		env, undo = verboseEnv(env)
		defer undo()
	} else {
		locked := *env // alerts report from their own goroutine
		locked.Stderr = &lockedWriter{w: env.Stderr}
		env = &locked
	}
	ctx, stop := context.WithCancelCause(ctx)
	defer stop(nil)
	r := &watchRun{env: env, store: rs.store, target: rs.target, f: f, out: bufio.NewWriter(env.Stdout), stop: stop}
	if alert != nil {
		alert.Output, r.alert = env.Stderr, alert.Describe()
		r.alerts = watch.StartAlerts(ctx, alert, r.alerted)
	}
	p := &watch.Poller{
		Store: rs.store,
		Pacer: watch.NewPacer(f.rate, time.Minute),
		Emit:  r.deliver,
		Fetch: func(ctx context.Context, paid string) (*advert.Document, error) {
			doc, ex, err := rs.client.Get(ctx, paid, advert.Standard) // never the full view
			if rf.verbose && ctx.Err() == nil {
				describeExchange(env.Stderr, result{input: paid, doc: doc, ex: ex, err: err})
			}
			return doc, err
		},
	}
	runErr := r.redeliver(ctx)
	switch {
	case runErr != nil || ctx.Err() != nil:
	case f.once:
		var sum watch.Summary
		if sum, runErr = p.Sweep(ctx); sum.Done {
			r.summary(sum, time.Time{})
		}
	default:
		runErr = p.Run(ctx, every, r.summary)
	}
	return r.finish(ctx, runErr)
}

// checkRunFlags checks watch run's flags before anything is opened.
func checkRunFlags(f watchRunFlags) (every time.Duration, alert *watch.Alert, err error) {
	every, err = parseSince(f.every)
	if err != nil || every < minEvery || every > maxEvery {
		return 0, nil, usagef("--every %q: write it as 15m, 6h or 1d, between 10s and 31d", f.every)
	}
	if f.rate < 1 || f.rate > maxRate {
		return 0, nil, usagef("--rate must be between 1 and %d (the service's limit a minute per token), not %d", maxRate, f.rate)
	}
	alert, err = onChangeAlert(f)
	return every, alert, err
}

// runStart is what a run holds: the client, the database and its run
// lock.
type runStart struct {
	client  *api.Client
	store   *watch.Store
	target  watchTarget
	closers []func()
}

func (rs *runStart) close() {
	for i := len(rs.closers) - 1; i >= 0; i-- {
		rs.closers[i]()
	}
}

// startRun resolves the account (first: a missing token is the first
// thing to fix), opens the database and takes its run lock; with --demo
// the client is the demo's own, which needs the database.
func startRun(env *Env, rf *rootFlags) (_ *runStart, err error) {
	rs := &runStart{}
	defer func() {
		if err != nil {
			rs.close()
		}
	}()
	if !rf.demo {
		client, done, err := env.apiClient(rf)
		if err != nil {
			return nil, err
		}
		rs.client, rs.closers = client, append(rs.closers, done)
	}
	if rs.store, rs.target, err = env.openWatch(rf); err != nil {
		return nil, err
	}
	rs.closers = append(rs.closers, func() { rs.store.Close() })
	release, err := rs.store.LockRun()
	if err != nil {
		return nil, exitWith(ExitFailure, "%v", err)
	}
	rs.closers = append(rs.closers, release)
	if rf.demo {
		client, done, err := demoWatchClient(env, rf, rs.store)
		if err != nil {
			return nil, err
		}
		rs.client, rs.closers = client, append(rs.closers, done)
	}
	if n, err := rs.store.Count(); err != nil {
		return nil, exitWith(ExitFailure, "%v", err)
	} else if n == 0 {
		return nil, exitWith(ExitUsage, "nothing is watched on %s yet: 'padview watch add PAID' puts an advertisement on its watchlist", rs.store.Service())
	}
	return rs, nil
}

// onChangeAlert is the alert --on-change asks for, nil without it: the
// command split into words, and found now (a missing program is refused
// at the start, not at the first change).
func onChangeAlert(f watchRunFlags) (*watch.Alert, error) {
	if !f.onChangeSet {
		return nil, nil
	}
	argv, err := watch.ParseCommand(f.onChange)
	if err != nil {
		return nil, usagef("--on-change: %v", err)
	}
	a := &watch.Alert{Argv: argv, Env: alertEnv()}
	if err := a.Check(); err != nil {
		return nil, usagef("--on-change: %v", err)
	}
	return a, nil
}

// redeliver delivers first the events an earlier run stored but did not
// deliver (it was interrupted, killed, or its stdout closed), under their
// ids, saying so; one that does not read is named with its repair.
func (r *watchRun) redeliver(ctx context.Context) error {
	evs, damage, err := r.store.Undelivered(ctx)
	if err != nil {
		return err
	}
	for _, d := range damage {
		r.code = worse(r.code, ExitFailure)
		fmt.Fprintf(r.env.Stderr, "padview: an event from an interrupted run was not delivered: %s\n", d.Text(r.target.cli))
	}
	if len(evs) == 0 {
		return nil
	}
	fmt.Fprintf(r.env.Stderr, "padview: %s from an interrupted run, delivered first\n", text.Plural(len(evs), "event", "events"))
	r.deliver(evs)
	return nil
}

// deliver prints events (not unchanged ones), each flushed as it comes,
// for pipelines; queues the alerts of the changes; keeps the exit code;
// and marks delivered those that need no alert. An event stays
// undelivered when stdout fails: the run stops, and the next one
// delivers it.
func (r *watchRun) deliver(evs []watch.Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	var done []watch.Delivery
	for _, ev := range evs {
		switch {
		case ev.Kind.IsChange():
			r.code = worse(r.code, ExitFailure) // 1: changed
		case ev.Kind == watch.Failed:
			r.code = worse(r.code, failedCode(ev))
		case ev.Kind == watch.Skipped:
			r.code = worse(r.code, ExitFailure)
			r.skipped(ev)
			continue
		}
		if ev.Kind == watch.Unchanged || r.outErr != nil {
			continue
		}
		if r.f.json {
			r.out.Write(append(ev.AppendJSON(nil), '\n'))
		} else {
			fmt.Fprintln(r.out, eventLine(ev))
		}
		if err := r.out.Flush(); err != nil {
			r.outErr = err
			r.stop(errStdout)
			continue
		}
		switch {
		case ev.ID == 0: // a failure after a failure: printed, not stored
		case r.alerts != nil && ev.Kind.IsChange():
			r.alerts.Add(ev) // delivered once its alert ran
		default:
			done = append(done, watch.Delivery{ID: ev.ID})
		}
	}
	r.mark(done)
}

// failedCode is a failed poll's exit code, as get's; an event stored by
// an earlier run has its status, not its error.
func failedCode(ev watch.Event) int {
	if ev.Err != nil {
		return codeForKind(api.KindOf(ev.Err))
	}
	switch ev.Status {
	case 404, 410:
		return ExitNotFound
	}
	return ExitFailure
}

// skipped says why a poll was neither compared nor stored: a stored row
// of its advertisement does not read, and what repairs it.
func (r *watchRun) skipped(ev watch.Event) {
	var d *watch.DamagedError
	msg := ev.Error
	if errors.As(ev.Err, &d) {
		msg = d.Damage.Text(r.target.cli)
	}
	fmt.Fprintf(r.env.Stderr, "padview: %s skipped: %s\n", text.CleanText(ev.PAID), msg)
}

// alerted hears of an alert that ran to its end, and marks its event
// delivered, with the failure when it failed.
func (r *watchRun) alerted(ev watch.Event, err error) {
	d := watch.Delivery{ID: ev.ID}
	if err != nil {
		fmt.Fprintf(r.env.Stderr, "padview: --on-change for %s (%s): %s: %v\n", text.CleanText(ev.PAID), ev.Kind, r.alert, err)
		d.AlertError = err.Error()
	}
	r.mark([]watch.Delivery{d})
}

// mark marks events delivered; a database that fails stops the run.
func (r *watchRun) mark(ds []watch.Delivery) {
	if len(ds) == 0 {
		return
	}
	if err := r.store.MarkDelivered(ds); err != nil {
		r.markMu.Lock()
		if r.markErr == nil {
			r.markErr = err
		}
		r.markMu.Unlock()
		r.stop(err)
	}
}

// summary says on stderr what a sweep did, and when the next starts.
func (r *watchRun) summary(sum watch.Summary, next time.Time) {
	var counts []string
	for _, k := range []watch.Kind{watch.First, watch.Changed, watch.Vanished, watch.Reappeared, watch.Failed, watch.Skipped, watch.Unchanged} {
		if n := sum.Counts[k]; n > 0 {
			counts = append(counts, fmt.Sprintf("%s %s", text.Thousands(int64(n)), k))
		}
	}
	polled := text.Plural(sum.Polled, "advertisement", "advertisements")
	line := fmt.Sprintf("padview: swept %s on %s in %s", polled, r.target.service, text.Elapsed(sum.Elapsed))
	if sum.Sweep.Resumed {
		line = fmt.Sprintf("padview: went on with the sweep on %s begun %s: %s in %s", r.target.service, when(sum.Sweep.Started),
			polled, text.Elapsed(sum.Elapsed))
	}
	if len(counts) > 0 {
		line += ": " + strings.Join(counts, ", ")
	}
	if !next.IsZero() {
		line += "; next sweep at " + next.Format("15:04:05")
	}
	fmt.Fprintln(r.env.Stderr, line)
}

// finish waits for the alerts and turns how the run ended into the exit,
// naming the events it leaves undelivered.
func (r *watchRun) finish(ctx context.Context, runErr error) error {
	if r.alerts != nil {
		r.alerts.Close() // what it dropped is undelivered, and named below
	}
	r.out.Flush()
	r.markMu.Lock()
	if r.markErr != nil {
		runErr = r.markErr // what stopped the run
	}
	r.markMu.Unlock()
	left := r.undelivered()
	var stop *watch.StopError
	switch {
	case r.outErr != nil:
		what, code := fmt.Sprintf("cannot write to stdout (%v)", r.outErr), ExitFailure
		if errors.Is(r.outErr, syscall.EPIPE) {
			what, code = "stdout was closed (its reader has gone)", 128+int(syscall.SIGPIPE) // as a shell counts SIGPIPE
		}
		return exitWith(code, "%s: stopped %s%s", what, howFar(r.store), left)
	case runErr != nil && !errors.Is(runErr, context.Canceled) && !errors.As(runErr, &stop):
		return exitWith(ExitFailure, "%v%s", runErr, left)
	case ctx.Err() != nil:
		return exitWith(ExitInterrupted, "interrupted %s%s", howFar(r.store), left)
	case errors.As(runErr, &stop):
		code := worse(r.code, codeForKind(api.KindOf(stop.Err)))
		return &exitError{code: code, err: fmt.Errorf("%s\nThe sweep stopped %s.%s", r.env.failure(stop.Err), howFar(r.store), left)}
	}
	return exitQuietly(r.code) // the events said it all
}

// undelivered names the events stored but not delivered, for the last
// words of a run that stopped: "\n7 events were not delivered (printed
// and alerted): REV2026 changed, …, and 2 more; the next 'padview watch
// run' delivers them first, under the same ids"; "" when every event
// was.
func (r *watchRun) undelivered() string {
	evs, damage, err := r.store.Undelivered(context.Background())
	n := len(evs) + len(damage)
	if err != nil || n == 0 {
		return ""
	}
	var names []string
	for _, ev := range evs[:min(len(evs), 5)] {
		names = append(names, text.CleanText(ev.PAID)+" "+string(ev.Kind))
	}
	if more := n - len(names); more > 0 {
		names = append(names, fmt.Sprintf("and %s more", text.Thousands(int64(more))))
	}
	what := "printed"
	if r.alerts != nil {
		what = "printed and alerted"
	}
	them, ids := "them", "ids"
	if n == 1 {
		them, ids = "it", "id"
	}
	return fmt.Sprintf("\n%s not delivered (%s): %s; the next '%s watch run' delivers %s first, under the same %s",
		text.Plural(n, "event was", "events were"), what, strings.Join(names, ", "), r.target.cli, them, ids)
}

// howFar says how far the sweep a run stopped got, and that the next run
// goes on with the rest: "after 2 of 3 advertisements of this sweep; the
// next 'padview watch run' goes on with the one it had not polled", or
// "between sweeps".
func howFar(store *watch.Store) string {
	sw, ok, err := store.Unfinished()
	switch {
	case err != nil:
		return "in a sweep"
	case !ok || len(sw.Left) == 0:
		return "between sweeps"
	}
	left := "the " + text.Thousands(int64(len(sw.Left)))
	if len(sw.Left) == 1 {
		left = "the one"
	}
	return fmt.Sprintf("after %s of %s of this sweep; the next 'padview watch run' goes on with %s it had not polled",
		text.Thousands(int64(sw.Total-len(sw.Left))), text.Plural(sw.Total, "advertisement", "advertisements"), left)
}

// demoWatchClient serves the demo from the embedded fake, with its
// changing advertisement one revision on for each sweep this demo
// database has seen, so that runs one after the other show it change; an
// empty demo watchlist gets the demo's.
func demoWatchClient(env *Env, rf *rootFlags, store *watch.Store) (*api.Client, func(), error) {
	if n, err := store.Count(); err == nil && n == 0 {
		if _, err := store.Add(demoWatchlist); err != nil {
			return nil, nil, exitWith(ExitFailure, "%v", err)
		}
		fmt.Fprintf(env.Stderr, "padview: demo: watching %s (the demo's history is in %s)\n", strings.Join(demoWatchlist, ", "), store.Path())
	}
	sweeps, err := store.Sweeps()
	if err != nil {
		return nil, nil, exitWith(ExitFailure, "%v", err)
	}
	srv, err := fake.Start(fake.Options{DemoTriggers: true, RateHeaders: fake.DemoHeaders, Revision: sweeps})
	if err != nil {
		return nil, nil, fmt.Errorf("starting the demo service: %w", err)
	}
	client, err := api.New(srv.URL, fake.DemoToken, env.clientOptions(rf.maxWait, nil))
	if err != nil {
		srv.Close()
		return nil, nil, usage(err)
	}
	return client, func() { srv.Close() }, nil
}

// alertEnv is padview's environment for an --on-change command, without
// the token: a command has no use for it, and might log its environment.
func alertEnv() []string {
	var out []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, keystore.EnvToken+"=") {
			out = append(out, kv)
		}
	}
	return out
}
