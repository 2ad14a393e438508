package cmd

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/spf13/pflag"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/answerfile"
	"github.com/padview/padview/api/audit"
	"github.com/padview/padview/api/check"
	"github.com/padview/padview/api/export"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/api/vocab"
	"github.com/padview/padview/ui"
)

// fileFlags read answers from files instead of the service: --file PATH
// (repeatable, - for stdin) and --view, the view the files are of.
type fileFlags struct {
	files []string
	view  string
}

// fileFlag is the flag that reads answers from a file, for paidArgs.
const fileFlag = "--file"

// add declares the flags.
func (f *fileFlags) add(fl *pflag.FlagSet) {
	fl.StringArrayVar(&f.files, strings.TrimPrefix(fileFlag, "--"), nil,
		"read answers from a file instead of the service: a saved answer (JSON, JSON Lines, an array of answers) or a CSV export; repeatable; - for stdin")
	fl.StringVar(&f.view, "view", "standard", "with --file: the view the file is of, standard or full (full needs --accept-personal-data)")
}

// parseView reads --view, which only a --file has.
func (f fileFlags) parseView() (advert.View, error) {
	switch f.view {
	case "standard":
		return advert.Standard, nil
	case "full":
		if len(f.files) == 0 {
			return 0, usagef("--view says which view a --file is of; the service's full view is asked for with --full")
		}
		return advert.Full, nil
	}
	return 0, usagef("--view %q: use standard or full", text.CleanText(f.view))
}

// fileOrigin is a file's source as a provenance names it.
func fileOrigin(s answerfile.Source) *export.FileOrigin {
	return &export.FileOrigin{Name: s.Name, SHA256: s.SHA256, ReadAt: s.ReadAt}
}

// fromFileLine heads what the CLI prints of an answer read from a file:
// "from file ad.json, not the service · SHA-256 9f2c…".
func fromFileLine(f *export.FileOrigin) string {
	return "from file " + text.CleanText(f.Name) + ", not the service · SHA-256 " + f.SHA256
}

// provenanceOf is where r's answer came from: the service's exchange, or
// the file it was read from.
func provenanceOf(r result, rep check.Report, version string, demo bool) export.Provenance {
	p := export.NewProvenance(r.ex, rep, version)
	p.Demo = demo && r.file == nil
	p.File = r.file
	return p
}

// openFiles opens every file before any answer is read, so that a file
// padview will not read is said at once and nothing is printed of the
// others; stdin is read once.
func (e *Env) openFiles(files []string, opts answerfile.Options) ([]*answerfile.Reader, error) {
	if slices.Index(files, "-") >= 0 && slices.Index(files[slices.Index(files, "-")+1:], "-") >= 0 {
		return nil, usagef("--file - reads stdin, which can be read once: give it once")
	}
	var out []*answerfile.Reader
	for _, path := range files {
		r, err := answerfile.Open(path, e.Stdin, opts)
		if err != nil {
			closeFiles(out)
			return nil, usage(err)
		}
		out = append(out, r)
	}
	return out, nil
}

func closeFiles(rs []*answerfile.Reader) {
	for _, r := range rs {
		r.Close()
	}
}

