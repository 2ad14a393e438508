package diff

import (
	"strconv"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
)

// Mask returns a copy of r for screen sharing: every value of personal
// data in its changes masked as text.MaskDocument masks a document, each
// side read in its own document (a sponsor's name is a natural person's
// in one and not in the other), and the name of a party that is a natural
// person masked where it names the change. The comparison itself is r's,
// made on the unmasked documents, so a change hidden by the mask still
// counts (its two sides may then read the same). r is not changed.
func (r *Result) Mask() *Result {
	return &Result{A: r.A, B: r.B, AView: r.AView, BView: r.BView, Masked: true, docs: r.docs,
		Changes: r.maskChanges(r.Changes), FullOnly: r.maskChanges(r.FullOnly)}
}

// maskChanges is a masked copy of changes, which are r's; nil stays nil.
func (r *Result) maskChanges(changes []Change) []Change {
	if changes == nil {
		return nil
	}
	out := make([]Change, len(changes))
	names := map[[2]int]string{} // a party's masked name, by side and index
	for i, c := range changes {
		for side, v := range []*advert.Value{&c.A, &c.B} {
			if v.IsPresent() {
				*v = text.MaskValueIn(r.docs[side], *v, c.placeIn(side)...)
			}
		}
		if c.InParty {
			c.Party = r.maskedParty(c, names)
		}
		c.Path = maskPath(c.Path)
		out[i] = c
	}
	return out
}

// maskPath is path with each member name that is personal data masked
// (text.MaskName); path itself when none is.
func maskPath(path []Step) []Step {
	var out []Step
	for i, st := range path {
		if masked := text.MaskName(st.Key); !st.IsIndex && masked != st.Key {
			if out == nil {
				out = append([]Step(nil), path...)
			}
			out[i].Key = masked
		}
	}
	if out == nil {
		return path
	}
	return out
}

// placeIn is the change's place in side's document (0 for A, 1 for B),
// as text.PersonalCategoryAt reads it: the group, the party's index, the
// member names and indexes.
func (c Change) placeIn(side int) []string {
	path := []string{string(c.Group)}
	if c.InParty {
		path = append(path, strconv.Itoa(c.at[side]))
	}
	for _, st := range c.Path {
		if st.IsIndex {
			path = append(path, strconv.Itoa(st.Index))
		} else {
			path = append(path, st.Key)
		}
	}
	return path
}

// maskedParty is the party's name as the mask shows it: masked when it is
// a natural person's on either side.
func (r *Result) maskedParty(c Change, names map[[2]int]string) string {
	name := c.Party
	for side, at := range c.at {
		if at < 0 || r.docs[side] == nil {
			continue
		}
		k := [2]int{side, at}
		masked, ok := names[k]
		if !ok {
			list, _ := r.docs[side].Parties(c.Group)
			if at < len(list) {
				masked = text.MaskedPartyName(r.docs[side], list[at])
			}
			names[k] = masked
		}
		if masked != c.Party {
			name = masked
		}
	}
	if name == c.Party {
		name = text.MaskValue("", name) // an email for a name
	}
	return name
}
