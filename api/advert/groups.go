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

// Parties returns a party group's entries and whether the server sent the
// collection at all; for object groups it returns nil, false.
func (d *Document) Parties(g Group) ([]Value, bool) {
	switch g {
	case GroupSponsors:
		return d.Sponsors, d.SponsorsPresent
	case GroupControllers:
		return d.Controllers, d.ControllersPresent
	}
	return nil, false
}
