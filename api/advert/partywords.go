package advert

import (
	_ "embed"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/padview/padview/api/vocab"
)

// partyWordsData is the one home of the words padview reads a party's
// text block and a party's name by (data/parties.words).
//
//go:embed data/parties.words
var partyWordsData string

// partyWords are the lists of data/parties.words, read on first use: a
// lookup that never reads a party's text costs nothing for them.
type partyWords struct {
	organisation, particle, role, article wordList
	streetEnd, streetStart, poBox         wordList
	// codeTown reads a postal code written before the town, at the start
	// of a piece; townCode is a postal code written after it, whole (an
	// Eircode, a Maltese code, a code with its country's prefix: "Rīga,
	// LV-1050").
	codeTown, townCode *regexp.Regexp
}

// wordList is a list of words compared folded (vocab.Fold): whole, as the
// folds of up to maxRun words one after another ("Sp. z o.o." is the run
// "sp", "z", "oo"), or as the end of one longer word.
type wordList struct {
	whole  map[string]bool
	ends   []string
	maxRun int
}

var loadPartyWords = sync.OnceValue(func() *partyWords {
	w, err := parsePartyWords(partyWordsData)
	if err != nil {
		panic(err) // the embedded file is read by a test: it parses
	}
	return w
})

// parsePartyWords reads the lines of data/parties.words.
func parsePartyWords(data string) (*partyWords, error) {
	w := &partyWords{}
	lists := map[string]*wordList{"organisation": &w.organisation, "particle": &w.particle, "role": &w.role,
		"article": &w.article, "street-end": &w.streetEnd, "street-start": &w.streetStart, "po-box": &w.poBox}
	var before, after []string // postal codes written before and after the town
	var last *wordList
	for n, line := range strings.Split(data, "\n") {
		if strings.TrimSpace(line) == "" || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		if line[0] == ' ' || line[0] == '\t' {
			if last == nil {
				return nil, fmt.Errorf("parties.words:%d: a continued line continues nothing", n+1)
			}
			last.add(line)
			continue
		}
		head, rest, ok := strings.Cut(line, "=")
		if !ok {
			return nil, fmt.Errorf("parties.words:%d: no =", n+1)
		}
		f := strings.Fields(head)
		switch {
		case len(f) >= 2 && f[0] == "postcode":
			code := strings.TrimSpace(rest)
			if _, err := regexp.Compile(code); err != nil {
				return nil, fmt.Errorf("parties.words:%d: %v", n+1, err)
			}
			if f[len(f)-1] == "after" {
				after = append(after, code)
			} else {
				before = append(before, code)
			}
			last = nil
		case len(f) == 1 && lists[f[0]] != nil:
			last = lists[f[0]]
			last.add(rest)
		default:
			return nil, fmt.Errorf("parties.words:%d: unknown line %q", n+1, strings.TrimSpace(head))
		}
	}
	// A code before the town is read from the start of a piece, up to the
	// space before the town; one after it is the piece's last word or two.
	const prefix = `(?:[A-Z]{1,3}-)`
	codes := strings.Join(before, "|")
	w.codeTown = regexp.MustCompile(`^(` + prefix + `?(?:` + codes + `))\s`)
	late := prefix + `(?:` + codes + `)`
	if len(after) > 0 {
		late += "|" + strings.Join(after, "|")
	}
	w.townCode = regexp.MustCompile(`^(?:` + late + `)$`)
	return w, nil
}

// add enters the comma-separated words of s.
func (l *wordList) add(s string) {
	if l.whole == nil {
		l.whole = map[string]bool{}
	}
	for _, word := range strings.Split(s, ",") {
		word = strings.TrimSpace(word)
		if word == "" {
			continue
		}
		if end, ok := strings.CutPrefix(word, "-"); ok {
			l.ends = append(l.ends, vocab.Fold(end))
		}
		toks := nameTokens(strings.TrimPrefix(word, "-"))
		l.maxRun = max(l.maxRun, len(toks))
		var folded strings.Builder
		for _, t := range toks {
			folded.WriteString(vocab.Fold(t.text))
		}
		l.whole[folded.String()] = true
	}
}

// token is a word of a text and where it stands in it.
type token struct {
	text       string
	start, end int
}

// nameTokens splits a name into its words: at spaces, slashes, brackets,
// commas, dashes and ampersands ("Freie Wähler/Wählergemeinschaft",
// "Heinrich-Böll-Stiftung").
func nameTokens(s string) []token {
	return tokensBy(s, func(r rune) bool {
		return unicode.IsSpace(r) || strings.ContainsRune("/()[],;&+–—-\"“”„«»·|", r)
	})
}

