package cmd

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/spf13/cobra"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/diff"
	"github.com/padview/padview/api/text"
)

func newDiff(env *Env, rf *rootFlags) *cobra.Command {
	var asJSON, mask bool
	var files fileFlags
	c := &cobra.Command{
		Use:   "diff [flags] PAID_A PAID_B",
		Short: "Compare two advertisements: the fields added, removed or changed",
		Long: `Fetch two advertisements (standard view) and list the normalized fields
that differ, group by group: + only in B, - only in A, ~ changed (A → B).
Sponsors and controllers are matched by name, not by position; the order of
fields and of parties is no change. --mask (or mask_personal_data = true in
the profile) masks personal data in what is printed; the comparison is made
on the values themselves, so a change the mask hides still counts.

--file PATH compares an answer saved in a file with the service's answer
for the same PAID ("what changed since the partner saved it"), and two
--file flags compare two files without the service; a file that holds
several answers gives the one with the PAID. Each side is named by its
PAID and where it came from.

Exit codes: 0 the same, 1 they differ, 2 usage error, 3 a PAID not found,
4 token missing or rejected, 5 gave up on rate limiting, 8 another failure
(1 elsewhere).`,
		Example: `  padview diff AB12CD AB12CE
  padview diff --json AB12CD AB12CE | jq '.changes[] | select(.group == "sponsors")'
  padview diff --mask AB12CD AB12CE
  padview diff --file saved.json AB12CD
  padview diff --file before.json --file after.json`,
		Args: paidArgs{exactly: 2, need: "two PAIDs, the advertisements to compare", file: fileFlag, example: "AB12CD AB12CE"}.check,
		RunE: func(c *cobra.Command, args []string) error {
			var differ bool
			var err error
			if len(files.files) > 0 || c.Flags().Changed("view") {
				differ, err = runDiffFiles(c.Context(), env, rf, files, asJSON, mask, args)
			} else {
				differ, err = runDiff(c.Context(), env, rf, asJSON, mask, args)
			}
			switch {
			case err != nil && exitCode(err) == ExitFailure:
				var quiet quietExit
				if errors.As(err, &quiet) {
					return exitQuietly(ExitDiffFailed)
				}
				return &exitError{code: ExitDiffFailed, err: err} // 1 would read as "they differ"
			case err != nil:
				return err
			case differ:
				return exitQuietly(ExitDiffers)
			}
			return nil
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print the comparison as JSON (its shape is in the README)")
	c.Flags().BoolVar(&mask, "mask", false, "mask personal data in the output (j•••@example.org), for screen sharing")
	files.add(c.Flags())
	return c
}

// runDiff fetches both advertisements, prints what differs and reports
// whether anything does. Under the mask the comparison is made on the
// documents as they came and only what is printed is masked, so that the
// exit code still says whether they differ.
func runDiff(ctx context.Context, env *Env, rf *rootFlags, asJSON, mask bool, args []string) (bool, error) {
	a, err := env.account(rf, tokenRequired)
	if err != nil {
		return false, err
	}
	defer a.Close()
	mask = mask || a.MaskPersonalData
	if err := refusePasted(args, a.BaseURL, rf.anyURL); err != nil {
		return false, err
	}
	client, err := a.client(env)
	if err != nil {
		return false, err
	}
	env, undo := verboseEnvIf(env, rf.verbose)
	defer undo()
	pair := fetchPair(ctx, client, args[0], args[1])
	return env.printDiff(pair, rf.verbose, asJSON, mask)
}

// printDiff prints what differs between the pair's documents and reports
// whether anything does; a side read from a file is named so.
func (env *Env) printDiff(pair [2]result, verbose, asJSON, mask bool) (bool, error) {
	if code := env.reportPair(pair, verbose); code != ExitOK {
		return false, exitQuietly(code)
	}
	env.warnPair(pair, mask)
	r := diff.Compare(pair[0].doc, pair[1].doc)
	for i, side := range []*string{&r.A, &r.B} {
		if f := pair[i].file; f != nil {
			*side += " from file " + f.Name
		} else if pair[0].file != nil || pair[1].file != nil {
			*side += " from the service"
		}
	}
	if mask {
		r = r.Mask()
	}
	out := bufio.NewWriter(env.Stdout)
	if asJSON {
		b, _ := r.MarshalJSON() // builds its own JSON; cannot fail
		out.Write(append(b, '\n'))
	} else if err := diff.WriteText(out, r); err != nil {
		return false, err
	}
	return !r.Equal(), out.Flush()
}

// reportPair describes the exchanges under -v and says which lookup
// failed; the exit code is the worse of the two failures, ExitOK if none.
func (e *Env) reportPair(pair [2]result, verbose bool) int {
	same := pair[1].ex != nil && pair[1].ex == pair[0].ex // one exchange for the same advertisement
	if verbose {
		describeExchange(e.Stderr, pair[0])
		if !same {
			describeExchange(e.Stderr, pair[1])
		}
	}
	code := ExitOK
	for _, r := range pair {
		if r.err != nil {
			fmt.Fprintf(e.Stderr, "padview: %s: %s\n", text.CleanText(r.input), e.failure(r.err))
			code = worse(code, codeForKind(api.KindOf(r.err)))
		}
	}
	return code
}

// warnPair prints the normalizer's warnings of both documents, masked
// under the mask (warnings quote values); the same advertisement's once.
func (e *Env) warnPair(pair [2]result, mask bool) {
	for i, r := range pair {
		if i == 1 && r.doc == pair[0].doc {
			break
		}
		for _, w := range r.doc.Warnings {
			if mask {
				w = text.MaskWarning(w)
			}
			fmt.Fprintf(e.Stderr, "padview: %s: warning: %s\n", text.CleanText(r.doc.PAID), text.CleanText(w))
		}
	}
}

// fetchPair gets the standard view of two PAIDs at once, or once when both
// name the same advertisement.
func fetchPair(ctx context.Context, client *api.Client, a, b string) [2]result {
	pair := [2]result{{input: a}, {input: b}}
	pa, errA := api.ParsePAID(a)
	pb, errB := api.ParsePAID(b)
	if errA == nil && errB == nil && pa == pb {
		r := &pair[0]
		r.doc, r.ex, r.err = client.Get(ctx, pa, advert.Standard)
		pair[1].doc, pair[1].ex, pair[1].err = r.doc, r.ex, r.err
		return pair
	}
	var wg sync.WaitGroup
	for i := range pair {
		r := &pair[i]
		wg.Go(func() { r.doc, r.ex, r.err = client.Get(ctx, r.input, advert.Standard) })
	}
	wg.Wait()
	return pair
}
