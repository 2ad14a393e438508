package advert

import "github.com/padview/padview/api/vocab"

// FoldKey reduces a member name to lower-case letters and digits so that
// camelCase, snake_case, kebab-case and "Title Case With Spaces" spellings of
// one name compare equal (see vocab.Fold, its one home).
func FoldKey(s string) string { return vocab.Fold(s) }

// Group names a part of the normalized document.
type Group string

// The groups of the spec, in the order the document and the UI show them.
const (
	GroupAdvertiser           Group = vocab.Advertiser
	GroupCampaign             Group = vocab.Campaign
	GroupSponsors             Group = vocab.Sponsors
	GroupControllers          Group = vocab.Controllers
	GroupBasicInformation     Group = vocab.BasicInformation
	GroupComplianceAndFunding Group = vocab.ComplianceAndFunding
	GroupTargeting            Group = vocab.Targeting
	GroupLegalAndMetadata     Group = vocab.LegalAndMetadata
	GroupOther                Group = vocab.Other
)

// SpecFields are the fields the partner interface lists for a group, in
// its order: the advertiser's and the campaign's; nil for other groups, for
// which it lists none. Readers use it to say which of them an answer lacks.
func SpecFields(g Group) []string { return vocab.Builtin().Listed(string(g)) }
