package advert

import (
	"strings"
	"unicode"
)

// FoldKey reduces a member name to lower-case letters and digits so that
// camelCase, snake_case, kebab-case and "Title Case With Spaces" spellings of
// one name compare equal; "&" reads as "and". Invisible characters are kept,
// so that a name with one hidden inside never passes for a known name.
func FoldKey(s string) string {
	var buf [64]byte
	return string(foldInto(buf[:0], s))
}

// foldInto appends the folded s to b, which for names up to its capacity
// costs no allocation: a caller can look the result up in a map as
// m[string(b)] for free.
func foldInto(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z' || c >= '0' && c <= '9':
			b = append(b, c)
		case c >= 'A' && c <= 'Z':
			b = append(b, c+('a'-'A'))
		case c == '&' || c >= 0x80 || c < 0x20 || c == 0x7f:
			return append(b[:0], foldKeySlow(s)...) // "and", non-ASCII letters, controls
		}
	}
	return b
}

func foldKeySlow(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 4)
	for _, r := range s {
		switch {
		case r == '&':
			b.WriteString("and")
		case IsInvisible(r):
			b.WriteRune(r) // kept, so that "c\u202eity" is not taken for "city"
		case r < unicode.MaxASCII && (r >= 'a' && r <= 'z' || r >= '0' && r <= '9'):
			b.WriteRune(r)
		case r >= 'A' && r <= 'Z':
			b.WriteRune(r + ('a' - 'A'))
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// Group names a part of the normalized document.
type Group string

// The groups of the spec, in the order the document and the UI show them.
const (
	GroupAdvertiser           Group = "advertiser"
	GroupCampaign             Group = "campaign"
	GroupSponsors             Group = "sponsors"
	GroupControllers          Group = "controllers"
	GroupBasicInformation     Group = "basicInformation"
	GroupComplianceAndFunding Group = "complianceAndFunding"
	GroupTargeting            Group = "targeting"
	GroupLegalAndMetadata     Group = "legalAndMetadata"
	GroupOther                Group = "other"

	// groupSponsorsAndControllers is the spec's combined collection; it is
	// split into sponsors and controllers when normalized.
	groupSponsorsAndControllers Group = "sponsorsAndControllers"
)

// groupNames maps folded spellings and synonyms to groups.
var groupNames = foldedTable(map[Group][]string{
	GroupAdvertiser: {"advertiser", "advertisers", "advertiserDetails", "advertiserInfo",
		"advertiserInformation", "advertiserData", "advertiserDetail"},
	GroupCampaign: {"campaign", "campaigns", "campaignDetails", "campaignInfo",
		"campaignInformation", "campaignData", "campaignDetail"},
	GroupSponsors: {"sponsor", "sponsors", "sponsorDetails", "sponsorList", "sponsorInfo",
		"sponsorInformation", "sponsorData"},
	GroupControllers: {"controller", "controllers", "controllerDetails", "controllerList",
		"controllerInfo", "controllerInformation", "dataController", "dataControllers", "controllerData"},
	groupSponsorsAndControllers: {"sponsorsAndControllers", "sponsorAndController",
		"sponsorsAndController", "sponsorAndControllers", "sponsorsControllers", "parties"},
	GroupBasicInformation: {"basicInformation", "basicInfo", "basic", "basics", "basicInformations",
		"basicDetails", "generalInformation", "generalInfo", "general", "overview"},
	GroupComplianceAndFunding: {"complianceAndFunding", "complianceFunding", "fundingAndCompliance",
		"compliance", "funding", "complianceAndFundings", "fundingInformation", "fundingInfo"},
	GroupTargeting: {"targeting", "targetings", "targetingInformation", "targetingInfo",
		"targetingDetails", "targetingData", "audienceTargeting"},
	GroupLegalAndMetadata: {"legalAndMetadata", "legalMetadata", "legalAndMeta", "legal",
		"metadata", "legalInformation", "legalInfo", "legalAndMetadatas"},
})

func foldedTable[K comparable](src map[K][]string) map[string]K {
	out := make(map[string]K)
	for k, names := range src {
		for _, n := range names {
			out[FoldKey(n)] = k
		}
	}
	return out
}

// The spec's field names, as written in the normalized document.
var (
	advertiserFields = []string{"companyName", "legalName", "firstName", "lastName", "email",
		"phone", "streetAddress", "postalCode", "city", "country"}
	campaignFields = []string{"name", "totalValue", "medium", "isOngoing", "startDate", "endDate"}
)

// fieldSynonyms maps folded spellings to a spec field name. Only obvious
// synonyms: a guess that is wrong would hide a field under a false label.
var fieldSynonyms = foldedTable(map[string][]string{
	"companyName":   {"companyName", "company"},
	"legalName":     {"legalName", "legalEntityName"},
	"firstName":     {"firstName", "givenName", "forename"},
	"lastName":      {"lastName", "surname", "familyName"},
	"email":         {"email", "emailAddress", "eMail"},
	"phone":         {"phone", "phoneNumber", "telephone", "telephoneNumber", "tel"},
	"streetAddress": {"streetAddress", "street", "addressLine", "addressLine1", "address1"},
	"postalCode":    {"postalCode", "postCode", "zip", "zipCode"},
	"city":          {"city", "town", "locality"},
	"country":       {"country"},
	"name":          {"name"},
	"totalValue":    {"totalValue", "total", "totalAmount", "totalSpend", "totalCost"},
	"medium":        {"medium", "media"},
	"isOngoing":     {"isOngoing", "ongoing"},
	"startDate":     {"startDate", "start", "startsOn", "startedOn", "startTime"},
	"endDate":       {"endDate", "end", "endsOn", "endedOn", "endTime"},
})

// SpecFields are the fields the partner interface lists for a group, in
// its order: the advertiser's and the campaign's; nil for other groups, for
// which it lists none. Readers use it to say which of them an answer lacks.
func SpecFields(g Group) []string {
	switch g {
	case GroupAdvertiser:
		return advertiserFields
	case GroupCampaign:
		return campaignFields
	}
	return nil
}

var (
	advertiserFieldSet = stringSet(advertiserFields)
	campaignFieldSet   = stringSet(campaignFields)
	// partyFieldSet is what sponsors and controllers share with the advertiser,
	// plus the name they are usually listed under.
	partyFieldSet = stringSet(append([]string{"name"}, advertiserFields...))
)

func stringSet(names []string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// specField returns the spec spelling of key if it names one of the fields in
// allowed, after stripping an optional prefix such as "campaign".
func specField(key string, allowed map[string]bool, prefixes ...string) (string, bool) {
	return specFieldFolded(FoldKey(key), allowed, prefixes...)
}

// specFieldFolded is specField for a name already folded with FoldKey.
func specFieldFolded(f string, allowed map[string]bool, prefixes ...string) (string, bool) {
	if name, ok := fieldSynonyms[f]; ok && allowed[name] {
		return name, true
	}
	for _, p := range prefixes {
		if rest, ok := strings.CutPrefix(f, p); ok && rest != "" {
			if name, ok := fieldSynonyms[rest]; ok && allowed[name] {
				return name, true
			}
		}
	}
	return "", false
}

// envelopeMeta are members a response wrapper carries beside the
// advertisement itself; they do not stop an envelope being unwrapped.
var envelopeMeta = stringSet([]string{"status", "statuscode", "code", "meta", "links", "self",
	"version", "apiversion", "success", "ok", "requestid", "traceid", "correlationid",
	"timestamp", "generatedat", "servertime", "message", "warnings", "pagination"})

// paidKeys are the names a server may use for the advertisement identifier.
var paidKeys = stringSet([]string{"paid", "advertisementid", "advertisementidentifier", "adid"})
