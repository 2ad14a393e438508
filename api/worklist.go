package api

import (
	"strings"
	"unicode"
)

// MaxWorklist is the most PAIDs one worklist holds, however it was given:
// on the command line, with --list, or pasted into the TUI's input.
const MaxWorklist = 10000

// The one home of how padview tells a PAID from other words where both may
// come. The spec fixes no PAID format (DEMO-HTML, DEMO-SLOW have no digit),
// so how sure padview must be depends on what else could be there.

// LooksLikePAID tells a PAID among the words of running text: a pasted
// line of several words ("PAID: AB12CD", a list copied from an email).
// There a PAID has a digit, or is a pasted endpoint URL, so that the
// "Please" of the email is not looked up. A word alone (an argument, a
// pasted line of one word) is MeantAsPAID's to judge.
func LooksLikePAID(word string) bool {
	return strings.IndexFunc(word, unicode.IsDigit) >= 0 || isEndpoint(word)
}

// MeantAsPAID tells a PAID given alone, an argument on the command line or
// a pasted line of one word, from a mistyped name: any word is a PAID but
// one that may be one of names mistyped, one with no digit, no '-' and no
// endpoint URL that is within an edit distance of 2 of a name or begins
// one, case aside: the names cobra would suggest (`padview gte` means get,
// `padview aud` audit; `padview DEMO-HTML` and `padview HTML` are PAIDs).
// With no names every word is a PAID. Whether it is a well-formed one is
// ParsePAID's to say.
func MeantAsPAID(word string, names []string) bool {
	if !bare(word) {
		return true
	}
	w := strings.ToLower(word)
	for _, n := range names {
		n = strings.ToLower(n)
		if editDistance(w, n) <= 2 || strings.HasPrefix(n, w) {
			return false
		}
	}
	return true
}

// LooksLikeHeading says whether the first word of a pasted column of
// PAIDs, one a line, is the column's heading ("PAID", "Advertisement")
// rather than a PAID: a word with no digit, no '-' and no endpoint URL.
// The words after it are PAIDs by MeantAsPAID's rule.
func LooksLikeHeading(first string) bool { return bare(first) }

// bare says whether word has nothing that only a PAID has: no digit, no
// '-', no endpoint URL. A bare word may be a mistyped command or a
// column's heading.
func bare(word string) bool { return !LooksLikePAID(word) && !strings.Contains(word, "-") }

// isEndpoint says whether word is a pasted endpoint URL.
func isEndpoint(word string) bool {
	return strings.Contains(word, "://") || strings.Contains(word, "/advertisement")
}

// editDistance is the Levenshtein distance between a and b, in runes.
func editDistance(a, b string) int {
	x, y := []rune(a), []rune(b)
	row := make([]int, len(y)+1)
	for j := range row {
		row[j] = j
	}
	for i := 1; i <= len(x); i++ {
		diag := row[0]
		row[0] = i
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			diag, row[j] = row[j], min(row[j]+1, row[j-1]+1, diag+cost)
		}
	}
	return row[len(y)]
}
