package cmd

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/spf13/cobra"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/audit"
	"github.com/padview/padview/api/signals"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/api/vocab"
)

type fieldsFlags struct {
	lookupFlags
	json  bool
	write bool // add the suggested lines to the config file
	yes   bool // without asking
}

func newFields(env *Env, rf *rootFlags) *cobra.Command {
	var f fieldsFlags
	c := &cobra.Command{
		Use:   "fields [flags] PAID... | - | --list FILE",
		Short: "Show where each member of an answer goes, what recognised it, and what padview did not recognise",
		Long: `List every leaf member of each answer as the service sent it, where padview
puts it in the normalized document, whether it is personal data, and what
recognised it (a vocabulary, a composed name such as opdrachtgever_ +
mailadres, or your [fields]). Members padview did not recognise come last,
with a [fields] line to add where a known name is close, or, for words it
does not know before a party's field (geldgeber_email), a prefix line whose
party is a guess. While any remain, the check calls an item it does not find
unknown, never missing. No value is shown.

--json prints one line per PAID: {"paid", "view", "members": [{"source",
"path", "recognised", "personal", "by"}], "unrecognised": N}. Every member
carries those five: "by" is what recognised it, "" for one nothing did;
"path" is its place in the normalized document ("paid" for the identifier
asked for). A personal member adds "category" (email, phone, address, name,
other), an unrecognised one "suggest" where padview proposes a line.

A [fields] line maps a member name of the service (any case style; a
trailing * makes it a prefix) to a path of the normalized document, in the
config file, for every profile or for one:

  [profiles.partner.fields]
  "auftraggeber_name" = "advertiser.companyName"
  "zahler_*" = "payer.*"

--write adds the suggested lines it shows to the config file, after
listing them and asking (--yes: without asking, for scripts): to the
[profiles.NAME.fields] of the profile named by --profile, PADVIEW_PROFILE or
default_profile, else to the top-level [fields]. It edits the file's text:
its comments and every other line stay as they are, a name the table maps
already is skipped, and the file is replaced in one step (a new file beside
it, renamed over it), keeping its mode. A config file that is a symbolic
link is written where the link leads, when that file is yours. It refuses,
writing nothing, a file or directory that is another user's, that others
may write to, or that is read-only, and a config file that does not load.
With --demo there is no config file to write to.

The standard view is read unless --full is given. '-' reads PAIDs from
stdin, one a line; --list FILE from a file. Exit codes as for 'padview get';
--write adds 2 when it refuses (stdin not a terminal without --yes, --demo,
a file it will not write) and 1 when the file could not be written.`,
		Example: `  padview fields TN2026
  padview fields --json AB12CD | jq '.members[] | select(.recognised | not)'
  padview --profile partner fields --write AB12CD`,
		Args: paidArgs{stdin: true, list: listFlag, file: fileFlag, example: "TN2026"}.check,
		RunE: func(c *cobra.Command, args []string) error {
			if err := checkFieldsWrite(c, env, rf, f, args); err != nil {
				return err
			}
			return runFields(c.Context(), env, rf, f, args)
		},
	}
	fl := c.Flags()
	fl.BoolVar(&f.json, "json", false, `print one JSON line per PAID: {paid, view, members: [{source, path, recognised, personal, by, category, suggest}], unrecognised}`)
	fl.BoolVar(&f.write, "write", false, "add the suggested [fields] lines to the profile's table in the config file, after asking")
	fl.BoolVar(&f.yes, "yes", false, "with --write: write without asking")
	f.lookupFlags.add(fl, "read the full view, which carries contact data")
	return c
}

func runFields(ctx context.Context, env *Env, rf *rootFlags, f fieldsFlags, args []string) error {
	first := true
	var lines []vocab.Mapping // the lines suggested, in the order shown
	show := func(w *batchWriter, r result) (int, error) {
		defer func() { first = false }()
		if r.err != nil {
			return ExitOK, w.fail(r)
		}
		places := placesOf(r.doc)
		for _, p := range places {
			if p.Suggest != "" {
				lines = append(lines, p.line)
			}
		}
		if f.json {
			_, err := fmt.Fprintf(w.Out, "%s\n", fieldsJSON(r.doc, places))
			return ExitOK, err
		}
		if !first {
			fmt.Fprintln(w.Out)
		}
		writePlaces(w.Out, r.doc, places)
		return ExitOK, nil
	}
	var file *fieldsFile
	ready := func(s Settings, _ *audit.Log) error {
		var err error
		if f.write { // before any request: a file padview will not write is said at once
			file, err = openFieldsFile(s.fieldsTable(), os.Getuid())
		}
		return err
	}
	// fields prints names and places, never a value.
	err := env.runBatch(ctx, rf, args, batchCommand{lookupFlags: f.lookupFlags, showsNoValues: true, namesOnly: true,
		jsonLines: f.json, show: show, ready: ready})
	var quiet quietExit
	if file == nil || ctx.Err() != nil || err != nil && !errors.As(err, &quiet) {
		return err
	}
	if werr := env.addFieldLines(ctx, file.table, lines, f.yes); werr != nil {
		return werr
	}
	return err
}

