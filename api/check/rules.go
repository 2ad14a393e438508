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
		Basis:  reg + "Art. 12(1)(a)",
		About:  "The sponsor's name. Met by the advertiser, or by every sponsor listed.",
		Fields: []string{"name", "companyName", "legalName", "lastName"},
		eval:   evalParty(false),
	},
	{
		ID: "sponsor.legal_name", Label: "Sponsor legal name",
		Basis: reg + "Art. 12(1)(a); uncertain: point (a) asks for the name, and reading it as " +
			"the registered legal name of a legal person is padview's own",
		About:  "The registered name of a sponsor that is a legal person; not applicable to a natural person.",
		Fields: []string{"legalName", "legalEntityName", "registeredName"},
		eval:   evalParty(true),
	},
	{
		ID: "sponsor.email", Label: "Sponsor contact email", Required: true,
		Basis:  reg + "Art. 12(1)(a)",
		About:  "A contact email of the sponsor. Personal data: only the full view carries it.",
		Fields: []string{"email", "emailAddress", "contactEmail"},
		eval:   evalParty(false),
	},
	{
		ID: "sponsor.address", Label: "Sponsor postal address",
		Basis:  reg + "Art. 12(1)(a), where the sponsor has made it public",
		About:  "The sponsor's postal address, needed where it has been made public. Personal data: only the full view carries it.",
		Fields: []string{"streetAddress", "address", "postalAddress"},
		eval:   evalParty(false),
	},
	{
		ID: "sponsor.establishment", Label: "Sponsor place of establishment", Required: true,
		Basis:  reg + "Art. 12(1)(a), for a sponsor that is not a natural person",
		About:  "Where a sponsor that is not a natural person is established; also read from any group.",
		Fields: []string{"placeOfEstablishment", "establishment", "countryOfEstablishment"},
		eval:   evalEstablishment,
	},
	{
		ID: "controlling_entity", Label: "Entity controlling the sponsor",
		Basis: reg + "Art. 12(1)(a), where applicable",
		About: "The entity ultimately controlling the sponsor, with the sponsor's items, where there is one. " +
			"The Controllers collection is not read for this: in the services seen so far it lists data controllers.",
		Fields: []string{"controllingEntity", "ultimateController", "controlledBy"},
		eval:   evalEntity("no controlling entity"),
	},
	{
		ID: "payer", Label: "Payer, if not the sponsor",
		Basis:  reg + "Art. 12(1)(b), where applicable",
		About:  "Who paid for the advertisement, where that is not the sponsor; not applicable when it names the sponsor.",
		Fields: []string{"payer", "paidBy", "payingEntity"},
		eval:   evalEntity("the sponsor pays"),
	},
	{
		ID: "period", Label: "Publication period (start and end)", Required: true,
		Basis:  reg + "Art. 12(1)(c)",
		About:  "When the advertisement is published: a start and an end date, the end not before the start.",
		Fields: append(append([]string{}, startFields...), endFields...),
		eval:   evalPeriod,
	},
	{
		ID: "amounts", Label: "Amounts and other benefits, with currency", Required: true,
		Basis:  reg + "Art. 12(1)(d)",
		About:  "The amounts and the value of other benefits received for the advertisement; every amount must name its currency.",
		Fields: []string{"amountsReceived", "totalValue", "amount", "otherBenefits"},
		eval:   evalAmounts,
	},
	{
		ID: "funding.origin", Label: "Origin of the funds", Required: true,
		Basis: reg + "Art. 12(1)(e)",
		About: "Where the amounts and benefits come from. padview checks that an origin is given; " +
			"whether it says public or private is for the reviewer to read.",
		Fields: originFields,
		eval:   evalOrigin,
	},
	{
		ID: "funding.eu", Label: "Funds from inside or outside the EU", Required: true,
		Basis: reg + "Art. 12(1)(e)",
		About: "Whether the funds come from inside or outside the Union, from a yes/no member or else from the " +
			"origin's own words. Funding from outside the EU is flagged.",
		Fields: thirdCountryFields,
		eval:   evalThirdCountry,
	},
	{
		ID: "calculation", Label: "How the amounts were calculated", Required: true,
		Basis:  reg + "Art. 12(1)(f)",
		About:  "The methodology used to calculate the amounts and values.",
		Fields: []string{"calculationMethod", "calculationMethodology"},
		eval:   evalField,
	},
	{
		ID: "election", Label: "Linked election or referendum",
		Basis:  reg + "Art. 12(1)(g), where applicable",
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
		Basis:  reg + "Art. 12(1)(j) with Art. 19, where applicable; uncertain: the point letter is padview's reading",
		About:  "A statement whether targeting or ad-delivery techniques based on personal data were used.",
		Fields: []string{"techniquesUsed", "targetingTechniquesUsed", "targeting"},
		eval:   evalField,
	},
	{
		ID: "suspension", Label: "Suspension or removal history",
		Basis:  reg + "Art. 12(1)(i), where applicable; uncertain: the point letter is padview's reading",
		About:  "Whether an earlier publication of the advertisement was suspended or discontinued for an infringement.",
		Fields: []string{"suspensionHistory", "previouslySuspended", "suspensions"},
		eval:   evalField,
	},
	{
		ID: "notice_url", Label: "Link to the transparency notice", Required: true,
		Basis: reg + "Art. 11(1), the notice or where to find it; uncertain: the point letter is not cited, " +
			"and padview takes a web address as that indication",
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
