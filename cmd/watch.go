package cmd

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/api/statedir"
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
recorded. 'padview watch prune' applies the history's bounds (watch_max_size,
watch_keep) at once; 'padview watch repair' removes rows that do not read.

Each service (the host and path of the profile's base URL) has a watchlist
and a history of its own: the commands use the current profile's
(--profile NAME).

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
	c.AddCommand(newWatchAdd(env, rf), newWatchRemove(env, rf), newWatchList(env, rf), newWatchRun(env, rf), newWatchLog(env, rf),
		newWatchPrune(env, rf), newWatchRepair(env, rf))
	return c
}

// demoWatchlist is what the demo watches when its watchlist is empty:
// the advertisement that changes between polls, and two that do not.
var demoWatchlist = []string{fake.ChangingPAID, "AB12CD", "TN2026"}

// watchPlace is where the watch database lives, found without touching a
// file: padview's state directory (the access log's), and for --demo its
// demo/ directory, so that the demo's fictional history never mixes with
// the real one.
type watchPlace struct {
	dir    string
	chosen bool // named with PADVIEW_STATE_DIR: its mode is the user's
	err    error
}

func (e *Env) watchPlace(rf *rootFlags) watchPlace {
	dir, chosen, err := statedir.Locate(e.Getenv)
	if err != nil {
		return watchPlace{err: exitWith(ExitFailure, "watch database: %v", err)}
	}
	if rf.demo {
		return watchPlace{dir: filepath.Join(dir, "demo")}
	}
	return watchPlace{dir: dir, chosen: chosen}
}

// open opens the database for service, creating it; a database of an
// older schema is migrated, and the first command after that says so.
func (p watchPlace) open(env *Env, service string) (*watch.Store, error) {
	if p.err != nil {
		return nil, p.err
	}
	d, err := statedir.At(p.dir, p.chosen)
	if err != nil {
		return nil, exitWith(ExitFailure, "watch database: %v", err)
	}
	s, err := watch.OpenIn(d, service)
	if err != nil {
		return nil, exitWith(ExitFailure, "%v", err)
	}
	if m := s.Migrated(); m != nil && m.From == 1 && env != nil { // from 2, nothing the user must know changed
		fmt.Fprintf(env.Stderr, "padview: %s now keeps each service's watches apart; the %s it held before, and their history, are %s's (the service of this command)\n",
			s.Path(), text.Plural(m.Watches, "watch", "watches"), m.Service)
	}
	return s, nil
}

// watchTarget is what a watch command works on: the service whose
// watchlist it reads and polls, the database's bounds (watch_max_size,
// watch_keep) and how a command it suggests starts (with the profile).
type watchTarget struct {
	service string
	bounds  watch.Bounds
	cli     string
}

// watchTarget finds the command's target: the profile's base URL's
// service (its host and path), or the demo's, within the default bounds
// (its settings would move the state directory, and the demo's database
// with it). The profile must be defined, as for any command, and must
// have a base URL.
func (e *Env) watchTarget(rf *rootFlags) (watchTarget, error) {
	if rf.demo {
		return watchTarget{service: watch.DemoService, bounds: watch.DefaultBounds, cli: text.Command(true, "")}, nil
	}
	s, err := e.settings(rf)
	if err != nil {
		return watchTarget{}, err
	}
	t := watchTarget{bounds: s.WatchBounds, cli: text.Command(false, s.Profile)}
	if err := s.NeedBaseURL(); err != nil {
		return watchTarget{}, usage(err)
	}
	if _, err := api.ParseBaseURL(s.BaseURL); err != nil {
		return watchTarget{}, usage(err)
	}
	if t.service, err = watch.Service(s.BaseURL); err != nil {
		return watchTarget{}, usage(err)
	}
	return t, nil
}

// openWatch opens the watch database for the command's service, within
// the bounds of the config file.
func (e *Env) openWatch(rf *rootFlags) (*watch.Store, watchTarget, error) {
	t, err := e.watchTarget(rf)
	if err != nil {
		return nil, t, err
	}
	s, err := e.watchPlace(rf).open(e, t.service)
	if err != nil {
		return nil, t, err
	}
	s.SetBounds(t.bounds)
	return s, t, nil
}

// forTUI opens the watch database for the TUI's w key and History tab:
// the one `padview watch` uses (with --demo the demo's), for service.
// Its place is found before --demo's account moves the state directory
// of its access log to a temporary one: the demo's watch history is kept,
// for `padview --demo watch run`. Only w (create) makes the database: a
// look at whether the advertisement on screen is watched leaves none
// behind.
func (p watchPlace) forTUI(service string) func(create bool) (ui.WatchStore, error) {
	return func(create bool) (ui.WatchStore, error) {
		if p.err != nil {
			return nil, p.err
		}
		if _, err := os.Lstat(filepath.Join(p.dir, watch.FileName)); !create && errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		s, err := p.open(nil, service)
		if err != nil {
			return nil, err // not a nil *watch.Store in the interface
		}
		return s, nil
	}
}