// runFiles is runBatch for answers read from files: no token, no base URL,
// no request. The settings give the vocabulary ([fields] of --profile)
// and the mask; a file said to be of the full view passes the full-view
// gate and is recorded in the access log as a file view (its name and
// hash, the reason) before any of its answers is shown. Each answer is
// read, shown and dropped in turn: a file of any number of rows is read in
// the memory of one.
func (e *Env) runFiles(ctx context.Context, rf *rootFlags, args []string, c batchCommand) error {
	if len(args) > 0 || c.list != "" {
		return usagef("--file reads answers from a file, and PAIDs (arguments, - or --list) ask the service: give one or the other")
	}
	if c.full {
		return usagef("--full asks the service for the full view; say that a --file is of the full view with --view full")
	}
	view, err := c.parseView()
	if err != nil {
		return err
	}
	s, err := e.settings(rf)
	if err != nil {
		return err
	}
	var access *audit.Log
	reason := c.reason
	if view == advert.Full {
		if !c.acceptPD {
			fmt.Fprintf(e.Stderr, "Data-protection notice: %s\n\nTo go on, repeat the command with --accept-personal-data.\n", advert.DataProtectionNotice)
			return exitWith(ExitUsage, "--view full needs --accept-personal-data; nothing was read")
		}
		if access, reason, err = e.fullViewGate(s, true, c.reason); err != nil {
			return err
		}
	}
	if c.ready != nil {
		if err := c.ready(s, access); err != nil {
			return err
		}
	}
	readers, err := e.openFiles(c.files, answerfile.Options{Vocabulary: s.Vocabulary, View: view})
	if err != nil {
		return err
	}
	defer closeFiles(readers)
	env, undo := verboseEnvIf(e, rf.verbose)
	defer undo()
	started := time.Now()
	about := batchAbout{Started: started, View: view, File: joinOrigins(readers)}
	run := &batchRun{cmd: c, sum: tally{started: started},
		w: &batchWriter{Out: bufio.NewWriter(env.Stdout), Err: env.Stderr, json: c.jsonLines, words: e.failure, About: about}}
	mask := c.mask || s.MaskPersonalData
	var broken error // a file that ended before its end
	stopped := false
	for _, fr := range readers {
		src := fr.Source()
		if view == advert.Full {
			x := audit.FileView{Profile: s.Profile, File: src.Name, SHA256: src.SHA256, Reason: reason}
			if err := access.FileView(ctx, x); err != nil {
				return exitWith(ExitFailure, "%v; %s was not shown (what the access log does not hold is not shown)", err, src.Name)
			}
		}
		if rf.verbose {
			fmt.Fprintf(env.Stderr, "* %s: from file, not the service: %s, %s, SHA-256 %s, read %s\n", src.Name, src.Format,
				text.FormatSize(src.Size), src.SHA256, src.ReadAt.UTC().Format(time.RFC3339))
		}
		origin, noted := fileOrigin(src), false
		for ctx.Err() == nil {
			a, err := fr.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				broken = errors.Join(broken, err)
				break
			}
			r := result{input: a.PAID, doc: a.Doc, err: a.Err, file: origin}
			if r.doc != nil && !c.namesOnly {
				// A file not said to be of the full view opens none of the
				// data only the full view carries: it is masked, as the
				// mask masks it.
				closed := answerfile.FullViewOnly(r.doc)
				if closed && !noted {
					noted = true
					fmt.Fprintf(env.Stderr, "padview: %s holds contact data only the full view carries: masked; it opens with --view full --accept-personal-data\n", src.Name)
				}
				if mask || closed {
					r.doc = text.MaskDocument(r.doc)
				}
			}
			if err := run.take(r); err != nil {
				return err
			}
		}
		if ctx.Err() != nil {
			stopped = true
			break
		}
	}
	return run.endFiles(readers, broken, stopped)
}

// joinOrigins is the files of a batch as one provenance names them: a
// report made of several files names each, and each hash, in order.
func joinOrigins(rs []*answerfile.Reader) *export.FileOrigin {
	var names, sums []string
	var read time.Time
	for i, r := range rs {
		s := r.Source()
		names, sums = append(names, s.Name), append(sums, s.SHA256)
		if i == 0 {
			read = s.ReadAt
		}
	}
	return &export.FileOrigin{Name: strings.Join(names, ", "), SHA256: strings.Join(sums, ", "), ReadAt: read}
}

