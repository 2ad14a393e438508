package ui

import (
	"strings"
	"unicode"
	"unicode/utf8"

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

// longestFit is the longest of a message's wordings (longest first) that
// fits in w cells, or its shortest, for the caller to cut, when none does:
// a message says what it can in the room it has rather than lose its end.
// Empty wordings are skipped.
func longestFit(w int, wordings ...string) string {
	last := ""
	for _, s := range wordings {
		if s == "" {
			continue
		}
		if lipgloss.Width(s) <= w {
			return s
		}
		last = s
	}
	return last
}

// withoutAsides is s without its parenthesised asides, a shorter wording
// of a message for a narrow line: "there is no D-Bus session bus
// (DBUS_SESSION_BUS_ADDRESS is unset …), so …" keeps what happened.
func withoutAsides(s string) string {
	var b strings.Builder
	depth := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '(':
			depth++
		case c == ')' && depth > 0:
			depth--
		case depth == 0:
			b.WriteByte(c)
		}
	}
	return strings.Join(strings.Fields(strings.ReplaceAll(b.String(), " ,", ",")), " ")
}

// wrap breaks s into lines of at most w cells, at spaces. A word that fits
// a line by itself stays whole: an email, a URL or a hyphenated name moves
// to the next line whole (ansi.Wrap breaks after a hyphen). Only a word
// wider than any line is broken: it starts on the line it follows, when a
// piece fits there or that line holds only a marker (◆ stays with its
// value), and breaks where it stays most readable (cutWord).
func wrap(s string, w int) []string {
	w = max(1, w)
	var out []string
	for _, para := range strings.Split(s, "\n") {
		out = wrapParagraph(out, para, w)
	}
	return out
}

// wrapParagraph appends the lines of one paragraph (no line breaks) to out.
func wrapParagraph(out []string, para string, w int) []string {
	line, lineW := "", -1 // -1: nothing on the line yet, not even an empty word
	for _, word := range strings.Split(para, " ") {
		ww, sep := lipgloss.Width(word), 1
		if lineW < 0 {
			sep, lineW = 0, 0
		}
		switch {
		case lineW+sep+ww <= w:
			line, lineW = line+strings.Repeat(" ", sep)+word, lineW+sep+ww
			continue
		case ww <= w:
			out, line, lineW = append(out, line), word, ww
			continue
		}
		// Wider than any line: the first piece on this line when it can go there.
		if head, rest, ok := cutWord(word, w-lineW-sep, 1, sep == 0 || isMarker(line)); ok {
			line, word = line+strings.Repeat(" ", sep)+head, rest
		}
		out = append(out, line)
		for lipgloss.Width(word) > w {
			head, rest, _ := cutWord(word, w, w/2, true)
			out, word = append(out, head), rest
		}
		line, lineW = word, lipgloss.Width(word)
	}
	return append(out, line)
}

// seams are where a word too wide for a line breaks best, in order: after
// an email's @, a path's /, a query's ? & = #, then . - _ and a comma;
// each class keeps more of the word's parts whole than the next.
var seams = []string{"@", "/", "?&=#", ".-_,"}

// cutWord takes from word a head of at most room cells (and at least min)
// that ends at the best seam, and the rest. With none there, force cuts
// at room cells (always a character at least); without force, ok is false.
func cutWord(word string, room, min int, force bool) (head, rest string, ok bool) {
	if room < 1 {
		return "", word, false
	}
	for _, class := range seams {
		for i := len(word) - 1; i > 0; i-- {
			if !strings.ContainsRune(class, rune(word[i-1])) || class == "/" && word[i] == '/' {
				continue
			}
			if hw := lipgloss.Width(word[:i]); hw <= room && hw >= min {
				return word[:i], word[i:], true
			}
		}
	}
	if !force {
		return "", word, false
	}
	head = ansi.Truncate(word, room, "")
	if head == "" { // a character wider than the room: it goes whole
		_, n := utf8.DecodeRuneInString(word)
		head = word[:n]
	}
	return head, word[len(head):], true
}

// isMarker reports whether a line holds only a marker (◆, •, +, ✗): a
// word without a letter or a digit, which belongs with what follows it.
func isMarker(line string) bool {
	if line == "" || strings.Contains(line, " ") {
		return false
	}
	for _, r := range line {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// styleCodes is what a style writes before and after a text, for drawing
// many short texts in one style without rendering each.
func styleCodes(s lipgloss.Style) (string, string) {
	open, end, _ := strings.Cut(s.Render("x"), "x")
	return open, end
}
