package cmd

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

// paidArgs says what a command that takes PAIDs expects of its arguments;
// its check says so in full when they are missing or too many, instead of
// cobra's "requires at least 1 arg(s)". The one home of that wording: get,
// check, fields and diff use it, and so can any command to come (notice):
//
//	Args: paidArgs{stdin: true, example: "TN2026"}.check,
type paidArgs struct {
	// exactly is the number of PAIDs the command takes, with need saying
	// it in words ("two PAIDs, the advertisements to compare"); 0 is at
	// least one.
	exactly int
	need    string
	stdin   bool   // '-' reads PAIDs from stdin
	list    string // the flag that reads them from a file ("--list"), if any
	// file is the flag that reads answers from files instead ("--file"),
	// if any: with it no PAID is needed.
	file    string
	example string // the arguments of an example: "AB12CD"
}

// check is the command's cobra.PositionalArgs.
func (p paidArgs) check(c *cobra.Command, args []string) error {
	if p.list != "" {
		if f := c.Flags().Lookup(strings.TrimPrefix(p.list, "--")); f != nil && f.Changed {
			return nil // the PAIDs come from the list; any arguments add to it
		}
	}
	if p.file != "" {
		if f := c.Flags().Lookup(strings.TrimPrefix(p.file, "--")); f != nil && f.Changed {
			return nil // the answers come from the files; runFiles says what else fits
		}
	}
	if p.exactly == 0 && len(args) > 0 || p.exactly > 0 && len(args) == p.exactly {
		return nil
	}
	return commandLine(c, errors.New(p.words(c, len(args))))
}

// words is the sentence for n arguments that do not fit: "check needs at
// least one PAID (or - to read them from stdin, or --list FILE); e.g.
// padview check AB12CD". It names the command without padview, which the
// line of every error starts with already (report).
func (p paidArgs) words(c *cobra.Command, n int) string {
	need := p.need
	if need == "" {
		need = "at least one PAID"
	}
	var or []string
	if p.stdin {
		or = append(or, "- to read them from stdin")
	}
	if p.list != "" {
		or = append(or, p.list+" FILE")
	}
	if len(or) > 0 {
		need += " (or " + strings.Join(or, ", or ") + ")"
	}
	if p.exactly > 0 && n > 0 {
		need += fmt.Sprintf(", not %d", n)
	}
	return fmt.Sprintf("%s needs %s; e.g. %s %s", commandName(c), need, c.CommandPath(), p.example)
}

// commandName is how an error sentence names c: "check", "config init";
// report puts "padview: " before every error line, so the sentence does
// not say padview again.
func commandName(c *cobra.Command) string {
	return strings.TrimPrefix(c.CommandPath(), c.Root().Name()+" ")
}