// endFiles closes the output of a batch read from files, says what ended
// a file early, and gives the exit code of all the answers together.
func (b *batchRun) endFiles(rs []*answerfile.Reader, broken error, stopped bool) error {
	if b.cmd.end != nil {
		if err := b.cmd.end(b.w, &b.sum); err != nil {
			return err
		}
	}
	if err := b.w.Out.Flush(); err != nil {
		return err
	}
	if broken != nil {
		fmt.Fprintf(b.w.Err, "padview: %v\n", broken)
		b.code = worse(b.code, ExitFailure)
	}
	switch {
	case stopped:
		fmt.Fprintf(b.w.Err, "padview: interrupted: %s read, the rest not\n", text.Plural(b.sum.done(), "answer", "answers"))
	case b.cmd.summary && b.sum.done() > 1:
		fmt.Fprintln(b.w.Err, b.sum.fileSummary(rs, time.Now()))
	}
	return exitQuietly(b.code)
}

// fileSummary is the line that closes a batch read from files: "3
// answers from ads.csv: 2 read (1 complete, 1 incomplete, 0
// undetermined), 1 not read · 0.4 s". No rate: the service was not asked.
func (t *tally) fileSummary(rs []*answerfile.Reader, now time.Time) string {
	var names []string
	for _, r := range rs {
		names = append(names, r.Source().Name)
	}
	read := text.Thousands(int64(t.found)) + " read"
	if t.verdicts != nil {
		read += fmt.Sprintf(" (%s complete, %s incomplete, %s undetermined)", text.Thousands(int64(t.verdicts[check.Complete])),
			text.Thousands(int64(t.verdicts[check.Incomplete])), text.Thousands(int64(t.verdicts[check.Undetermined])))
	}
	return fmt.Sprintf("%s from %s: %s, %s not read · %s", text.Plural(t.done(), "answer", "answers"),
		text.CleanText(strings.Join(names, ", ")), read, text.Thousands(int64(t.failed)), text.Elapsed(now.Sub(t.started)))
}

// runDiffFiles is diff with --file: a file's answer against the service's
// for the PAID given (the token is needed for that side only), or two
// files against each other. Both sides are compared unmasked, as diff
// compares; a file not said to be of the full view that holds personal
// data is printed masked.
func runDiffFiles(ctx context.Context, env *Env, rf *rootFlags, ff fileFlags, asJSON, mask bool, args []string) (bool, error) {
	view, err := ff.parseView()
	if err != nil {
		return false, err
	}
	if view == advert.Full {
		return false, usagef("diff compares the standard view: --view full is not for diff")
	}
	var want string
	switch {
	case len(ff.files) == 1 && len(args) == 1:
		if want, err = api.ParsePAID(args[0]); err != nil {
			return false, usage(err)
		}
	case len(ff.files) == 2 && len(args) == 0:
	default:
		return false, usagef("diff --file compares a file with the service's answer for a PAID (--file saved.json AB12CD) or two files (--file before.json --file after.json)")
	}
	s, err := env.settings(rf)
	if err != nil {
		return false, err
	}
	mask = mask || s.MaskPersonalData
	readers, err := env.openFiles(ff.files, answerfile.Options{Vocabulary: s.Vocabulary, View: advert.Standard})
	if err != nil {
		return false, err
	}
	defer closeFiles(readers)
	var pair [2]result
	for i, fr := range readers {
		if pair[i], err = answerFor(fr, want); err != nil {
			return false, err
		}
		if answerfile.FullViewOnly(pair[i].doc) {
			mask = true // a standard-view file opens no personal data
		}
	}
	if want != "" {
		a, err := env.accountFor(rf, s, tokenRequired)
		if err != nil {
			return false, err
		}
		defer a.Close()
		client, err := a.client(env)
		if err != nil {
			return false, err
		}
		pair[1] = result{input: want}
		pair[1].doc, pair[1].ex, pair[1].err = client.Get(ctx, want, advert.Standard)
	}
	return env.printDiff(pair, rf.verbose, asJSON, mask)
}

