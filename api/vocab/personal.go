package vocab

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Personal is the one answer to "is a member personal data, and of which
// category", by its name in a scope ("" for the top level, a group, or a
// party): the category of the field the name means, a party's plain name
// only where the party is a natural person. For a name the vocabulary does
// not read as a field (unknown, kept under its own name, or routed by a
// user's prefix), it is the category of a personal attribute the name ends
// in or has as a word: "geldgeber_strasse", "wohnadresse", "iban_nummer",
// "privat_email". That reading errs towards hiding: it decides the mask,
// the ◆ markers and the access log's categories, never where a member goes
// or whether it is recognised.
func (v *Vocabulary) Personal(scope, key string, naturalPerson bool) Category {
	m := v.Lookup(scope, key)
	switch m.Kind {
	case FieldName:
		return m.Category(naturalPerson)
	case GroupName, Envelope, Identifier:
		return NotPersonal
	}
	if c, ok := v.guesses.get(key); ok {
		return c
	}
	c := v.guessPersonal(key)
	v.guesses.put(key, c)
	return c
}

// minPersonalSuffix is the shortest personal name read at the end of a
// name with no word break before it ("wohnadresse"): shorter ones
// ("tel", "rue", "mel") end too many words ("hotel", "true", "caramel")
// and count only as words of their own ("tel_nr").
const minPersonalSuffix = 5

// guessPersonal reads the category a name's form suggests (see Personal):
// a personal attribute the name ends in, whole words or, if long enough,
// the end of its last word ("wohnadresse"); or one that is followed only
// by words that do not change it ("iban_nummer", "email_privat").
func (v *Vocabulary) guessPersonal(key string) Category {
	f := Fold(key)
	if f == "" {
		return NotPersonal
	}
	for _, a := range v.personalIdx[f[len(f)-1]] {
		if len(a.folded) >= minPersonalSuffix && len(f) > len(a.folded) && strings.HasSuffix(f, a.folded) {
			return Category(a.to)
		}
	}
	words := splitWords(key)
	end := len(words) // words[end:] are trailers
	for end > 0 && v.trailers[Fold(words[end-1])] {
		end--
	}
	for i := 0; i < end; i++ {
		if c, ok := v.personal[Fold(strings.Join(words[i:end], " "))]; ok {
			return c
		}
	}
	return NotPersonal
}

// splitWords cuts a member name into its words (see wordSpans).
func splitWords(key string) []string {
	spans := wordSpans(key)
	words := make([]string, len(spans))
	for i, sp := range spans {
		words[i] = key[sp[0]:sp[1]]
	}
	return words
}

// wordSpans are the byte ranges of a member name's words: cut at anything
// but a letter or a digit, and where a lower-case letter meets an
// upper-case one ("ibanNummer", "geldgeber_strasse", "Tel.-Nr.").
func wordSpans(key string) [][2]int {
	var spans [][2]int
	start, prev := -1, rune(0)
	for i, r := range key {
		wordRune := unicode.IsLetter(r) || unicode.IsDigit(r)
		switch {
		case !wordRune:
			if start >= 0 {
				spans = append(spans, [2]int{start, i})
			}
			start = -1
		case start < 0:
			start = i
		case unicode.IsUpper(r) && unicode.IsLower(prev):
			spans = append(spans, [2]int{start, i})
			start = i
		}
		prev = r
	}
	if start >= 0 {
		spans = append(spans, [2]int{start, len(key)})
	}
	return spans
}

// categoryCache remembers guesses, as lookupCache remembers lookups, up to
// cacheMax names.
type categoryCache struct {
	mu sync.RWMutex
	m  map[string]Category
}

func (c *categoryCache) get(key string) (Category, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	cat, ok := c.m[key]
	return cat, ok
}

func (c *categoryCache) put(key string, cat Category) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[string]Category{}
	}
	if len(c.m) < cacheMax && utf8.ValidString(key) {
		c.m[key] = cat
	}
}
