package export

import (
	"cmp"
	"slices"

	"github.com/padview/padview/api/check"
)

// This file is the numbers a summary's charts draw: which bars, in which
// order, how long. They come from the summary's one tally (Counts and
// Items), the numbers the text summary closes with, so that a chart can
// never say other than the text.

// Bar is one bar of a chart: what it counts (Key for machines, Label for
// people), how many, and its length as a share of Of, in thousandths
// (Per mille), so that a drawing needs no arithmetic of its own.
type Bar struct {
	Key, Label string
	Count, Of  int
	PerMille   int
}

func bar(key, label string, n, of int) Bar {
	b := Bar{Key: key, Label: label, Count: n, Of: of}
	if of > 0 {
		b.PerMille = (n*1000 + of/2) / of
	}
	return b
}

// Percent is the bar's share in whole percent, rounded: "33%".
func (b Bar) Percent() int { return (b.PerMille + 5) / 10 }

// VerdictBars are the PAIDs of a summary by verdict, each a share of all
// the PAIDs read: complete, incomplete, undetermined and not found always
// (a zero is an answer too), then failed, invalid and not looked up when
// there are some.
func (s Summary) VerdictBars() []Bar {
	c := s.Counts
	all := c.Complete + c.Incomplete + c.Undetermined + c.NotFound + c.Failed + c.Invalid + c.NotLooked
	out := []Bar{
		bar(string(check.Complete), string(check.Complete), c.Complete, all),
		bar(string(check.Incomplete), string(check.Incomplete), c.Incomplete, all),
		bar(string(check.Undetermined), string(check.Undetermined), c.Undetermined, all),
		bar("notFound", string(NotFound), c.NotFound, all),
	}
	for _, m := range []struct {
		key  string
		what Missed
		n    int
	}{{"failed", Failed, c.Failed}, {"invalid", Invalid, c.Invalid}, {"notLookedUp", NotLookedUp, c.NotLooked}} {
		if m.n > 0 {
			out = append(out, bar(m.key, string(m.what), m.n, all))
		}
	}
	return out
}

// ItemBars is how often each item was missing or unknown, as a share of
// the advertisements checked: the items that failed most first (by
// missing, then unknown), ties in the order of check.Rules.
type ItemBars struct {
	ID, Label        string
	Missing, Unknown Bar
}

// ItemBars lists the items of the summary's tally that were missing or
// unknown at least once.
func (s Summary) ItemBars() []ItemBars {
	c := s.Counts
	checked := c.Complete + c.Incomplete + c.Undetermined
	out := make([]ItemBars, 0, len(s.Items))
	for _, it := range s.Items {
		out = append(out, ItemBars{ID: it.ID, Label: it.Label,
			Missing: bar("missing", "missing", it.Missing, checked), Unknown: bar("unknown", "unknown", it.Unknown, checked)})
	}
	slices.SortStableFunc(out, func(a, b ItemBars) int {
		return cmp.Or(cmp.Compare(b.Missing.Count, a.Missing.Count), cmp.Compare(b.Unknown.Count, a.Unknown.Count))
	})
	return out
}
