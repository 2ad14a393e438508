package export

import (
	"strconv"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
)

// step is one step down a nested value: a member name or an array index.
type step struct {
	key     string
	index   int
	isIndex bool
}

// flattening says which values stay whole rather than being walked into.
type flattening struct {
	wholeAmounts bool // {amount, currency} is one value (for people)
	wholeArrays  bool // every array is one value (CSV); else only lists of plain values
}

// walk calls fn for each value of v that stays whole, with the path that
// leads to it. An empty object is a value of its own, so that it is not lost.
func (fl flattening) walk(path []step, v advert.Value, fn func([]step, advert.Value)) {
	switch {
	case v.Kind == advert.Object && len(v.Members()) > 0 && !(fl.wholeAmounts && text.IsAmountObject(v)):
		for _, m := range v.Members() {
			fl.walk(append(path[:len(path):len(path)], step{key: m.Key}), m.Value, fn)
		}
	case v.Kind == advert.Array && len(v.Items()) > 0 && !fl.wholeArrays && !text.IsScalarList(v):
		for i, it := range v.Items() {
			fl.walk(append(path[:len(path):len(path)], step{index: i, isIndex: true}), it, fn)
		}
	default:
		fn(path, v)
	}
}

// lastKey is the last member name of a path, the hint for formatting.
func lastKey(path []step) string {
	for i := len(path) - 1; i >= 0; i-- {
		if !path[i].isIndex {
			return path[i].key
		}
	}
	return ""
}

// dotted writes a path as a column name: "contribution.amount", "tags.0".
func dotted(path []step) string {
	var b []byte
	for i, s := range path {
		if i > 0 {
			b = append(b, '.')
		}
		if s.isIndex {
			b = strconv.AppendInt(b, int64(s.index), 10)
		} else {
			b = append(b, s.key...)
		}
	}
	return string(b)
}
