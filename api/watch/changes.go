package watch

import (
	"strconv"
	"strings"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/check"
	"github.com/padview/padview/api/diff"
	"github.com/padview/padview/api/text"
)

// Change is one difference between two snapshots: a value of the document
// (from api/diff), the transparency verdict, or one rule's status.
type Change struct {
	// Path names what changed. A document value: its group, for sponsors
	// and controllers the party's name (with "[2]" when several share it),
	// then the members, as a JSON Pointer: "/campaign/totalValue",
	// "/sponsors/Friends of the Estuary/contribution". The transparency
	// check: "/transparency/verdict", "/transparency/<rule id>".
	Path string
	// Before and After are the values on either side: Absent where the
	// value was not there, and on both sides for personal data, whose
	// values are never kept. Inside a value, personal data reads
	// text.Masked.
	Before, After advert.Value
	// Personal: the value is personal data; it was added, removed or
	// changed (Kind), and that is all the history knows.
	Personal bool
	// Kind is what happened to the value: added, removed or changed.
	Kind diff.Kind
	// Large: a side was too large to keep in an event (MaxChangeValue);
	// Before and After are then "sha256:…" hashes of each side's JSON
	// (Absent where the value was not there), which tell equal values
	// apart from different ones, and that is all the history knows.
	Large bool
}

// Paths of the transparency check's changes.
const (
	transparencyPath = "/transparency/"
	VerdictPath      = transparencyPath + "verdict"
)

// Compare lists what changed from snapshot a to snapshot b: the values of
// the document (as api/diff compares them: parties by name, order no
// change), then the verdict, then each rule whose status changed. A nil a
// (no snapshot before) has no changes.
func Compare(a, b *Snapshot) []Change {
	if a == nil || b == nil {
		return nil
	}
	var out []Change
	if a.Hash != b.Hash && a.Document != nil && b.Document != nil {
		for _, c := range diff.Compare(a.Document, b.Document).Changes {
			out = append(out, documentChange(c))
		}
	}
	return append(out, checkChanges(a.Verdict, b.Verdict, a.Checks, b.Checks)...)
}

// documentChange turns a change of api/diff into a Change, keeping no
// personal value.
func documentChange(c diff.Change) Change {
	out := Change{Path: changePath(c), Kind: c.Kind}
	if IsKeyedHash(c.A) || IsKeyedHash(c.B) {
		out.Personal = true
		return out
	}
	out.Before, out.After = unhash(c.A), unhash(c.B)
	return out
}

// checkChanges lists a change of verdict and of each rule's status; a
// side whose statuses are unknown (nil: its stored row does not read)
// has no rule changes.
func checkChanges(va, vb string, a, b []RuleStatus) []Change {
	var out []Change
	if va != vb {
		out = append(out, sideChange(VerdictPath, stringOrAbsent(va), stringOrAbsent(vb)))
	}
	if a == nil || b == nil || sameChecks(a, b) {
		return out
	}
	before := make(map[string]string, len(a))
	for _, r := range a {
		before[r.Rule] = r.Status
	}
	seen := make(map[string]bool, len(b))
	for _, r := range b {
		seen[r.Rule] = true
		if before[r.Rule] != r.Status {
			out = append(out, sideChange(transparencyPath+r.Rule, stringOrAbsent(before[r.Rule]), advert.StringValue(r.Status)))
		}
	}
	for _, r := range a { // a rule the newer check no longer has
		if !seen[r.Rule] {
			out = append(out, sideChange(transparencyPath+r.Rule, advert.StringValue(r.Status), advert.Value{}))
		}
	}
	return out
}

// sideChange is a change from before to after, its kind told by which
// side is there.
func sideChange(path string, before, after advert.Value) Change {
	c := Change{Path: path, Before: before, After: after}
	c.Kind = c.kind()
	return c
}

// kind is what happened to the value: Kind, or for a change without one
// (stored by an older padview), what its sides say.
func (c Change) kind() diff.Kind {
	switch {
	case c.Kind != "":
		return c.Kind
	case c.Personal:
		return diff.Changed
	case !c.Before.IsPresent():
		return diff.Added
	case !c.After.IsPresent():
		return diff.Removed
	}
	return diff.Changed
}

