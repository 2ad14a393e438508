package vocab

import (
	_ "embed"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// The lexicon is what lets padview read a member name no vocabulary file
// lists: the words of each concept in ten languages (data/lexicon/
// words.toml) and how concepts compose into the document's fields
// (data/lexicon/fields.toml). It is TOML, read by a well-kept library,
// because it is a plain table of lists; the .vocab files keep their line
// forms for the exact names and the composition rules they carry. A
// process reads it compiled (data/lexicon/index.txt, below).

// conceptKind says how a concept takes part in a name.
type conceptKind uint8

const (
	kindAttribute conceptKind = iota // what a field is about: email, start, amount
	kindRole                         // names a party: sponsor, payer
	kindEntity                       // a party as a whole: entity, Einrichtung
	kindModifier                     // qualifies without a meaning of its own: number, details
	kindNegation                     // not, geen, keine
)

// concept is one meaning a word can carry.
type concept struct {
	id    string
	kind  conceptKind
	party string // for a role: the party it names
}

// signature is one way a name says a field: see data/lexicon/fields.toml.
type signature struct {
	path string   // "party.email", "campaign.startDate", "party" for a party as a whole
	part string   // "lower" or "upper" for one end of a range of amounts
	need [][]int  // concepts: each entry met by any of its alternatives
	also []bool   // by concept: may be said besides
	not  []bool   // by concept: rules the field out
	uses []string // the concepts of need and also, for people ("words: …")
}

// languages are the lexicon's languages, in the order its stemmers are
// tried.
var languages = []string{"en", "nl", "de", "fr", "it", "es", "pl", "sv", "da", "pt"}

// lexicon is the compiled lexicon: every word, phrase and stem of every
// language, and the fields' signatures.
type lexicon struct {
	concepts []concept
	byID     map[string]int

	words   map[string][]int      // a folded word → its concepts
	stems   []map[string][]int    // by language: a stem → its concepts
	phrases map[string][][]string // a phrase's first folded word → its words, longest first
	phraseC map[string][]int      // a phrase's words joined by " " → its concepts
	stop    map[string]bool       // folded stop words of any language

	fields []signature
	byNeed [][]int // by concept: the signatures that need it, in order
	party  int     // the signature of a party as a whole

	// longest is the length of the longest word, for splitting compounds.
	longest int

	sortOnce sync.Once
	sorted   []string // the words, in order: sortedWords

	// starts are the first three bytes of every listed word: a word that
	// starts otherwise has no listed stem (see conceptsOf).
	starts map[string]bool
	memo   stemMemo
}

// mayRead reports whether any word of a name may be read: a listed word,
// a word that starts as a listed one does (its stem may be listed), a
// currency code or a word long enough to be a compound. It reads the
// name's ASCII words without splitting or folding them, so that a
// hostile answer's names ("k1", "k2", …) cost next to nothing; a name
// beyond ASCII is always read.
func (l *lexicon) mayRead(key string) bool {
	var buf [32]byte
	start := -1
	for i := 0; i <= len(key); i++ {
		c := byte(' ')
		if i < len(key) {
			c = key[i]
		}
		switch {
		case c >= 0x80:
			return true
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			w := key[start:i]
			start = -1
			if len(w) > len(buf) {
				return true
			}
			f := buf[:len(w)]
			for j := range len(w) {
				f[j] = w[j] | 0x20 // lower case
			}
			if _, ok := l.words[string(f)]; ok || len(f) >= 3 && l.starts[string(f[:3])] || len(f) == 3 {
				return true
			}
		}
	}
	return false
}

// touched are the signatures one of whose needs a concept the name says
// meets, and the party's as a whole where it names a role, in the data's
// order: only they can fit it.
func (l *lexicon) touched(said []int, role bool) []int {
	var out []int
	for _, c := range said {
		for _, i := range l.byNeed[c] {
			out = appendOnce(out, i)
		}
	}
	if role && l.party >= 0 {
		out = appendOnce(out, l.party)
	}
	slices.Sort(out)
	return out
}

// stemMemo remembers what words read as by their stems, up to memoMax
// words: the words of real names recur, a hostile answer's do not and
// stop adding.
type stemMemo struct {
	mu sync.RWMutex
	m  map[string][]int
}

const stemMemoMax = 1 << 14

func (c *stemMemo) get(w string) ([]int, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	cs, ok := c.m[w]
	return cs, ok
}

func (c *stemMemo) put(w string, cs []int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[string][]int{}
	}
	if len(c.m) < stemMemoMax {
		c.m[w] = cs
	}
}

// The lexicon padview reads is data/lexicon/index.txt, compiled from
// words.toml and fields.toml by `go generate` (TestLexiconIndexIsFresh
// fails when it is stale): folding, splitting and stemming every word of
// ten languages and decoding the TOML cost a process about 25 ms on its
// first name read by words, and `padview get` pays that; reading the
// index costs about a tenth. The TOML stays the one home of the words.
//
//go:generate go test -run ^TestLexiconIndexIsFresh$ . -args -update-lexicon-index

//go:embed data/lexicon/index.txt
var lexiconIndex string

// theLexicon is read on first use, never at start: a name that a
// vocabulary file knows never needs it.
var theLexicon = sync.OnceValue(func() *lexicon {
	l, err := readLexiconIndex(lexiconIndex)
	if err != nil {
		panic("vocab: data/lexicon/index.txt: " + err.Error())
	}
	return l
})

