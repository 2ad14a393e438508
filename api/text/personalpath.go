package text

import (
	"strings"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/vocab"
)

// PersonalCategoryOf is PersonalCategoryAt for a place written as one path
// of the normalized document, as `padview fields` names it: member names
// joined by dots, "[]" for the items of a list ("advertiser.email",
// "sponsors[].companyName", "complianceAndFunding.payer.email",
// "other.contact[].phone"). Where the path runs through a list it is the
// category of the first item that has one: a sponsors' member is personal
// when it is personal in any sponsor (a natural person's name among
// companies'). It asks the question the mask asks, in the same place, so
// that `fields` never calls "not personal" what the mask hides.
func PersonalCategoryOf(d *advert.Document, path string) string {
	if d == nil {
		return ""
	}
	group, rest := path, ""
	if i := strings.IndexAny(path, ".["); i >= 0 {
		group, rest = path[:i], path[i:]
	}
	g := advert.Group(group)
	vc := d.Vocabulary()
	if g == advert.GroupSponsors || g == advert.GroupControllers {
		items, _ := d.Parties(g)
		rest, ok := strings.CutPrefix(rest, "[]")
		if !ok {
			return ""
		}
		for _, it := range items {
			if c := categoryAlong(partyPlace(vc, it), it, rest); c != vocab.NotPersonal {
				return string(c)
			}
		}
		return ""
	}
	v := d.Group(g)
	if !v.IsPresent() {
		return ""
	}
	return string(categoryAlong(objectPlace(vc, group, v), v, rest))
}

// categoryAlong follows rest (".name", "[]", ".name.more") from v, whose
// members stand at p, and returns the category of the place it ends at.
// A member name may hold dots itself ("top-level.fundingOrigin"): the
// longest name that fits is taken.
func categoryAlong(p place, v advert.Value, rest string) vocab.Category {
	if rest == "" {
		return p.category
	}
	if after, ok := strings.CutPrefix(rest, "[]"); ok {
		for _, it := range v.Items() {
			if c := categoryAlong(p, it, after); c != vocab.NotPersonal {
				return c
			}
		}
		return p.category
	}
	rest = strings.TrimPrefix(rest, ".")
	var best advert.Member
	found := false
	for _, m := range v.Members() {
		if len(m.Key) > len(best.Key) && (rest == m.Key || strings.HasPrefix(rest, m.Key+".") || strings.HasPrefix(rest, m.Key+"[]")) {
			best, found = m, true
		}
	}
	if !found {
		return p.category
	}
	c, child := p.member(best.Key, best.Value)
	if len(rest) == len(best.Key) {
		return c
	}
	return categoryAlong(child, best.Value, rest[len(best.Key):])
}
