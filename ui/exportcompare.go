package ui

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/diff"
	"github.com/padview/padview/api/export"
	"github.com/padview/padview/api/text"
)

// The Compare tab's export: what changed from the marked advertisement to
// the one on screen, as `padview diff` says it (Markdown: its text in a
// report) or writes it (JSON).

// compareFileName proposes "padview-compare-AB12CD-AB12CE-20261122.md":
// both sides' PAIDs as export.FileName makes them safe, with their views
// and the mask.
func compareFileName(a, b *advert.Document, f export.Format, now time.Time) string {
	side := func(d *advert.Document) string {
		// export.FileName is "padview-PAID-view-date.ext": keep PAID-view.
		n := strings.TrimPrefix(export.FileName(d, f, now), "padview-")
		return strings.TrimSuffix(n, "-"+now.Format("20060102")+"."+f.Ext())
	}
	return fmt.Sprintf("padview-compare-%s-%s-%s.%s", side(a), side(b), now.Format("20060102"), f.Ext())
}

// compareOutput writes the job's comparison in f: JSON as `padview diff
// --json`, or Markdown: a title, where the answers came from, and the
// comparison's text, ◆ marking personal data as on screen.
func compareOutput(j exportJob, f export.Format) func(io.Writer) error {
	r, from := j.compare, j.from
	if f == export.JSON {
		return func(w io.Writer) error {
			b, err := r.MarshalJSON()
			if err != nil {
				return err
			}
			_, err = w.Write(append(b, '\n'))
			return err
		}
	}
	return func(w io.Writer) error {
		var body strings.Builder
		diff.WriteTextMarked(&body, r) // a strings.Builder does not fail
		host := from.Host
		if from.Demo {
			host += " (padview's demo: fictional data)"
		}
		_, err := fmt.Fprintf(w, "# Comparison: %s %s → %s %s\n\n- Service: %s\n- The one on screen fetched: %s\n- padview %s\n\n```text\n%s```\n",
			text.CleanText(r.A), r.AView, text.CleanText(r.B), r.BView, text.CleanText(host),
			from.FetchedAt.UTC().Format(time.RFC3339), text.CleanText(from.Version), body.String())
		return err
	}
}

// union is the categories of a and b, each once, in order.
func union(a, b []string) []string {
	out := slices.Clone(a)
	for _, c := range b {
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}
