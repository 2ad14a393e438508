package diff

import (
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/api/vocab"
)

// Kind says what happened to a value between A and B.
type Kind string

// The kinds of change, as written in the JSON output.
const (
	Added   Kind = "added"   // only in B
	Removed Kind = "removed" // only in A
	Changed Kind = "changed" // in both, with different values
)

// Marker is the one-character sign of a kind, so that the meaning survives
// without colour: + added, - removed, ~ changed.
func (k Kind) Marker() string {
	switch k {
	case Added:
		return "+"
	case Removed:
		return "-"
	}
	return "~"
}

// Step is one step of a path inside a group or party: a member name, or an
// index into an array when IsIndex is set.
type Step struct {
	Key     string
	Index   int
	IsIndex bool
}

// Change is one difference between the two documents.
type Change struct {
	Group advert.Group
	// Party names the sponsor or controller the change belongs to, in party
	// groups only (InParty). Nth tells same-named parties apart: the
	// party's position (from 1) among those of its name, or 0 when the name
	// is used once in both documents.
	Party   string
	Nth     int
	InParty bool
	// Path leads from the group (or the party) to the value; empty when a
	// whole party was added or removed.
	Path []Step
	Kind Kind
	// A and B are the values on either side; A is absent for Added, B for
	// Removed. Strings are as the server sent them: clean before showing.
	A, B advert.Value

	// at is the party's place in A's list and in B's (-1 where it is not
	// there), so that Mask reads each side in its own document.
	at [2]int
}

// Result is the comparison of document A with document B.
type Result struct {
	A, B         string      // the PAIDs compared
	AView, BView advert.View // the views they are of
	Changes      []Change
	// FullOnly lists, when one side is of the full view and the other of
	// the standard view, what the full side holds and the standard side
	// lacks because it is the standard view: personal data the full view
	// alone carries (vocab.Category.FullViewOnly). These are no changes;
	// each is Added (B is the full view) or Removed (A is). nil when both
	// sides are of one view.
	FullOnly []Change
	// Masked says the changes' values were masked for screen sharing
	// (see Mask); the text and the JSON say so.
	Masked bool

	docs [2]*advert.Document // A and B, for Mask
}

// Equal reports whether the documents have the same normalized fields,
// what only the full view holds aside.
func (r *Result) Equal() bool { return len(r.Changes) == 0 }

// CrossView reports whether the two sides are of different views.
func (r *Result) CrossView() bool { return r.AView != r.BView }

// Compare lists what differs from a to b. Absent and empty groups are the
// same (both are {} or [] in the normalized JSON), but a party list sent as
// null ("not disclosed") differs from both: when one side's list is null
// and the other's is not, the change is the whole list (see
// Change.IsList); the order of members and
// of parties is not a change; numbers compare by value ("1e3" equals
// "1000"); amount objects ({amount, currency}) and lists of plain values
// compare as one value each. Across views, what the standard side lacks
// because it is the standard view is in FullOnly, not in Changes.
func Compare(a, b *advert.Document) *Result {
	r := &Result{A: a.PAID, B: b.PAID, AView: a.View, BView: b.View, docs: [2]*advert.Document{a, b}}
	w := walker{r: r, at: [2]int{-1, -1}}
	switch {
	case a.View == advert.Standard && b.View == advert.Full:
		w.fullOnly = Added
	case a.View == advert.Full && b.View == advert.Standard:
		w.fullOnly = Removed
	}
	for _, g := range advert.Groups {
		w.group = g.Group
		if g.Parties {
			pa, sa := a.Parties(g.Group)
			pb, sb := b.Parties(g.Group)
			if (sa == advert.ListNull) != (sb == advert.ListNull) {
				w.list(listValue(pa, sa), listValue(pb, sb))
				continue
			}
			w.parties(pa, pb)
			continue
		}
		oa, ob := objectOf(a.Group(g.Group)), objectOf(b.Group(g.Group))
		w.enter(g.Group, w.fullSide(oa, ob), false)
		w.members(nil, oa, ob)
	}
	return r
}

// listValue is a party list as one value: null, absent, or an array of
// the parties.
func listValue(items []advert.Value, state advert.ListState) advert.Value {
	switch state {
	case advert.ListNull:
		return advert.NullValue()
	case advert.ListAbsent:
		return advert.Value{}
	}
	return advert.NewArray(items...)
}

// list records a party list that is null on one side only, as one change
// of the whole list.
func (w *walker) list(a, b advert.Value) {
	switch {
	case !a.IsPresent():
		w.add(Added, nil, a, b)
	case !b.IsPresent():
		w.add(Removed, nil, a, b)
	default:
		w.add(Changed, nil, a, b)
	}
}

// IsList reports whether the change is a whole sponsors or controllers
// list: one side null ("not disclosed"), the other absent or a list.
func (c Change) IsList() bool {
	if c.InParty || len(c.Path) > 0 {
		return false
	}
	for _, g := range advert.Groups {
		if g.Group == c.Group {
			return g.Parties
		}
	}
	return false
}

// objectOf treats a group that was not sent as an empty one.
func objectOf(v advert.Value) advert.Value {
	if v.Kind != advert.Object {
		return advert.NewObject()
	}
	return v
}

// walker collects changes for one group (and party) at a time.
type walker struct {
	r       *Result
	group   advert.Group
	party   string
	nth     int
	inParty bool
	at      [2]int // the party's index in A and in B, -1 where absent

	// fullOnly is the kind a member the standard side lacks takes: Added
	// when B is the full view, Removed when A is, "" within one view.
	// full is the full side's group object or party, and place where its
	// members stand as far as personal data goes.
	fullOnly Kind
	full     advert.Value
	place    text.PersonalPlace
}

