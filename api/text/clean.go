package text

import (
	"strings"
	"unicode/utf8"
)

// CleanText makes untrusted text from the server safe to print on a
// terminal: ESC and every other C0 and C1 control character, DEL, and the
// bidirectional override and isolate characters are removed (they could
// move the cursor, change colours, or make text read in another order), and
// invalid UTF-8 becomes U+FFFD. Tabs become a space; newlines become "⏎" so
// that one value stays on one line.
func CleanText(s string) string {
	if isClean(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteRune(utf8.RuneError)
		case r == '\t':
			b.WriteByte(' ')
		case r == '\n':
			b.WriteString("⏎")
		case unsafeRune(r):
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// CleanBlock is CleanText for multi-line text: newlines are kept.
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
		if r == utf8.RuneError && size == 1 || r == '\t' || r == '\n' || unsafeRune(r) {
			return false
		}
		i += size
	}
	return true
}

func unsafeRune(r rune) bool {
	switch {
	case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f: // C0, DEL, C1
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e, r == 0x200f, r == 0x061c:
		return true // bidi embeddings, overrides, isolates and marks
	case r == 0xfeff, r >= 0xfff9 && r <= 0xfffb: // BOM, interlinear annotations
		return true
	}
	return false
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
