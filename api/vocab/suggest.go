package vocab

import (
	"slices"
	"strings"
)

// Suggest finds, for a member name the vocabulary does not know, a known
// name it is close to (a letter or two apart, after folding) and the path
// that name means, for a [fields] line; ok is false when none is close. In
// a group or party scope it looks among that scope's names; a name that
// starts with a known role looks for the closest of the party's fields
// after it ("opdrachtgever_telefoon_nr" is close to
// "opdrachtgever_telefoonnummer").
func (v *Vocabulary) Suggest(scope, key string) (known, path string, ok bool) {
	f := Fold(key)
	if f == "" || v.Lookup(scope, key).Recognised() {
		return "", "", false
	}
	s := scopeKey(scope)
	best := len(f)/4 + 2 // a suggestion is fewer letters apart than this
	try := func(name string, e entry, group string) {
		if d := distance(f, name, best); d < best {
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
					if d := distance(rest, name, best); d < best {
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
