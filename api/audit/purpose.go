package audit

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/padview/padview/api/text"
)

// Purposes are the reasons offered for opening the full view, in the
// order they are offered; a free-text reason is always allowed too.
var Purposes = []string{"Compliance review", "Editorial verification", "Support request", "Legal request"}

// MaxReason is the longest reason, in characters, the log takes.
const MaxReason = 200

// CleanReason makes a reason fit for the log: control and invisible
// characters removed, runs of spaces made one, at most MaxReason
// characters. An empty result means no reason was given.
func CleanReason(s string) (string, error) {
	s = strings.Join(strings.Fields(text.CleanText(strings.Join(strings.Fields(s), " "))), " ")
	if n := utf8.RuneCountInString(s); n > MaxReason {
		return "", fmt.Errorf("the reason has %d characters; at most %d are kept, so shorten it", n, MaxReason)
	}
	return s, nil
}
