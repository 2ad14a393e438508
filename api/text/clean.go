package text

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/padview/padview/api/advert"
)

// CleanText makes untrusted text from the server safe to print on a
// terminal and honest to read: nothing in it can move the cursor, change
// colours or the reading order, and nothing invisible stays hidden. Every
// character advert.IsInvisible reports is shown as a visible marker instead
// of being kept or dropped: C0 controls and DEL as their control pictures
// (ESC as ␛, CR as ␍, DEL as ␡), a newline as ⏎ so that one value stays on
// one line, a tab as a space, and the rest (C1 controls, bidi embeddings,
// overrides, isolates and marks, zero-width and other format characters,
// variation selectors) as the code point in brackets: ⟨U+202E⟩. Invalid
// UTF-8 becomes U+FFFD.
func CleanText(s string) string {
	if isClean(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteRune(utf8.RuneError)
		case !advert.IsInvisible(r):
			b.WriteRune(r)
		default:
			b.WriteString(Marker(r))
		}
	}
	return b.String()
}

// Marker is the visible stand-in CleanText writes for an invisible or
// control character r.
func Marker(r rune) string {
	switch {
	case r == '\t':
		return " "
	case r == '\n':
		return "⏎"
	case r < 0x20:
		return string(0x2400 + r) // the control pictures block: ␀ … ␟
	case r == 0x7f:
		return "␡"
	}
	return fmt.Sprintf("⟨U+%04X⟩", r)
}

// CleanBlock is CleanText for multi-line text: newlines are kept (a CR
// before one goes), everything else is cleaned as CleanText does.
func CleanBlock(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = CleanText(strings.TrimSuffix(l, "\r"))
	}
	return strings.Join(lines, "\n")
}

func isClean(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c == 0x7f || c >= 0x80 {
			return cleanSlow(s[i:])
		}
	}
	return true
}

func cleanSlow(s string) bool {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || advert.IsInvisible(r) {
			return false
		}
		i += size
	}
	return true
}

// Snippet is a short, single-line, cleaned excerpt of a body for error
// messages: enough to recognize an HTML page or a truncated document.
func Snippet(body []byte, max int) string {
	s := string(body)
	if len(s) > max*4 {
		s = s[:max*4]
	}
	s = strings.Join(strings.Fields(CleanBlock(s)), " ")
	if utf8.RuneCountInString(s) > max {
		s = string([]rune(s)[:max]) + "…"
	}
	return s
}
