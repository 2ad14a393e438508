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
	c := &cobra.Command{
		Use:   "diff [flags] PAID_A PAID_B",
		Short: "Compare two advertisements: the fields added, removed or changed",
		Long: `Fetch two advertisements (standard view) and list the normalized fields
that differ, group by group: + only in B, - only in A, ~ changed (A → B).
Sponsors and controllers are matched by name, not by position; the order of
fields and of parties is no change. --mask (or mask_personal_data = true in
the profile) masks personal data in what is printed; the comparison is made
on the values themselves, so a change the mask hides still counts.

Exit codes: 0 the same, 1 they differ, 2 usage error, 3 a PAID not found,
4 token missing or rejected, 5 gave up on rate limiting, 6 another failure.`,
		Example: `  padview diff AB12CD AB12CE
  padview diff --json AB12CD AB12CE | jq '.changes[] | select(.group == "sponsors")'
  padview diff --mask AB12CD AB12CE`,
		Args: cobra.ExactArgs(2),
		RunE: func(c *cobra.Command, args []string) error {
			differ, err := runDiff(c.Context(), env, rf, asJSON, mask, args)
			switch {
			case err != nil && exitCode(err) == ExitFailure:
				return &exitError{code: ExitDiffFailed, err: err} // 1 would read as "they differ"
			case err != nil:
				return err
			case differ:
				return &exitError{code: ExitDiffers, err: errors.New("")}
			}
			return nil
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print the comparison as JSON (its shape is in the README)")
	c.Flags().BoolVar(&mask, "mask", false, "mask personal data in the output (j•••@example.org), for screen sharing")
	return c
}

// runDiff fetches both advertisements, prints what differs and reports
// whether anything does. Under the mask the comparison is made on the
// documents as they came and only what is printed is masked, so that the
// exit code still says whether they differ.
func runDiff(ctx context.Context, env *Env, rf *rootFlags, asJSON, mask bool, args []string) (bool, error) {
	s, err := env.settings(rf)
	if err != nil {
		return false, err
	}
	mask = mask || s.MaskPersonalData
	client, done, err := env.apiClient(rf)
	if err != nil {
		return false, err
	}
	defer done()
	if rf.verbose {
		var undo func()
		env, undo = verboseEnv(env)
		defer undo()
	}
	docs, exs, errs := fetchPair(ctx, client, args[0], args[1])
	if rf.verbose {
		for i, ex := range exs {
			if i == 1 && ex != nil && ex == exs[0] {
				break // one exchange for the same advertisement
			}
			describeExchange(env.Stderr, result{input: args[i], doc: docs[i], ex: ex, err: errs[i]})
		}
	}
	code := ExitOK
	for i, err := range errs {
		if err != nil {
			fmt.Fprintf(env.Stderr, "padview: %s: %s\n", text.CleanText(args[i]), withAdvice(err))
			code = worse(code, codeForKind(api.KindOf(err)))
		}
	}
	if code != ExitOK {
		return false, &exitError{code: code, err: errors.New("")}
	}
	for i, d := range docs {
		if i == 1 && d == docs[0] {
			break // the same advertisement: its warnings are said once
		}
		for _, w := range d.Warnings {
			if mask {
				w = text.MaskWarning(w) // warnings quote values
			}
			fmt.Fprintf(env.Stderr, "padview: %s: warning: %s\n", text.CleanText(d.PAID), text.CleanText(w))
		}
	}
	r := diff.Compare(docs[0], docs[1])
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

// fetchPair gets the standard view of two PAIDs at once, or once when both
// name the same advertisement; the exchanges are for -v.
func fetchPair(ctx context.Context, client *api.Client, a, b string) ([2]*advert.Document, [2]*api.Exchange, [2]error) {
	var docs [2]*advert.Document
	var exs [2]*api.Exchange
	var errs [2]error
	pa, errA := api.ParsePAID(a)
	pb, errB := api.ParsePAID(b)
	if errA == nil && errB == nil && pa == pb {
		docs[0], exs[0], errs[0] = client.Get(ctx, pa, advert.Standard)
		docs[1], exs[1], errs[1] = docs[0], exs[0], errs[0]
		return docs, exs, errs
	}
	var wg sync.WaitGroup
	for i, paid := range []string{a, b} {
		wg.Go(func() { docs[i], exs[i], errs[i] = client.Get(ctx, paid, advert.Standard) })
	}
	wg.Wait()
	return docs, exs, errs
}
