package cmd

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/spf13/cobra"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/text"
)

// maxBadLines is how many bad lines of a worklist are reported one by
// one; a worklist holds at most api.MaxWorklist PAIDs.
const maxBadLines = 10

// tuiArgs accepts the PAIDs the TUI opens with: every word after `--`,
// and before it every word api.MeantAsPAID takes for one among the
// commands' names. A word that may be a mistyped command is an unknown
// command, with cobra's suggestions, so that `padview gte` says "did you
// mean get" instead of looking up a PAID "gte"; `padview -- gte` looks it
// up.
func tuiArgs(c *cobra.Command, args []string) error {
	names, words := commandNames(c), args
	if dash := c.ArgsLenAtDash(); dash >= 0 {
		words = args[:dash] // after --, every word is a PAID
	}
	for i, a := range words {
		sub := subcommand(c, a)
		if sub == nil && api.MeantAsPAID(a, names) {
			continue
		}
		if sub != nil {
			// `padview AB12CD check`: a command after PAIDs.
			order := append(append([]string{c.CommandPath(), sub.Name()}, args[:i]...), args[i+1:]...)
			return fmt.Errorf("%q is a command, and commands come first: %s", sub.Name(), text.CleanText(strings.Join(order, " ")))
		}
		return fmt.Errorf("unknown command %q for %q%s", text.CleanText(a), c.CommandPath(), suggestions(c, a))
	}
	return nil
}

// commandNames are the names of c's commands that cobra suggests for a
// mistyped one (not the hidden ones, nor help), so that every word
// api.MeantAsPAID takes for a mistyped command gets a suggestion.
func commandNames(c *cobra.Command) []string {
	var names []string
	for _, sub := range c.Commands() {
		if sub.IsAvailableCommand() {
			names = append(names, sub.Name())
		}
	}
	return names
}

// subcommand finds c's command named (or aliased) name.
func subcommand(c *cobra.Command, name string) *cobra.Command {
	for _, sub := range c.Commands() {
		if sub.Name() == name || sub.HasAlias(name) {
			return sub
		}
	}
	return nil
}

// suggestions is cobra's "Did you mean this?" block, which cobra adds
// itself only when a command takes no arguments.
func suggestions(c *cobra.Command, arg string) string {
	if c.DisableSuggestions {
		return ""
	}
	if c.SuggestionsMinimumDistance <= 0 {
		c.SuggestionsMinimumDistance = 2
	}
	s := c.SuggestionsFor(arg)
	if len(s) == 0 {
		return ""
	}
	return "\n\nDid you mean this?\n\t" + strings.Join(s, "\n\t") + "\n"
}

// worklist gathers the PAIDs the TUI opens with: those on the command line,
// then those of --list. Each is checked now, so that a typo is reported
// with its place before the screen opens; each is kept as given (a pasted
// full-view URL still asks for the full view in the TUI).
func worklist(ctx context.Context, env *Env, args []string, listPath string) ([]string, error) {
	var items []string
	for _, a := range args {
		if _, err := api.ParsePAID(a); err != nil {
			return nil, exitWith(ExitUsage, "%v", err)
		}
		items = append(items, strings.TrimSpace(a))
	}
	if listPath == "" {
		return items, nil
	}
	listed, name, err := readListFile(ctx, env, listPath, worklistBound)
	if err != nil {
		return nil, err
	}
	items = append(items, listed...)
	if len(items) == 0 {
		return nil, exitWith(ExitUsage, "%s lists no PAIDs: put one PAID a line", text.CleanText(name))
	}
	if len(items) > api.MaxWorklist {
		return nil, worklistBound.tooLong()
	}
	return items, nil
}

// listBound is what a list of PAIDs is called and how many it may hold:
// a worklist api.MaxWorklist; `watch add --list` has its own.
type listBound struct {
	noun string
	max  int
}

var worklistBound = listBound{"worklist", api.MaxWorklist}

func (b listBound) tooLong() error {
	return exitWith(ExitUsage, "the %s has more than %s PAIDs: split it", b.noun, text.Thousands(int64(b.max)))
}

// readListFile reads the list of PAIDs --list names ("-": stdin); name
// is how errors name it.
func readListFile(ctx context.Context, env *Env, listPath string, bound listBound) (items []string, name string, err error) {
	r, name := env.Stdin, "stdin"
	if listPath != "-" {
		f, err := os.Open(listPath)
		if err != nil {
			return nil, name, exitWith(ExitUsage, "--list: %v", err)
		}
		defer f.Close()
		r, name = f, listPath
	}
	items, err = readWorklist(ctx, r, name, bound)
	return items, name, err
}

// readWorklist reads one PAID (or pasted endpoint URL) a line, at most
// bound.max of them. Bad lines are reported with their numbers, so that
// all can be fixed at once: the first maxBadLines of them, and how many
// more. The reading stops at once when ctx ends, even while a read blocks.
func readWorklist(ctx context.Context, r io.Reader, name string, bound listBound) ([]string, error) {
	name = text.CleanText(name)
	var items, bad []string
	more := 0
	err := scanListCtx(ctx, r, func(it listItem) bool {
		problem := ""
		if it.long {
			problem = tooLong()
		} else if _, err := api.ParsePAID(it.input); err != nil {
			problem = err.Error()
		} else {
			items = append(items, it.input)
		}
		switch {
		case problem == "":
		case len(bad) < maxBadLines:
			bad = append(bad, fmt.Sprintf("%s:%d: %s", name, it.line, problem))
		default:
			more++
		}
		return len(items) <= bound.max && more <= bound.max
	})
	switch {
	case err != nil && ctx.Err() != nil:
		return nil, fmt.Errorf("reading %s: %w", name, errInterrupted)
	case err != nil:
		return nil, exitWith(ExitUsage, "reading %s: %v", name, err)
	case len(items) > bound.max:
		return nil, bound.tooLong()
	case more > bound.max:
		return nil, exitWith(ExitUsage, "%s: more than %s lines are not PAIDs: is it a list of PAIDs, one a line?", name, text.Thousands(int64(bound.max)))
	case len(bad) > 0:
		tail := ""
		if more > 0 {
			tail = "\n… and " + text.Plural(more, "more bad line", "more bad lines")
		}
		return nil, exitWith(ExitUsage, "the %s has lines that are not PAIDs; fix them or comment them out with #:\n%s%s",
			bound.noun, strings.Join(bad, "\n"), tail)
	}
	return items, nil
}

// scanListCtx is scanList in a goroutine of its own, so that the caller
// stops at once when ctx ends, even while a read blocks (that read is left
// to end with the process); fn runs on the caller's goroutine.
func scanListCtx(ctx context.Context, r io.Reader, fn func(listItem) bool) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	items, errc := make(chan listItem), make(chan error, 1)
	go func() {
		errc <- scanList(r, func(it listItem) bool {
			select {
			case items <- it:
				return true
			case <-ctx.Done():
				return false
			}
		})
		close(items)
	}()
	for {
		select {
		case it, ok := <-items:
			if !ok {
				return <-errc
			}
			if !fn(it) {
				return nil
			}
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// controllingTTY reports whether the terminal can be opened for keys when
// stdin is not it (a worklist piped in with --list -): Bubble Tea then
// reads keys from it.
func controllingTTY() bool {
	in, out, err := tea.OpenTTY()
	if err != nil {
		return false
	}
	in.Close()
	out.Close()
	return true
}
