package check

import (
	"strconv"
	"strings"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/vocab"
)

// maybe are the members padview did not recognise that may hold a rule's
// item: by their name's words, where those touch one of the rule's places
// (a "spend_range_min_usd" column the amounts); by their value's shape
// and their place, where none of their name's words could be read (a
// date under a name in a language padview does not know may be the
// period's start, if it is not inside another group). An item with none
// is missing; with some, unknown, and the note names them.
func (c *checker) maybe(r Rule, res Result) []advert.Unplaced {
	if len(c.d.Unplaced) == 0 {
		return nil
	}
	places := expand(c.v, r.Fields)
	if strings.HasPrefix(res.Note, "no currency") {
		// the amounts are there; their currency may be elsewhere
		places = append(places, string(advert.GroupComplianceAndFunding)+".currency")
	}
	keys := ruleKeys(places)
	var out []advert.Unplaced
	for _, u := range c.d.Unplaced {
		if u.Shape == advert.ShapeEmpty {
			continue // a member sent empty holds no item
		}
		if u.Meaning.Unread && c.fitsByShape(u, places) || c.touches(u, keys) {
			out = append(out, u)
		}
	}
	return out
}

// ruleKeys are the places a rule reads, as candidates name them:
// "advertiser.email", "sponsors.email", "payer.email", "payer",
// "campaign.startDate".
func ruleKeys(places []string) map[string]bool {
	keys := map[string]bool{}
	for _, p := range places {
		k := strings.ReplaceAll(p, "[]", "")
		if rest, ok := strings.CutPrefix(k, string(advert.GroupComplianceAndFunding)+"."); ok && vocab.IsParty(firstPart(rest)) {
			k = rest
		}
		keys[k] = true
	}
	return keys
}

// touches reports whether a member's candidates name one of the keys: a
// party's field of the party it sits in or names, a group's field, or a
// party as a whole for any of its fields.
func (c *checker) touches(u advert.Unplaced, keys map[string]bool) bool {
	for _, cand := range u.Meaning.Candidates() {
		if rest, ok := strings.CutPrefix(cand, "party."); ok {
			cand = partyAt(u.Path) + "." + rest
		}
		if keys[cand] || keys[firstPart(cand)] && vocab.IsParty(firstPart(cand)) {
			return true // the field, or a field of a party the rule reads whole
		}
		if vocab.IsParty(cand) {
			for k := range keys {
				if firstPart(k) == cand {
					return true
				}
			}
		}
	}
	return false
}

// fitsByShape reports whether an unplaced member none of whose words
// could be read may hold one of a rule's fields: its value has the
// field's shape, and it sits where the field may be (anywhere at the top
// level; inside a group or a party only that group's or party's fields).
func (c *checker) fitsByShape(u advert.Unplaced, places []string) bool {
	at := ""
	if i := strings.IndexAny(u.Path, ".["); i >= 0 {
		at = u.Path[:i]
	}
	for _, p := range places {
		f, ok := fieldAt(c.v, p)
		if !ok && vocab.IsParty(lastPart(p)) {
			f, ok = c.v.Field("party.name") // a party the rule reads whole: its name
		}
		if !ok || !u.Shape.Fits(f.Type, f.Category) {
			continue
		}
		if at == "" || firstPart(strings.ReplaceAll(p, "[]", "")) == at ||
			at == string(advert.GroupComplianceAndFunding) && strings.HasPrefix(p, at+".") {
			return true
		}
	}
	return false
}

// partyAt is the party a path inside a party belongs to: "sponsors" of
// "sponsors[].x", "payer" of "complianceAndFunding.payer.x"; the
// advertiser at the top level.
func partyAt(path string) string {
	p := strings.ReplaceAll(path, "[]", "")
	if rest, ok := strings.CutPrefix(p, string(advert.GroupComplianceAndFunding)+"."); ok {
		p = rest
	}
	if g := firstPart(p); vocab.IsParty(g) {
		return g
	}
	return vocab.Advertiser
}

func lastPart(p string) string {
	if i := strings.LastIndexByte(p, '.'); i >= 0 {
		return p[i+1:]
	}
	return p
}

func firstPart(p string) string {
	if i := strings.IndexByte(p, '.'); i >= 0 {
		return p[:i]
	}
	return p
}

// maxMaybe is how many members a note names before it counts the rest.
const maxMaybe = 3

// maybeNote names the members that may hold an item: `maybe
// "spend_range_min_usd", "spend_range_max_usd"`.
func maybeNote(us []advert.Unplaced) string {
	var names []string
	seen := map[string]bool{}
	for _, u := range us {
		if !seen[u.Name] {
			seen[u.Name] = true
			names = append(names, strconv.Quote(u.Name))
		}
	}
	more := ""
	if len(names) > maxMaybe {
		more = ", and " + strconv.Itoa(len(names)-maxMaybe) + " more"
		names = names[:maxMaybe]
	}
	return "maybe " + strings.Join(names, ", ") + more
}
