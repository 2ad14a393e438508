package advert

// GroupInfo describes one group of the document for every reader of it: the
// JSON member it is written as, the label people see, and whether it holds
// a list of parties (sponsors, controllers) rather than an object.
type GroupInfo struct {
	Group   Group
	Label   string
	Parties bool
}

// Groups is the one ordered list of the document's groups: the normalized
// JSON, the CLI's text and the TUI's tabs all follow it. Labels are the
// spec's group names.
var Groups = []GroupInfo{
	{GroupAdvertiser, "Advertiser", false},
	{GroupCampaign, "Campaign", false},
	{GroupSponsors, "Sponsors", true},
	{GroupControllers, "Controllers", true},
	{GroupBasicInformation, "Basic Information", false},
	{GroupComplianceAndFunding, "Compliance and Funding", false},
	{GroupTargeting, "Targeting", false},
	{GroupLegalAndMetadata, "Legal and Metadata", false},
	{GroupOther, "Other", false},
}

// Label is the group's name for people, from Groups.
func (g Group) Label() string {
	for _, gi := range Groups {
		if gi.Group == g {
			return gi.Label
		}
	}
	return string(g)
}

// ListState is what an answer held for a party collection (sponsors,
// controllers): three different answers, which every reader keeps apart.
type ListState uint8

const (
	// ListAbsent: the answer has no such collection.
	ListAbsent ListState = iota
	// ListNull: the collection was sent as null, "not disclosed".
	ListNull
	// ListSent: the collection was sent as a list (or as one party, or as
	// parties keyed by id); it may be empty, "none".
	ListSent
)

// String names the state: "absent", "null" or "list".
func (s ListState) String() string {
	switch s {
	case ListNull:
		return "null"
	case ListSent:
		return "list"
	}
	return "absent"
}

// listStateOf is the state a collection value gives.
func listStateOf(v Value) ListState {
	switch v.Kind {
	case Absent:
		return ListAbsent
	case Null:
		return ListNull
	}
	return ListSent
}

// merge is the state of a collection sent under two spellings: a list wins
// over null, null over absent.
func (s ListState) merge(t ListState) ListState { return max(s, t) }

// Parties returns a party group's entries and what the answer held for the
// collection: absent, null or a list. The entries are empty unless it is
// ListSent. For object groups it returns nil, ListAbsent.
func (d *Document) Parties(g Group) ([]Value, ListState) {
	switch g {
	case GroupSponsors:
		return d.Sponsors, d.SponsorsState
	case GroupControllers:
		return d.Controllers, d.ControllersState
	}
	return nil, ListAbsent
}
