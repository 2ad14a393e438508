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
// not know; ok is false when it has none. A name a letter or two from a
// known one (after folding) is mapped to that name's path; in a group or
// party scope it looks among that scope's names, and a name that starts
// with a known role looks for the closest of the party's fields after it
// ("opdrachtgever_telefoon_nummr" is close to
// "opdrachtgever_telefoonnummer"). Else a name whose last words are a
// party's field after words padview does not know ("geldgeber_email") is
// read as a role it does not know: the line maps the prefix to a party,
// and says that which party is a guess.
func (v *Vocabulary) Suggest(scope, key string) (Suggestion, bool) {
	f := Fold(key)
	if f == "" || v.Lookup(scope, key).Recognised() {
		return Suggestion{}, false
	}
	if known, path, ok := v.closest(scope, f); ok {
		return Suggestion{Name: key, Path: path, Why: "close to " + strconv.Quote(known)}, true
	}
	return v.unknownRole(scope, key)
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

// unknownRole reads a name as words padview does not know before a
// field it knows. Before a party's field ("geldgeber_email") the words
// read as a role: at the top level the line maps them as a prefix for the
// payer, the party such roles most often name, and says that it is a
// guess; inside a party it maps the name to the party's field. Before a
// group's field ("ausgaben_waehrung") the line maps them as a prefix for
// that group.
func (v *Vocabulary) unknownRole(scope, key string) (Suggestion, bool) {
	spans := wordSpans(key)
	for i := 1; i < len(spans); i++ {
		rest := key[spans[i][0]:]
		prefix := key[:spans[i][0]]
		f := Fold(rest)
		if e, ok := v.partyField(f); ok {
			if TableOf(scope) == party {
				return Suggestion{Name: key, Path: scope + "." + e.field.Name,
					Why: strconv.Quote(rest) + " is a party's " + e.field.Name + " after words padview does not know"}, true
			}
			return Suggestion{Name: prefix + "*", Path: Payer + ".*",
				Why: strconv.Quote(prefix) + " before a party's " + e.field.Name + " reads as a role padview does not know; " +
					"which party it names is a guess: map it to advertiser.*, payer.* or controllingEntity.*"}, true
		}
		for _, g := range objectGroups {
			if e, ok := v.names[g][f]; ok && TableOf(scope) != party {
				return Suggestion{Name: prefix + "*", Path: g + ".*",
					Why: strconv.Quote(prefix) + " before " + e.field.Path() + "; check that the other names it starts go there too"}, true
			}
		}
	}
	return Suggestion{}, false
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