// tokensBy splits s into the tokens between the runes sep says separate.
func tokensBy(s string, sep func(rune) bool) []token {
	var out []token
	start := -1
	for i, r := range s {
		if sep(r) {
			if start >= 0 {
				out = append(out, token{s[start:i], start, i})
				start = -1
			}
			continue
		}
		if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		out = append(out, token{s[start:], start, len(s)})
	}
	return out
}

// folds are the folds of tokens, once.
func folds(toks []token) []string {
	out := make([]string, len(toks))
	for i, t := range toks {
		out[i] = vocab.Fold(t.text)
	}
	return out
}

// at is the number of tokens from i on that make a word of the list (the
// longest run), 0 for none.
func (l *wordList) at(f []string, i int) int {
	if f[i] == "" {
		return 0
	}
	for n := min(l.maxRun, len(f)-i); n >= 1; n-- {
		if l.whole[strings.Join(f[i:i+n], "")] {
			return n
		}
	}
	if l.endsWord(f[i]) {
		return 1
	}
	return 0
}

// endsWord reports whether a folded word ends with one of the list's ends,
// a longer word by at least three letters ("kreisverband", not "band").
func (l *wordList) endsWord(f string) bool {
	for _, e := range l.ends {
		if f == e || len(f) >= len(e)+3 && strings.HasSuffix(f, e) {
			return true
		}
	}
	return false
}

// contains reports whether any run of tokens of f makes a word of the
// list.
func (l *wordList) contains(f []string) bool {
	for i := range f {
		if l.at(f, i) > 0 {
			return true
		}
	}
	return false
}

// IsOrganisationName reports whether a party's name says it is an
// organisation: a word of data/parties.words' organisation list in any of
// the ten languages ("e.V.", "GmbH", "Stichting", "Partei", "Sp. z o.o.",
// the end of "Kreisverband"), or an acronym ("CDA Zeeland", "ÖDP").
func IsOrganisationName(s string) bool {
	toks := nameTokens(s)
	if len(toks) == 0 {
		return false
	}
	for _, t := range toks {
		if isAcronym(t.text) {
			return true
		}
	}
	return loadPartyWords().organisation.contains(folds(toks))
}

// isAcronym reports whether a word is written in capitals, two letters or
// more ("CDA", "50PLUS"), and is not a person's initials ("J.F.").
func isAcronym(w string) bool {
	letters, initials := 0, true
	prevLetter := false
	for _, r := range w {
		switch {
		case unicode.IsLower(r):
			return false
		case unicode.IsLetter(r):
			letters++
			if prevLetter {
				initials = false
			}
			prevLetter = true
		case r == '.':
			prevLetter = false
		default:
			prevLetter = false
			initials = false
		}
	}
	return letters >= 2 && !(initials && strings.Contains(w, "."))
}

// IsPersonalName reports whether a name has the shape of a person's: two
// to four names, each capitalised ("Anna de Vries", "Julien Marc Édouard
// Lemoine", "Anouk Smit-Li", "J. Smit"), words between them that are no
// names of their own ("de", "van", "von"), no digits, and no word of an
// organisation (IsOrganisationName). The shape alone does not say a party
// is a natural person: a brand may have it ("Clean Rivers Now").
func IsPersonalName(s string) bool {
	s = strings.Trim(strings.TrimSpace(s), ".,;")
	words := strings.Fields(s)
	if len(words) < 2 || len(words) > 7 || IsOrganisationName(s) {
		return false
	}
	w := loadPartyWords()
	names, full := 0, 0
	for i, word := range words {
		word = strings.Trim(word, "-")
		if i > 0 && w.particle.whole[vocab.Fold(word)] {
			continue
		}
		initial, ok := nameWord(word)
		if !ok {
			return false
		}
		names++
		if !initial {
			full++
		}
	}
	return names >= 2 && names <= 4 && full >= 1
}

// nameWord reads one word of a person's name: a capitalised name
// ("Vries", "Smit-Li", "O'Brien") or an initial ("J.").
func nameWord(w string) (initial, ok bool) {
	first, size := utf8.DecodeRuneInString(w)
	if !unicode.IsUpper(first) {
		return false, false
	}
	rest := w[size:]
	if rest == "" || rest == "." {
		return true, true
	}
	lower := false
	for _, r := range rest {
		switch {
		case unicode.IsLower(r):
			lower = true
		case unicode.IsUpper(r), r == '-', r == '\'', r == '’', r == '.':
		default:
			return false, false
		}
	}
	return false, lower
}
