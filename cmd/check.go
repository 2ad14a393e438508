package cmd

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/spf13/cobra"

	"github.com/padview/padview/api/check"
	"github.com/padview/padview/api/export"
	"github.com/padview/padview/api/text"
)

type checkFlags struct {
	lookupFlags
	json, summary bool
	format        string // text, or markdown or csv for a summary report; json is --json
}

// resolveFormat checks --format against --json and --summary: --format
// json is --json, markdown and csv write the summary as a report.
func (f *checkFlags) resolveFormat(c *cobra.Command) error {
	if f.json && c.Flags().Changed("format") {
		return commandLine(c, errors.New("--json and --format each choose the output; give one of them"))
	}
	switch f.format {
	case "", formatText:
		f.format = formatText
	case string(export.JSON):
		f.json = true
	case string(export.Markdown), string(export.CSV), string(export.HTML):
		f.summary = true
	default:
		return commandLine(c, fmt.Errorf("--format %q: use one of %s", f.format, strings.Join(checkFormatNames(), ", ")))
	}
	if f.json {
		f.format = string(export.JSON)
	}
	return nil
}

// checkFormatNames is what check's --format takes: get's, and html, the
// summary as one web page.
func checkFormatNames() []string { return append(formatNames(), string(export.HTML)) }

func newCheck(env *Env, rf *rootFlags) *cobra.Command {
	var f checkFlags
	c := &cobra.Command{
		Use:   "check [flags] PAID... | - | --list FILE",
		Short: "Check advertisements for the items a transparency notice must carry (Regulation (EU) 2024/900)",
		Long: `Check each advertisement against the items a transparency notice must carry
under Regulation (EU) 2024/900, Art. 12(1): sponsor and contact, controlling
entity, payer, period, amounts with currency, origin of the funds, how the
amounts were calculated, the linked election, targeting, suspensions, and a
link to the notice. Each rule ends in one of:

  ✓ present            the advertisement carries it
  ✗ missing            it does not, or it is unusable (MISSING when required)
  – not applicable     it does not apply (e.g. the sponsor pays)
  ○ declared none      the service says not disclosed, or none
  ◌ not in this view   personal contact data: only the full view carries it
  ? unknown            not found, but the answer has members padview did not
                       recognise ('padview fields PAID' lists them)

Each advertisement gets one verdict: complete, incomplete (a required item
is missing) or undetermined (none is missing, but a required item is unknown
or only in the full view). The standard view is checked unless --full is
given. '-' reads PAIDs from stdin, one a line; --list FILE from a file.
Several PAIDs close with get's summary line on stderr, what was found
counted by verdict.

--summary prints one line per PAID instead (its verdict, the required items
missing and unknown, by their labels) and closes with a tally. --format markdown
or csv writes that summary as a report, headed by when, against which
service and view, and with which padview it was made (CSV as # comment
lines before the header row); --format html as one standalone web page,
with a chart of the verdicts and one of the items most often missing. --json --summary prints one JSON line per
PAID, {paid, view, verdict, missing, unknown, notInView}, and last a
{tally, checkedAt, service, view, madeWith} line. A summary keeps only its
counts, so a batch of any size fits in the same memory; the html page,
written at the end, keeps each PAID's row until then.

Exit codes: 0 complete, 6 incomplete, 7 undetermined; 1 to 5 as for 'padview
get'. In a batch 4, 5, 1, 2, 3 win, then 6, then 7.`,
		Example: `  padview check TN2026
  padview check --json AB12CD TN2026 | jq '.checks[] | select(.status == "missing")'
  padview check --summary AB12CD TN2026 XK9P2M
  padview check --format csv --list paids.txt > report.csv
  padview check --format html --list paids.txt > report.html
  padview check --full --accept-personal-data --reason "Compliance review" AB12CD`,
		Args: paidArgs{stdin: true, list: listFlag, file: fileFlag, example: "AB12CD"}.check,
		RunE: func(c *cobra.Command, args []string) error {
			if err := f.resolveFormat(c); err != nil {
				return err
			}
			return runCheck(c.Context(), env, rf, f, args)
		},
	}
	fl := c.Flags()
	fl.BoolVar(&f.json, "json", false, "print one JSON line per PAID: {paid, view, verdict, complete, checks: [{id, label, annex, status, required, basis, fields}]}")
	fl.BoolVar(&f.summary, "summary", false, "print one line per PAID (verdict, required items missing and unknown) and a closing tally")
	fl.StringVar(&f.format, "format", "", "output format: text, json (as --json), or markdown, csv or html: the summary as a report (default text)")
	f.lookupFlags.add(fl, "check the full view, which carries contact data")
	_ = c.RegisterFlagCompletionFunc("format", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return checkFormatNames(), cobra.ShellCompDirectiveNoFileComp
	})
	return c
}

