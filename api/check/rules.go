package check

import (
	"slices"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/vocab"
)

// Rule is one item a transparency notice must (or, where it applies,
// should) carry.
type Rule struct {
	ID    string // stable machine name, as in --json
	Label string // what people read
	// Noun names the item in a sentence: "the sponsor email".
	Noun string
	// Annex is the item of the transparency notice template (Implementing
	// Regulation (EU) 2025/1410, Annex II) the rule checks, 1 to 16, and
	// AnnexLabel that item's title; 0 for a rule outside the template.
	// Rules are in the template's order.
	Annex      int
	AnnexLabel string
	// Basis is where the rule comes from: its point of Art. 12(1) and its
	// Annex II item, and where padview's reading is uncertain or the
	// reference could not be verified, it says so.
	Basis string
	// About says what the rule asks and how padview reads the document.
	About string
	// Fields are the places of the normalized document the rule reads:
	// fields of the vocabulary, found under any name it knows for them and
	// in whichever group the service put them.
	Fields   []string
	Required bool
	// OnLabel is the point of Art. 11(1) the rule's item also fills on the
	// label beside the advertisement: "b" the sponsor and the controlling
	// entity, "c" the linked election, "d" that targeting was used, "e"
	// where the notice is; "" for none. The notice's label line reads it.
	OnLabel string
	// Over names the rules a requirement spanning several items is met
	// by (the amounts of items 5 and 6): the notice shows their entries,
	// each from its own fields, and none of its own, and marks them
	// required while the requirement is not met.
	Over []string

	eval func(*checker, Rule) Result
}

const (
	reg  = "Regulation (EU) 2024/900 "
	tmpl = "; Implementing Regulation (EU) 2025/1410, Annex II item "
	// unverifiedNumber marks the items whose number comes from a public
	// rendering of the template, not from the official text.
	unverifiedNumber = " (the item number is from a public rendering of the template, unverified against the official text)"
)

// The items of Annex II, by number.
var annexLabels = [...]string{
	0:  "not a template item: the label's link to the notice, Art. 11(1)(e)",
	1:  "Sponsor",
	2:  "Entity ultimately controlling the sponsor",
	3:  "Payer, where not the sponsor or the controlling entity",
	4:  "Period of publication, delivery or dissemination",
	5:  "Amounts and other benefits for the advertisement",
	6:  "Amounts and other benefits for the campaign",
	7:  "Public or private origin, inside or outside the Union",
	8:  "Methodology used to calculate the amounts",
	9:  "Linked election, referendum or legislative or regulatory process",
	10: "Official information on how to take part",
	11: "Link to the European repository",
	12: "Mechanism to notify a possibly non-compliant advertisement",
	13: "Earlier publication suspended or discontinued",
	14: "Statement that targeting or ad-delivery techniques were used",
	15: "Details of the targeting",
	16: "Means to exercise data-protection rights",
}

