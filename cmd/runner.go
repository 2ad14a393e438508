package cmd

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/audit"
	"github.com/padview/padview/api/export"
	"github.com/padview/padview/api/text"
)

// batchCommand plugs a command that looks PAIDs up into the batch runner:
// get, check, and the commands to come. The runner does the rest, the same
// for all of them: it reads the PAIDs (arguments, and stdin for '-'),
// passes the full-view gate before any request, looks them up within the
// rate budget, hands each result to show in input order, draws progress,
// closes with the summary, and combines the exit codes into one.
type batchCommand struct {
	lookupFlags        // --full, --accept-personal-data, --reason, --concurrency, --list
	mask          bool // mask personal data before show sees an answer (mask_personal_data adds to it)
	showsNoValues bool // show prints where items are, never a value: the access log says so
	// namesOnly: show reads the answer's member names from its bytes as
	// sent (fields) and prints no value, so the mask, whose copy has no
	// such bytes, is not applied before it.
	namesOnly bool
	// jsonLines gives every PAID a line on stdout, those not looked up
	// too; otherwise a failure is a line on stderr.
	jsonLines bool
	// summary closes a batch of several PAIDs with a summary line on
	// stderr, and draws progress there while it runs on a terminal.
	summary bool
	// progress draws progress on stderr on a terminal, for a command
	// whose output closes with a tally of its own (check --summary).
	progress bool
	// ready, if set, is called once the settings are resolved and the
	// full-view gate is passed, before any request: the last moment to
	// refuse a combination of flags and profile. access is the access log
	// the full view is recorded in (nil for the standard view, or with
	// access_log = false).
	ready func(s Settings, access *audit.Log) error
	// show prints one PAID's result and returns the exit code it maps to:
	// ExitOK, or one of the command's own (check's ExitIncomplete). A
	// failed lookup's code comes from its error already; show only prints
	// it, through w.fail unless the command says it otherwise.
	show func(w *batchWriter, r result) (code int, err error)
	// end, if set, ends the output after the last PAID (closes a table);
	// sum counts what came, the PAIDs not looked up included.
	end func(w *batchWriter, sum *tally) error
}

// batchWriter is where show writes: Out is stdout, flushed after each
// PAID; Err is stderr, shared with -v and the progress line.
type batchWriter struct {
	Out   *bufio.Writer
	Err   io.Writer
	About batchAbout
	json  bool               // the command's jsonLines
	words func(error) string // how the CLI words a failure (Env.failure)
	list  string             // the list the PAIDs were read from ("stdin", a path), for where a failed one was
}

// batchAbout is what a report says it comes from: when the batch started,
// the service's host (never user info) and the view asked for.
type batchAbout struct {
	Started time.Time
	Host    string
	View    advert.View
	Demo    bool // the demo's fake service: the reports say their data is fictional
	// File, for answers read from files (--file), names them and their
	// hashes instead of a service.
	File *export.FileOrigin
}

// fail prints a failed lookup the usual way: its JSON line on stdout in
// JSON Lines, else "padview: PAID: what happened" on stderr.
func (w *batchWriter) fail(r result) error {
	if w.json {
		_, err := fmt.Fprintf(w.Out, "%s\n", errorJSON(r, w.words(r.err)))
		return err
	}
	where := ""
	if r.line > 0 && w.list != "" { // as compilers say it: FILE:LINE
		where = fmt.Sprintf("%s:%d: ", text.CleanText(w.list), r.line)
	}
	if r.input == "" { // the error says the PAID is empty: no name to put before it
		fmt.Fprintf(w.Err, "padview: %s%s\n", where, w.words(r.err))
		return nil
	}
	fmt.Fprintf(w.Err, "padview: %s%s: %s\n", where, text.CleanText(r.input), w.words(r.err))
	return nil
}

// answeredFor warns on stderr when the answer named another PAID than the
// one asked for: the output keeps the PAID asked for (and says the one
// sent beside it), so the warning is where a user reading the terminal
// looks while stdout goes to a file.
func (w *batchWriter) answeredFor(r result) {
	if s := r.doc.AnsweredFor(); s != "" {
		fmt.Fprintf(w.Err, "padview: warning: %s: %s\n", text.CleanText(r.input), text.CleanText(s))
	}
}

// lookupFlags are the flags every command that looks PAIDs up shares: the
// full view behind its notice and reason, how many lookups run at once,
// and a list of PAIDs to read.
type lookupFlags struct {
	full, acceptPD bool
	reason         string
	concurrency    int
	// list is a file of PAIDs, one a line, read after the arguments (--list
	// FILE); "-" is stdin, as the argument '-' is.
	list string
	// fileFlags read answers from files instead (--file, --view).
	fileFlags
}

