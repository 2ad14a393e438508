package ui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// copier is a pane that says what of it the copy menu can copy: the
// selected value and the selected row's cells ("" and nil when nothing is
// selected), and the whole pane as plain text, values unwrapped. A pane
// without it is copied as it shows.
type copier interface {
	Selection() (value string, row []string)
	Text() string
}

// maxTextWidth is the width a pane lays itself out at for Text: wide
// enough that no value wraps.
const maxTextWidth = 1 << 16

// plainLines joins drawn lines as plain text: styles stripped, the padding
// at their ends trimmed.
func plainLines(lines []string) string {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(strings.TrimRight(ansi.Strip(l), " "))
		b.WriteByte('\n')
	}
	return b.String()
}

// paneSelection is what is selected in a pane, if it says.
func paneSelection(p Pane) (string, []string) {
	if c, ok := p.(copier); ok {
		return c.Selection()
	}
	return "", nil
}

// paneText is a pane as plain text: all of it when it says, else what it
// shows.
func paneText(p Pane) string {
	if c, ok := p.(copier); ok {
		return c.Text()
	}
	return plainLines(strings.Split(p.View(), "\n"))
}
