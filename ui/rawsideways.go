package ui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// cutMark marks where a line of Raw goes on past the pane's edge.
const cutMark = "…"

// sideways is a plain line seen from cell x on, in a pane w cells wide:
// cutMark where its start or its end is cut off. cut is how many bytes of
// the line's start are not shown (0 when x is 0), so that a find's byte
// offsets can follow (marker.lineFrom).
func sideways(l string, x, w int) (shown string, cut int) {
	if x <= 0 {
		return ansi.Truncate(l, w, cutMark), 0
	}
	rest := ansi.TruncateLeft(l, x+1, cutMark) // x cells and one for the mark
	if !strings.HasPrefix(rest, cutMark) {
		return "", len(l) // the whole line is left of the pane
	}
	return ansi.Truncate(rest, w, cutMark), len(l) - (len(rest) - len(cutMark))
}

// lineFrom marks line i drawn as s, a line whose first cut bytes are not
// shown and that starts with cutMark when cut is not 0 (sideways).
func (m marker) lineFrom(i int, s string, cut int) string {
	if m.t == nil || cut == 0 {
		return m.line(i, s)
	}
	var spans []span
	for _, sp := range m.t.spans(i) {
		from, to := sp.from-cut+len(cutMark), sp.to-cut+len(cutMark)
		if to <= len(cutMark) {
			continue // left of the pane
		}
		spans = append(spans, span{max(from, len(cutMark)), to, sp.current})
	}
	return mark(s, spans, m.on, m.onCurrent)
}

// currentHit is the match n/N is on, and the line's text it is in.
func (t textFind) currentHit() (hit, []byte, bool) {
	if t.cur < 0 || t.cur >= len(t.hits) || t.index == nil {
		return hit{}, nil, false
	}
	h := t.hits[t.cur]
	return h, t.index.line(h.line), true
}

// revealSideways is the first cell to show so that the current match is in
// sight in a pane w cells wide, starting from x: unchanged when it is.
func revealSideways(t textFind, x, w int) int {
	h, line, ok := t.currentHit()
	if !ok || h.to > len(line) {
		return x
	}
	from := ansi.StringWidth(string(line[:h.from]))
	to := from + ansi.StringWidth(string(line[h.from:h.to]))
	if from >= x+1 && to <= x+w-1 || x == 0 && to <= w-1 {
		return x // in sight, clear of the marks
	}
	if to <= w-1 {
		return 0
	}
	return max(0, from-w/3)
}