// listFlag is the flag that reads PAIDs from a file, for paidArgs.
const listFlag = "--list"

// add declares the flags; fullHelp says what --full means for the command.
func (f *lookupFlags) add(fl *pflag.FlagSet, fullHelp string) {
	fl.BoolVar(&f.full, "full", false, fullHelp+" (needs --accept-personal-data)")
	fl.BoolVar(&f.acceptPD, "accept-personal-data", false, "confirm a legitimate business need and data processing agreements for --full")
	fl.StringVar(&f.reason, "reason", "", "why the full view is needed, for the access log (e.g. \"Compliance review\")")
	fl.IntVar(&f.concurrency, "concurrency", 4, "lookups in flight at once (1 to 64)")
	fl.StringVar(&f.list, strings.TrimPrefix(listFlag, "--"), "", "read PAIDs from a file, one a line (# comments), after the arguments; - for stdin")
	f.fileFlags.add(fl)
}

// checkConcurrency refuses a --concurrency out of range before any request.
func (f lookupFlags) checkConcurrency() error {
	if f.concurrency < 1 || f.concurrency > 64 {
		return usagef("--concurrency must be between 1 and 64, not %d", f.concurrency)
	}
	return nil
}

// runBatch runs c over the PAIDs of args, '-' standing for stdin's.
func (e *Env) runBatch(ctx context.Context, rf *rootFlags, args []string, c batchCommand) error {
	if err := c.checkConcurrency(); err != nil {
		return err
	}
	if len(c.files) > 0 {
		return e.runFiles(ctx, rf, args, c)
	}
	if _, err := c.parseView(); err != nil {
		return err
	}
	args, list, err := withList(args, c.list, e.Stdin)
	if err != nil {
		return err
	}
	defer list.Close()
	plan, err := e.planLookups(rf, c)
	if err != nil {
		return err
	}
	defer plan.done()
	src, err := newPAIDSource(args, list, list.name)
	if err != nil {
		return err
	}
	defer src.stop()
	env, undo := verboseEnvIf(e, rf.verbose)
	defer undo()
	started := time.Now()
	run := &batchRun{cmd: c, verbose: rf.verbose, sum: tally{started: started, source: list.name},
		w: &batchWriter{Out: bufio.NewWriter(env.Stdout), Err: env.Stderr, json: c.jsonLines, words: e.failure, list: list.name,
			About: batchAbout{Started: started, Host: plan.host, View: plan.batch.view, Demo: plan.demo}}}
	if (c.summary || c.progress) && env.StderrTTY && !rf.verbose {
		run.progress = newProgressLine(ctx, env.Stderr, env.StderrWidth, src.size, plan.client.Budget(), c.concurrency)
		run.progress.plain = env.Getenv("NO_COLOR") != ""
		plan.batch.finished = run.progress.record
	}
	defer run.progress.finish()
	stopped, err := plan.batch.run(ctx, src, run.take)
	if err != nil {
		return err
	}
	snap := plan.client.Budget().Snapshot()
	run.sum.peak, run.sum.window = snap.Peak, snap.Window
	if ctx.Err() != nil {
		stopped = errInterrupted
	}
	return run.end(src, stopped)
}

// listReader is what '-' reads: stdin, or the --list file in its place.
type listReader struct {
	io.Reader
	name  string // "stdin", or the file's path
	close func() error
}

func (l listReader) Close() error {
	if l.close == nil {
		return nil
	}
	return l.close()
}

// withList puts a --list in the arguments: the file is read where '-'
// would be, after the arguments; "-" is stdin, as '-' is. A file and '-'
// together are refused, and a file that cannot be opened, before any
// request.
func withList(args []string, list string, stdin io.Reader) ([]string, listReader, error) {
	in := listReader{Reader: stdin, name: "stdin"}
	if list == "" {
		return args, in, nil
	}
	dash := slices.Contains(args, "-")
	if dash && list != "-" {
		return nil, in, usagef("--list %s and '-' each read a list of PAIDs: give one of them", text.CleanText(list))
	}
	if !dash {
		args = append(slices.Clip(args), "-")
	}
	if list == "-" {
		return args, in, nil
	}
	f, err := os.Open(list)
	if err != nil {
		return nil, in, usagef("--list: %v", err)
	}
	return args, listReader{Reader: f, name: list, close: f.Close}, nil
}

// batchRun is one batch as the runner prints it.
type batchRun struct {
	cmd      batchCommand
	verbose  bool
	w        *batchWriter
	progress *progressLine
	sum      tally
	code     int
	// skipped is the first PAID not looked up, while a batch in text
	// gives them one line together rather than one each.
	skipped *result
}

