package cmd

import (
	"strings"

	"charm.land/bubbles/v2/progress"
	"github.com/charmbracelet/x/ansi"
)

// The bar's width in cells: barWidth when the line has room, down to
// minBarWidth before the ETA goes, and none before the count or the note
// would.
const (
	barWidth    = 24
	minBarWidth = 8
	// assumedWidth is the terminal's width when it cannot be read.
	assumedWidth = 80
)

// lineParts are the pieces of the progress line, each "" when it has
// nothing to say.
type lineParts struct {
	share                float64 // of the bar
	count, elapsed, rate string
	window               string // the rate window's use as a gauge, drawn before the rate; "" for none
	eta                  string
	note, shortNote      string // the wait or the state, and the same in fewer columns ("" keeps note)
	barCells             int    // set by fitLine
}

// fitLine lays the parts out in at most width columns: a line wider than
// the terminal wraps, and a wrapped line is more than the one row
// "\r\x1b[2K" clears (a line of exactly the width leaves the cursor on its
// last column, and "\r" takes it back to the first). When they do not fit it
// gives up the least useful first: the window's gauge (the rate says it
// in words), the note's long form, the elapsed time (the summary gives
// it), the rate, most of the bar, the ETA, the bar;
// what still does not fit is cut, so the count and the note's short form
// go last.
func fitLine(l lineParts, bar *progress.Model, width int) string {
	if width <= 0 {
		width = assumedWidth
	}
	room := width
	l.barCells = barWidth
	steps := []func(*lineParts){
		func(l *lineParts) { l.window = "" },
		func(l *lineParts) {
			if l.shortNote != "" {
				l.note = l.shortNote
			}
		},
		func(l *lineParts) { l.elapsed = "" },
		func(l *lineParts) { l.rate = "" },
		func(l *lineParts) { l.barCells = minBarWidth },
		func(l *lineParts) { l.eta = "" },
		func(l *lineParts) { l.barCells = 0 },
	}
	line := l.render(bar)
	for _, step := range steps {
		if ansi.StringWidth(line) <= room {
			return line
		}
		step(&l)
		line = l.render(bar)
	}
	return ansi.Truncate(line, room, "…")
}

// render joins the parts: the bar, then "count · elapsed · rate · ETA ·
// note".
func (l lineParts) render(bar *progress.Model) string {
	var words []string
	rate := l.rate
	if l.window != "" && rate != "" {
		rate = l.window + " " + rate
	}
	for _, s := range []string{l.count, l.elapsed, rate, l.eta, l.note} {
		if s != "" {
			words = append(words, s)
		}
	}
	line := strings.Join(words, " · ")
	if l.barCells > 0 {
		bar.SetWidth(l.barCells)
		line = bar.ViewAs(l.share) + " " + line
	}
	return line
}
