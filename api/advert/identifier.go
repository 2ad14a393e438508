package advert

import "github.com/padview/padview/api/vocab"

// NormalizeFound is NormalizeWith for an answer that was not asked for by
// its PAID (one read from a file): the document's PAID is the value of the
// answer's identifier member, the first top-level one (inside any
// envelope) the vocabulary reads as the identifier and whose value is a
// string or a number, and fallback where it has none. The identifier then
// reads as the document's own "paid", as it does in an answer the service
// gave for the PAID asked. It parses raw once, as NormalizeWith does.
func NormalizeFound(raw []byte, fallback string, view View, v *vocab.Vocabulary) (*Document, error) {
	d := &Document{PAID: fallback, View: view, Raw: raw, Warnings: []string{}, vocabulary: v}
	tree, err := parseUnique(raw, d.warn)
	if err != nil {
		return nil, err
	}
	if id := identifierIn(newNormalizer(d.Vocabulary()), tree); id != "" {
		d.PAID = id
	}
	normalize(d, tree)
	return d, nil
}

// identifierIn is the value of the first identifier member at the top of
// the advertisement v holds, "" when it has none.
func identifierIn(n *normalizer, v Value) string {
	root, _ := n.unwrap(v)
	if root.Kind != Object {
		return ""
	}
	for _, m := range root.Members() {
		if n.meaning(scopeTop, m.Key).Kind != vocab.Identifier {
			continue
		}
		if (m.Value.Kind == String || m.Value.Kind == Number) && m.Value.Str != "" {
			return m.Value.Str
		}
	}
	return ""
}