// answerFor is the answer of a file to compare: the one whose PAID is
// want, or the file's only answer; else the file is refused, naming what
// it holds.
func answerFor(fr *answerfile.Reader, want string) (result, error) {
	src := fr.Source()
	var only *answerfile.Answer
	n := 0
	for {
		a, err := fr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return result{}, usage(err)
		}
		n++
		if a.Err == nil && want != "" && a.PAID == want {
			return result{input: a.PAID, doc: a.Doc, file: fileOrigin(src)}, nil
		}
		if n == 1 {
			only = &a
		}
	}
	switch {
	case n == 1 && only.Err != nil:
		return result{}, usage(only.Err)
	case n == 1:
		return result{input: only.PAID, doc: only.Doc, file: fileOrigin(src)}, nil
	case want != "":
		return result{}, usagef("%s holds %s and none with the PAID %s: save the one to compare in a file of its own", src.Name, text.Plural(n, "answer", "answers"), want)
	}
	return result{}, usagef("%s holds %s: diff compares one answer a file", src.Name, text.Plural(n, "answer", "answers"))
}

// maxTUIAnswers bounds the answers the TUI opens of its files: it holds
// them all, as a worklist to step through. A larger export is for
// `padview check --file`, which streams it.
const maxTUIAnswers = 1000

// runFileTUI opens the terminal UI on the answers of files: no token, no
// base URL, no request. The profile gives the vocabulary ([fields]), the
// mask and the full view's rules; a file said to be of the full view opens
// its personal data only through the UI's own confirmation, which the
// access log records as a file view.
func runFileTUI(ctx context.Context, env *Env, f rootFlags, args []string) error {
	if len(args) > 0 || f.list != "" {
		return usagef("--file opens the answers of a file, and PAIDs (arguments or --list) ask the service: give one or the other")
	}
	view, err := f.files.parseView()
	if err != nil {
		return err
	}
	if f.demo {
		return usagef("--file reads answers from a file, and --demo from the demo service: give one or the other")
	}
	s, err := env.settings(&f)
	if err != nil {
		return err
	}
	if view == advert.Full && s.FullViewNever {
		return exitWith(ExitUsage, "the full view is disabled for profile %q (full_view = \"never\" in %s): open the file with --view standard", s.Profile, s.ConfigPath)
	}
	readers, err := env.openFiles(f.files.files, answerfile.Options{Vocabulary: s.Vocabulary, View: view})
	if err != nil {
		return err
	}
	defer closeFiles(readers)
	files := &ui.FileAnswers{}
	var work []string
	seen := map[string]bool{}
	for i, fr := range readers {
		files.Sources = append(files.Sources, fr.Source())
		for {
			a, err := fr.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				return usage(err)
			}
			if len(files.Answers) == maxTUIAnswers {
				return usagef("the terminal UI opens at most %s answers of its files; check a larger export with `padview check --summary --file PATH`",
					text.Thousands(maxTUIAnswers))
			}
			files.Answers = append(files.Answers, ui.FileAnswer{Source: i, PAID: a.PAID, Doc: a.Doc, Err: a.Err})
			if !seen[a.PAID] {
				seen[a.PAID] = true
				work = append(work, a.PAID)
			}
		}
	}
	// A [fields] line added on the Other tab goes to the profile's table,
	// as the service's answers' do, and the next lookup reads the answer
	// anew with it.
	reading := &atomic.Pointer[vocab.Vocabulary]{}
	reading.Store(s.Vocabulary)
	files.Reading = reading.Load
	a := &account{Settings: s}
	t := a.fieldsTable()
	cfg := ui.Config{
		Fields: fieldsWriter(a, reading), FieldsTable: t.header(), FieldsFile: t.file,
		Profile: s.Profile, TokenSource: "file", Files: files, Worklist: work,
		FullViewIdle: s.FullViewIdle, FullViewNever: s.FullViewNever, RequireReason: s.RequireReason,
		Mask: f.mask || s.MaskPersonalData, AccessLog: env.tuiAccessLog(s.AccessLog), Version: env.Version.Plain(),
	}
	return env.RunTUI(ctx, cfg)
}
