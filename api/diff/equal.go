package diff

import (
	"strconv"
	"strings"

	"github.com/padview/padview/api/advert"
)

// Equal reports whether two values mean the same: the same kind, numbers of
// equal value however written, objects with the same members in any order,
// arrays with equal items in the same order.
func Equal(a, b advert.Value) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case advert.Number:
		return a.Str == b.Str || sameNumber(a.Str, b.Str)
	case advert.String:
		return a.Str == b.Str
	case advert.Bool:
		return a.Bool == b.Bool
	case advert.Object:
		return sameMembers(a, b)
	case advert.Array:
		if len(a.Items()) != len(b.Items()) {
			return false
		}
		for i := range a.Items() {
			if !Equal(a.Items()[i], b.Items()[i]) {
				return false
			}
		}
	}
	return true // null, absent, or equal arrays
}

// sameMembers matches members by name, occurrence by occurrence.
func sameMembers(a, b advert.Value) bool {
	if len(a.Members()) != len(b.Members()) {
		return false
	}
	byKey := make(map[string][]int, len(b.Members()))
	for i, m := range b.Members() {
		byKey[m.Key] = append(byKey[m.Key], i)
	}
	seen := make(map[string]int, len(a.Members()))
	for _, m := range a.Members() {
		n := seen[m.Key]
		seen[m.Key]++
		idx := byKey[m.Key]
		if n >= len(idx) || !equalMember(m.Key, m.Value, b.Members()[idx[n]].Value) {
			return false
		}
	}
	return true
}

// equalMember is Equal for a member named key: an amount is a decimal
// string in the normalized document, and "12.50" and "12.5" are one amount.
func equalMember(key string, a, b advert.Value) bool {
	if key == "amount" && a.Kind == advert.String && b.Kind == advert.String && sameNumber(a.Str, b.Str) {
		return true
	}
	return Equal(a, b)
}

// sameNumber compares two JSON number literals by value without arithmetic
// on their size, so that a hostile "1e999999999" costs nothing.
func sameNumber(a, b string) bool {
	ca, okA := canonicalNumber(a)
	cb, okB := canonicalNumber(b)
	return okA && okB && ca == cb
}

// canonicalNumber writes a JSON number literal as sign, significant digits
// and exponent: "12.50", "1.25e1" and "1250e-2" all become "125e-1".
func canonicalNumber(s string) (string, bool) {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	mant, expText, hasExp := strings.Cut(strings.ToLower(s), "e")
	exp := int64(0)
	if hasExp {
		e, err := strconv.ParseInt(expText, 10, 32)
		if err != nil {
			return "", false
		}
		exp = e
	}
	intPart, frac, _ := strings.Cut(mant, ".")
	digits := strings.TrimLeft(intPart+frac, "0")
	exp -= int64(len(frac))
	trimmed := strings.TrimRight(digits, "0")
	exp += int64(len(digits) - len(trimmed))
	if trimmed == "" {
		return "0", true // -0 is 0
	}
	sign := ""
	if neg {
		sign = "-"
	}
	return sign + trimmed + "e" + strconv.FormatInt(exp, 10), true
}