// checkFieldsWrite refuses, before any request, a --write that cannot
// write, and a --yes without it.
func checkFieldsWrite(c *cobra.Command, env *Env, rf *rootFlags, f fieldsFlags, args []string) error {
	switch {
	case f.yes && !f.write:
		return commandLine(c, errors.New("--yes goes with --write: it writes the suggested lines without asking"))
	case !f.write:
		return nil
	case rf.demo:
		return commandLine(c, errors.New("--write adds to the config file, which --demo does not read: drop --demo to write to your profile's"))
	case f.yes:
		return nil
	case slices.Contains(args, "-") || f.list == "-" || slices.Contains(f.files, "-"):
		return commandLine(c, errors.New("--write asks before it writes, and stdin gives the PAIDs here: add --yes, or give the PAIDs as arguments or with --list FILE"))
	case !env.StdinTTY:
		return commandLine(c, errors.New("--write asks before it writes, and stdin is not a terminal to ask on: add --yes to write without asking (the lines are listed all the same)"))
	}
	return nil
}

// addFieldLines adds the lines fields suggested to the table in the
// config file: it lists them (and those the table has already), asks
// unless yes, and writes. The file is checked again: it may have changed
// while the lookups ran. What it says goes to stderr, beside the prompt:
// stdout is the command's output.
func (e *Env) addFieldLines(ctx context.Context, t fieldsTable, lines []vocab.Mapping, yes bool) error {
	w := e.Stderr
	if len(lines) == 0 {
		fmt.Fprintln(w, "No [fields] lines to add: padview suggests none for these answers.")
		return nil
	}
	file, err := openFieldsFile(t, os.Getuid())
	if err != nil {
		return err
	}
	add, skip := file.plan(lines)
	for _, s := range skip {
		fmt.Fprintf(w, "Skipped %s: %s maps %s already, to %s.\n", text.CleanText(s.Line()), text.CleanText(t.header()),
			text.CleanText(strconv.Quote(s.Name)), text.CleanText(strconv.Quote(s.has)))
	}
	if len(add) == 0 {
		fmt.Fprintf(w, "Nothing to add to %s.\n", t)
		return nil
	}
	fmt.Fprintf(w, "%s to add to %s:\n", text.Plural(len(add), "line", "lines"), t)
	for _, m := range add {
		fmt.Fprintf(w, "  %s\n", text.CleanText(m.Line()))
	}
	if !yes {
		fmt.Fprint(w, "Add them? [y/N] ")
		in := bufio.NewReaderSize(io.LimitReader(e.Stdin, 1<<10), 1<<10)
		answer, err := readAll(ctx, func() (string, error) {
			line, _, err := readLine(in)
			return line, err
		})
		if ctx.Err() != nil {
			fmt.Fprintln(w)
			code := errCtrlC.ExitCode()
			if sig, ok := signals.InterruptedBy(ctx); ok {
				code = sig.ExitCode()
			}
			return exitWith(code, "interrupted: nothing was written")
		}
		if a := strings.ToLower(strings.TrimSpace(answer)); err != nil && a == "" || a != "y" && a != "yes" {
			if err != nil {
				fmt.Fprintln(w)
			}
			fmt.Fprintln(w, "Nothing was written.")
			return nil
		}
	}
	if err := file.write(add); err != nil {
		return err
	}
	fmt.Fprintf(w, "Added %s to %s: the next lookup reads them.\n", text.Plural(len(add), "line", "lines"), t)
	return nil
}

// memberPlace is one member of an answer as fields shows it.
type memberPlace struct {
	advert.Place
	// Category is the personal data the member holds in the normalized
	// document, as the mask and the ◆ markers read it there
	// (text.PersonalCategoryOf); "" when none.
	Category string
	// Suggest is a [fields] line for an unrecognised member, and what it
	// rests on; line is that line, which --write adds.
	Suggest string
	line    vocab.Mapping
	// Candidates are the places an unrecognised member's words touch: the
	// items the check calls unknown for it; Unread says none of its words
	// could be read (it may be any item its value's shape fits).
	Candidates []string
	Unread     bool
}

// placesOf lists where the members of d's answer went, recognised first.
func placesOf(d *advert.Document) []memberPlace {
	places, err := advert.Places(d.Raw, d.PAID, d.View, d.Vocabulary())
	if err != nil { // the answer was normalized from these bytes: it parses
		return nil
	}
	var known, unknown []memberPlace
	for _, p := range places {
		mp := memberPlace{Place: p, Category: text.PersonalCategoryOf(d, p.Path)}
		if p.Recognised {
			known = append(known, mp)
			continue
		}
		if s, ok := d.Vocabulary().SuggestAt(p.Path, p.Name); ok {
			mp.line = s.Mapping()
			mp.Suggest = mp.line.Line() + " (" + s.Why + ")"
		}
		mp.Candidates, mp.Unread = d.Vocabulary().CandidatesAt(p.Path, p.Name)
		unknown = append(unknown, mp)
	}
	return append(known, unknown...)
}

