package ui

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/padview/padview/api/text"
	"github.com/padview/padview/theme"
)

// toastFor is how long what was copied stays on screen unless a key
// closes it first.
const toastFor = 15 * time.Second

// copyToast shows what was just copied over the bottom of the pane, so
// that it can be selected by hand where the terminal blocks OSC 52. The
// text lines stand alone, without a frame, so a selection takes nothing
// else with it.
type copyToast struct {
	what  string
	lines []string
	until time.Time
}

func newCopyToast(c copied, now time.Time) *copyToast {
	return &copyToast{what: c.what, lines: strings.Split(strings.TrimSuffix(c.text, "\n"), "\n"), until: now.Add(toastFor)}
}

// cover draws the toast over the last lines of a pane w cells wide: at
// most two thirds of them, the rest of a long text counted.
func (t *copyToast) cover(st theme.Styles, pane []string, w int) []string {
	room := max(1, len(pane)*2/3-2)
	var shown []string
	for _, l := range t.lines {
		for _, part := range strings.Split(ansi.Hardwrap(text.CleanText(l), w, false), "\n") {
			shown = append(shown, fit(part, w))
		}
	}
	if len(shown) > room {
		rest := len(shown) - room + 1
		shown = append(shown[:room-1:room-1], fit(st.Muted.Render(fmt.Sprintf("… %d more lines on the clipboard; e saves to a file", rest)), w))
	}
	rule := func(s string) string {
		s = ansi.Truncate("── "+s+" ", w, "…")
		return st.Accent.Render(s + strings.Repeat("─", max(0, w-ansi.StringWidth(s))))
	}
	box := append([]string{rule("Copied " + t.what)}, shown...)
	box = append(box, rule("nothing pasted? select the text above by hand (shift+drag) · a key closes"))
	if len(box) > len(pane) {
		box = box[len(box)-len(pane):]
	}
	out := append([]string(nil), pane[:len(pane)-len(box)]...)
	return append(out, box...)
}