func stringOrAbsent(s string) advert.Value {
	if s == "" {
		return advert.Value{}
	}
	return advert.StringValue(s)
}

// unhash replaces the keyed hashes inside a value, and in its members'
// names, with text.Masked: a hash says nothing to a reader, and need not
// leave the database.
func unhash(v advert.Value) advert.Value {
	switch {
	case IsKeyedHash(v):
		return advert.StringValue(text.Masked)
	case v.Kind == advert.Object:
		ms := make([]advert.Member, v.Len())
		for i, m := range v.Members() {
			key := m.Key
			if strings.HasPrefix(key, hashPrefix) { // a name that is personal data
				key = text.Masked
			}
			ms[i] = advert.Member{Key: key, Value: unhash(m.Value)}
		}
		return advert.NewObject(ms...)
	case v.Kind == advert.Array:
		items := make([]advert.Value, v.Len())
		for i, it := range v.Items() {
			items[i] = unhash(it)
		}
		return advert.NewArray(items...)
	}
	return v
}

// changePath writes a document change's place as Change.Path says.
func changePath(c diff.Change) string {
	var b strings.Builder
	b.WriteByte('/')
	b.WriteString(pointerEscape.Replace(string(c.Group)))
	if c.InParty {
		name := c.Party
		if c.Nth > 0 {
			name += "[" + strconv.Itoa(c.Nth) + "]"
		}
		b.WriteByte('/')
		b.WriteString(pointerEscape.Replace(name))
	}
	b.WriteString(c.Pointer())
	return b.String()
}

var (
	pointerEscape   = strings.NewReplacer("~", "~0", "/", "~1")
	pointerUnescape = strings.NewReplacer("~1", "/", "~0", "~")
)

// IsCheck reports whether the change is of the transparency check (the
// verdict or a rule's status) rather than of the document.
func (c Change) IsCheck() bool { return strings.HasPrefix(c.Path, transparencyPath) }

// asDiff reads a document change's path back into api/diff's terms, whose
// labels and value texts people know from `padview diff`. A step that is
// a keyed hash (a member's name that is personal data, a natural person's
// name) reads text.Masked: a hash says nothing to a reader.
func (c Change) asDiff() diff.Change {
	segs := strings.Split(strings.TrimPrefix(c.Path, "/"), "/")
	for i, s := range segs {
		if segs[i] = pointerUnescape.Replace(s); strings.HasPrefix(segs[i], hashPrefix) {
			segs[i] = text.Masked
		}
	}
	d := diff.Change{Group: advert.Group(segs[0]), A: c.Before, B: c.After}
	rest := segs[1:]
	if isPartyGroup(d.Group) && len(rest) > 0 {
		d.InParty, d.Party = true, rest[0]
		if i := strings.LastIndexByte(d.Party, '['); i > 0 && strings.HasSuffix(d.Party, "]") {
			if n, err := strconv.Atoi(d.Party[i+1 : len(d.Party)-1]); err == nil && n > 0 {
				d.Party, d.Nth = d.Party[:i], n
			}
		}
		rest = rest[1:]
	}
	for _, s := range rest {
		if n, err := strconv.Atoi(s); err == nil && n >= 0 && strconv.Itoa(n) == s {
			d.Path = append(d.Path, diff.Step{Index: n, IsIndex: true})
			continue
		}
		d.Path = append(d.Path, diff.Step{Key: s})
	}
	return d
}

func isPartyGroup(g advert.Group) bool {
	for _, gi := range advert.Groups {
		if gi.Group == g {
			return gi.Parties
		}
	}
	return false
}

// Label is the change's place for people: "Campaign › Total value",
// "Sponsors › Friends of the Estuary › Contribution", "Transparency ›
// Payer". It is cleaned of control characters.
func (c Change) Label() string {
	if c.IsCheck() {
		return "Transparency › " + ruleLabel(strings.TrimPrefix(c.Path, transparencyPath))
	}
	d := c.asDiff()
	label := text.CleanText(d.Group.Label())
	if d.InParty || len(d.Path) > 0 {
		label += " › " + d.Label()
	}
	return label
}

