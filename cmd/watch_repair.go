package cmd

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/padview/padview/api/text"
	"github.com/padview/padview/api/watch"
)

func newWatchRepair(env *Env, rf *rootFlags) *cobra.Command {
	return &cobra.Command{
		Use:   "repair [PAID...]",
		Short: "Remove the stored rows of the history that do not read",
		Long: `Remove the rows of the watch history of the profile's service that do not
read (a snapshot whose document, hash or rule statuses are not what padview
wrote, a snapshot a watch stands on that is missing, an event whose changes
do not parse), of the PAIDs named or of every advertisement. 'padview watch
run' and 'watch log' skip such a row and name it with this command; the
other advertisements are polled and listed as usual.

A damaged event is deleted. A damaged snapshot is deleted, and the events
that lead from or to it keep their changes without it. A watch that stood
on it stands on its latest snapshot that reads, which its next poll
compares with, or on none: its next poll is then its first.`,
		Example: `  padview watch repair REV2026
  padview watch repair`,
		RunE: func(c *cobra.Command, args []string) error {
			paids, err := watchPAIDs(args)
			if err != nil {
				return err
			}
			return env.withWatch(rf, func(s *watch.Store, t watchTarget) error {
				done, err := s.Repair(c.Context(), paids)
				if err != nil {
					return exitWith(ExitFailure, "%v", err)
				}
				if len(done) == 0 {
					fmt.Fprintf(env.Stdout, "Every stored row of %s on %s reads: nothing to repair.\n", whose(paids), t.service)
					return nil
				}
				for _, r := range done {
					fmt.Fprintf(env.Stdout, "%s: removed %s and %s that did not read; %s\n", text.CleanText(r.PAID),
						text.Plural(r.Snapshots, "snapshot", "snapshots"), text.Plural(r.Events, "event", "events"), nextPoll(r))
				}
				return nil
			})
		},
	}
}

// whose names what repair looked at.
func whose(paids []string) string {
	if len(paids) == 0 {
		return "the history"
	}
	return text.CleanText(strings.Join(paids, ", "))
}

// nextPoll says what a repaired advertisement's next poll compares with.
func nextPoll(r watch.Repaired) string {
	switch {
	case !r.Watched:
		return "it is not on the watchlist"
	case r.Latest == 0:
		return "no snapshot of it is left: its next poll is its first"
	}
	return fmt.Sprintf("its next poll compares with snapshot %d", r.Latest)
}
