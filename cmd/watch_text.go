package cmd

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/padview/padview/api/text"
	"github.com/padview/padview/api/watch"
)

// lineChanges is how many changes an event's one line names; the rest
// are counted, and 'padview watch log' lists them all.
const lineChanges = 3

// lineValue is how many characters of a value an event's one line shows.
const lineValue = 60

// eventLine is an event on one line, as 'padview watch run' prints it.
func eventLine(ev watch.Event) string {
	head := fmt.Sprintf("%s  %s  %s", when(ev.At), text.CleanText(ev.PAID), ev.Kind)
	var parts []string
	switch ev.Kind {
	case watch.Vanished, watch.Failed:
		parts = append(parts, failureText(ev))
	default:
		if v := verdictText(ev); v != "" {
			parts = append(parts, v)
		}
		var shown []string
		n := 0
		for _, c := range ev.Changes {
			if c.Path == watch.VerdictPath {
				continue // said as the verdict
			}
			n++
			if len(shown) < lineChanges {
				shown = append(shown, changeText(c, lineValue))
			}
		}
		if n > 0 {
			more := ""
			if n > len(shown) {
				more = fmt.Sprintf("; and %d more", n-len(shown))
			}
			parts = append(parts, text.Plural(n, "change", "changes")+": "+strings.Join(shown, "; ")+more)
		}
	}
	if len(parts) == 0 {
		return head
	}
	return head + "  " + strings.Join(parts, " · ")
}

// writeEvent writes an event for 'padview watch log': its line, then each
// change on a line of its own, marked + added, - removed, ~ changed.
func writeEvent(w io.Writer, ev watch.Event) {
	head := fmt.Sprintf("%s  %s  %s", when(ev.At), text.CleanText(ev.PAID), ev.Kind)
	switch ev.Kind {
	case watch.Vanished, watch.Failed:
		head += "  " + failureText(ev)
	default:
		if v := verdictText(ev); v != "" {
			head += "  " + v
		}
	}
	fmt.Fprintln(w, head)
	for _, c := range ev.Changes {
		if c.Path == watch.VerdictPath {
			continue
		}
		mark := "~"
		switch {
		case c.Personal:
		case !c.Before.IsPresent():
			mark = "+"
		case !c.After.IsPresent():
			mark = "-"
		}
		fmt.Fprintf(w, "    %s %s\n", mark, changeText(c, 0))
	}
}

// verdictText is the verdict an event leads to, or its change: "verdict
// complete", "verdict complete → INCOMPLETE". An incomplete notice reads
// in capitals, so that it stands out without colour, as in 'padview check'.
func verdictText(ev watch.Event) string {
	v := ev.Verdict
	switch {
	case v.After == "":
		return ""
	case v.Before == "" || v.Before == v.After:
		if ev.Kind == watch.First {
			return "verdict " + verdictWord(v.After)
		}
		return ""
	}
	return "verdict " + verdictWord(v.Before) + " → " + verdictWord(v.After)
}

func verdictWord(v string) string {
	v = text.CleanText(v)
	if v == "incomplete" {
		return "INCOMPLETE"
	}
	return v
}

// failureText is a vanished or failed poll's status and error.
func failureText(ev watch.Event) string {
	msg := text.CleanText(ev.Error)
	if ev.Status == 0 {
		return msg
	}
	return fmt.Sprintf("%d · %s", ev.Status, msg)
}

// changeText is a change in words, values cut at max characters (0: as
// api/watch gives them).
func changeText(c watch.Change, max int) string {
	label := c.Label()
	before, after := cutText(c.BeforeText(), max), cutText(c.AfterText(), max)
	switch {
	case c.Personal:
		return label + ": changed (personal data: its values are not kept)"
	case !c.Before.IsPresent():
		return label + ": added " + after
	case !c.After.IsPresent():
		return label + ": removed (was " + before + ")"
	}
	return label + ": " + before + " → " + after
}

func cutText(s string, n int) string {
	if n <= 0 || utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}
