package cmd

import (
	"errors"
	"fmt"

	"github.com/dustin/go-humanize"
	"github.com/spf13/cobra"

	"github.com/padview/padview/api/text"
	"github.com/padview/padview/api/watch"
)

func newWatchPrune(env *Env, rf *rootFlags) *cobra.Command {
	return &cobra.Command{
		Use:   "prune",
		Short: "Apply the history's bounds now, and give the space freed back to the disk",
		Long: `Apply the watch history's bounds to the whole database at once, as each
'padview watch run' does as it goes: each advertisement of the profile's
service keeps its newest watch_keep events (default ` + text.Thousands(watch.DefaultKeep) + `) and the snapshots
they lead from and to, and the database holds at most watch_max_size
(default ` + humanize.IBytes(watch.DefaultMaxSize) + `), its oldest events of every service going first. Events
not yet delivered, and each watch's latest snapshot, are always kept. Then,
unless a 'watch run' is using the database, it is written anew without its
free pages, which gives their space back to the disk (that needs as much
free space as the database holds). Run it after lowering a bound.`,
		Example: `  padview watch prune`,
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return env.withWatch(rf, func(s *watch.Store, t watchTarget) error {
				p, err := s.Prune(c.Context())
				if err != nil {
					return exitWith(ExitFailure, "%v", err)
				}
				b := s.Bounds()
				fmt.Fprintf(env.Stdout, "Pruned %s: removed %s and %s beyond the newest %s of each advertisement on %s (watch_keep) and the %s bound (watch_max_size).\n",
					s.Path(), text.Plural(int(p.Events), "event", "events"), text.Plural(int(p.Snapshots), "snapshot", "snapshots"),
					text.Thousands(int64(b.Keep)), t.service, humanize.IBytes(uint64(b.MaxSize)))
				file := p.File
				release, err := s.LockRun()
				var running *watch.RunningError
				switch {
				case errors.As(err, &running):
					fmt.Fprintf(env.Stdout, "Not written anew: %v; the %s free in it are used by the history to come.\n", err, humanize.IBytes(uint64(p.File-p.Used)))
				case err != nil:
					return exitWith(ExitFailure, "%v", err)
				default:
					file, err = s.Vacuum()
					release()
					if err != nil {
						return exitWith(ExitFailure, "%v", err)
					}
				}
				fmt.Fprintf(env.Stdout, "It holds %s of history in a file of %s (%s before).\n",
					humanize.IBytes(uint64(p.Used)), humanize.IBytes(uint64(file)), humanize.IBytes(uint64(p.FileBefore)))
				if p.Full {
					return exitWith(ExitFailure, "%s holds more than watch_max_size with only what it must keep (each watch's latest snapshot, the events not yet delivered): no new snapshot is stored; raise watch_max_size, or take advertisements off the watchlist ('%s watch remove PAID')",
						s.Path(), t.cli)
				}
				return nil
			})
		},
	}
}
