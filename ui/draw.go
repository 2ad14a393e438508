package ui

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// The drawing helpers every part of the screen shares. Widths are in
// cells, wide characters and escape sequences counted as a terminal does.

// fit makes a line exactly w cells: truncated or padded.
func fit(s string, w int) string {
	lw := ansi.StringWidth(s)
	if lw > w {
		s = ansi.Truncate(s, w, "…")
		lw = ansi.StringWidth(s)
	}
	if lw < w {
		s += strings.Repeat(" ", w-lw)
	}
	return s
}

// fitBlock makes a block exactly h lines of w cells.
func fitBlock(s string, w, h int) []string {
	lines := strings.Split(s, "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	for i := range lines {
		lines[i] = fit(lines[i], w)
	}
	for len(lines) < h {
		lines = append(lines, strings.Repeat(" ", w))
	}
	return lines
}

// pad truncates or pads plain text to exactly w cells; the common case,
// short ASCII, takes no measuring.
func pad(s string, w int) string {
	if isASCII(s) && len(s) <= w {
		return s + strings.Repeat(" ", w-len(s))
	}
	s = ansi.Truncate(s, w, "…")
	if gap := w - lipgloss.Width(s); gap > 0 {
		s += strings.Repeat(" ", gap)
	}
	return s
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] >= 0x7f {
			return false
		}
	}
	return true
}

// wrap breaks s into lines of at most w cells, at spaces.
func wrap(s string, w int) []string { return strings.Split(ansi.Wrap(s, max(1, w), " "), "\n") }

// styleCodes is what a style writes before and after a text, for drawing
// many short texts in one style without rendering each.
func styleCodes(s lipgloss.Style) (string, string) {
	open, end, _ := strings.Cut(s.Render("x"), "x")
	return open, end
}
