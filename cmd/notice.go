package cmd

import (
	"context"
	"strings"

	"github.com/spf13/cobra"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/audit"
	"github.com/padview/padview/api/check"
	"github.com/padview/padview/api/notice"
	"github.com/padview/padview/api/text"
)

type noticeFlags struct {
	lookupFlags
	format string
	mask   bool
}

func newNotice(env *Env, rf *rootFlags) *cobra.Command {
	var f noticeFlags
	c := &cobra.Command{
		Use:   "notice [flags] PAID... | - | --list FILE",
		Short: "Lay out the transparency notice of advertisements in the template's order (text, Markdown or HTML)",
		Long: `Lay out each advertisement's transparency notice as the template of
Implementing Regulation (EU) 2025/1410, Annex II orders it: items 1 to 16,
each filled from the answer or marked as the check marks it:

  ` + markerWords() + `

under the label line of Regulation (EU) 2024/900, Art. 11(1): that it is a
political advertisement, the sponsor and, where applicable, the controlling
entity, the linked election, whether targeting was used, and where the
notice is. 'padview check' says why each item ended as it did, with its
legal basis.

Each notice carries its provenance under its heading, as the exports do:
when the answer was fetched, the service's host, the view, the service's
request id, padview's version and the check's verdict.

The standard view is read unless --full is given; personal values (emails,
addresses, phone numbers) appear only in the full view, and --mask masks
them. With --full, each notice written to a stdout that is not a terminal
is an export: it is recorded in the access log first (an export line,
file "stdout", format "notice-html" and so on, with the kinds of personal
data the notice holds), and withheld when it cannot be.

--format html writes one standalone file (no scripts, nothing loaded
from elsewhere) holding every notice of the batch, at most ` + text.Thousands(notice.MaxHTML) + `.
Markdown and HTML, and text that is not going to a terminal, end by naming
the PAIDs that could not be laid out, and why. '-' reads PAIDs from stdin,
one a line; --list reads them from a file.

Exit codes as for 'padview get': 0 all found, 1 other failure, 2 usage
error, 3 at least one PAID not found, 4 token missing or rejected, 5 gave up
on rate limiting.`,
		Example: `  padview notice TN2026
  padview notice --format html TN2026 > TN2026-notice.html
  padview notice --format markdown --list paids.txt > notices.md
  padview notice --full --accept-personal-data --reason "Compliance review" --mask AB12CD`,
		Args: paidArgs{stdin: true, list: listFlag, file: fileFlag, example: "TN2026"}.check,
		RunE: func(c *cobra.Command, args []string) error {
			return runNotice(c.Context(), env, rf, f, args)
		},
	}
	fl := c.Flags()
	fl.StringVar(&f.format, "format", string(notice.Text), "output format: "+strings.Join(notice.FormatNames(), ", "))
	f.lookupFlags.add(fl, "lay out the full view, with the personal contact data")
	fl.BoolVar(&f.mask, "mask", false, "mask personal data in the notice (j•••@example.org), for screen sharing")
	_ = c.RegisterFlagCompletionFunc("format", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return notice.FormatNames(), cobra.ShellCompDirectiveNoFileComp
	})
	return c
}

func runNotice(ctx context.Context, env *Env, rf *rootFlags, f noticeFlags, args []string) error {
	format, err := notice.ParseFormat(f.format)
	if err != nil {
		return usagef("--format %q: use one of %s", f.format, strings.Join(notice.FormatNames(), ", "))
	}
	o := &noticeOutput{env: env, format: format, exports: stdoutExport{ctx: ctx, tty: env.StdoutTTY},
		// A file says which PAIDs it lacks; on a terminal, stderr says it beside the text.
		listMissing: format != notice.Text || !env.StdoutTTY}
	return env.runBatch(ctx, rf, args, batchCommand{lookupFlags: f.lookupFlags, mask: f.mask, summary: true,
		ready: func(s Settings, access *audit.Log) error { o.exports.ready(s, access); return nil },
		show:  o.show, end: o.end})
}

// noticeOutput writes notice's results: each answer's notice with its
// provenance, a full-view one recorded first where it is an export, and
// at the end the PAIDs that could not be laid out.
type noticeOutput struct {
	env         *Env
	format      notice.Format
	stream      *notice.Stream
	exports     stdoutExport
	listMissing bool // the output names the PAIDs it lacks (notice.Stream.Fail)
}

func (o *noticeOutput) open(w *batchWriter) *notice.Stream {
	if o.stream == nil {
		o.stream, _ = notice.NewStream(w.Out, o.format) // ParseFormat checked it
	}
	return o.stream
}

func (o *noticeOutput) show(w *batchWriter, r result) (int, error) {
	if r.err != nil {
		return ExitOK, o.fail(w, r)
	}
	rep := check.Check(r.doc)
	n := notice.Build(r.doc, rep)
	from := provenanceOf(r, rep, o.env.Version.Plain(), w.About.Demo)
	n.From = &from
	if err := o.exports.record(r, o.format.ExportName(), func() []string { return n.Personal }); err != nil {
		r.err = err
		return codeForKind(api.KindAccessLog), o.fail(w, r)
	}
	return ExitOK, o.open(w).Add(n)
}

// fail says on stderr why r could not be laid out, and in the output too
// where it names what it lacks.
func (o *noticeOutput) fail(w *batchWriter, r result) error {
	if o.listMissing {
		o.open(w).Fail(r.input, o.env.failure(r.err))
	}
	return w.fail(r)
}

// end closes the output: the HTML file is written, and the PAIDs not laid
// out or not looked up are named.
func (o *noticeOutput) end(w *batchWriter, sum *tally) error {
	if o.listMissing && sum.notLookedUp > 0 {
		o.open(w).Unfinished(sum.skippedLine())
	}
	return o.open(w).Close()
}

// markerWords are the check's states an item of the notice can be marked
// with: every state but present, as the check words them.
func markerWords() string {
	var out []string
	for _, s := range check.Statuses {
		if s != check.Present {
			out = append(out, s.Symbol()+" "+s.Words())
		}
	}
	return strings.Join(out, ", ")
}