// tuiWatchService is the service of the TUI's account, for forTUI.
func tuiWatchService(a *account) string {
	if a.Demo {
		return watch.DemoService
	}
	svc, _ := watch.Service(a.BaseURL) // checked with the account
	return svc
}

// readWatch is withWatch for a command that only reads the database:
// where there is none yet it makes none (the state directory may not be
// writable, and nothing was ever watched), runs nothing and reports false.
func (e *Env) readWatch(rf *rootFlags, fn func(*watch.Store, watchTarget) error) (found bool, err error) {
	t, err := e.watchTarget(rf)
	if err != nil {
		return false, err // the profile is checked as for any command
	}
	p := e.watchPlace(rf)
	if p.err == nil {
		if _, err := os.Lstat(filepath.Join(p.dir, watch.FileName)); errors.Is(err, fs.ErrNotExist) {
			return false, nil
		}
	}
	s, err := p.open(e, t.service)
	if err != nil {
		return false, err
	}
	defer s.Close()
	s.SetBounds(t.bounds)
	return true, fn(s, t)
}

// noWatchDatabase is what list and log say before anything was watched.
const noWatchDatabase = "Nothing is watched yet: 'padview watch add PAID' puts an advertisement on the watchlist."

// withWatch runs fn on the watch database, closed after it.
func (e *Env) withWatch(rf *rootFlags, fn func(*watch.Store, watchTarget) error) error {
	s, t, err := e.openWatch(rf)
	if err != nil {
		return err
	}
	defer s.Close()
	return fn(s, t)
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

// watchListBound is what `watch add --list` reads: a list as long as a
// watchlist may be.
var watchListBound = listBound{"list", watch.MaxWatches}

func newWatchAdd(env *Env, rf *rootFlags) *cobra.Command {
	var list string
	c := &cobra.Command{
		Use:   "add PAID... | --list FILE|-",
		Short: "Put advertisements on the watchlist",
		Long: `Put advertisements on the watchlist of the profile's service, by PAID (or
pasted endpoint URL), or from a file of PAIDs, one a line (# comments), with
--list; '--list -' reads stdin. Nothing is fetched now: 'padview watch run'
polls them. An advertisement watched before keeps its history. A service's
watchlist holds at most ` + text.Thousands(watch.MaxWatches) + ` advertisements, and a list may
name as many.`,
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
				listed, name, err := readListFile(c.Context(), env, list, watchListBound) // each wrong line numbered
				if err != nil {
					return err
				}
				if len(listed) == 0 && len(paids) == 0 {
					return exitWith(ExitUsage, "%s lists no PAIDs: put one PAID a line", text.CleanText(name))
				}
				if paids, err = watchPAIDs(append(paids, listed...)); err != nil {
					return err
				}
				args = append(args, listed...)
			}
			if err := env.refusePastedWatch(rf, args); err != nil {
				return err
			}
			return env.withWatch(rf, func(s *watch.Store, _ watchTarget) error {
				added, err := s.Add(paids)
				if err != nil {
					return err
				}
				n, _ := s.Count()
				fmt.Fprintf(env.Stdout, "Watching %s on %s (%s added, %s already watched); 'padview watch run' polls them.\n",
					text.Plural(n, "advertisement", "advertisements"), s.Service(), text.Thousands(int64(added)), text.Thousands(int64(len(paids)-added)))
				return nil
			})
		},
	}
	c.Flags().StringVar(&list, "list", "", "a file of PAIDs, one a line (# comments), or - for stdin")
	return c
}

func newWatchRemove(env *Env, rf *rootFlags) *cobra.Command {
	return &cobra.Command{
		Use:   "remove PAID...",
		Short: "Take advertisements off the watchlist; their history stays",
		Long: `Take advertisements off the watchlist of the profile's service; their
history stays, and 'padview watch add' puts them back with it. A PAID that is
not on the watchlist is named, and the exit code is 3 (as for an advertisement
not found); the others are removed.`,
		Example: `  padview watch remove AB12CD`,
		Args:    cobra.MinimumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			paids, err := watchPAIDs(args)
			if err != nil {
				return err
			}
			var removed []string
			var service string
			if err := env.withWatch(rf, func(s *watch.Store, _ watchTarget) (err error) {
				service = s.Service()
				removed, err = s.Remove(paids)
				return err
			}); err != nil {
				return err
			}
			return reportRemoved(env, service, paids, removed)
		},
	}
}

// reportRemoved says what `watch remove` did: what it took off the
// watchlist, and each PAID that was not on it (exit 3).
func reportRemoved(env *Env, service string, paids, removed []string) error {
	if len(removed) > 0 {
		fmt.Fprintf(env.Stdout, "Stopped watching %s on %s; the history stays ('padview watch log %s').\n",
			strings.Join(removed, ", "), service, removed[0])
	}
	var missing []string
	for _, p := range paids {
		if !slices.Contains(removed, p) {
			missing = append(missing, p)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	verb := "is"
	if len(missing) > 1 {
		verb = "are"
	}
	return exitWith(ExitNotFound, "%s %s not on the watchlist of %s: nothing to remove ('padview watch list' shows what is)",
		strings.Join(missing, ", "), verb, service)
}
