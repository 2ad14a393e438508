package cmd

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/audit"
	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/api/watch"
	"github.com/padview/padview/ui"
)

// The watch commands keep their own logic in api/watch; what is here reads
// flags and prints. From the rest of cmd they use: rootFlags (demo,
// verbose, maxWait), Env (streams, Getenv, clientOptions, apiClient),
// worklist and parseSince, describeExchange and verboseEnv, and the exit
// codes and errors of exit.go.

func newWatch(env *Env, rf *rootFlags) *cobra.Command {
	c := &cobra.Command{
		Use:   "watch",
		Short: "Watch advertisements for changes: a watchlist, polled within the rate limit, and its history",
		Long: `Watch advertisements for changes. 'padview watch add' puts PAIDs on a
watchlist; 'padview watch run' polls each one (standard view only) and
reports what changed since the last poll: the document's values, the
transparency verdict and each rule's status, an advertisement that
vanished (404 or 410) or came back. 'padview watch log' lists what was
recorded.

The history is an SQLite database, watch.db, in padview's state directory
(beside the access log; $PADVIEW_STATE_DIR moves both; with --demo a demo/
directory inside it). Personal data is never stored: a personal value is
kept as a keyed hash, so that its change is reported without the values.`,
		Example: `  padview watch add AB12CD PAD-2026-000000123456
  padview watch run --once
  padview watch log --since 7d`,
		Args: cobra.ArbitraryArgs,
		RunE: groupRun,
	}
	c.AddCommand(newWatchAdd(env, rf), newWatchRemove(env, rf), newWatchList(env, rf), newWatchRun(env, rf), newWatchLog(env, rf))
	return c
}

// demoWatchlist is what the demo watches when its watchlist is empty:
// the advertisement that changes between polls, and two that do not.
var demoWatchlist = []string{fake.ChangingPAID, "AB12CD", "TN2026"}

// watchPath is where the watch database lives: watch.db in the access
// log's state directory, and for --demo in its demo/ directory, so that
// the demo's fictional history never mixes with the real one.
func (e *Env) watchPath(rf *rootFlags) (string, error) {
	logPath, err := audit.Path(e.Getenv)
	if err != nil {
		return "", exitWith(ExitFailure, "%v", strings.Replace(err.Error(), "the access log", "padview's state (the watch database)", 1))
	}
	dir := filepath.Dir(logPath)
	if rf.demo {
		dir = filepath.Join(dir, "demo")
	}
	return filepath.Join(dir, watch.FileName), nil
}

// openWatch opens the watch database.
func (e *Env) openWatch(rf *rootFlags) (*watch.Store, error) {
	path, err := e.watchPath(rf)
	if err != nil {
		return nil, err
	}
	return watch.Open(path)
}

// tuiWatch opens the watch database for the TUI's w key and History tab:
// the one `padview watch` uses (with --demo the demo's). Its place is
// found now, before --demo's account moves the state directory of its
// access log to a temporary one: the demo's watch history is kept, for
// `padview --demo watch run`. Only w (create) makes the database: a look
// at whether the advertisement on screen is watched leaves none behind.
func (e *Env) tuiWatch(rf rootFlags) func(create bool) (ui.WatchStore, error) {
	path, pathErr := e.watchPath(&rf)
	return func(create bool) (ui.WatchStore, error) {
		if pathErr != nil {
			return nil, pathErr
		}
		if _, err := os.Lstat(path); !create && errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		s, err := watch.Open(path)
		if err != nil {
			return nil, err // not a nil *watch.Store in the interface
		}
		return s, nil
	}
}

// withWatch runs fn on the watch database, closed after it; an error of
// the database's is exit 1.
func (e *Env) withWatch(rf *rootFlags, fn func(*watch.Store) error) error {
	s, err := e.openWatch(rf)
	if err != nil {
		return err
	}
	defer s.Close()
	return fn(s)
}

// watchPAIDs checks PAIDs (or pasted endpoint URLs) and returns their
// identifiers, each once, in the order given.
func watchPAIDs(items []string) ([]string, error) {
	seen := map[string]bool{}
	var out []string
	for _, it := range items {
		id, err := api.ParsePAID(it)
		if err != nil {
			return nil, exitWith(ExitUsage, "%s: %v", text.CleanText(it), err)
		}
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out, nil
}

func newWatchAdd(env *Env, rf *rootFlags) *cobra.Command {
	var list string
	c := &cobra.Command{
		Use:   "add PAID... | --list FILE|-",
		Short: "Put advertisements on the watchlist",
		Long: `Put advertisements on the watchlist, by PAID (or pasted endpoint URL), or
from a file of PAIDs, one a line (# comments), with --list; '--list -' reads
stdin. Nothing is fetched now: 'padview watch run' polls them. An
advertisement watched before keeps its history. The watchlist holds at most
` + fmt.Sprint(watch.MaxWatches) + ` advertisements.`,
		Example: `  padview watch add AB12CD TN2026
  padview watch add --list paids.txt`,
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) == 0 && list == "" {
				return commandLine(c, errors.New("name the PAIDs to watch, or --list FILE"))
			}
			paids, err := watchPAIDs(args) // each named if it is wrong
			if err != nil {
				return err
			}
			if list != "" {
				listed, err := worklist(c.Context(), env, nil, list) // each wrong line numbered
				if err != nil {
					return err
				}
				if paids, err = watchPAIDs(append(paids, listed...)); err != nil {
					return err
				}
			}
			return env.withWatch(rf, func(s *watch.Store) error {
				added, err := s.Add(paids)
				if err != nil {
					return err
				}
				n, _ := s.Count()
				fmt.Fprintf(env.Stdout, "Watching %s (%d added, %d already watched); 'padview watch run' polls them.\n",
					text.Plural(n, "advertisement", "advertisements"), added, len(paids)-added)
				return nil
			})
		},
	}
	c.Flags().StringVar(&list, "list", "", "a file of PAIDs, one a line (# comments), or - for stdin")
	return c
}

func newWatchRemove(env *Env, rf *rootFlags) *cobra.Command {
	return &cobra.Command{
		Use:     "remove PAID...",
		Short:   "Take advertisements off the watchlist; their history stays",
		Example: `  padview watch remove AB12CD`,
		Args:    cobra.MinimumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			paids, err := watchPAIDs(args)
			if err != nil {
				return err
			}
			var removed []string
			if err := env.withWatch(rf, func(s *watch.Store) (err error) {
				removed, err = s.Remove(paids)
				return err
			}); err != nil {
				return err
			}
			gone := map[string]bool{}
			for _, p := range removed {
				gone[p] = true
			}
			for _, p := range paids {
				if !gone[p] {
					fmt.Fprintf(env.Stderr, "padview: %s was not watched\n", p)
				}
			}
			if len(removed) > 0 {
				fmt.Fprintf(env.Stdout, "Stopped watching %s; the history stays ('padview watch log %s').\n", strings.Join(removed, ", "), removed[0])
			}
			return nil
		},
	}
}
