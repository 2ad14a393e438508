package cmd

import (
	"fmt"
	"io"
	"strings"

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
		parts = append(parts, ev.FailureText())
	default:
		if ev.Warning != "" {
			parts = append(parts, "warning: "+text.CleanText(ev.Warning))
		}
		if v := ev.VerdictText(); v != "" {
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
				shown = append(shown, c.Text(lineValue))
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
		head += "  " + ev.FailureText()
	default:
		if v := ev.VerdictText(); v != "" {
			head += "  " + v
		}
	}
	fmt.Fprintln(w, head)
	for _, c := range ev.Changes {
		if c.Path == watch.VerdictPath {
			continue
		}
		fmt.Fprintf(w, "    %s %s\n", c.Mark(), c.Text(0))
	}
}
