package vocab

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"
)

// The lexicon is what lets padview read a member name no vocabulary file
// lists: the words of each concept in ten languages (data/lexicon/
// words.toml) and how concepts compose into the document's fields
// (data/lexicon/fields.toml). It is TOML, read by a well-kept library,
// because it is a plain table of lists; the .vocab files keep their line
// forms for the exact names and the composition rules they carry.

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

// lexiconData is words.toml and fields.toml as the TOML decoder reads them.
type lexiconData struct {
	Stop     map[string][]string       `toml:"stop"`
	Concepts map[string]map[string]any `toml:"concepts"`
	Field    []struct {
		Path string   `toml:"path"`
		Part string   `toml:"part"`
		Need []string `toml:"need"`
		Also []string `toml:"also"`
		Not  []string `toml:"not"`
	} `toml:"field"`
}

// theLexicon is compiled on first use, never at start: a name that a
// vocabulary file knows never needs it.
var theLexicon = sync.OnceValue(func() *lexicon {
	l, err := compileLexicon()
	if err != nil {
		panic("vocab: " + err.Error())
	}
	return l
})

func compileLexicon() (*lexicon, error) {
	var d lexiconData
	for _, name := range []string{"data/lexicon/words.toml", "data/lexicon/fields.toml"} {
		b, err := dataFiles.ReadFile(name)
		if err != nil {
			return nil, err
		}
		if _, err := toml.NewDecoder(bytes.NewReader(b)).Decode(&d); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	l := &lexicon{byID: map[string]int{}, words: map[string][]int{}, phrases: map[string][][]string{},
		phraseC: map[string][]int{}, stop: map[string]bool{}, stems: make([]map[string][]int, len(languages))}
	for i := range l.stems {
		l.stems[i] = map[string][]int{}
	}
	for _, ws := range d.Stop {
		for _, w := range ws {
			l.stop[foldWord(w)] = true
		}
	}
	ids := make([]string, 0, len(d.Concepts))
	for id := range d.Concepts {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		if err := l.addConcept(id, d.Concepts[id]); err != nil {
			return nil, err
		}
	}
	for _, f := range d.Field {
		s, err := l.signature(f.Path, f.Part, f.Need, f.Also, f.Not)
		if err != nil {
			return nil, err
		}
		l.fields = append(l.fields, s)
	}
	for _, ps := range l.phrases {
		slices.SortFunc(ps, func(a, b []string) int { return len(b) - len(a) })
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
	l.starts = map[string]bool{}
	for w := range l.words {
		if len(w) >= 3 {
			l.starts[w[:3]] = true
		}
	}
	return l, nil
}

// addConcept reads one [concepts.ID] table: its kind, party and words.
func (l *lexicon) addConcept(id string, t map[string]any) error {
	c := concept{id: id}
	switch t["kind"] {
	case "attribute":
	case "role":
		c.kind = kindRole
		c.party, _ = t["party"].(string)
		if c.party == "" {
			return fmt.Errorf("concept %s: a role names its party", id)
		}
	case "entity":
		c.kind = kindEntity
	case "modifier":
		c.kind = kindModifier
	case "negation":
		c.kind = kindNegation
	default:
		return fmt.Errorf("concept %s: kind %v is none of attribute, role, entity, modifier, negation", id, t["kind"])
	}
	n := len(l.concepts)
	l.concepts = append(l.concepts, c)
	l.byID[id] = n
	for li, lang := range languages {
		raw, ok := t[lang]
		if !ok {
			continue
		}
		list, ok := raw.([]any)
		if !ok {
			return fmt.Errorf("concept %s: %s is not a list of words", id, lang)
		}
		for _, w := range list {
			s, ok := w.(string)
			if !ok {
				return fmt.Errorf("concept %s: %s has a word that is not text", id, lang)
			}
			l.addWords(n, li, s)
		}
	}
	return nil
}

// addWords files a word or phrase of the concept n in the language li.
func (l *lexicon) addWords(n, li int, s string) {
	ws := splitFolded(s)
	switch len(ws) {
	case 0:
		return
	case 1:
		w := ws[0]
		l.words[w] = appendOnce(l.words[w], n)
		if st := stem(li, w); st != "" && len(w) >= minStemmed {
			l.stems[li][st] = appendOnce(l.stems[li][st], n)
		}
		l.longest = max(l.longest, len(w))
		return
	}
	key := strings.Join(ws, " ")
	if _, ok := l.phraseC[key]; !ok {
		l.phrases[ws[0]] = append(l.phrases[ws[0]], ws)
	}
	l.phraseC[key] = appendOnce(l.phraseC[key], n)
	// A phrase is also a word written as one ("e mail", "email";
	// "niet van toepassing", "nietvantoepassing").
	joined := strings.Join(ws, "")
	l.words[joined] = appendOnce(l.words[joined], n)
	l.longest = max(l.longest, len(joined))
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

// signature reads one [[field]] of fields.toml.
func (l *lexicon) signature(path, part string, need, also, not []string) (signature, error) {
	s := signature{path: path, part: part, also: make([]bool, len(l.concepts)), not: make([]bool, len(l.concepts))}
	if part != "" && part != "lower" && part != "upper" {
		return s, fmt.Errorf("fields.toml: %s: part %q is neither lower nor upper", path, part)
	}
	if len(need) == 0 {
		return s, fmt.Errorf("fields.toml: %s needs a concept", path)
	}
	id := func(c string) (int, error) {
		n, ok := l.byID[c]
		if !ok {
			return 0, fmt.Errorf("fields.toml: %s: no concept %q in words.toml", path, c)
		}
		return n, nil
	}
	for _, alts := range need {
		var group []int
		for _, c := range strings.Split(alts, "|") {
			n, err := id(c)
			if err != nil {
				return s, err
			}
			group = append(group, n)
			s.uses = append(s.uses, c)
		}
		s.need = append(s.need, group)
	}
	for _, c := range also {
		n, err := id(c)
		if err != nil {
			return s, err
		}
		s.also[n] = true
	}
	for _, c := range not {
		n, err := id(c)
		if err != nil {
			return s, err
		}
		s.not[n] = true
	}
	return s, nil
}
