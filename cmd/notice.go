package cmd

import (
	"context"
	"strings"

	"github.com/spf13/cobra"

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

The standard view is read unless --full is given; personal values (emails,
addresses, phone numbers) appear only in the full view, and --mask masks
them. --format html writes one standalone file (no scripts, nothing loaded
from elsewhere) holding every notice of the batch, at most ` + text.Thousands(notice.MaxHTML) + `.
'-' reads PAIDs from stdin, one a line; --list reads them from a file.

Exit codes as for 'padview get': 0 all found, 1 other failure, 2 usage
error, 3 at least one PAID not found, 4 token missing or rejected, 5 gave up
on rate limiting.`,
		Example: `  padview notice TN2026
  padview notice --format html TN2026 > TN2026-notice.html
  padview notice --format markdown --list paids.txt > notices.md
  padview notice --full --accept-personal-data --reason "Compliance review" --mask AB12CD`,
		Args: paidArgs{stdin: true, list: listFlag, example: "TN2026"}.check,
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
	var stream *notice.Stream
	open := func(w *batchWriter) *notice.Stream {
		if stream == nil {
			stream, _ = notice.NewStream(w.Out, format) // ParseFormat checked it
		}
		return stream
	}
	show := func(w *batchWriter, r result) (int, error) {
		if r.err != nil {
			return ExitOK, w.fail(r)
		}
		return ExitOK, open(w).Add(notice.Build(r.doc, check.Check(r.doc)))
	}
	end := func(w *batchWriter, _ *tally) error { return open(w).Close() }
	return env.runBatch(ctx, rf, args, batchCommand{lookupFlags: f.lookupFlags, mask: f.mask, summary: true, show: show, end: end})
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
