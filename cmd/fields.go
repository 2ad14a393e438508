package cmd

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

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
		Use:   "fields [flags] PAID... | -",
		Short: "Show where each member of an answer goes, what recognised it, and what padview did not recognise",
		Long: `List every leaf member of each answer as the service sent it, where padview
puts it in the normalized document, whether it is personal data, and what
recognised it (a vocabulary, a composed name such as opdrachtgever_ +
mailadres, or your [fields]). Members padview did not recognise come last,
with a [fields] line to add where a known name is close. No value is shown.

A [fields] line maps a member name of the service (any case style; a
trailing * makes it a prefix) to a path of the normalized document, in the
config file, for every profile or for one:

  [profiles.partner.fields]
  "auftraggeber_name" = "advertiser.companyName"
  "zahler_*" = "payer.*"

The standard view is read unless --full is given. '-' reads PAIDs from
stdin, one a line. Exit codes as for 'padview get'.`,
		Example: `  padview fields TN2026
  padview fields --json AB12CD | jq '.members[] | select(.recognised | not)'`,
		Args: paidArgs{stdin: true, example: "TN2026"}.check,
		RunE: func(c *cobra.Command, args []string) error {
			return runFields(c.Context(), env, rf, f, args)
		},
	}
	fl := c.Flags()
	fl.BoolVar(&f.json, "json", false, `print one JSON line per PAID: {paid, view, members: [{source, path, recognised, personal, category, by, suggest}], unrecognised}`)
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
	Suggest string // a [fields] line for an unrecognised member close to a known name
}

// placesOf lists where the members of d's answer went, recognised first.
func placesOf(d *advert.Document) []memberPlace {
	places, err := advert.Places(d.Raw, d.PAID, d.View, d.Vocabulary())
	if err != nil { // the answer was normalized from these bytes: it parses
		return nil
	}
	var known, unknown []memberPlace
	for _, p := range places {
		mp := memberPlace{Place: p}
		if p.Recognised {
			known = append(known, mp)
			continue
		}
		scope := ""
		if g, _, ok := cutGroup(p.Path); ok {
			scope = g
		}
		if name, path, ok := d.Vocabulary().Suggest(scope, p.Name); ok {
			k, _ := json.Marshal(p.Name)
			v, _ := json.Marshal(path)
			mp.Suggest = fmt.Sprintf("%s = %s (close to %q)", k, v, name)
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

func fieldsJSON(d *advert.Document) []byte {
	type memberJSON struct {
		Source     string `json:"source"`
		Path       string `json:"path"`
		Recognised bool   `json:"recognised"`
		Personal   bool   `json:"personal"`
		Category   string `json:"category,omitempty"`
		By         string `json:"by,omitempty"`
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

// writePlaces prints the members of an answer as aligned rows: the name
// as sent, its place, ◆ and its category where it is personal, what
// recognised it; the unrecognised last, under a heading of their own.
func writePlaces(w io.Writer, d *advert.Document) {
	places := placesOf(d)
	unrecognised := 0
	srcW, pathW := len("member as sent"), len("in the document")
	for _, p := range places {
		srcW = max(srcW, min(ansi.StringWidth(text.CleanText(p.Source)), 44))
		pathW = max(pathW, min(ansi.StringWidth(text.CleanText(p.Path)), 44))
		if !p.Recognised {
			unrecognised++
		}
	}
	fmt.Fprintf(w, "%s · %s view · %s, %d not recognised\n\n", text.CleanText(d.PAID), d.View,
		text.Plural(len(places), "member", "members"), unrecognised)
	fmt.Fprintf(w, "  %s  %s  %-9s  %s\n", pad("member as sent", srcW), pad("in the document", pathW), "personal", "recognised by")
	heading := false
	for _, p := range places {
		if !p.Recognised && !heading {
			heading = true
			fmt.Fprintf(w, "\n  not recognised: the check calls nothing missing while these remain; map them with [fields]\n")
		}
		personal := ""
		if p.Category != "" {
			personal = "◆ " + p.Category
		}
		by := text.CleanText(p.By)
		if !p.Recognised {
			by = "—"
			if p.Suggest != "" {
				by = "suggest " + text.CleanText(p.Suggest)
			}
		}
		fmt.Fprintf(w, "  %s  %s  %s  %s\n", pad(text.CleanText(p.Source), srcW), pad(text.CleanText(p.Path), pathW),
			pad(personal, 9), by)
	}
}