// take prints one result, in input order, and folds its exit code in.
func (b *batchRun) take(r result) error {
	b.sum.add(r)
	if r.err != nil {
		b.code = worse(b.code, codeForKind(api.KindOf(r.err)))
	}
	if api.OutcomeOf(r.err) == api.OutcomeCanceled && !b.cmd.jsonLines {
		if b.skipped == nil {
			b.skipped = &r
		}
		return nil
	}
	return b.progress.pause(func() error {
		if b.verbose {
			describeExchange(b.w.Err, r)
		}
		b.w.answeredFor(r)
		code, err := b.cmd.show(b.w, r)
		b.code = worse(b.code, code)
		if err != nil {
			return err
		}
		return b.w.Out.Flush() // each result as it comes, for pipelines
	})
}

// end closes the output and the batch: the command's end, the summary or
// the line for the PAIDs not looked up, and the exit code of all the PAIDs
// together.
func (b *batchRun) end(src *paidSource, stopped error) error {
	b.sum.stopped, b.sum.partial = stopped, !src.ended.Load()
	b.progress.finish() // before the end of the output, which may share the terminal
	if b.cmd.end != nil {
		if err := b.cmd.end(b.w, &b.sum); err != nil {
			return err
		}
	}
	if err := b.w.Out.Flush(); err != nil {
		return err
	}
	n := b.sum.done()
	readErr := src.err()
	switch {
	case n == 0 && readErr != nil:
		return usage(readErr)
	case n == 0 && stopped == nil:
		return usagef("no PAIDs given (%s had none)", text.CleanText(src.name))
	case n == 1 && b.skipped != nil:
		b.w.fail(*b.skipped) // one PAID: its own line says it
	case b.cmd.summary && n > 1:
		fmt.Fprintln(b.w.Err, b.sum.closing(time.Now()))
	case b.skipped != nil:
		fmt.Fprintf(b.w.Err, "padview: %s\n", b.sum.skippedLine())
	}
	if readErr != nil {
		fmt.Fprintf(b.w.Err, "padview: %v\n", readErr)
		b.code = worse(b.code, ExitUsage)
	}
	return exitQuietly(b.code)
}

// lookupPlan is what the runner looks PAIDs up with: the settings, the
// client, and a batch whose fetch goes through the access log and the mask.
type lookupPlan struct {
	settings Settings
	batch    *batch
	client   *api.Client
	host     string // the service's host, for the access log and reports
	demo     bool   // the service is the demo's
	done     func() // stops the demo service, if one was started
}

// planLookups resolves the settings, passes the full-view gate when the
// full view is asked for (before any request), then builds the client and
// the batch.
func (e *Env) planLookups(rf *rootFlags, c batchCommand) (*lookupPlan, error) {
	s, err := e.settings(rf)
	if err != nil {
		return nil, err
	}
	var access *audit.Log
	view, reason := advert.Standard, c.reason
	if c.full {
		view = advert.Full
		if access, reason, err = e.fullViewGate(s, c.acceptPD, c.reason); err != nil {
			return nil, err
		}
	}
	if c.ready != nil {
		if err := c.ready(s, access); err != nil {
			return nil, err
		}
	}
	a, err := e.accountFor(rf, s, tokenRequired)
	if err != nil {
		return nil, err
	}
	opts := e.clientOptions(a.MaxWait, a.Vocabulary)
	opts.Memory = api.NewMemoryGate(maxInFlightBytes)
	opts.Halt = api.NewHalt() // nothing sent after the refusal that stops the batch
	client, err := a.clientWith(opts)
	if err != nil {
		a.Close()
		return nil, err
	}
	mask, host := c.mask || s.MaskPersonalData, serviceHost(a.BaseURL)
	fetch := func(ctx context.Context, paid string) (*advert.Document, *api.Exchange, error) {
		req := audit.Request{Profile: s.Profile, Host: host, PAID: paid, View: view, Reason: reason,
			ShowsNoValues: c.showsNoValues}
		return access.Get(ctx, client, req, mask)
	}
	b := &batch{client: client, view: view, limit: c.concurrency, fetch: fetch, memory: opts.Memory,
		vet: func(input string) error { return pastedElsewhere(input, a.BaseURL, rf.anyURL) }}
	if mask && !c.namesOnly { // as the answer is printed: the batch holds bodies, not documents
		b.present = text.MaskDocument
	}
	return &lookupPlan{settings: s, batch: b, client: client, host: host, demo: a.Demo, done: a.Close}, nil
}