// Rules is the one table of rules and the one list of the template's
// items: in the order of Annex II, each rule carries its item.
var Rules = withAnnexLabels([]Rule{
	{
		ID: "sponsor.name", Label: "Sponsor name", Noun: "the sponsor name", Annex: 1, Required: true,
		Basis:   reg + "Art. 12(1)(a): the identity of the sponsor, including its name" + tmpl + "1" + unverifiedNumber,
		About:   "The sponsor's name. Met by the advertiser, or by every sponsor listed.",
		Fields:  partyFields(inSet("", vocab.SetNames), inSet("", vocab.SetPersonName)),
		OnLabel: "b",
		eval:    evalParty(false),
	},
	{
		ID: "sponsor.legal_name", Label: "Sponsor legal name", Noun: "the sponsor legal name", Annex: 1,
		Basis: reg + "Art. 12(1)(a)" + tmpl + "1 (the legal name where it differs from the business name)" + unverifiedNumber +
			"; uncertain: padview cannot tell whether the legal name differs, so a name given without a legal name " +
			"beside it reads as not applicable",
		About: "The registered name of a sponsor that is a legal person, where it differs from its business name; " +
			"not applicable to a natural person, nor where only one name is given.",
		Fields: partyFields("legalName"),
		eval:   evalLegalName,
	},
	{
		ID: "sponsor.email", Label: "Sponsor contact email", Noun: "the sponsor email", Annex: 1, Required: true,
		Basis:  reg + "Art. 12(1)(a): the sponsor's email address" + tmpl + "1" + unverifiedNumber,
		About:  "A contact email of the sponsor. Personal data: only the full view carries it.",
		Fields: partyFields("email"),
		eval:   evalSponsorEmail,
	},
	{
		ID: "sponsor.address", Label: "Sponsor postal address", Noun: "the sponsor postal address", Annex: 1,
		Basis: reg + "Art. 12(1)(a): the sponsor's postal address, where made public" + tmpl + "1" + unverifiedNumber,
		About: "The sponsor's postal address, needed where it has been made public; padview cannot tell whether it was, " +
			"so the rule is not required. Personal data: only the full view carries it.",
		Fields: partyFields("streetAddress", "postalAddress"),
		eval:   evalParty(false),
	},
	{
		ID: "sponsor.establishment", Label: "Sponsor place of establishment", Noun: "the sponsor place of establishment",
		Annex: 1, Required: true,
		Basis: reg + "Art. 12(1)(a): for a sponsor that is not a natural person, the address of its place of " +
			"establishment" + tmpl + "1" + unverifiedNumber + "; padview checks less: a country alone counts as present; " +
			"uncertain: where none is given, the address of a sponsor that is not a natural person is read as its place " +
			"of establishment, which it may not be (a postal address)",
		About: "Where a sponsor that is not a natural person is established; also read from any group. The Regulation " +
			"asks for the address of the place of establishment; padview counts any value as present, a bare country " +
			"code (\"countryOfEstablishment\": \"GB\") included, so a reviewer should read it. Where none is given, " +
			"the address of a sponsor that is not a natural person (such as a statement's registered address) is read as " +
			"one where it says where the sponsor is (a city, or a full postal address), and the result says so.",
		Fields: slices.Concat(establishmentFields, addressFields),
		eval:   evalEstablishment,
	},
	{
		ID: "sponsor.registration", Label: "Sponsor registration number", Noun: "the sponsor registration number", Annex: 1,
		Basis: reg + "Art. 12(1)(a)" + tmpl + "1 (the registration number, where applicable)" + unverifiedNumber +
			"; uncertain: padview cannot tell where a registration applies",
		About: "The registration number of a sponsor that is not a natural person (a company or trade register " +
			"number, such as a KvK number). Not applicable to a natural person.",
		Fields: partyFields("registrationNumber"),
		eval:   evalRegistration,
	},
	{
		ID: "controlling_entity", Label: "Entity controlling the sponsor", Noun: "the controlling entity", Annex: 2,
		Basis: reg + "Art. 12(1)(a): where applicable, the identity of the entity ultimately controlling the sponsor" +
			tmpl + "2" + unverifiedNumber + "; padview checks only the name here",
		About: "The entity ultimately controlling the sponsor, where there is one. padview checks that it is named; " +
			"its contact is the next rule. The Controllers collection is not read for this: in the services seen so " +
			"far it lists data controllers.",
		Fields:  entityFields("controllingEntity"),
		OnLabel: "b",
		eval:    evalControllingEntity,
	},
	{
		ID: "controlling_entity.contact", Label: "Controlling entity's email or address", Noun: "the controlling entity's contact",
		Annex: 2,
		Basis: reg + "Art. 12(1)(a): the controlling entity's name, email address and postal address where made public" +
			tmpl + "2" + unverifiedNumber + "; uncertain: padview cannot tell whether the postal address was made public",
		About: "An email or a postal address of the controlling entity, where there is one. Personal data: only the " +
			"full view carries it.",
		Fields: roleFields("controllingEntity", "email", "streetAddress", "postalAddress"),
		eval:   evalContact("controllingEntity"),
	},
	{
		ID: "payer", Label: "Payer, if not the sponsor", Noun: "the payer", Annex: 3,
		Basis: reg + "Art. 12(1)(b): the information of point (a) on whoever provides the remuneration, if not the " +
			"sponsor or the entity controlling it" + tmpl + "3; padview checks only the name here",
		About: "Who paid for the advertisement, where that is not the sponsor; not applicable when it names the sponsor. " +
			"Its contact is the next rule.",
		Fields: entityFields("payer"),
		eval:   evalEntity("payer", "the sponsor pays"),
	},
	{
		ID: "payer.contact", Label: "Payer's email or address", Noun: "the payer's contact", Annex: 3,
		Basis: reg + "Art. 12(1)(b) with (a): the payer's email address and postal address where made public" + tmpl +
			"3; uncertain: padview cannot tell whether the postal address was made public",
		About:  "An email or a postal address of the payer, where the payer is not the sponsor. Personal data: only the full view carries it.",
		Fields: roleFields("payer", "email", "streetAddress", "postalAddress"),
		eval:   evalContact("payer"),
	},
	{
		ID: "period", Label: "Publication period (start and end)", Noun: "the period", Annex: 4, Required: true,
		Basis:  reg + "Art. 12(1)(c): the period of publication, delivery or dissemination" + tmpl + "4",
		About:  "When the advertisement is published: a start and an end date, the end not before the start.",
		Fields: []string{"campaign.startDate", "campaign.endDate", "campaign.period"},
		eval:   evalPeriod,
	},
	{
		ID: "amounts", Label: "Amounts and other benefits, with currency", Noun: "the amounts", Annex: 5, Required: true,
		Basis: reg + "Art. 12(1)(d): the aggregated amounts and the aggregated value of other benefits received for " +
			"the advertisement and, where relevant, the campaign" + tmpl + "5 and 6; padview counts the requirement " +
			"met by the amounts for the advertisement or those for the campaign, either: a service may give only the " +
			"campaign's total, and a wrong missing is worse than none; uncertain: whether the advertisement's own " +
			"amounts are given apart from the campaign's",
		About: "The amounts and the value of other benefits received, for the advertisement (item 5) or the campaign " +
			"(item 6); every amount must name its currency. The notice shows each under its own item.",
		Fields: slices.Concat(advertisementAmounts, campaignAmounts),
		Over:   []string{"amounts.advertisement", "amounts.campaign"},
		eval:   evalAmounts,
	},
	{
		ID: "amounts.advertisement", Label: "Amounts for the advertisement", Noun: "the amounts for the advertisement", Annex: 5,
		Basis: reg + "Art. 12(1)(d): the amounts and other benefits received for the advertisement" + tmpl + "5" +
			"; uncertain: padview reads the amounts received as those for the advertisement",
		About:  "The amounts (or other benefits) received for this advertisement, apart from the campaign's total; each with its currency.",
		Fields: advertisementAmounts,
		eval:   evalAmounts,
	},
	{
		ID: "amounts.campaign", Label: "Amounts for the campaign", Noun: "the amounts for the campaign", Annex: 6,
		Basis: reg + "Art. 12(1)(d): where relevant, the amounts and other benefits received for the campaign" + tmpl + "6" +
			"; uncertain: padview cannot tell whether a campaign total is relevant",
		About:  "The total value of the campaign the advertisement is part of, with its currency.",
		Fields: campaignAmounts,
		eval:   evalAmounts,
	},
	{
		ID: "funding.origin", Label: "Origin of the funds", Noun: "the origin of the funds", Annex: 7, Required: true,
		Basis: reg + "Art. 12(1)(e): the public or private origin of the amounts and benefits" + tmpl + "7",
		About: "Where the amounts and benefits come from. padview checks that an origin is given and reads public or " +
			"private, inside or outside the EU, from its words in English, Dutch, German or French.",
		Fields: []string{"complianceAndFunding.fundingOrigin"},
		eval:   evalOrigin,
	},
	{
		ID: "funding.eu", Label: "Funded from outside the EU", Noun: "whether the funds come from inside the EU",
		Annex: 7, Required: true,
		Basis: reg + "Art. 12(1)(e): whether the amounts and benefits originate from inside or outside the Union" + tmpl + "7",
		About: "Whether the funds come from inside or outside the Union, from a yes/no member or else from the " +
			"origin's own words (\"buiten de EU\", \"third country\"). Funding from outside the EU is flagged.",
		Fields: []string{"complianceAndFunding.isThirdCountryFunded", "complianceAndFunding.fundingOrigin"},
		eval:   evalThirdCountry,
	},
	{
		ID: "calculation", Label: "How the amounts were calculated", Noun: "the calculation method", Annex: 8, Required: true,
		Basis:  reg + "Art. 12(1)(f): the methodology used to calculate the amounts and values" + tmpl + "8",
		About:  "The methodology used to calculate the amounts and values.",
		Fields: []string{"complianceAndFunding.calculationMethodology"},
		eval:   evalCalculation,
	},
	{
		ID: "election", Label: "Linked election or referendum", Noun: "the linked election", Annex: 9,
		Basis: reg + "Art. 12(1)(g): where applicable, the elections, referendums or legislative or regulatory processes linked" +
			tmpl + "9",
		About:   "The election, referendum or legislative process the advertisement is linked to, where there is one.",
		Fields:  []string{"complianceAndFunding.linkedElection"},
		OnLabel: "c",
		eval:    evalElection,
	},
	{
		ID: "election.date", Label: "Date of the election or referendum", Noun: "the election date", Annex: 9,
		Basis: "none of its own: " + reg + "Art. 12(1)(g) asks which election, not its date" + tmpl + "9; " +
			"padview checks the date as a help to the reviewer",
		About:  "The date of the linked election or referendum, also read from the election's own date (\"theme_link\": {\"date\"}).",
		Fields: []string{"complianceAndFunding.electionDate", "complianceAndFunding.linkedElection"},
		eval:   evalElectionDate,
	},
	{
		ID: "election.information", Label: "Official information on taking part", Noun: "the official information",
		Annex: 10,
		Basis: reg + "Art. 12(1)(h): for an election or referendum, links to official information on how to take part" +
			tmpl + "10; uncertain: padview reads the linked election to tell whether the item applies, and cannot tell " +
			"an election from a legislative or regulatory process, for which it does not; it takes any value as the " +
			"information without judging whether it is official",
		About:  "Where an election or referendum is linked, a link to official information on how to take part in it.",
		Fields: []string{"complianceAndFunding.officialInformation"},
		eval:   evalElectionInformation,
	},
	{
		ID: "repository", Label: "Link to the European repository", Noun: "the repository link", Annex: 11,
		Basis: reg + "Art. 12(1)(i): where applicable, a link to the European repository for online political " +
			"advertisements (Art. 13)" + tmpl + "11; unverified: the point letter and the item could not be read in " +
			"the official text",
		About:  "A web address of the advertisement in the European repository, for online advertisements.",
		Fields: []string{"complianceAndFunding.repositoryUrl"},
		eval:   evalRepository,
	},
	{
		ID: "notification", Label: "How to report a non-compliant advertisement", Noun: "the notification mechanism", Annex: 12,
		Basis: reg + "Art. 12(1)(j): how to use the mechanism for notifying a possibly non-compliant advertisement " +
			"(Art. 15)" + tmpl + "12; unverified: the point letter and the item could not be read in the official text; " +
			"uncertain: padview takes any link or description as the mechanism, and cannot tell whether it is the " +
			"publisher's own mechanism under Art. 15",
		About:  "How to notify the publisher that the advertisement may not comply: a link or a description.",
		Fields: []string{"complianceAndFunding.notificationMechanism"},
		eval:   evalField,
	},
	{
		ID: "suspension", Label: "Suspension or removal history", Noun: "the suspension history", Annex: 13,
		Basis: reg + "Art. 12(1)(k): where applicable, whether a previous publication was suspended or discontinued " +
			"for an infringement" + tmpl + "13; uncertain: the point letter (k) is padview's reading of the list, " +
			"consistent with the template's order",
		About:  "Whether an earlier publication of the advertisement (or of an earlier version) was suspended or discontinued for an infringement.",
		Fields: []string{"legalAndMetadata.previouslySuspended", "legalAndMetadata.suspensionHistory"},
		eval:   evalField,
	},
	{
		ID: "targeting", Label: "Whether targeting techniques were used", Noun: "the targeting statement", Annex: 14,
		Basis: reg + "Art. 12(1)(l) with Art. 19(1)(c): where applicable, a statement that targeting or ad-delivery " +
			"techniques based on personal data were used" + tmpl + "14; uncertain: the point letter (l) is padview's " +
			"reading of the list, consistent with the template's order",
		About: "A statement whether targeting or ad-delivery techniques based on personal data were used (\"geen\", " +
			"none, is a statement too). The details are the next rule.",
		Fields:  []string{"targeting.techniquesUsed"},
		OnLabel: "d",
		eval:    evalTargeting,
	},
	{
		ID: "targeting.details", Label: "Details of the targeting", Noun: "the targeting details", Annex: 15,
		Basis: reg + "Art. 12(1)(l) with Art. 19(1)(c): the recipient groups and parameters, the categories of " +
			"personal data, the goals, logic and parameters of the techniques" + tmpl + "15; unverified: items 15 " +
			"and 16 could not be read in the official text",
		About: "Where targeting techniques were used, what they were: techniques, parameters (ages, gender, locations, " +
			"targets), audience, categories of personal data, as the vocabulary's targeting details. Not applicable " +
			"where the service says none were used.",
		Fields: targetingDetails,
		eval:   evalTargetingDetail,
	},
	{
		ID: "targeting.rights", Label: "How to exercise data-protection rights", Noun: "the data-protection rights", Annex: 16,
		Basis: reg + "Art. 12(1)(l) with Art. 19(1)(e): where to find the means to exercise data-protection rights" +
			tmpl + "16; unverified: items 15 and 16 could not be read in the official text",
		About:  "Where targeting techniques were used, where to exercise one's data-protection rights (a link or a description).",
		Fields: []string{"targeting.dataProtectionRights"},
		eval:   evalTargetingDetail,
	},
	{
		ID: "notice_url", Label: "Link to the transparency notice", Noun: "the link to the notice", Required: true,
		Basis: reg + "Art. 11(1)(e): the transparency notice, or a clear indication of where it can be retrieved; " +
			"not an item of the template (Annex II) but of the label; uncertain: padview takes a web address as that " +
			"indication, and an answer that is itself a notice (a politiekereclame.nl statement) as needing none",
		About: "A web address (http or https) where the transparency notice can be read. Not applicable to an answer " +
			"that is itself a transparency notice, as the vocabulary knows a politiekereclame.nl statement to be. A " +
			"link to the advertisement itself (Meta's ad_snapshot_url, which renders the ad) is not the notice.",
		Fields:  []string{"complianceAndFunding.transparencyNoticeUrl"},
		OnLabel: "e",
		eval:    evalNoticeURL,
	},
})

