package api

import (
	"strings"
	"unicode"
)

// MaxWorklist is the most PAIDs one worklist holds, however it was given:
// on the command line, with --list, or pasted into the TUI's input.
const MaxWorklist = 10000

// LooksLikePAID tells a PAID among other words (the command line's, a
// pasted list's) apart from a word that is none: a PAID has a digit, or is
// a pasted endpoint URL. `padview gte` is then a mistyped command, and the
// "Please" of a list copied from an email is not looked up.
func LooksLikePAID(word string) bool {
	return strings.IndexFunc(word, unicode.IsDigit) >= 0 ||
		strings.Contains(word, "://") || strings.Contains(word, "/advertisement")
}
