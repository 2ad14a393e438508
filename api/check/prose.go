package check

import (
	"strconv"
	"strings"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/vocab"
)

// A transparency notice written by people says some items in sentences
// under headings of their own ("im Zusammenhang mit der Kommunalwahl
// 2026" under "2. Art der Werbung"; "kein Targeting" under "Verarbeitung
// personenbezogener Daten"). Where the item has no member of its own,
// the rules read these words, and say that the reading is uncertain.

// passage is one text value of the answer and the name it stands under.
type passage struct {
	path, key, text string
	mean            vocab.Meaning
}

// maxPassages bounds how many text values the rules read in words: a
// notice has a few dozen, a hostile answer millions.
const maxPassages = 200

// passages are the text values of the answer's groups and of what padview
// did not place (Other), in the answer's order: what the answer says of
// the advertisement, not the advertisement's own words (its text, title,
// message, images), which may speak of anything.
func (c *checker) passages() []passage {
	if c.texts != nil {
		return *c.texts
	}
	var out []passage
	var walk func(path string, v advert.Value, scope string, depth int)
	walk = func(path string, v advert.Value, scope string, depth int) {
		if v.Kind != advert.Object || depth > 3 {
			return
		}
		c.each(v, scope, func(m advert.Member, mean vocab.Meaning) {
			if len(out) >= maxPassages || adOwnWords(mean) {
				return
			}
			p := path + "." + m.Key
			switch m.Value.Kind {
			case advert.String:
				out = append(out, passage{path: p, key: m.Key, text: m.Value.Str, mean: mean})
			case advert.Object:
				walk(p, m.Value, scope, depth+1)
			}
		})
	}
	for _, g := range advert.Groups {
		if !g.Parties {
			walk(string(g.Group), c.d.Group(g.Group), string(g.Group), 0)
		}
	}
	c.texts = &out
	return out
}

// adOwnWords reports whether a member holds the advertisement's own words.
func adOwnWords(mean vocab.Meaning) bool {
	if mean.Kind != vocab.FieldName || mean.Field.Group != string(advert.GroupBasicInformation) {
		return false
	}
	switch mean.Field.Name {
	case "description", "message", "title", "images", "html":
		return true
	}
	return false
}

// saidIn finds the first passage that speaks of a concept (negated or
// not, as wanted) and is not one of the fields in skip.
func (c *checker) saidIn(concept string, negated bool, skip func(passage) bool) (passage, bool) {
	for _, p := range c.passages() {
		if skip != nil && skip(p) {
			continue
		}
		if said, neg := c.v.TextSays(p.text, concept); said && neg == negated {
			return p, true
		}
	}
	return passage{}, false
}

// fromWords is a result read from a passage's words: where, and that it is
// uncertain.
func fromWords(s Status, p passage, what string) Result {
	return Result{Status: s, Found: []string{p.path},
		Note: what + ", read from the words under " + strconv.Quote(p.key) + "; uncertain: the answer has no member for it as such"}
}

// isField reports whether a passage stands under the field named.
func isField(p passage, group, name string) bool {
	return p.mean.Kind == vocab.FieldName && p.mean.Field.Group == group && p.mean.Field.Name == name
}

// offlineOnly reports whether the answer says where the advertisement runs
// and names only media off line (print, posters, broadcast). A medium
// field (its medium, its format, its platforms, the repository item's own
// words, a passage whose name speaks of the medium) decides where the
// answer has one; else the sentences of the answer that name a medium do,
// where none names a medium on line. A bare label ("Web:" before a
// contact's address) names none: it is no sentence.
func (c *checker) offlineOnly() (passage, bool) {
	var found, said passage
	offline, saidOffline, saidOnline := false, false, false
	for _, p := range c.passages() {
		if !c.mediumField(p) {
			if strings.HasPrefix(p.path, string(advert.GroupTargeting)+".") {
				continue // who the advertisement is for ("Outdoor enthusiasts"), not where it runs
			}
			switch c.mediaIn(p.text) {
			case mediaOnline:
				saidOnline = true
			case mediaOffline:
				if !saidOffline {
					said, saidOffline = p, true
				}
			}
			continue
		}
		if on, _ := c.v.TextSays(p.text, "online"); on {
			return passage{}, false
		}
		if off, _ := c.v.TextSays(p.text, "offline"); off && !offline {
			found, offline = p, true
		}
	}
	if offline {
		return found, true
	}
	return said, saidOffline && !saidOnline
}

