package text

import (
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/vocab"
)

// What readers say where a value would be: absent and null are different
// answers. An absent field is not in the response (or, for personal data
// in the standard view, not in that view); a null one is NotDisclosed.
const (
	NotInResponse = "not in this response"
	NotInStandard = "not in the standard view"
	// EmptyList is a list the service sent with nothing in it: an answer,
	// unlike null (NotDisclosed) or absent (NotInResponse).
	EmptyList = "none: the list is empty"
)

// AbsentSpecFields lists the fields the partner interface names for group g
// that the object v lacks, each with what to say instead of a value, in the
// spec's order. It is empty when v is not an object: the whole group is
// then absent and the reader says so once.
func AbsentSpecFields(v advert.Value, g advert.Group, view advert.View) []advert.Member {
	if v.Kind != advert.Object {
		return nil
	}
	var out []advert.Member
	for _, f := range advert.SpecFields(g) {
		if _, ok := v.Get(f); ok {
			continue
		}
		why := NotInResponse
		if c := vocab.Builtin().Lookup(string(g), f).Category(false); view == advert.Standard && c.FullViewOnly() {
			why = NotInStandard
		}
		out = append(out, advert.Member{Key: f, Value: advert.StringValue(why)})
	}
	return out
}
