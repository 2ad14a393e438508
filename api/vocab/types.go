package vocab

import "strings"

// Type is how a member's value is read.
type Type uint8

// The types of the vocabulary, as the data files name them.
const (
	Text      Type = iota // as sent
	Money                 // an amount of money, or a range of amounts
	Benefit               // money, or benefits in kind described in words
	Date                  // a date or an instant
	Bool                  // yes or no
	Flag                  // yes or no where it reads as one, else as sent (a list of techniques)
	Country               // an ISO 3166 country
	Place                 // a country where it reads as one, else a place as sent
	URL                   // a web address
	Count                 // a number of things (impressions, versions)
	Period                // an object holding a start and an end
	PartyType             // an object describing a party (the payer, the controlling entity)
	Currency              // an ISO 4217 code: the currency of the amounts beside it
)

var typeNames = [...]string{"text", "money", "benefit", "date", "bool", "flag", "country", "place", "url", "count", "period",
	"party", "currency"}

func (t Type) String() string { return typeNames[t] }

func parseType(s string) (Type, bool) {
	for i, n := range typeNames {
		if n == s {
			return Type(i), true
		}
	}
	return Text, false
}

// Category is the kind of personal data a member holds; "" when it holds
// none.
type Category string

// The categories of personal data, in the order people are told of them.
const (
	NotPersonal Category = ""
	Email       Category = "email"
	Phone       Category = "phone"
	Address     Category = "address" // a street address, a postal code, a full postal address
	Name        Category = "name"    // the name of a natural person
	OtherData   Category = "other"   // date of birth, identity or tax number, bank account
)

// Categories lists the categories in the order they are reported.
var Categories = []Category{Email, Phone, Address, Name, OtherData}

// FullViewOnly reports whether only the full view carries data of the
// category. The partner interface says the full view adds emails, phone
// numbers and full addresses (and padview counts the other personal data
// with them), not names: the standard view keeps those.
func (c Category) FullViewOnly() bool { return c != NotPersonal && c != Name }

// Group names a part of the normalized document, as its JSON writes it:
// the groups of the partner interface, and the two parties that live in
// complianceAndFunding (payer, controllingEntity).
const (
	Advertiser           = "advertiser"
	Campaign             = "campaign"
	Sponsors             = "sponsors"
	Controllers          = "controllers"
	SponsorsAndCtrl      = "sponsorsAndControllers"
	BasicInformation     = "basicInformation"
	ComplianceAndFunding = "complianceAndFunding"
	Targeting            = "targeting"
	LegalAndMetadata     = "legalAndMetadata"
	Other                = "other"
	Payer                = "payer"
	ControllingEntity    = "controllingEntity"

	// party is the scope of the fields every party has.
	party = "party"
)

// objectGroups are the groups whose members are fields, in the document's
// order; the parties' fields are the party scope's.
var objectGroups = []string{Campaign, BasicInformation, ComplianceAndFunding, Targeting, LegalAndMetadata}

// IsParty reports whether a group or role holds parties: its members are
// party fields (email, street address, name).
func IsParty(group string) bool {
	switch group {
	case Advertiser, Sponsors, Controllers, Payer, ControllingEntity, party:
		return true
	}
	return false
}

// Home is where a role's object lives in the normalized document: the
// payer and the controlling entity in complianceAndFunding; "" for a group.
func Home(group string) string {
	if group == Payer || group == ControllingEntity {
		return ComplianceAndFunding
	}
	return ""
}

// Field is one field of the normalized document.
type Field struct {
	// Group is where the field lives: a group of the document, or "party"
	// for the fields every party has (advertiser, sponsors, controllers,
	// payer, controlling entity).
	Group string
	// Name is the member name the normalized document writes.
	Name     string
	Type     Type
	Category Category
	// NameOfPerson marks a party's plain name, which is personal data only
	// where the party is a natural person.
	NameOfPerson bool
}

// Path is the field's place in the normalized document: "campaign.startDate",
// "party.email".
func (f *Field) Path() string { return f.Group + "." + f.Name }

// Kind says what a member name was recognised as.
type Kind uint8

