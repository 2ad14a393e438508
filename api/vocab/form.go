package vocab

import "strings"

// TypeOf is how a value under a name is read wherever the name stands,
// inside a field's value too: the type of the field the name means at the
// top level or in any party, else what its form says (a name that ends in
// "Date" or "_at" is a date, one that starts with "is" or "has" a yes or
// no, one that ends in "Url" a web address, one that names a currency
// money). The currency is the one the name gives, if any.
func (v *Vocabulary) TypeOf(key string) (Type, string) {
	if m, ok := v.partyListed(key); ok {
		return m.Type(), m.Currency
	}
	m := v.Lookup("", key)
	if m.Kind != FieldName {
		m = v.Lookup(party, key)
	}
	if m.Kind == FieldName {
		return m.Type(), m.Currency
	}
	return v.TypeByForm(key)
}

// partyListed is the meaning of a name a party's table lists and the top
// level's does not ("role", "kind"): TypeOf reads it there before reading
// it by its words at the top level, which would cost the process the
// lexicon for a name the vocabulary knows (the demo answer's
// controllers' "role"). For every such name the type is the one the top
// level's words would have left it (TestTypeOfPartyNamesAsBefore).
func (v *Vocabulary) partyListed(key string) (Meaning, bool) {
	if strings.Contains(key, "/") {
		return Meaning{}, false // a range's two names: Lookup reads them
	}
	f := Fold(key)
	if v.lookup(topScope, f).Kind != Unknown {
		return Meaning{}, false
	}
	m := v.lookup(party, f)
	return m, m.Kind == FieldName
}

// TypeByForm is how a value under a name the vocabulary does not know is
// read: by the name's form alone (see TypeOf), with the currency the name
// gives, if any.
func (v *Vocabulary) TypeByForm(key string) (Type, string) {
	t := v.typeByForm(key)
	if t != Text {
		return t, ""
	}
	if cur := v.CurrencyWord(key); cur != "" {
		return Money, cur // a name ending in a currency: "spend_eur"
	}
	return Text, ""
}

// typeByForm reads a type from a name's form alone.
func (v *Vocabulary) typeByForm(key string) Type {
	switch {
	case hasWordSuffix(key, "date") || hasWordSuffix(key, "datum") || hasWordSuffix(key, "time") ||
		hasWordSuffix(key, "timestamp") || hasWordSuffix(key, "at") && len(key) > 3:
		return Date
	case hasWordPrefix(key, "is") || hasWordPrefix(key, "has") || hasWordPrefix(key, "was"):
		return Bool
	case hasWordSuffix(key, "url") || hasWordSuffix(key, "uri") || hasWordSuffix(key, "link"):
		return URL
	}
	return Text
}

// hasWordSuffix reports whether key ends in the word w (lower case): after
// a separator, as a camelCase word ("startDate", "created_at"), or alone.
func hasWordSuffix(key, w string) bool {
	n := len(key) - len(w)
	if n < 0 || !strings.EqualFold(key[n:], w) {
		return false
	}
	if n == 0 {
		return true
	}
	c, first := key[n-1], key[n]
	return c == '_' || c == '-' || c == ' ' || c == '.' ||
		first >= 'A' && first <= 'Z' && (c >= 'a' && c <= 'z' || c >= '0' && c <= '9')
}

// hasWordPrefix reports whether key starts with the word w followed by more
// words: "isOngoing", "is_ongoing", "Has Targeting"; not "issue" or "hash".
func hasWordPrefix(key, w string) bool {
	if len(key) <= len(w) || !strings.EqualFold(key[:len(w)], w) {
		return false
	}
	c := key[len(w)]
	lowerWord := key[len(w)-1] >= 'a' && key[len(w)-1] <= 'z'
	return c == '_' || c == '-' || c == ' ' || lowerWord && c >= 'A' && c <= 'Z'
}
