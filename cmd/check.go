package cmd

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/spf13/cobra"

	"github.com/padview/padview/api/check"
	"github.com/padview/padview/api/text"
)

type checkFlags struct {
	lookupFlags
	json bool
}

func newCheck(env *Env, rf *rootFlags) *cobra.Command {
	var f checkFlags
	c := &cobra.Command{
		Use:   "check [flags] PAID... | -",
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
given. '-' reads PAIDs from stdin, one a line.

Exit codes: 0 complete, 6 incomplete, 7 undetermined; 1 to 5 as for 'padview
get'. In a batch 4, 5, 1, 2, 3 win, then 6, then 7.`,
		Example: `  padview check TN2026
  padview check --json AB12CD TN2026 | jq '.checks[] | select(.status == "missing")'
  padview check --full --accept-personal-data --reason "Compliance review" AB12CD`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			return runCheck(c.Context(), env, rf, f, args)
		},
	}
	fl := c.Flags()
	fl.BoolVar(&f.json, "json", false, "print one JSON line per PAID: {paid, view, verdict, complete, checks: [{id, label, annex, status, required, basis, fields}]}")
	f.lookupFlags.add(fl, "check the full view, which carries contact data")
	return c
}

func runCheck(ctx context.Context, env *Env, rf *rootFlags, f checkFlags, args []string) error {
	first := true
	show := func(w *batchWriter, r result) (int, error) {
		defer func() { first = false }()
		if r.err != nil {
			return ExitOK, w.fail(r)
		}
		rep := check.Check(r.doc)
		code := verdictCode(rep.Outcome())
		if f.json {
			b, _ := json.Marshal(rep)
			_, err := fmt.Fprintf(w.Out, "%s\n", b)
			return code, err
		}
		if !first {
			fmt.Fprintln(w.Out)
		}
		writeCheck(w.Out, rep)
		return code, nil
	}
	// check prints where items are, never a value: nothing personal is shown.
	return env.runBatch(ctx, rf, args, batchCommand{lookupFlags: f.lookupFlags, showsNoValues: true, jsonLines: f.json, show: show})
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
