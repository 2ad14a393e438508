package answerfile

import (
	"bytes"

	"github.com/padview/padview/api/advert"
)

// What padview's own JSON of a document (get --json, an export) adds to
// the answer it was made of; read back, these are no members of the
// advertisement. "other" holds the members the normalizer placed nowhere,
// which go back to the top level where the answer had them.
var ownMembers = map[string]bool{"view": true, "masked": true, "warnings": true, "provenance": true, "other": true}

// unexport turns padview's own JSON of a document back into the answer it
// stands for, so that a saved `padview get --json` reads as the service's
// answer did; any other answer is returned as it is. padview's JSON is
// known by its shape: "paid" and "view" first, "warnings" an array and
// "other" an object.
func unexport(raw []byte) []byte {
	if !bytes.Contains(raw, []byte(`"warnings"`)) || !bytes.Contains(raw, []byte(`"view"`)) {
		return raw // the cheap test first: most answers are not padview's
	}
	v, err := advert.ParseValue(raw)
	if err != nil || v.Kind != advert.Object {
		return raw
	}
	ms := v.Members()
	if len(ms) < 2 || ms[0].Key != "paid" || ms[1].Key != "view" || ms[1].Value.Kind != advert.String {
		return raw
	}
	other, ok := v.Get("other")
	if w, okW := v.Get("warnings"); !ok || other.Kind != advert.Object || !okW || w.Kind != advert.Array {
		return raw
	}
	out := make([]advert.Member, 0, len(ms)+len(other.Members()))
	seen := map[string]bool{}
	for _, m := range ms {
		if !ownMembers[m.Key] {
			out = append(out, m)
			seen[m.Key] = true
		}
	}
	for _, m := range other.Members() {
		if !seen[m.Key] {
			out = append(out, m)
		}
	}
	return advert.NewObject(out...).AppendJSON(nil)
}