// readLexiconIndex reads the index writeLexiconIndex (lexicon_gen_test.go)
// writes: after comment lines ("#"), a line of counts, then one line for
// each concept ("c", id, kind, party), stop word ("s"), word ("w"), stem
// ("t", language), phrase ("p") and field ("f"), fields apart by tabs and
// concepts by their numbers. Its words are substrings of the embedded
// index, so that reading it copies no text.
func readLexiconIndex(idx string) (*lexicon, error) {
	line, rest, _ := strings.Cut(idx, "\n")
	for strings.HasPrefix(line, "#") { // what it is: generated, not to edit
		line, rest, _ = strings.Cut(rest, "\n")
	}
	counts := strings.Split(line, "\t")
	if len(counts) != 5+len(languages) || counts[0] != "n" {
		return nil, fmt.Errorf("the first line is no line of counts")
	}
	n := make([]int, len(counts)-1)
	total := 0
	for i, c := range counts[1:] {
		v, err := strconv.Atoi(c)
		if err != nil {
			return nil, fmt.Errorf("count %q: %w", c, err)
		}
		n[i] = v
		if i >= 1 {
			total += v
		}
	}
	l := &lexicon{concepts: make([]concept, 0, n[0]), byID: make(map[string]int, n[0]),
		stop: make(map[string]bool, n[1]), words: make(map[string][]int, n[2]),
		phrases: make(map[string][][]string, n[3]), phraseC: make(map[string][]int, n[3]),
		stems: make([]map[string][]int, len(languages)), starts: map[string]bool{}}
	for li := range languages {
		l.stems[li] = make(map[string][]int, n[4+li])
	}
	// The concepts of every entry share one array, cut to each entry's
	// length and capacity so that no append reaches into another's.
	arena := make([]int, 0, 2*total)
	ids := func(s string) ([]int, error) {
		from := len(arena)
		for s != "" {
			var f string
			f, s, _ = strings.Cut(s, ",")
			c, err := strconv.Atoi(f)
			if err != nil || c < 0 || c >= len(l.concepts) {
				return nil, fmt.Errorf("concept %q", f)
			}
			arena = append(arena, c)
		}
		return arena[from:len(arena):len(arena)], nil
	}
	var buf [6]string
	for rest != "" {
		line, rest, _ = strings.Cut(rest, "\n")
		f := tabFields(buf[:0], line)
		var err error
		switch {
		case f[0] == "c" && len(f) == 4:
			k, kerr := strconv.Atoi(f[2])
			if kerr != nil || k > int(kindNegation) {
				return nil, fmt.Errorf("concept %s: kind %q", f[1], f[2])
			}
			l.byID[f[1]] = len(l.concepts)
			l.concepts = append(l.concepts, concept{id: f[1], kind: conceptKind(k), party: f[3]})
		case f[0] == "s" && len(f) == 2:
			l.stop[f[1]] = true
		case f[0] == "w" && len(f) == 3:
			l.words[f[1]], err = ids(f[2])
			l.longest = max(l.longest, len(f[1]))
			if len(f[1]) >= 3 {
				l.starts[f[1][:3]] = true
			}
		case f[0] == "t" && len(f) == 4:
			li, lerr := strconv.Atoi(f[1])
			if lerr != nil || li < 0 || li >= len(languages) {
				return nil, fmt.Errorf("stem %s: language %q", f[2], f[1])
			}
			l.stems[li][f[2]], err = ids(f[3])
		case f[0] == "p" && len(f) == 3:
			ws := strings.Split(f[1], " ")
			l.phrases[ws[0]] = append(l.phrases[ws[0]], ws)
			l.phraseC[f[1]], err = ids(f[2])
		case f[0] == "f" && len(f) == 6:
			err = l.readSignature(f[1:], ids)
		default:
			return nil, fmt.Errorf("line %q", line)
		}
		if err != nil {
			return nil, err
		}
	}
	l.byNeed = make([][]int, len(l.concepts))
	l.party = -1
	for i, s := range l.fields {
		if s.path == "party" {
			l.party = i
		}
		for _, alts := range s.need {
			for _, c := range alts {
				l.byNeed[c] = appendOnce(l.byNeed[c], i)
			}
		}
	}
	return l, nil
}

// tabFields appends the fields of a line, apart by tabs, to f, up to its
// capacity and one more: a line of too many fields reads as no line.
func tabFields(f []string, line string) []string {
	for len(f) <= cap(f) {
		field, more, found := strings.Cut(line, "\t")
		f = append(f, field)
		if !found {
			return f
		}
		line = more
	}
	return f
}

// readSignature reads a field's line: path, part, what it needs (groups
// apart by spaces, alternatives by "|"), also and not.
func (l *lexicon) readSignature(f []string, ids func(string) ([]int, error)) error {
	s := signature{path: f[0], part: f[1], also: make([]bool, len(l.concepts)), not: make([]bool, len(l.concepts))}
	for _, g := range strings.Split(f[2], " ") {
		group, err := ids(strings.ReplaceAll(g, "|", ","))
		if err != nil {
			return fmt.Errorf("field %s: %w", s.path, err)
		}
		s.need = append(s.need, group)
		for _, c := range group {
			s.uses = append(s.uses, l.concepts[c].id)
		}
	}
	for i, set := range [][]bool{s.also, s.not} {
		cs, err := ids(f[3+i])
		if err != nil {
			return fmt.Errorf("field %s: %w", s.path, err)
		}
		for _, c := range cs {
			set[c] = true
		}
	}
	l.fields = append(l.fields, s)
	return nil
}

// minStemmed is the shortest listed word filed by its stem, and
// minStemmedName the shortest word of a name looked up by its stem: a
// stemmer cuts short words to stems that other languages' words share
// (English "call" and Spanish "calle", a street, are both "call").
const (
	minStemmed     = 4
	minStemmedName = 5
)

func appendOnce(s []int, n int) []int {
	if slices.Contains(s, n) {
		return s
	}
	return append(s, n)
}