const (
	// Unknown: the vocabulary does not know the name.
	Unknown Kind = iota
	// GroupName: the name of a group or party ("advertiser", "Sponsors",
	// "betalende").
	GroupName
	// FieldName: a field of the document.
	FieldName
	// Kept: a name a prefix rule sends to a group, where it keeps its own
	// name ("akkoord_gegevens_juist" in legalAndMetadata).
	Kept
	// Envelope: a member a response wrapper carries beside the
	// advertisement ("status", "meta", "paging").
	Envelope
	// Identifier: a name for the advertisement's identifier ("paid").
	Identifier
	// Routed: a name a user's [fields] prefix sends to a group or party
	// whose rest the vocabulary does not know ("ausgaben_waehrung" under
	// "ausgaben_*" = "complianceAndFunding.*" where "waehrung" were
	// unknown): it goes there under its own name, but it is not
	// recognised, so that the check never calls an item missing that may
	// be this member.
	Routed
)

// Meaning is what the vocabulary makes of a member name in a scope.
type Meaning struct {
	Kind Kind
	// Group is where the member belongs: for a field or a kept name, the
	// group or party that holds it ("advertiser", "payer", "campaign");
	// for a group name, the group. In a party's own scope it is "" for the
	// party's fields.
	Group string
	// Field is the field, for FieldName.
	Field *Field
	// Currency is an ISO 4217 code the name itself gives
	// ("totale_waarde_campagne_euro": EUR).
	Currency string
	// By says what recognised the name, for people: the vocabulary and,
	// for a composed name, its parts; for a name read by its words, the
	// words and what they read as ("words: paying advertiser name →
	// payer.name").
	By string
	// Part is the end of a range of amounts a name gives ("lower" for
	// "spend_range_min_eur", "upper" for its "_max_" twin); "" for a
	// whole amount.
	Part string
	// candidates are, for a name padview did not recognise, the places
	// its words touch, best first, joined by commas (a string, so that a
	// Meaning stays comparable): see Candidates.
	candidates string
	// Unread says that none of the name's words could be read: by its
	// words it may be anything, and only its value's shape and its place
	// tell what it may hold.
	Unread bool

	spelling string // the name as the vocabulary writes it, for By
}

// Candidates are, for a name padview did not recognise, the places its
// words touch ("complianceAndFunding.amountsReceived", "advertiser.email",
// "payer"), best first: the items the member may hold.
func (m Meaning) Candidates() []string {
	if m.candidates == "" {
		return nil
	}
	return strings.Split(m.candidates, ",")
}

// Recognised reports whether the vocabulary knows the name: a name a
// user's prefix only routed to a group is not recognised.
func (m Meaning) Recognised() bool { return m.Kind != Unknown && m.Kind != Routed }

// Path is the member's place in the normalized document, in the form a
// [fields] mapping writes it: "advertiser.email", "payer.email",
// "campaign.startDate"; the group alone for a group name; "" otherwise.
func (m Meaning) Path() string {
	switch m.Kind {
	case GroupName:
		return m.Group
	case FieldName:
		g := m.Group
		if g == "" {
			g = m.Field.Group
		}
		return g + "." + m.Field.Name
	case Kept, Routed:
		return m.Group + ".*"
	}
	return ""
}

// Category is the kind of personal data the member holds by its name; a
// party's plain name counts only where told that the party is a natural
// person.
func (m Meaning) Category(naturalPerson bool) Category {
	if m.Kind != FieldName {
		return NotPersonal
	}
	if m.Field.NameOfPerson && naturalPerson {
		return Name
	}
	return m.Field.Category
}

// Type is how the member's value is read: the field's type, Money for a
// name that gives a currency, else Text.
func (m Meaning) Type() Type {
	switch {
	case m.Kind == FieldName && m.Currency != "" && m.Field.Type != Benefit:
		return Money
	case m.Kind == FieldName:
		return m.Field.Type
	}
	return Text
}

// splitPath cuts "group.field" at its first dot.
func splitPath(p string) (group, field string) {
	group, field, _ = strings.Cut(p, ".")
	return group, field
}
