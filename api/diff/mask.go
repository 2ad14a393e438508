package diff

import (
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
)

// Mask returns a copy of r for screen sharing: every value of personal
// data in its changes masked as text.MaskDocument masks a document (by the
// member names on the change's path), and party names that are an email or
// hold one masked like free text. The comparison itself is r's, made on the
// unmasked documents, so a change hidden by the mask still counts (its two
// sides may then read the same). r is not changed.
func (r *Result) Mask() *Result {
	return &Result{A: r.A, B: r.B, AView: r.AView, BView: r.BView, Masked: true,
		Changes: maskChanges(r.Changes), FullOnly: maskChanges(r.FullOnly)}
}

// maskChanges is a masked copy of changes; nil stays nil.
func maskChanges(changes []Change) []Change {
	if changes == nil {
		return nil
	}
	out := make([]Change, len(changes))
	for i, c := range changes {
		var path []string
		for _, st := range c.Path {
			if !st.IsIndex {
				path = append(path, st.Key)
			}
		}
		c.A = maskSide(path, c.A)
		c.B = maskSide(path, c.B)
		if c.InParty {
			c.Party = text.MaskValue("", c.Party)
		}
		out[i] = c
	}
	return out
}

func maskSide(path []string, v advert.Value) advert.Value {
	if !v.IsPresent() {
		return v
	}
	return text.MaskValueAt(path, v)
}
