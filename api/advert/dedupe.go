package advert

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// dedupe makes the member names of one object unique, as strict JSON
// readers (and jsontext, which writes padview's output) require. A
// repeated name keeps its first value: a repeat with the same value goes
// silently, a repeat with another value is dropped with a warning that
// names the object and both values, so that a reviewer and a pipeline never
// see different companies. The bytes as sent stay in Document.Raw.
func (p *parser) dedupe(ms []Member) []Member {
	dup := duplicates(ms)
	if dup == nil {
		return ms
	}
	out := ms[:0] // in place: the parser made ms for this object
	var path string
	for i, m := range ms {
		first := dup[i]
		if first < 0 {
			out = append(out, m)
			continue
		}
		if ms[first].Value.Equal(m.Value) {
			continue
		}
		p.warn(func() string {
			if path == "" {
				path = pointerText(string(p.dec.StackPointer()))
			}
			return fmt.Sprintf("%s: member %s appears more than once; kept the first value %s, not %s",
				path, AppendQuoted(nil, m.Key), Brief(ms[first].Value), Brief(m.Value))
		})
	}
	return out
}

// duplicates returns, for each member, the index of the first member with
// the same name if it is a repeat and -1 if not; nil when every name is
// unique. Small objects compare pairwise; large ones sort an index, so that
// an object of a million members costs no map.
func duplicates(ms []Member) []int32 {
	var dup []int32
	mark := func(i, first int) {
		if dup == nil {
			dup = make([]int32, len(ms))
			for j := range dup {
				dup[j] = -1
			}
		}
		dup[i] = int32(first)
	}
	if len(ms) <= 32 {
		for i := 1; i < len(ms); i++ {
			for j := 0; j < i; j++ {
				if ms[i].Key == ms[j].Key {
					mark(i, j)
					break
				}
			}
		}
		return dup
	}
	idx := make([]int32, len(ms))
	for i := range idx {
		idx[i] = int32(i)
	}
	slices.SortStableFunc(idx, func(a, b int32) int { return cmp.Compare(ms[a].Key, ms[b].Key) })
	for i := 1; i < len(idx); i++ {
		if ms[idx[i]].Key == ms[idx[i-1]].Key {
			first := int(idx[i-1])
			if dup != nil && dup[first] >= 0 {
				first = int(dup[first])
			}
			mark(int(idx[i]), first)
		}
	}
	return dup
}

// pointerText names an object by its JSON Pointer in the response, or
// "the top level".
func pointerText(ptr string) string {
	if ptr == "" {
		return "the top level"
	}
	return string(AppendQuoted(nil, ptr))
}

// Brief is a value as short JSON for a message: escaped like the
// document's JSON and cut at about 60 characters; a large object or array
// is only counted. It costs no more than it shows, however large v is.
func Brief(v Value) string {
	const max = 60
	switch {
	case v.Kind == Object && v.Len() > 8:
		return fmt.Sprintf("{…%d members}", v.Len())
	case v.Kind == Array && v.Len() > 8:
		return fmt.Sprintf("[…%d items]", v.Len())
	case v.Kind == String && len(v.Str) > max:
		n := 0
		for i := range v.Str {
			if n == max {
				return string(AppendQuoted(nil, v.Str[:i])) + "…"
			}
			n++
		}
	}
	o := jsonOut{limit: 2 * max}
	v.writeJSON(&o)
	if len(o.b) > 2*max {
		return strings.ToValidUTF8(string(o.b[:2*max]), "") + "…"
	}
	return string(o.b)
}
