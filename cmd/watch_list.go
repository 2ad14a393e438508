package cmd

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/padview/padview/api/stamp"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/api/watch"
)

func newWatchList(env *Env, rf *rootFlags) *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:   "list [--json]",
		Short: "List the watchlist: each advertisement's last status, last seen, last change and last verdict",
		Long: `List the watchlist of the profile's service (its base URL's host and path;
each service has its own): each advertisement's last status, last seen, last
change and last verdict.`,
		Example: `  padview watch list
  padview watch list --json | jq 'select(.state == "vanished")'`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			var ws []watch.Watch
			var empty string
			found, err := env.readWatch(rf, func(s *watch.Store, _ watchTarget) (err error) {
				if ws, err = s.Watches(); err == nil && len(ws) == 0 {
					empty, err = nothingWatched(s)
				}
				return err
			})
			switch {
			case err != nil:
				return err
			case !found:
				empty = noWatchDatabase
			}
			if len(ws) == 0 {
				fmt.Fprintln(env.Stderr, empty)
				return nil
			}
			out := bufio.NewWriter(env.Stdout)
			defer out.Flush()
			if asJSON {
				for _, w := range ws {
					b, _ := json.Marshal(w) // builds its own JSON; cannot fail
					fmt.Fprintf(out, "%s\n", b)
				}
				return nil
			}
			writeWatchList(out, ws)
			return nil
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print one JSON line per PAID: {paid, added, state, lastPolled, lastStatus, lastError, lastSeen, lastChange, lastVerdict, service}")
	return c
}

// nothingWatched says that the service's watchlist is empty, and where
// watches of other services in the same database are: another profile's.
func nothingWatched(s *watch.Store) (string, error) {
	msg := "Nothing is watched on " + s.Service() + " yet: 'padview watch add PAID' puts an advertisement on its watchlist."
	others, err := s.Elsewhere()
	if err != nil || len(others) == 0 {
		return msg, err
	}
	names := make([]string, 0, len(others))
	for svc, n := range others {
		names = append(names, fmt.Sprintf("%s on %s", text.Plural(n, "advertisement", "advertisements"), text.CleanText(svc)))
	}
	slices.Sort(names)
	return msg + " Other services have watchlists here (" + strings.Join(names, ", ") + "): the profile of each lists its own (--profile NAME).", nil
}

// writeWatchList prints the watchlist as aligned columns.
func writeWatchList(w io.Writer, ws []watch.Watch) {
	rows := [][]string{{"PAID", "LAST STATUS", "LAST SEEN", "LAST CHANGE", "VERDICT"}}
	for _, x := range ws {
		verdict := x.Verdict
		if verdict == "" {
			verdict = "–"
		}
		rows = append(rows, []string{text.CleanText(x.PAID), lastStatus(x), when(x.LastSeen), when(x.LastChange), verdict})
	}
	widths := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, cell := range r {
			widths[i] = max(widths[i], len([]rune(cell)))
		}
	}
	for _, r := range rows {
		var b strings.Builder
		for i, cell := range r {
			if i == len(r)-1 {
				b.WriteString(cell)
				break
			}
			b.WriteString(pad(cell, widths[i]+2))
		}
		fmt.Fprintln(w, b.String())
	}
}

// lastStatus says how the last poll went: "200", "410 vanished",
// "503 server error", "network", "not polled yet".
func lastStatus(x watch.Watch) string {
	var parts []string
	if x.LastPolled.IsZero() {
		return "not polled yet"
	}
	if x.LastStatus != 0 {
		parts = append(parts, fmt.Sprint(x.LastStatus))
	}
	switch {
	case x.LastError != "":
		parts = append(parts, strings.ReplaceAll(text.CleanText(x.LastError), "_", " "))
	case x.State == watch.StateVanished:
		parts = append(parts, "vanished")
	}
	return strings.Join(parts, " ")
}

// when writes a stored time for people, in UTC as the access log does.
func when(t time.Time) string {
	if t.IsZero() {
		return "never"
	}
	return stamp.Second(t)
}