// ruleLabel is a rule's label in check.Rules, or its ID when this padview
// does not know it.
func ruleLabel(id string) string {
	if id == "verdict" {
		return "Verdict"
	}
	for _, r := range check.Rules {
		if r.ID == id {
			return r.Label
		}
	}
	return text.CleanText(id)
}

// BeforeText and AfterText are the two sides as padview's text shows them
// (dates, amounts, a rule's status in words), cleaned and cut as
// `padview diff` cuts them; "" for a side that is absent, and for both
// sides of personal data.
func (c Change) BeforeText() string { return c.sideText(c.Before, diff.Change.AText) }

// AfterText: see BeforeText.
func (c Change) AfterText() string { return c.sideText(c.After, diff.Change.BText) }

// sideText is side v's text; of a document's value, as side (AText or
// BText) writes the side of the change, which knows both: two values
// that read alike are written exactly.
func (c Change) sideText(v advert.Value, side func(diff.Change) string) string {
	switch {
	case c.Personal || c.Large || !v.IsPresent():
		return ""
	case c.IsCheck():
		if c.Path == VerdictPath {
			return text.CleanText(v.Str)
		}
		return check.Status(text.CleanText(v.Str)).Words()
	}
	return side(c.asDiff())
}

// appendJSON writes the change as {"path", "before", "after", "change",
// "personal", "large"}: a side that is not there (added, removed) or not
// kept (personal data) is null; a large one is its hash.
func (c Change) appendJSON(b []byte) []byte {
	b = append(b, `{"path":`...)
	b = advert.AppendQuoted(b, c.Path)
	b = append(b, `,"before":`...)
	b = appendSide(b, c.Before, c.Personal)
	b = append(b, `,"after":`...)
	b = appendSide(b, c.After, c.Personal)
	b = append(b, `,"change":`...)
	b = advert.AppendQuoted(b, string(c.kind()))
	b = append(b, `,"personal":`...)
	b = strconv.AppendBool(b, c.Personal)
	b = append(b, `,"large":`...)
	b = strconv.AppendBool(b, c.Large)
	return append(b, '}')
}

// appendSide writes one side of a change: null where it is absent or
// personal.
func appendSide(b []byte, v advert.Value, personal bool) []byte {
	if personal || !v.IsPresent() {
		return append(b, "null"...)
	}
	return v.AppendJSON(b)
}

// appendChanges writes changes as a JSON array.
func appendChanges(b []byte, cs []Change) []byte {
	b = append(b, '[')
	for i, c := range cs {
		if i > 0 {
			b = append(b, ',')
		}
		b = c.appendJSON(b)
	}
	return append(b, ']')
}

// parseChanges reads a stored changes column back. A side written as
// null is JSON null ("not disclosed") unless the change's kind says that
// side is not there; a change stored by an older padview has no kind, and
// leaves an absent side out.
func parseChanges(s string) ([]Change, error) {
	v, err := advert.ParseValue([]byte(s))
	if err != nil {
		return nil, err
	}
	out := make([]Change, 0, v.Len())
	for _, it := range v.Items() {
		var c Change
		for _, m := range it.Members() {
			switch m.Key {
			case "path":
				c.Path = m.Value.Str
			case "before":
				c.Before = m.Value
			case "after":
				c.After = m.Value
			case "change":
				c.Kind = diff.Kind(m.Value.Str)
			case "personal":
				c.Personal = m.Value.Kind == advert.Bool && m.Value.Bool
			case "large":
				c.Large = m.Value.Kind == advert.Bool && m.Value.Bool
			}
		}
		switch {
		case c.Personal:
			c.Before, c.After = advert.Value{}, advert.Value{}
		case c.Kind == diff.Added:
			c.Before = advert.Value{}
		case c.Kind == diff.Removed:
			c.After = advert.Value{}
		}
		out = append(out, c)
	}
	return out, nil
}
