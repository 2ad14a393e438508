package cmd

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/spf13/cobra"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
)

type fieldsFlags struct {
	lookupFlags
	json bool
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

The standard view is read unless --full is given. '-' reads PAIDs from
stdin, one a line; --list FILE from a file. Exit codes as for 'padview get'.`,
		Example: `  padview fields TN2026
  padview fields --json AB12CD | jq '.members[] | select(.recognised | not)'`,
		Args: paidArgs{stdin: true, list: listFlag, example: "TN2026"}.check,
		RunE: func(c *cobra.Command, args []string) error {
			return runFields(c.Context(), env, rf, f, args)
		},
	}
	fl := c.Flags()
	fl.BoolVar(&f.json, "json", false, `print one JSON line per PAID: {paid, view, members: [{source, path, recognised, personal, by, category, suggest}], unrecognised}`)
	f.lookupFlags.add(fl, "read the full view, which carries contact data")
	return c
}

func runFields(ctx context.Context, env *Env, rf *rootFlags, f fieldsFlags, args []string) error {
	first := true
	show := func(w *batchWriter, r result) (int, error) {
		defer func() { first = false }()
		switch {
		case r.err != nil:
			return ExitOK, w.fail(r)
		case f.json:
			_, err := fmt.Fprintf(w.Out, "%s\n", fieldsJSON(r.doc))
			return ExitOK, err
		}
		if !first {
			fmt.Fprintln(w.Out)
		}
		writePlaces(w.Out, r.doc)
		return ExitOK, nil
	}
	// fields prints names and places, never a value.
	return env.runBatch(ctx, rf, args, batchCommand{lookupFlags: f.lookupFlags, showsNoValues: true, jsonLines: f.json, show: show})
}

// memberPlace is one member of an answer as fields shows it.
type memberPlace struct {
	advert.Place
	// Category is the personal data the member holds in the normalized
	// document, as the mask and the ◆ markers read it there
	// (text.PersonalCategoryOf); "" when none.
	Category string
	// Suggest is a [fields] line for an unrecognised member, and what it
	// rests on.
	Suggest string
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
		scope := ""
		if g, _, ok := cutGroup(p.Path); ok {
			scope = g
		}
		if s, ok := d.Vocabulary().Suggest(scope, p.Name); ok {
			k, _ := json.Marshal(s.Name)
			v, _ := json.Marshal(s.Path)
			mp.Suggest = fmt.Sprintf("%s = %s (%s)", k, v, s.Why)
		}
		unknown = append(unknown, mp)
	}
	return append(known, unknown...)
}

// cutGroup is the group a document path starts in ("sponsors[]" is the
// sponsors').
func cutGroup(path string) (group, rest string, ok bool) {
	for i := 0; i < len(path); i++ {
		if path[i] == '.' || path[i] == '[' {
			return path[:i], path[i:], true
		}
	}
	return path, "", false
}

// fieldsJSON is one line of fields --json: {"paid", "view", "members":
// [{"source", "path", "recognised", "personal", "by"}], "unrecognised"};
// every member carries those five ("by" is "" for one nothing recognised),
// and "category" where it is personal, "suggest" where a [fields] line is
// proposed.
func fieldsJSON(d *advert.Document) []byte {
	type memberJSON struct {
		Source     string `json:"source"`
		Path       string `json:"path"`
		Recognised bool   `json:"recognised"`
		Personal   bool   `json:"personal"`
		By         string `json:"by"`
		Category   string `json:"category,omitempty"`
		Suggest    string `json:"suggest,omitempty"`
	}
	members := []memberJSON{}
	unrecognised := 0
	for _, p := range placesOf(d) {
		members = append(members, memberJSON{Source: p.Source, Path: p.Path, Recognised: p.Recognised,
			Personal: p.Category != "", Category: p.Category, By: p.By, Suggest: p.Suggest})
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
func writePlaces(w io.Writer, d *advert.Document) {
	places := placesOf(d)
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
			fmt.Fprintf(w, "\n  not recognised: while these remain, the check calls an item it does not find unknown, "+
				"never missing; map them with [fields]\n")
		}
		by := text.CleanText(p.By)
		if !p.Recognised {
			by = "—"
			if p.Suggest != "" {
				by = "suggest " + text.CleanText(p.Suggest)
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
