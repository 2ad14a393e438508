package check

import "github.com/padview/padview/api/advert"

// Rule is one item a transparency notice must (or, where it applies,
// should) carry.
type Rule struct {
	ID    string // stable machine name, as in --json
	Label string // what people read
	// Basis is where the rule comes from; it says so when padview's
	// reading of the Regulation is uncertain.
	Basis string
	// About says what the rule asks and how padview reads the document.
	About string
	// Fields are the member names that satisfy the rule, in any case style
	// (advert.FoldKey), in whichever group the service put them; the party
	// rules read the advertiser and the sponsors.
	Fields   []string
	Required bool

	eval func(*advert.Document, Rule) Result
}

const reg = "Regulation (EU) 2024/900 "

// Rules is the one table of rules, in the order the Regulation lists the
// items and reports show them.
var Rules = []Rule{
	{
		ID: "sponsor.name", Label: "Sponsor name", Required: true,
		Basis:  reg + "Art. 12(1)(a): the identity of the sponsor, including its name",
		About:  "The sponsor's name. Met by the advertiser, or by every sponsor listed.",
		Fields: []string{"name", "companyName", "legalName", "lastName"},
		eval:   evalParty(false),
	},
	{
		ID: "sponsor.legal_name", Label: "Sponsor legal name",
		Basis: reg + "Art. 12(1)(a), with the template of Implementing Regulation (EU) 2025/1410 (the legal name " +
			"where it differs from the business name); uncertain: point (a) itself asks for the name, and asking " +
			"for the legal name of every legal person is padview's reading",
		About: "The registered name of a sponsor that is a legal person; not applicable to a natural person. " +
			"padview cannot tell whether it differs from the business name, so it asks for it whenever the sponsor is not a natural person.",
		Fields: []string{"legalName", "legalEntityName", "registeredName"},
		eval:   evalParty(true),
	},
	{
		ID: "sponsor.email", Label: "Sponsor contact email", Required: true,
		Basis:  reg + "Art. 12(1)(a): the sponsor's email address",
		About:  "A contact email of the sponsor. Personal data: only the full view carries it.",
		Fields: []string{"email", "emailAddress", "contactEmail"},
		eval:   evalParty(false),
	},
	{
		ID: "sponsor.address", Label: "Sponsor postal address",
		Basis: reg + "Art. 12(1)(a): the sponsor's postal address, where made public",
		About: "The sponsor's postal address, needed where it has been made public; padview cannot tell whether it was, " +
			"so the rule is not required. Personal data: only the full view carries it.",
		Fields: []string{"streetAddress", "address", "postalAddress"},
		eval:   evalParty(false),
	},
	{
		ID: "sponsor.establishment", Label: "Sponsor place of establishment", Required: true,
		Basis: reg + "Art. 12(1)(a): for a sponsor that is not a natural person, the address of its place of " +
			"establishment; padview checks less: a country alone counts as present",
		About: "Where a sponsor that is not a natural person is established; also read from any group. The Regulation " +
			"asks for the address of the place of establishment; padview counts any value as present, a bare country " +
			"code (\"countryOfEstablishment\": \"GB\") included, so a reviewer should read it.",
		Fields: []string{"placeOfEstablishment", "establishment", "countryOfEstablishment"},
		eval:   evalEstablishment,
	},
	{
		ID: "controlling_entity", Label: "Entity controlling the sponsor",
		Basis: reg + "Art. 12(1)(a): where applicable, the identity of the entity ultimately controlling the sponsor, " +
			"with its name, email address and postal address where made public; padview checks only the name",
		About: "The entity ultimately controlling the sponsor, where there is one. The Regulation asks for its name, " +
			"email address and postal address where made public, as for the sponsor; padview " +
			"checks only that it is named, so a reviewer should read the rest. The Controllers collection is not read " +
			"for this: in the services seen so far it lists data controllers.",
		Fields: []string{"controllingEntity", "ultimateController", "controlledBy"},
		eval:   evalEntity("no controlling entity"),
	},
	{
		ID: "payer", Label: "Payer, if not the sponsor",
		Basis: reg + "Art. 12(1)(b): the information of point (a) on whoever provides the remuneration, if not the " +
			"sponsor or the entity controlling it; padview checks only the name",
		About: "Who paid for the advertisement, where that is not the sponsor; not applicable when it names the sponsor. " +
			"The Regulation asks for the payer what point (a) asks for the sponsor (name, email address, postal address " +
			"where made public); padview checks only that it is named, so a reviewer should read the rest.",
		Fields: []string{"payer", "paidBy", "payingEntity"},
		eval:   evalEntity("the sponsor pays"),
	},
	{
		ID: "period", Label: "Publication period (start and end)", Required: true,
		Basis:  reg + "Art. 12(1)(c): the period of publication, delivery or dissemination",
		About:  "When the advertisement is published: a start and an end date, the end not before the start.",
		Fields: append(append([]string{}, startFields...), endFields...),
		eval:   evalPeriod,
	},
	{
		ID: "amounts", Label: "Amounts and other benefits, with currency", Required: true,
		Basis:  reg + "Art. 12(1)(d): the aggregated amounts and the aggregated value of other benefits received",
		About:  "The amounts and the value of other benefits received for the advertisement; every amount must name its currency.",
		Fields: []string{"amountsReceived", "totalValue", "amount", "otherBenefits"},
		eval:   evalAmounts,
	},
	{
		ID: "funding.origin", Label: "Origin of the funds", Required: true,
		Basis: reg + "Art. 12(1)(e): the public or private origin of the amounts and benefits",
		About: "Where the amounts and benefits come from. padview checks that an origin is given; " +
			"whether it says public or private is for the reviewer to read.",
		Fields: originFields,
		eval:   evalOrigin,
	},
	{
		ID: "funding.eu", Label: "Funds from inside or outside the EU", Required: true,
		Basis: reg + "Art. 12(1)(e): whether the amounts and benefits originate from inside or outside the Union",
		About: "Whether the funds come from inside or outside the Union, from a yes/no member or else from the " +
			"origin's own words. Funding from outside the EU is flagged.",
		Fields: thirdCountryFields,
		eval:   evalThirdCountry,
	},
	{
		ID: "calculation", Label: "How the amounts were calculated", Required: true,
		Basis:  reg + "Art. 12(1)(f): the methodology used to calculate the amounts and values",
		About:  "The methodology used to calculate the amounts and values.",
		Fields: []string{"calculationMethod", "calculationMethodology"},
		eval:   evalField,
	},
	{
		ID: "election", Label: "Linked election or referendum",
		Basis:  reg + "Art. 12(1)(g): where applicable, the elections, referendums or legislative or regulatory processes linked",
		About:  "The election, referendum or legislative process the advertisement is linked to, where there is one.",
		Fields: []string{"linkedElection", "election", "electionName", "referendum", "electionDate"},
		eval:   evalField,
	},
	{
		ID: "election.date", Label: "Date of the election or referendum",
		Basis: "none of its own: " + reg + "Art. 12(1)(g) asks which election, not its date; " +
			"padview checks the date as a help to the reviewer",
		About:  "The date of the linked election or referendum.",
		Fields: []string{"electionDate", "referendumDate", "votingDate"},
		eval:   evalField,
	},
	{
		ID: "targeting", Label: "Whether targeting techniques were used",
		Basis: reg + "Art. 12(1)(l) with Art. 19(1)(c): where applicable, a statement that targeting or ad-delivery " +
			"techniques based on personal data were used; uncertain: the point letter (l) is padview's reading of the list",
		About: "A statement whether targeting or ad-delivery techniques based on personal data were used. padview " +
			"checks that the service says whether they were; the details Art. 19 asks for are for the reviewer to read.",
		Fields: []string{"techniquesUsed", "targetingTechniquesUsed", "targeting"},
		eval:   evalField,
	},
	{
		ID: "suspension", Label: "Suspension or removal history",
		Basis: reg + "Art. 12(1)(k): where applicable, whether a previous publication was suspended or discontinued " +
			"for an infringement; uncertain: the point letter (k) is padview's reading of the list",
		About:  "Whether an earlier publication of the advertisement (or of an earlier version) was suspended or discontinued for an infringement.",
		Fields: []string{"suspensionHistory", "previouslySuspended", "suspensions"},
		eval:   evalField,
	},
	{
		ID: "notice_url", Label: "Link to the transparency notice", Required: true,
		Basis: reg + "Art. 11(1)(e): the transparency notice, or a clear indication of where it can be retrieved; " +
			"uncertain: padview takes a web address as that indication",
		About:  "A web address (http or https) where the transparency notice can be read.",
		Fields: []string{"transparencyNoticeUrl", "transparencyUrl", "noticeUrl"},
		eval:   evalURL,
	},
}

// Field lists that more than one rule reads.
var (
	startFields        = []string{"startDate", "periodStart", "publicationStart"}
	endFields          = []string{"endDate", "periodEnd", "publicationEnd"}
	originFields       = []string{"fundingOrigin", "originOfFunds", "sourceOfFunds"}
	thirdCountryFields = []string{"isThirdCountryFunded", "thirdCountryFunded"}
)

// RuleByID finds a rule of Rules.
func RuleByID(id string) (Rule, bool) {
	for _, r := range Rules {
		if r.ID == id {
			return r, true
		}
	}
	return Rule{}, false
}