// fieldsJSON is one line of fields --json: {"paid", "view", "members":
// [{"source", "path", "recognised", "personal", "by"}], "unrecognised"};
// every member carries those five ("by" is "" for one nothing recognised),
// and "category" where it is personal, "suggest" where a [fields] line is
// proposed.
func fieldsJSON(d *advert.Document, places []memberPlace) []byte {
	type memberJSON struct {
		Source     string   `json:"source"`
		Path       string   `json:"path"`
		Recognised bool     `json:"recognised"`
		Personal   bool     `json:"personal"`
		By         string   `json:"by"`
		Category   string   `json:"category,omitempty"`
		Suggest    string   `json:"suggest,omitempty"`
		Candidates []string `json:"candidates,omitempty"`
		Unread     bool     `json:"unread,omitempty"`
	}
	members := []memberJSON{}
	unrecognised := 0
	for _, p := range places {
		members = append(members, memberJSON{Source: p.Source, Path: p.Path, Recognised: p.Recognised,
			Personal: p.Category != "", Category: p.Category, By: p.By, Suggest: p.Suggest,
			Candidates: p.Candidates, Unread: p.Unread})
		if !p.Recognised {
			unrecognised++
		}
	}
	b, _ := json.Marshal(struct {
		PAID         string       `json:"paid"`
		View         string       `json:"view"`
		Members      []memberJSON `json:"members"`
		Unrecognised int          `json:"unrecognised"`
	}{d.PAID, d.View.String(), members, unrecognised})
	return b
}

// maxFieldsColumn caps a column of the fields table: a longer name or
// path is written whole, and the row goes on below it at its column.
const maxFieldsColumn = 60

// writePlaces prints the members of an answer as aligned rows: the name
// as sent, its place, ◆ and its category where it is personal, what
// recognised it; the unrecognised last, under a heading of their own.
func writePlaces(w io.Writer, d *advert.Document, places []memberPlace) {
	unrecognised := 0
	widths := []int{len("member as sent"), len("in the document"), len("personal")}
	for _, p := range places {
		widths[0] = max(widths[0], min(ansi.StringWidth(text.CleanText(p.Source)), maxFieldsColumn))
		widths[1] = max(widths[1], min(ansi.StringWidth(text.CleanText(p.Path)), maxFieldsColumn))
		widths[2] = max(widths[2], ansi.StringWidth(personalCell(p)))
		if !p.Recognised {
			unrecognised++
		}
	}
	fmt.Fprintf(w, "%s · %s view · %s, %d not recognised\n\n", text.CleanText(d.PAID), d.View,
		text.Plural(len(places), "member", "members"), unrecognised)
	fmt.Fprint(w, tableRow(widths, "member as sent", "in the document", "personal", "recognised by"))
	heading := false
	for _, p := range places {
		if !p.Recognised && !heading {
			heading = true
			fmt.Fprintf(w, "\n  not recognised: the check calls an item unknown, not missing, where one of these may hold it; "+
				"map them with [fields]\n")
		}
		by := text.CleanText(p.By)
		if !p.Recognised {
			switch {
			case p.Suggest != "":
				by = "suggest " + text.CleanText(p.Suggest)
			case len(p.Candidates) > 0:
				by = "may be " + text.CleanText(strings.Join(p.Candidates, ", "))
			case p.Unread:
				by = "— (padview reads none of its words)"
			default:
				by = "—"
			}
		}
		fmt.Fprint(w, tableRow(widths, text.CleanText(p.Source), text.CleanText(p.Path), personalCell(p), by))
	}
}

// personalCell is ◆ and the category of a personal member, else "".
func personalCell(p memberPlace) string {
	if p.Category == "" {
		return ""
	}
	return "◆ " + p.Category
}

// tableRow writes cells in columns of the given widths, the last cell as
// long as it is. A cell wider than its column is written whole and the row
// goes on on the next line, at the next column, so that every column
// stays aligned.
func tableRow(widths []int, cells ...string) string {
	var b strings.Builder
	at := 2 // the indent
	b.WriteString("  ")
	for i, c := range cells {
		if i == len(cells)-1 {
			b.WriteString(c)
			break
		}
		b.WriteString(c)
		next := at + widths[i] + 2
		if used := at + ansi.StringWidth(c); used > next-2 {
			b.WriteString("\n")
			b.WriteString(strings.Repeat(" ", next))
		} else {
			b.WriteString(strings.Repeat(" ", next-used))
		}
		at = next
	}
	return strings.TrimRight(b.String(), " ") + "\n"
}