// mediumField reports whether a passage is where the answer says the
// medium.
func (c *checker) mediumField(p passage) bool {
	if isField(p, string(advert.GroupCampaign), "medium") ||
		isField(p, string(advert.GroupBasicInformation), "adFormat") ||
		isField(p, string(advert.GroupBasicInformation), "platforms") ||
		isField(p, string(advert.GroupComplianceAndFunding), "repositoryUrl") {
		return true
	}
	medium, _ := c.v.TextSays(p.key, "medium")
	return medium
}

// media sorts what a text's sentences name of where an advertisement
// runs.
type media int

const (
	mediaNone    media = iota // no medium named
	mediaOffline              // only media off line
	mediaOnline               // a medium on line
)

// mediaIn reads which media a text's sentences name. A clause of one word
// is a label, not a sentence.
func (c *checker) mediaIn(text string) media {
	m := mediaNone
	for _, cl := range vocab.Clauses(text) {
		if len(strings.Fields(cl)) < 2 {
			continue
		}
		if on, neg := c.v.TextSays(cl, "online"); on && !neg {
			return mediaOnline
		}
		if off, neg := c.v.TextSays(cl, "offline"); off && !neg {
			m = mediaOffline
		}
	}
	return m
}

// selfNotice finds a passage that shows the answer to be a transparency
// notice itself: a heading that says so over words, or words that say
// the page holds the notice ("Notwendige Informationen für … die
// Transparenzbekanntmachung"), never over a link or words that point to
// one elsewhere ("siehe Website", "unter https://…").
func (c *checker) selfNotice() (passage, bool) {
	for _, p := range c.passages() {
		t := strings.TrimSpace(p.text)
		if isWebAddress(advert.StringValue(t)) || strings.Contains(t, "://") || strings.Contains(t, "www.") {
			continue
		}
		if link, _ := c.v.TextSays(t, "url"); link {
			continue
		}
		if said, neg := c.v.TextSays(p.key, "transparency"); said && !neg && len(strings.Fields(t)) >= 3 {
			return p, true
		}
		if c.saysNotice(t) {
			return p, true
		}
	}
	return passage{}, false
}

// saysNotice reports whether a text speaks of the transparency notice in
// so many words: transparency and notice in one clause.
func (c *checker) saysNotice(t string) bool {
	for _, cl := range vocab.Clauses(t) {
		tr, trNeg := c.v.TextSays(cl, "transparency")
		no, noNeg := c.v.TextSays(cl, "notice")
		if tr && no && !trNeg && !noNeg {
			return true
		}
	}
	return false
}

// evalCalculation is the plain reading; where no member gives the method,
// a notice's sentence on its amounts may ("Die Beträge stellen gerundete
// Gesamtkosten dar": rounded total costs).
func evalCalculation(c *checker, r Rule) Result {
	res := evalField(c, r)
	if res.Status != Missing || !res.absent {
		return res
	}
	for _, p := range c.passages() {
		for _, cl := range vocab.Clauses(p.text) {
			if amounts, _ := c.v.TextSays(cl, "amount"); !amounts {
				continue
			}
			for _, how := range []string{"calculation", "method", "costbasis"} {
				if said, neg := c.v.TextSays(cl, how); said && !neg {
					return fromWords(Present, p, "the method is stated: "+strconv.Quote(strings.TrimSpace(cl)))
				}
			}
		}
	}
	return res
}
