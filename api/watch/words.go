package watch

import (
	"fmt"
	"unicode/utf8"

	"github.com/padview/padview/api/diff"
	"github.com/padview/padview/api/text"
)

// This file is the one home of how the history reads in words: a change,
// the verdict, a failure. `padview watch run` and `watch log` print them
// and the TUI's History tab shows them, so that both say the same.

// PersonalChange is what a change of personal data says in place of its
// values, which were never kept; PersonalAdded and PersonalRemoved say it
// of a value added or removed.
const (
	PersonalChange  = "changed (personal data: its values are not kept)"
	PersonalAdded   = "added (personal data: its value is not kept)"
	PersonalRemoved = "removed (personal data: its value was not kept)"
)

// LargeChange is what a change of a value too large to keep in an event
// says in place of its values (see MaxChangeValue); LargeAdded and
// LargeRemoved say it of a value added or removed.
const (
	LargeChange  = "changed (large value)"
	LargeAdded   = "added (large value)"
	LargeRemoved = "removed (large value)"
)

// Mark is the change's sign in a list of changes, as `padview diff`
// writes them: + added, - removed, ~ changed (personal data too).
func (c Change) Mark() string {
	if !c.Personal && (IsKeyedHash(c.Before) || IsKeyedHash(c.After)) {
		return "~"
	}
	return c.kind().Marker()
}

// Text is the change in words, values cut at max characters (0: as
// BeforeText and AfterText give them): "Campaign › Total value: EUR
// 18,400.00 → EUR 21,900.00", "… : added …", "… : removed (was …)". A
// change of personal data says PersonalChange (or PersonalAdded,
// PersonalRemoved) and no value; so does one whose side is a keyed hash,
// should one ever come without Personal.
func (c Change) Text(max int) string {
	label := c.Label()
	switch {
	case c.Personal && c.kind() == diff.Added:
		return label + ": " + PersonalAdded
	case c.Personal && c.kind() == diff.Removed:
		return label + ": " + PersonalRemoved
	case c.Personal || IsKeyedHash(c.Before) || IsKeyedHash(c.After):
		return label + ": " + PersonalChange
	case c.Large && c.kind() == diff.Added:
		return label + ": " + LargeAdded
	case c.Large && c.kind() == diff.Removed:
		return label + ": " + LargeRemoved
	case c.Large:
		return label + ": " + LargeChange
	case !c.Before.IsPresent():
		return label + ": added " + cutText(c.AfterText(), max)
	case !c.After.IsPresent():
		return label + ": removed (was " + cutText(c.BeforeText(), max) + ")"
	}
	return label + ": " + cutText(c.BeforeText(), max) + " → " + cutText(c.AfterText(), max)
}

func cutText(s string, n int) string {
	if n <= 0 || utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}

// VerdictText is the verdict the event leads to, or its change: "verdict
// complete" (for a first snapshot), "verdict complete → INCOMPLETE"; ""
// when it did not change.
func (e Event) VerdictText() string {
	v := e.Verdict
	switch {
	case v.After == "":
		return ""
	case v.Before == "" || v.Before == v.After:
		if e.Kind == First {
			return "verdict " + VerdictWord(v.After)
		}
		return ""
	}
	return "verdict " + VerdictWord(v.Before) + " → " + VerdictWord(v.After)
}

// VerdictWord is a stored verdict as padview shows it: an incomplete
// notice in capitals, so that it stands out without colour, as in
// `padview check`.
func VerdictWord(v string) string {
	v = text.CleanText(v)
	if v == "incomplete" {
		return "INCOMPLETE"
	}
	return v
}

// FailureText is a vanished or failed poll's status and error: "410 ·
// The advertisement … was withdrawn".
func (e Event) FailureText() string {
	msg := text.CleanText(e.Error)
	if e.Status == 0 {
		return msg
	}
	return fmt.Sprintf("%d · %s", e.Status, msg)
}
