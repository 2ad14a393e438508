package vocab

import (
	"slices"
	"strconv"
	"strings"
)

// Suggestion is a [fields] line padview proposes for a member name the
// vocabulary does not know: "Name" = "Path", and what it rests on.
type Suggestion struct {
	Name, Path string
	// Why says what the line rests on: the known name the member's is
	// close to, or, for a guessed role, that the role is a guess.
	Why string
}

// Suggest proposes a [fields] line for a member name the vocabulary does
// not recognise; ok is false when it has none. Where the name's words
// meet a field's signature but leave a word padview cannot read
// ("deprecated_amount"), the line maps the name to that field, and Why
// names the words: a suggestion never crosses meanings (a party's field
// only for a party's attribute, never "excluded" to "included", never a
// name to a kind), because it is the reading the words already give.
// Where none of the name's words could be read, it may be a slip of the
// keys: a name a letter or two from a known one (after folding, with the
// same first letter) is mapped to that name's path; in a group or party
// scope it looks among that scope's names, and after a known role among
// the party's fields ("opdrachtgever_telefoon_nummr").
func (v *Vocabulary) Suggest(scope, key string) (Suggestion, bool) {
	f := Fold(key)
	m := v.Lookup(scope, key)
	if f == "" || m.Recognised() {
		return Suggestion{}, false
	}
	if s, ok := v.byMeaning(scope, key); ok {
		return s, true
	}
	if known, path, ok := v.closest(scope, f); ok && v.typoOnly(key) {
		return Suggestion{Name: key, Path: path, Why: "close to " + strconv.Quote(known)}, true
	}
	return Suggestion{}, false
}

// byMeaning is the line the words of a name give: the best field whose
// signature they meet, where only words padview cannot read kept it from
// being recognised (never a negated name).
func (v *Vocabulary) byMeaning(scope, key string) (Suggestion, bool) {
	toks := v.wordsOf(key)
	if len(toks) == 0 {
		return Suggestion{}, false
	}
	var fixed []string
	for i, t := range toks {
		if len(t.concepts) == 0 && t.currency == "" && !t.number {
			if w, cs, ok := theLexicon().closeWord(t.text); ok {
				toks[i].concepts = cs
				fixed = append(fixed, strconv.Quote(t.text)+" as "+strconv.Quote(w))
			}
		}
	}
	table := TableOf(scope)
	r := v.reading(table, toks)
	fs := r.fits(v)
	if r.negated || len(fs) == 0 || !fs[0].meetsNeed || fs[0].explained == 0 || fs[0].sig.path == "party" {
		return Suggestion{}, false
	}
	s := fs[0].sig
	path := s.path
	switch g := r.partyOf(s); {
	case table == party:
		path = scope + strings.TrimPrefix(path, "party")
	case g != "":
		path = g + strings.TrimPrefix(path, "party")
	}
	var unread []string
	for _, t := range toks {
		if r.explains(s, t, strings.HasPrefix(s.path, "party")) == 0 {
			unread = append(unread, strconv.Quote(t.text))
		}
	}
	why := r.evidence(path)
	if len(fixed) > 0 {
		why += "; reading " + strings.Join(fixed, ", ")
	}
	if len(unread) > 0 {
		why += "; padview cannot read " + strings.Join(unread, ", ") + ": check that the member means this"
	}
	return Suggestion{Name: key, Path: path, Why: why}, true
}

// closeWord is the listed word a word of a name is most likely a slip
// of: one letter off for a word of five letters or more, two for nine or
// more, with the same first letter; ok is false where there is none, or
// two as close.
func (l *lexicon) closeWord(w string) (string, []int, bool) {
	limit := 2
	if len(w) >= 9 {
		limit = 3
	}
	if len(w) < 5 {
		return "", nil, false
	}
	best, found, tie := limit, "", false
	for _, k := range l.sortedWords() {
		if k[0] != w[0] || len(k) < 4 {
			continue
		}
		switch d := distance(w, k, limit); {
		case d < best:
			best, found, tie = d, k, false
		case d == best && found != "":
			tie = tie || !slices.Equal(l.words[k], l.words[found])
		}
	}
	if found == "" || tie {
		return "", nil, false
	}
	return found, l.words[found], true
}

// sortedWords are the lexicon's words in order, so that a slip is read
// the same way every time.
func (l *lexicon) sortedWords() []string {
	l.sortOnce.Do(func() {
		l.sorted = make([]string, 0, len(l.words))
		for w := range l.words {
			l.sorted = append(l.sorted, w)
		}
		slices.Sort(l.sorted)
	})
	return l.sorted
}

// typoOnly reports whether none of a name's words could be read: only
// then is a known name a few letters away likely the same name mistyped,
// rather than another word.
func (v *Vocabulary) typoOnly(key string) bool {
	for _, t := range v.wordsOf(key) {
		if len(t.concepts) > 0 {
			return false
		}
	}
	return true
}

// closest finds the known name closest to the folded name f, and its path.
func (v *Vocabulary) closest(scope, f string) (known, path string, ok bool) {
	s := TableOf(scope)
	best := len(f)/4 + 2 // a suggestion is fewer letters apart than this
	try := func(name string, e entry, group string) {
		if d := distance(f, name, best); d < best && sameStart(f, name) {
			best, known, path, ok = d, e.spelling, group+"."+e.field.Name, true
		}
	}
	for _, name := range sortedNames(v.names[s]) {
		e := v.names[s][name]
		g := e.group
		if s == party {
			g = scope
		}
		try(name, e, g)
	}
	if s != party {
		for _, r := range v.roles {
			if rest, cut := strings.CutPrefix(f, r.folded); cut && rest != "" {
				for _, name := range sortedNames(v.names[party]) {
					e := v.names[party][name]
					if d := distance(rest, name, best); d < best && sameStart(rest, name) {
						best, known, path, ok = d, r.spelling+"_"+e.spelling, r.to+"."+e.field.Name, true
					}
				}
			}
		}
	}
	return known, path, ok
}

// sortedNames are a table's names in order, so that of two names as close
// the same one is suggested every time.
func sortedNames(m map[string]entry) []string {
	out := make([]string, 0, len(m))
	for n := range m {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// sameStart reports whether two folded names begin with the same letter:
// a slip of the keys or a cognate keeps its first letter ("emial",
// "titolo" for "titel"), while a short name two letters from a known one
// with another first letter is another word ("sede" is not "ende").
func sameStart(a, b string) bool { return a != "" && b != "" && a[0] == b[0] }

// distance is the edit distance of a and b (letters inserted, deleted or
// changed), or limit when it is limit or more.
func distance(a, b string, limit int) int {
	if d := len(a) - len(b); d >= limit || -d >= limit {
		return limit
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		low := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			low = min(low, cur[j])
		}
		if low >= limit {
			return limit
		}
		prev, cur = cur, prev
	}
	return min(prev[len(b)], limit)
}