func runCheck(ctx context.Context, env *Env, rf *rootFlags, f checkFlags, args []string) error {
	// check prints where items are, never a value: nothing personal is shown.
	bc := batchCommand{lookupFlags: f.lookupFlags, showsNoValues: true, jsonLines: f.json}
	if f.summary {
		s := &checkSummary{format: export.Format(f.format), version: env.Version.String()}
		bc.progress, bc.show, bc.end = true, s.show, s.end
		return env.runBatch(ctx, rf, args, bc)
	}
	// A batch of several PAIDs closes with get's summary line on stderr,
	// what was found counted by verdict.
	first, verdicts := true, map[check.Verdict]int{}
	bc.summary = true
	bc.end = func(_ *batchWriter, sum *tally) error {
		sum.verdicts = verdicts
		return nil
	}
	bc.show = func(w *batchWriter, r result) (int, error) {
		defer func() { first = false }()
		if r.err != nil {
			return ExitOK, w.fail(r)
		}
		rep := check.Check(r.doc)
		verdicts[rep.Outcome()]++
		code := verdictCode(rep.Outcome())
		if f.json {
			b, _ := json.Marshal(rep)
			_, err := fmt.Fprintf(w.Out, "%s\n", b)
			return code, err
		}
		if !first {
			fmt.Fprintln(w.Out)
		}
		if r.file != nil {
			fmt.Fprintln(w.Out, fromFileLine(r.file))
		}
		writeCheck(w.Out, rep)
		return code, nil
	}
	return env.runBatch(ctx, rf, args, bc)
}

// verdictCode is the exit code of a check's verdict.
func verdictCode(v check.Verdict) int {
	switch v {
	case check.Incomplete:
		return ExitIncomplete
	case check.Undetermined:
		return ExitUndetermined
	}
	return ExitOK
}

// writeCheck prints a report as aligned rows. A required item that is
// missing reads MISSING in capitals, so that it stands out without colour.
func writeCheck(w io.Writer, rep check.Report) {
	fmt.Fprintf(w, "%s · %s view · transparency notice %s\n\n", text.CleanText(rep.PAID), rep.View, rep.Verdict())

	statusW, labelW := 0, 0
	for _, r := range rep.Results {
		statusW = max(statusW, ansi.StringWidth(r.Words()))
		labelW = max(labelW, ansi.StringWidth(r.Rule.Label))
	}
	for _, r := range rep.Results {
		need := "optional"
		if r.Rule.Required {
			need = "required"
		}
		detail := r.Detail()
		if r.Flagged {
			detail = "⚑ " + detail
		}
		fmt.Fprintf(w, "  %s %s  %s  %s  %s\n", r.Status.Symbol(), pad(r.Words(), statusW), pad(r.Rule.Label, labelW), need, detail)
	}
	fmt.Fprintf(w, "\n  %s\n", rep.Tally())
}

func pad(s string, width int) string {
	return s + strings.Repeat(" ", max(0, width-ansi.StringWidth(s)))
}