func withAnnexLabels(rules []Rule) []Rule {
	for i := range rules {
		rules[i].AnnexLabel = annexLabels[rules[i].Annex]
	}
	return rules
}

// The places of the amounts: the advertisement's (item 5) and the
// campaign's (item 6).
var (
	advertisementAmounts = []string{"complianceAndFunding.amountsReceived", "complianceAndFunding.otherBenefits"}
	campaignAmounts      = []string{"campaign.totalValue"}
)

// partyFields are places of a sponsor's field: the advertiser's and each
// sponsor's.
func partyFields(names ...string) []string {
	var out []string
	for _, n := range names {
		out = append(out, string(advert.GroupAdvertiser)+"."+n, string(advert.GroupSponsors)+"[]."+n)
	}
	return out
}

// entityFields are the places of the payer or the controlling entity.
func entityFields(role string) []string {
	return []string{string(advert.GroupComplianceAndFunding) + "." + role}
}

// roleFields are places of the payer's or the controlling entity's fields.
func roleFields(role string, names ...string) []string {
	var out []string
	for _, n := range names {
		out = append(out, string(advert.GroupComplianceAndFunding)+"."+role+"."+n)
	}
	return out
}

// Item is one item of the notice template (Annex II) and the rules of
// Rules that check it, in their order.
type Item struct {
	Number int    // 1 to 16
	Label  string // the item's title
	Rules  []Rule
}

