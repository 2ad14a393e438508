package advert

// View selects one of the two views the partner interface publishes.
type View int

const (
	// Standard is /advertisement/{PAID}: the advertisement without the full
	// personal-data set.
	Standard View = iota
	// Full is /advertisement-full/{PAID}: every field, personal data included.
	Full
)

// String is the view's name in the normalized document: "standard" or "full".
func (v View) String() string {
	if v == Full {
		return "full"
	}
	return "standard"
}

// DataProtectionNotice is the spec's warning attached to the full view.
const DataProtectionNotice = "The full view returns personal data (emails, phone numbers and full " +
	"addresses of advertisers, sponsors and controllers). Use it only with a legitimate " +
	"business need and with data processing agreements in place."

// Document is one advertisement normalized from whatever shape the server
// sent. Every member of the response lands in exactly one place: a group, a
// sponsor or controller entry, or Other; Raw keeps the bytes as received.
type Document struct {
	PAID string
	View View

	Advertiser           Value // Object, or Absent
	Campaign             Value // Object, or Absent
	Sponsors             []Value
	Controllers          []Value
	BasicInformation     Value
	ComplianceAndFunding Value
	Targeting            Value
	LegalAndMetadata     Value
	Other                Value // Object of members not placed elsewhere

	// SponsorsPresent and ControllersPresent tell an empty collection the
	// server sent from one it did not send at all.
	SponsorsPresent    bool
	ControllersPresent bool

	Raw []byte

	// Warnings say what the normalizer could not take as sent (a duplicate
	// member name, a value of a typed field it could not read); every reader
	// of the document shows them.
	Warnings []string
}

// Group returns the value of a named object group (not sponsors or
// controllers, which are lists).
func (d *Document) Group(g Group) Value {
	switch g {
	case GroupAdvertiser:
		return d.Advertiser
	case GroupCampaign:
		return d.Campaign
	case GroupBasicInformation:
		return d.BasicInformation
	case GroupComplianceAndFunding:
		return d.ComplianceAndFunding
	case GroupTargeting:
		return d.Targeting
	case GroupLegalAndMetadata:
		return d.LegalAndMetadata
	case GroupOther:
		return d.Other
	}
	return Value{}
}

// MarshalJSON writes the normalized document in its contract shape, groups in
// a fixed order, absent groups as {} or [].
func (d *Document) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, len(d.Raw)+256)
	b = append(b, `{"paid":`...)
	b = appendQuoted(b, d.PAID)
	b = append(b, `,"view":`...)
	b = appendQuoted(b, d.View.String())
	for _, g := range Groups {
		b = append(b, ',')
		b = appendQuoted(b, string(g.Group))
		b = append(b, ':')
		if g.Parties {
			items, _ := d.Parties(g.Group)
			b = NewArray(items...).AppendJSON(b)
			continue
		}
		v := d.Group(g.Group)
		if v.Kind != Object {
			v = NewObject()
		}
		b = v.AppendJSON(b)
	}
	return append(b, '}'), nil
}
