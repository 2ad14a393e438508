package cmd

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode"

	tea "charm.land/bubbletea/v2"
	"github.com/spf13/cobra"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/text"
)

// Bounds of a worklist, documented in the README.
const (
	maxWorklist     = 10000 // PAIDs in one worklist
	maxWorklistLine = 4096  // bytes in one line
	maxBadLines     = 10    // bad lines reported one by one
)

// looksLikePAID tells a PAID given to `padview` apart from a mistyped
// command: a PAID has a digit, or is a pasted endpoint URL.
func looksLikePAID(arg string) bool {
	return strings.IndexFunc(arg, unicode.IsDigit) >= 0 ||
		strings.Contains(arg, "://") || strings.Contains(arg, "/advertisement")
}

// tuiArgs accepts the PAIDs the TUI opens with. Any other word is an
// unknown command, with cobra's suggestions, so that `padview gte` says
// "did you mean get" instead of looking up a PAID "gte".
func tuiArgs(c *cobra.Command, args []string) error {
	for i, a := range args {
		if looksLikePAID(a) {
			continue
		}
		if sub := subcommand(c, a); sub != nil {
			// `padview AB12CD check`: a command after PAIDs.
			order := append(append([]string{c.CommandPath(), sub.Name()}, args[:i]...), args[i+1:]...)
			return fmt.Errorf("%q is a command, and commands come first: %s", sub.Name(), text.CleanText(strings.Join(order, " ")))
		}
		return fmt.Errorf("unknown command %q for %q%s", text.CleanText(a), c.CommandPath(), suggestions(c, a))
	}
	return nil
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
func worklist(env *Env, args []string, listPath string) ([]string, error) {
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
	r, name := env.Stdin, "stdin"
	if listPath != "-" {
		f, err := os.Open(listPath)
		if err != nil {
			return nil, exitWith(ExitUsage, "--list: %v", err)
		}
		defer f.Close()
		r, name = f, listPath
	}
	listed, err := readWorklist(r, name)
	if err != nil {
		return nil, err
	}
	items = append(items, listed...)
	if len(items) == 0 {
		return nil, exitWith(ExitUsage, "%s lists no PAIDs: put one PAID a line", text.CleanText(name))
	}
	if len(items) > maxWorklist {
		return nil, errWorklistTooLong
	}
	return items, nil
}

// readWorklist reads one PAID (or pasted endpoint URL) a line. Every bad
// line is reported with its number, so that all can be fixed at once.
func readWorklist(r io.Reader, name string) ([]string, error) {
	name = text.CleanText(name)
	var items, bad []string
	lines, err := scanList(r, maxWorklistLine, func(n int, line string) bool {
		if _, err := api.ParsePAID(line); err != nil {
			bad = append(bad, fmt.Sprintf("%s:%d: %v", name, n, err))
		} else {
			items = append(items, line)
		}
		return len(items) <= maxWorklist
	})
	switch {
	case len(items) > maxWorklist:
		return nil, errWorklistTooLong
	case errors.Is(err, bufio.ErrTooLong):
		return nil, exitWith(ExitUsage, "%s:%d: the line is longer than %d bytes: put one PAID a line", name, lines+1, maxWorklistLine)
	case err != nil:
		return nil, exitWith(ExitUsage, "reading %s: %v", name, err)
	}
	if len(bad) > 0 {
		more := ""
		if len(bad) > maxBadLines {
			more = fmt.Sprintf("\n… and %d more bad lines", len(bad)-maxBadLines)
			bad = bad[:maxBadLines]
		}
		return nil, exitWith(ExitUsage, "the worklist has lines that are not PAIDs; fix them or comment them out with #:\n%s%s",
			strings.Join(bad, "\n"), more)
	}
	return items, nil
}

var errWorklistTooLong = exitWith(ExitUsage, "the worklist has more than %d PAIDs: split it", maxWorklist)

// scanList calls fn with each entry of a list of PAIDs and its line number
// (from 1): surrounding space trimmed, blank lines and lines starting with
// # skipped; fn returns false to stop. It returns the number of lines
// read. `get -` and `--list` read their lists through it.
func scanList(r io.Reader, maxLine int, fn func(n int, line string) bool) (int, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, min(maxLine, 64*1024)), maxLine)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if !fn(n, line) {
			break
		}
	}
	return n, sc.Err()
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
