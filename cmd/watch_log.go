package cmd

import (
	"bufio"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/padview/padview/api/text"
	"github.com/padview/padview/api/watch"
)

func newWatchLog(env *Env, rf *rootFlags) *cobra.Command {
	var since, format string
	var asJSON bool
	c := &cobra.Command{
		Use:   "log [PAID...] [--since DUR] [--json]",
		Short: "List the stored events, newest first, with what changed",
		Long: `List the events 'padview watch run' stored for the profile's service,
newest first: first, changed, vanished, reappeared and failed (a run of
failures once, at its start), each with the values that changed (+ added,
- removed, ~ changed) and the transparency verdict. A personal value's change is listed without values:
none were kept. --json prints the events as JSON Lines, as 'watch run --json'
does. --format text draws each advertisement's history as a timeline
above its events (a mark for each poll that changed it, vanished,
reappeared or changed its verdict, with dates), --format html writes the
same as one standalone web page.`,
		Example: `  padview watch log
  padview watch log REV2026 --since 7d
  padview watch log REV2026 --format text
  padview watch log REV2026 --format html > REV2026-history.html
  padview watch log --json | jq 'select(.event == "vanished") | .paid'`,
		RunE: func(c *cobra.Command, args []string) error {
			switch format {
			case "", "text", "html":
			case "json":
				asJSON = true
			default:
				return exitWith(ExitUsage, "--format %q: use text, html or json", format)
			}
			if asJSON && format != "" && format != "json" {
				return exitWith(ExitUsage, "--json and --format each choose the output; give one of them")
			}
			q := watch.Query{}
			if since != "" {
				d, err := parseSince(since)
				if err != nil {
					return exitWith(ExitUsage, "--since %q: %v", since, err)
				}
				q.Since = time.Now().Add(-d)
			}
			paids, err := watchPAIDs(args)
			if err != nil {
				return err
			}
			q.PAIDs = paids
			var evs []watch.Event
			var damage []watch.Damage
			var target watchTarget
			found, err := env.readWatch(rf, func(s *watch.Store, t watchTarget) (err error) {
				target = t
				evs, damage, err = s.EventsAndDamage(c.Context(), q)
				return err
			})
			switch {
			case err != nil:
				return err
			case !found:
				fmt.Fprintln(env.Stderr, noWatchDatabase)
				return nil
			}
			// A damaged event hides no other: it is named, with its repair.
			for _, d := range damage {
				fmt.Fprintf(env.Stderr, "padview: %s skipped: %s\n", text.CleanText(d.PAID), d.Text(target.cli))
			}
			if len(evs) == 0 && len(damage) == 0 {
				fmt.Fprintf(env.Stderr, "No events recorded on %s yet for that: 'padview watch run' records them.\n", target.service)
				return nil
			}
			out := bufio.NewWriter(env.Stdout)
			defer out.Flush()
			switch format {
			case "text":
				writeTimelines(out, evs, stripWidth(env.Stdout))
				evs = nil
			case "html":
				if err := writeHistoryPage(out, evs, target.service, env.Version.String(), time.Now()); err != nil {
					return err
				}
				evs = nil
			}
			for _, ev := range evs {
				if asJSON {
					out.Write(append(ev.AppendJSON(nil), '\n'))
					continue
				}
				writeEvent(out, ev)
			}
			if len(damage) > 0 {
				return exitQuietly(ExitFailure)
			}
			return nil
		},
	}
	c.Flags().StringVar(&since, "since", "", "only events newer than this, e.g. 90m, 24h or 7d")
	c.Flags().BoolVar(&asJSON, "json", false, "print the events as JSON Lines")
	c.Flags().StringVar(&format, "format", "", "text: a timeline above each advertisement's events; html: the same as one web page; json: as --json")
	_ = c.RegisterFlagCompletionFunc("format", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{"text", "html", "json"}, cobra.ShellCompDirectiveNoFileComp
	})
	return c
}