// fullSide is whichever of a and b is of the full view.
func (w *walker) fullSide(a, b advert.Value) advert.Value {
	if w.fullOnly == Removed {
		return a
	}
	return b
}

// enter says which group object or party of the full side the walk is in.
func (w *walker) enter(g advert.Group, full advert.Value, party bool) {
	if w.fullOnly == "" {
		return
	}
	d := w.r.docs[1]
	if w.fullOnly == Removed {
		d = w.r.docs[0]
	}
	w.full = full
	if party {
		w.place = text.PlaceOfParty(d, full)
	} else {
		w.place = text.PlaceOfGroup(d, g)
	}
}

func (w *walker) add(k Kind, path []Step, a, b advert.Value) {
	c := Change{Group: w.group, Party: w.party, Nth: w.nth, InParty: w.inParty, Path: path, Kind: k, A: a, B: b, at: w.at}
	if k == w.fullOnly && len(path) > 0 && w.onlyInFullView(path) {
		w.r.FullOnly = append(w.r.FullOnly, c)
		return
	}
	w.r.Changes = append(w.r.Changes, c)
}

// onlyInFullView reports whether the member at path of the full side is
// data the standard view does not carry, by the vocabulary's category of
// its place (never by a substring of its name).
func (w *walker) onlyInFullView(path []Step) bool {
	v, place, c := w.full, w.place, ""
	for _, st := range path {
		if st.IsIndex {
			if st.Index < len(v.Items()) {
				v = v.Items()[st.Index] // items share the place of their list
			}
			continue
		}
		child, _ := v.Get(st.Key)
		c, place = place.Member(st.Key, child)
		v = child
	}
	return vocab.Category(c).FullViewOnly()
}

// child extends a path without sharing the parent's backing array.
func child(path []Step, s Step) []Step {
	return append(path[:len(path):len(path)], s)
}

func (w *walker) value(path []Step, a, b advert.Value) {
	switch {
	case !a.IsPresent() && !b.IsPresent():
	case !a.IsPresent():
		w.add(Added, path, a, b)
	case !b.IsPresent():
		w.add(Removed, path, a, b)
	case a.Kind == advert.Object && b.Kind == advert.Object && !text.IsAmountObject(a) && !text.IsAmountObject(b):
		w.members(path, a, b)
	case a.Kind == advert.Array && b.Kind == advert.Array && !text.IsScalarList(a) && !text.IsScalarList(b):
		w.items(path, a, b)
	case !Equal(a, b):
		w.add(Changed, path, a, b)
	}
}

// members matches object members by name; a name used twice is matched
// occurrence by occurrence.
func (w *walker) members(path []Step, a, b advert.Value) {
	byKey := make(map[string][]int, len(b.Members()))
	for i, m := range b.Members() {
		byKey[m.Key] = append(byKey[m.Key], i)
	}
	used := make([]bool, len(b.Members()))
	seen := make(map[string]int, len(a.Members()))
	for _, m := range a.Members() {
		n := seen[m.Key]
		seen[m.Key]++
		var bv advert.Value
		if idx := byKey[m.Key]; n < len(idx) {
			bv = b.Members()[idx[n]].Value
			used[idx[n]] = true
		}
		w.value(child(path, Step{Key: m.Key}), m.Value, bv)
	}
	for i, m := range b.Members() {
		if !used[i] {
			w.value(child(path, Step{Key: m.Key}), advert.Value{}, m.Value)
		}
	}
}

// items compares arrays that hold objects position by position.
func (w *walker) items(path []Step, a, b advert.Value) {
	for i := range max(len(a.Items()), len(b.Items())) {
		var av, bv advert.Value
		if i < len(a.Items()) {
			av = a.Items()[i]
		}
		if i < len(b.Items()) {
			bv = b.Items()[i]
		}
		w.value(child(path, Step{Index: i, IsIndex: true}), av, bv)
	}
}

// partyKey identifies a party: its name and its place among those of the
// same name.
type partyKey struct {
	name string
	nth  int
}

func keyParties(list []advert.Value) ([]partyKey, map[string]int) {
	keys := make([]partyKey, len(list))
	count := make(map[string]int, len(list))
	for i, p := range list {
		name := text.PartyName(p)
		count[name]++
		keys[i] = partyKey{name, count[name]}
	}
	return keys, count
}

// parties matches sponsors or controllers by name, then compares each pair.
func (w *walker) parties(a, b []advert.Value) {
	ka, ca := keyParties(a)
	kb, cb := keyParties(b)
	inB := make(map[partyKey]int, len(b))
	for i, k := range kb {
		inB[k] = i
	}
	used := make([]bool, len(b))
	defer func() { w.party, w.nth, w.inParty, w.at = "", 0, false, [2]int{-1, -1} }()
	w.inParty = true
	at := func(k partyKey) {
		w.party, w.nth = k.name, 0
		if ca[k.name] > 1 || cb[k.name] > 1 {
			w.nth = k.nth
		}
	}
	for i, k := range ka {
		at(k)
		j, ok := inB[k]
		if !ok {
			w.at = [2]int{i, -1}
			w.add(Removed, nil, a[i], advert.Value{})
			continue
		}
		used[j] = true
		w.at = [2]int{i, j}
		w.enter(w.group, w.fullSide(a[i], b[j]), true)
		if a[i].Kind == advert.Object && b[j].Kind == advert.Object {
			w.members(nil, a[i], b[j])
		} else if !Equal(a[i], b[j]) {
			w.add(Changed, nil, a[i], b[j])
		}
	}
	for j, k := range kb {
		if !used[j] {
			at(k)
			w.at = [2]int{-1, j}
			w.add(Added, nil, advert.Value{}, b[j])
		}
	}
}