// Items are the template's items 1 to 16 in its order, each with its
// rules: the notice's layout, read from Rules, the one list of them. The
// link to the notice (Annex 0) is the label's, not an item: see OnLabel.
func Items() []Item {
	items := make([]Item, len(annexLabels)-1)
	for i := range items {
		items[i] = Item{Number: i + 1, Label: annexLabels[i+1]}
	}
	for _, r := range Rules {
		if r.Annex > 0 {
			items[r.Annex-1].Rules = append(items[r.Annex-1].Rules, r)
		}
	}
	return items
}

// LabelRules are the rules whose items the label beside the advertisement
// carries (Art. 11(1)), in the order of the label's points.
func LabelRules() []Rule {
	var out []Rule
	for _, point := range []string{"b", "c", "d", "e"} {
		for _, r := range Rules {
			if r.OnLabel == point {
				out = append(out, r)
			}
		}
	}
	return out
}

// Spanning is the requirement spanning several items that rule id is one
// of (see Rule.Over): the amounts for the advertisement are one of the
// amounts'.
func Spanning(id string) (Rule, bool) {
	for _, r := range Rules {
		if slices.Contains(r.Over, id) {
			return r, true
		}
	}
	return Rule{}, false
}

// RuleByID finds a rule of Rules.
func RuleByID(id string) (Rule, bool) {
	for _, r := range Rules {
		if r.ID == id {
			return r, true
		}
	}
	return Rule{}, false
}
