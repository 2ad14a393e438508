package vocab

// The sets of fields the data declares ("set <name> = paths", spec.vocab):
// fields that together say one thing. The check, the party table and the
// display read them; nothing else lists them.
const (
	// SetNames are the names a party goes by, in the order a list prefers
	// them: its name, its company name, its legal name.
	SetNames = "names"
	// SetPersonName are a natural person's names: first and last.
	SetPersonName = "personName"
	// SetAddress is a party's address, in its parts: for a party that is
	// not a natural person, the check reads it as its place of
	// establishment where none is given.
	SetAddress = "address"
	// SetPlace are the parts of an address that say where a party is: its
	// city, or a full postal address.
	SetPlace = "place"
	// SetTargetingDetails are the details of the targeting (Annex II item
	// 15): techniques, parameters, audience, the categories of personal
	// data. Where any is given, targeting was used (item 14).
	SetTargetingDetails = "targetingDetails"
)

// Set lists the fields of a set, in the order the data declares them.
func (v *Vocabulary) Set(name string) []*Field { return v.sets[name] }

// InSet reports whether a field is in a set.
func (v *Vocabulary) InSet(name string, f *Field) bool {
	for _, g := range v.sets[name] {
		if g == f {
			return true
		}
	}
	return false
}

// NoticeSource names the source whose records are themselves transparency
// notices, where a member name only such a record carries says the answer
// is one ("akkoord_transparantieverklaring_toestemming": a politiekereclame.nl
// statement); "" for any other name. Such an answer needs no link to a
// notice: it is the notice.
func (v *Vocabulary) NoticeSource(key string) string {
	var buf [64]byte
	return v.notice[string(AppendFold(buf[:0], key))]
}
