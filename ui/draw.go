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

// wrap breaks s into lines of at most w cells, at spaces only: an email,
// a URL or a hyphenated name stays whole (ansi.Wrap also breaks after a
// hyphen), and a word is cut only when it alone is wider than a line.
func wrap(s string, w int) []string {
	w = max(1, w)
	var out []string
	for _, para := range strings.Split(s, "\n") {
		line, lineW := "", 0
		for i, word := range strings.Split(para, " ") {
			ww := lipgloss.Width(word)
			switch {
			case i == 0:
			case lineW+1+ww <= w:
				line, lineW = line+" "+word, lineW+1+ww
				continue
			default:
				out = append(out, line)
			}
			line, lineW = word, ww
			if ww > w { // too wide on its own: cut it, keep the rest going
				parts := strings.Split(ansi.Hardwrap(word, w, false), "\n")
				out = append(out, parts[:len(parts)-1]...)
				line = parts[len(parts)-1]
				lineW = lipgloss.Width(line)
			}
		}
		out = append(out, line)
	}
	return out
}

// styleCodes is what a style writes before and after a text, for drawing
// many short texts in one style without rendering each.
func styleCodes(s lipgloss.Style) (string, string) {
	open, end, _ := strings.Cut(s.Render("x"), "x")
	return open, end
}
