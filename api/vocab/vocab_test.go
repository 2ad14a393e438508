package vocab

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The built-in data gives no name two meanings in one scope: where two
// vocabularies agree on a name they must agree on its field.
func TestBuiltinHasNoConflicts(t *testing.T) {
	for _, c := range Builtin().conflicts {
		t.Errorf("conflict: %s", c)
	}
}

func TestFold(t *testing.T) {
	for in, want := range map[string]string{
		"companyName": "companyname", "company_name": "companyname", "Company Name": "companyname",
		"company-name": "companyname", "Compliance & Funding": "complianceandfunding",
		"téléphone": "telephone", "Straße": "strasse", "Ort/PLZ": "ortplz", "ÉLECTION": "election",
		"Łódź": "lodz", "Kaistraße_1": "kaistrasse1",
	} {
		if got := Fold(in); got != want {
			t.Errorf("Fold(%q) = %q; want %q", in, got, want)
		}
	}
	// A hidden character never folds away: "c\u202eity" is not "city".
	for _, in := range []string{"c\u202eity", "ci\u0001ty", "ci\ufe0fty", "company\u200bName"} {
		if f := Fold(in); f == "city" || f == "companyname" {
			t.Errorf("Fold(%q) = %q: a hidden character folded away", in, f)
		}
	}
}

// lookupCase is a name in a scope and the path the vocabulary reads it as
// ("" for a name it does not know).
type lookupCase struct{ scope, name, path string }

func checkLookups(t *testing.T, cases []lookupCase) {
	t.Helper()
	v := Builtin()
	for _, c := range cases {
		m := v.Lookup(c.scope, c.name)
		if got := m.Path(); got != c.path {
			t.Errorf("Lookup(%q, %q) = %q (%s); want %q", c.scope, c.name, got, m.By, c.path)
		}
	}
}

// The partner interface's English names, in any case style.
func TestSpecVocabulary(t *testing.T) {
	checkLookups(t, []lookupCase{
		{"", "advertiser", "advertiser"}, {"", "Advertiser Details", "advertiser"}, {"", "sponsors", "sponsors"},
		{"", "Sponsors & Controllers", "sponsorsAndControllers"}, {"", "compliance", "complianceAndFunding"},
		{"", "companyName", "advertiser.companyName"}, {"", "e_mail", "advertiser.email"},
		{"", "campaign_start_date", "campaign.startDate"}, {"", "campaignName", "campaign.name"},
		{"", "name", "basicInformation.title"}, {"campaign", "name", "campaign.name"},
		{"sponsors", "name", "party.name"}, {"sponsors", "contactEmail", "party.email"},
		{"sponsors", "phone_number", "party.phone"}, {"sponsors", "address", "party.postalAddress"},
		{"advertiser", "kind", "party.kind"}, {"complianceAndFunding", "originOfFunds", "complianceAndFunding.fundingOrigin"},
		{"complianceAndFunding", "paidBy", "payer"}, {"complianceAndFunding", "ultimate_controller", "controllingEntity"},
		{"targeting", "techniques_used", "targeting.techniquesUsed"}, {"legalAndMetadata", "lastUpdated", "legalAndMetadata.lastUpdated"},
		{"", "status", ""}, {"", "notAMember", ""},
	})
	v := Builtin()
	if m := v.Lookup("", "status"); m.Kind != Envelope {
		t.Errorf("status is %v, not the envelope's", m.Kind)
	}
	if m := v.Lookup("", "paid"); m.Kind != Identifier {
		t.Errorf("paid is %v, not the identifier", m.Kind)
	}
	// A member a service put in another group is recognised where it is.
	if m := v.Lookup("basicInformation", "startDate"); m.Path() != "campaign.startDate" {
		t.Errorf("startDate in basicInformation: %q", m.Path())
	}
	if got := v.Listed(Advertiser); len(got) != 10 || got[0] != "companyName" {
		t.Errorf("the advertiser's listed fields: %q", got)
	}
}

// The items of the TTPA notice template (IR 2025/1410, Annex II), as English
// member names.
func TestTTPAVocabulary(t *testing.T) {
	checkLookups(t, []lookupCase{
		{"", "sponsor_name", "advertiser.name"}, {"", "sponsorEmail", "advertiser.email"},
		{"", "entity_ultimately_controlling_the_sponsor", "controllingEntity"}, {"", "paying_entity", "payer"},
		{"", "period_of_publication", "campaign.period"}, {"", "aggregated_amounts_for_the_advertisement", "complianceAndFunding.amountsReceived"},
		{"", "amounts_for_the_campaign", "campaign.totalValue"}, {"", "origin_of_the_amounts", "complianceAndFunding.fundingOrigin"},
		{"", "methodology_used", "complianceAndFunding.calculationMethodology"},
		{"", "linked_election", "complianceAndFunding.linkedElection"},
		{"", "official_information_on_participation", "complianceAndFunding.officialInformation"},
		{"", "link_to_the_european_repository", "complianceAndFunding.repositoryUrl"},
		{"", "notification_mechanism", "complianceAndFunding.notificationMechanism"},
		{"", "suspended_or_discontinued", "legalAndMetadata.previouslySuspended"},
		{"", "targeting_statement", "targeting.techniquesUsed"}, {"", "targeting_details", "targeting"},
		{"targeting", "targeting_details", "targeting.details"},
		{"", "means_to_exercise_rights", "targeting.dataProtectionRights"},
	})
}

// politiekereclame.nl's statements: every member a statement has.
func TestPolitiekereclameVocabulary(t *testing.T) {
	checkLookups(t, []lookupCase{
		{"", "id", "basicInformation.id"}, {"", "name", "basicInformation.title"}, {"", "public_id", "basicInformation.id"},
		{"", "theme", "complianceAndFunding.linkedElection"}, {"", "theme_link", "complianceAndFunding.linkedElection"},
		{"", "date_created", "legalAndMetadata.created"}, {"", "date_updated", "legalAndMetadata.lastUpdated"},
		{"", "versions_count", "legalAndMetadata.versions"}, {"", "versions", "legalAndMetadata.versions"},
		{"", "organization_created", "legalAndMetadata.createdBy"}, {"", "date_published", "basicInformation.firstPublished"},
		{"", "opdrachtgever_naam_organisatie", "advertiser.companyName"}, {"", "opdrachtgever_straat_huisnummer", "advertiser.streetAddress"},
		{"", "opdrachtgever_plaats", "advertiser.city"}, {"", "opdrachtgever_kvk_nummer", "advertiser.registrationNumber"},
		{"", "opdrachtgever_contactpersoon", "advertiser.contactPerson"}, {"", "opdrachtgever_mailadres", "advertiser.email"},
		{"", "opdrachtgever_registratienummer_kiesraad", "advertiser.electoralRegistration"},
		{"", "gezaghebbende_naam_organisatie", "controllingEntity.companyName"}, {"", "gezaghebbende_mailadres", "controllingEntity.email"},
		{"", "gezaghebbende_straat_huisnummer", "controllingEntity.streetAddress"}, {"", "gezaghebbende_plaats", "controllingEntity.city"},
		{"", "gezaghebbende_kvk_nummer", "controllingEntity.registrationNumber"},
		{"", "betalende_naam_organisatie", "payer.companyName"}, {"", "betalende_contactpersoon", "payer.contactPerson"},
		{"", "betalende_mailadres", "payer.email"}, {"", "betalende_straat_huisnummer", "payer.streetAddress"},
		{"", "betalende_plaats", "payer.city"}, {"", "betalende_kvk_nummer", "payer.registrationNumber"},
		{"", "campagne_periode_startdatum", "campaign.startDate"}, {"", "campagne_periode_einddatum", "campaign.endDate"},
		{"", "betaalde_media_waarde_euro", "complianceAndFunding.amountsReceived"},
		{"", "totale_waarde_campagne_euro", "campaign.totalValue"}, {"", "relevante_links", "basicInformation.links"},
		{"", "gebruikte_targeting_techniek", "targeting.techniquesUsed"},
		{"", "oorsprong_ontvangen_bedragen", "complianceAndFunding.fundingOrigin"},
		{"", "akkoord_gegevens_juist", "legalAndMetadata.*"}, {"", "akkoord_politieke_reclamedienst", "legalAndMetadata.*"},
		{"", "methode_waardebepaling_voordelen_natura", "complianceAndFunding.calculationMethodology"},
		{"", "ingezette_media", "campaign.medium"}, {"", "reclame_boodschap", "basicInformation.description"},
	})
	v := Builtin()
	for name, cur := range map[string]string{"totale_waarde_campagne_euro": "EUR", "betaalde_media_waarde_euro": "EUR"} {
		if m := v.Lookup("", name); m.Currency != cur || m.Type() != Money {
			t.Errorf("%s: currency %q, type %v", name, m.Currency, m.Type())
		}
	}
}

// Meta Ad Library's ads_archive fields.
func TestMetaAdLibraryVocabulary(t *testing.T) {
	checkLookups(t, []lookupCase{
		{"", "id", "basicInformation.id"}, {"", "ad_creation_time", "legalAndMetadata.created"},
		{"", "ad_creative_bodies", "basicInformation.description"}, {"", "ad_creative_link_titles", "basicInformation.linkTitles"},
		{"", "ad_delivery_start_time", "campaign.startDate"}, {"", "ad_delivery_stop_time", "campaign.endDate"},
		{"", "ad_snapshot_url", "basicInformation.url"}, {"", "bylines", "payer.name"}, {"", "funding_entity", "payer"},
		{"", "currency", "complianceAndFunding.currency"}, {"", "delivery_by_region", "targeting.regionDistribution"},
		{"", "demographic_distribution", "targeting.demographicDistribution"},
		{"", "estimated_audience_size", "targeting.estimatedAudienceSize"}, {"", "eu_total_reach", "targeting.reach"},
		{"", "impressions", "targeting.impressions"}, {"", "languages", "basicInformation.language"},
		{"", "page_id", "advertiser.id"}, {"", "page_name", "advertiser.name"},
		{"", "publisher_platforms", "basicInformation.platforms"}, {"", "spend", "complianceAndFunding.amountsReceived"},
		{"", "target_ages", "targeting.ageRange"}, {"", "target_gender", "targeting.gender"},
		{"", "target_locations", "targeting.locations"}, {"", "beneficiary_payers", "complianceAndFunding.beneficiaryPayers"},
		{"", "paging", ""},
	})
	v := Builtin()
	for name, part := range map[string]string{"lower_bound": "lower", "upper_bound": "upper", "currency": "currency", "amount": "amount"} {
		if got := v.MoneyPart(name); got != part {
			t.Errorf("MoneyPart(%q) = %q; want %q", name, got, part)
		}
	}
}

// Ad collectors: the advertiser as a bare string, "paid for by", targets.
func TestAdCollectorVocabulary(t *testing.T) {
	checkLookups(t, []lookupCase{
		{"", "advertiser", "advertiser"}, {"", "paid_for_by", "payer"}, {"", "targets", "targeting.targets"},
		{"", "targeting", "targeting"}, {"", "message", "basicInformation.message"}, {"", "html", "basicInformation.html"},
		{"", "lang", "basicInformation.language"}, {"", "political_probability", "legalAndMetadata.politicalProbability"},
		{"", "page", "advertiser.website"}, {"", "created_at", "legalAndMetadata.created"},
	})
}

// Names in Dutch, German and French, with or without their accents.
func TestOtherLanguages(t *testing.T) {
	checkLookups(t, []lookupCase{
		{"sponsors", "naam", "party.name"}, {"sponsors", "telefoonnummer", "party.phone"}, {"sponsors", "postcode", "party.postalCode"},
		{"sponsors", "Straße", "party.streetAddress"}, {"sponsors", "strasse_hausnummer", "party.streetAddress"},
		{"sponsors", "PLZ", "party.postalCode"}, {"sponsors", "Vorname", "party.firstName"}, {"sponsors", "E-Mail", "party.email"},
		{"sponsors", "courriel", "party.email"}, {"sponsors", "téléphone", "party.phone"}, {"sponsors", "code_postal", "party.postalCode"},
		{"sponsors", "raison_sociale", "party.legalName"}, {"sponsors", "siège_social", "party.placeOfEstablishment"},
		{"", "Auftraggeber", "advertiser"}, {"", "Zahler_Name", "payer.name"}, {"", "commanditaire_courriel", "advertiser.email"},
		{"", "payeur_adresse", "payer.postalAddress"}, {"", "Kampagne", "campaign"}, {"campaign", "Startdatum", "campaign.startDate"},
		{"", "date_de_fin", "campaign.endDate"}, {"", "Herkunft der Mittel", "complianceAndFunding.fundingOrigin"},
		{"", "origine_des_fonds", "complianceAndFunding.fundingOrigin"}, {"", "verkiezing", "complianceAndFunding.linkedElection"},
	})
}

// How names compose: a role and a party's field, a group and its field, a
// qualifier, a currency, a prefix that sends a member to a group.
func TestComposition(t *testing.T) {
	checkLookups(t, []lookupCase{
		// role prefixes: opdrachtgever_ (the sponsor), betalende_ (the payer), gezaghebbende_ (the controlling entity)
		{"", "opdrachtgever_telefoon", "advertiser.phone"}, {"", "betalende_postcode", "payer.postalCode"},
		{"", "gezaghebbende_contactpersoon", "controllingEntity.contactPerson"}, {"", "advertiserEmail", "advertiser.email"},
		{"", "payer_street", "payer.streetAddress"}, {"", "auftraggeber_firmenname", "advertiser.companyName"},
		// a role prefix in a party's own object names the party's own field
		{"payer", "betalende_mailadres", "party.email"}, {"advertiser", "opdrachtgever_plaats", "party.city"},
		// attribute suffixes in any role: _mailadres, _straat_huisnummer, _plaats, _kvk_nummer, _contactpersoon
		{"", "opdrachtgever_mailadres", "advertiser.email"}, {"", "betalende_straat_huisnummer", "payer.streetAddress"},
		{"", "gezaghebbende_plaats", "controllingEntity.city"}, {"", "betalende_kvk_nummer", "payer.registrationNumber"},
		// a group and its field
		{"", "campagne_startdatum", "campaign.startDate"}, {"", "campaign_total_value", "campaign.totalValue"},
		// a qualifier before a party's field
		{"sponsors", "contact_telefoon", "party.phone"}, {"sponsors", "primaryEmail", "party.email"},
		// a currency in the name
		{"", "spend_eur", "complianceAndFunding.amountsReceived"}, {"", "totalValueInEuro", "campaign.totalValue"},
		{"", "amount_usd", "complianceAndFunding.amountsReceived"},
		// a prefix that keeps the rest of the name
		{"", "akkoord_iets_nieuws", "legalAndMetadata.*"},
		// not every prefix makes a name: the rest must mean something
		{"", "opdrachtgever_hobby", ""}, {"", "chauffeur", ""}, {"", "patron", ""},
	})
	v := Builtin()
	for name, cur := range map[string]string{"spend_eur": "EUR", "totalValueInEuro": "EUR", "amount_usd": "USD", "total_gbp": "GBP"} {
		if m := v.Lookup("", name); m.Currency != cur {
			t.Errorf("%s: currency %q; want %s", name, m.Currency, cur)
		}
	}
	if m := v.Lookup("", "opdrachtgever_mailadres"); !strings.Contains(m.By, "opdrachtgever") || !strings.Contains(m.By, "mailadres") {
		t.Errorf("what recognised a composed name: %q", m.By)
	}
}

// What a member holds, by the vocabulary: personal or not and of which
// category, never by a substring of its name.
func TestCategories(t *testing.T) {
	v := Builtin()
	for _, c := range []struct {
		scope, name string
		natural     bool
		want        Category
	}{
		{"sponsors", "email", false, Email}, {"sponsors", "mailadres", false, Email}, {"", "opdrachtgever_mailadres", false, Email},
		{"sponsors", "telefoon", false, Phone}, {"sponsors", "fax", false, Phone},
		{"sponsors", "straat_huisnummer", false, Address}, {"sponsors", "postcode", false, Address}, {"sponsors", "address", false, Address},
		{"sponsors", "contactpersoon", false, Name}, {"sponsors", "firstName", false, Name}, {"sponsors", "nachname", false, Name},
		{"sponsors", "name", false, NotPersonal}, {"sponsors", "name", true, Name},
		{"sponsors", "iban", false, OtherData}, {"sponsors", "birthDate", false, OtherData},
		{"sponsors", "city", false, NotPersonal}, {"sponsors", "companyName", false, NotPersonal},
		// substrings say nothing: these hold no personal data by their names
		{"", "emailCampaignName", false, NotPersonal}, {"", "addressedIssue", false, NotPersonal},
		{"complianceAndFunding", "complaintsEmailPolicy", false, NotPersonal},
	} {
		if got := v.Lookup(c.scope, c.name).Category(c.natural); got != c.want {
			t.Errorf("%s/%s (natural %v): %q; want %q", c.scope, c.name, c.natural, got, c.want)
		}
	}
}

// Types by what a name means, and by its form where it means nothing.
func TestTypeOf(t *testing.T) {
	v := Builtin()
	for name, want := range map[string]Type{
		"startDate": Date, "campagne_periode_einddatum": Date, "ad_delivery_start_time": Date, "expiry_date": Date,
		"created_at": Date, "isThirdCountryFunded": Bool, "has_sponsor": Bool, "techniquesUsed": Flag,
		"totalValue": Money, "spend_eur": Money, "Spend_Range_Min_EUR": Money, "country": Country,
		"placeOfEstablishment": Place, "transparencyNoticeUrl": URL, "landing_url": URL, "impressions": Count,
		"candidate": Text, "format": Text, "issue": Text, "hashtag": Text, "chauffeur": Text,
	} {
		if got, _ := v.TypeOf(name); got != want {
			t.Errorf("TypeOf(%q) = %v; want %v", name, got, want)
		}
	}
}

// Value words in English, Dutch, German and French.
func TestValueWords(t *testing.T) {
	for _, s := range []string{"none", "N/A", "not disclosed", "geen", "n.v.t.", "NVT", "niet van toepassing", "keine",
		"entfällt", "aucun", "Aucune", "sans objet", "—", "-"} {
		if !IsNone(s) {
			t.Errorf("IsNone(%q) = false", s)
		}
	}
	for _, s := range []string{"", "Geen idee wie", "a none-profit", "Partij Fictief", "0"} {
		if IsNone(s) {
			t.Errorf("IsNone(%q) = true", s)
		}
	}
	for s, want := range map[string]bool{"yes": true, "Ja": true, "oui": true, "true": true, "1": true, "y": true,
		"no": false, "nee": false, "Nein": false, "non": false, "false": false, "0": false} {
		if got, ok := YesNo(s); !ok || got != want {
			t.Errorf("YesNo(%q) = %v, %v", s, got, ok)
		}
	}
	if _, ok := YesNo("perhaps"); ok {
		t.Error("perhaps read as yes or no")
	}
	for s, want := range map[string]Side{
		"Particulier geld van buiten de EU": Outside, "Publiek geld van binnen de EU,Particulier geld van binnen de EU": Inside,
		"third country": Outside, "private, within the EU": Inside, "Private Mittel von außerhalb der EU": Outside,
		"innerhalb der EU": Inside, "fonds privés hors de l'UE": Outside, "dans l'UE": Inside, "donations": SideUnknown,
		"binnen de EU, en ook van buiten de EU": Outside,
	} {
		if got := EUSide(s); got != want {
			t.Errorf("EUSide(%q) = %v; want %v", s, got, want)
		}
	}
	for s, want := range map[string][2]bool{
		"Publiek geld van binnen de EU,Particulier geld van binnen de EU": {true, true},
		"Particulier geld van buiten de EU":                               {false, true}, "öffentliche Mittel": {true, false},
		"fonds publics": {true, false}, "private, within the EU": {false, true}, "donations": {false, false},
	} {
		if pub, priv := Origin(s); pub != want[0] || priv != want[1] {
			t.Errorf("Origin(%q) = %v, %v; want %v", s, pub, priv, want)
		}
	}
	for s, want := range map[string]bool{"individual": true, "natural person": true, "natuurlijk persoon": true,
		"Privatperson": true, "personne physique": true, "individual donor": true, "person": true,
		"legal person": false, "association": false, "company": false} {
		if got := IsNaturalPersonKind(s); got != want {
			t.Errorf("IsNaturalPersonKind(%q) = %v", s, got)
		}
	}
	for s, want := range map[string]bool{"same as sponsor": true, "opdrachtgever": true, "selbst": true,
		"le commanditaire": true, "Steunfonds Rivierstad": false} {
		if got := IsSelf(s); got != want {
			t.Errorf("IsSelf(%q) = %v", s, got)
		}
	}
	for s, want := range map[string]bool{"Data Controller": true, "joint controller": true,
		"verwerkingsverantwoordelijke": true, "sponsor": false} {
		if got := IsControllerRole(s); got != want {
			t.Errorf("IsControllerRole(%q) = %v", s, got)
		}
	}
	for s, want := range map[string]bool{"processor": true, "Data Processor": true, "sub-processor": true,
		"Auftragsverarbeiter": true, "sous-traitant": true, "verwerker": true, "controller": false, "sponsor": false} {
		if got := IsProcessorRole(s); got != want {
			t.Errorf("IsProcessorRole(%q) = %v", s, got)
		}
	}
}

// A prefix of a user's [fields] routes a name whose rest the vocabulary
// does not know to its group or party, but does not recognise it: the
// check must not call an item missing that it may be. A prefix of the data
// ("akkoord_") keeps such names as recognised: it says what they are.
func TestUserPrefixRoutesButDoesNotRecognise(t *testing.T) {
	v, err := Builtin().With([]Mapping{{Name: "ausgaben_*", Path: "complianceAndFunding.*"}, {Name: "geldgeber_*", Path: "payer.*"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		scope, name, path string
		recognised        bool
	}{
		{"", "ausgaben_betrag", "complianceAndFunding.amountsReceived", true},
		{"", "ausgaben_waehrung", "complianceAndFunding.currency", true},
		{"", "ausgaben_zzz", "complianceAndFunding.*", false},
		{"complianceAndFunding", "ausgaben_zzz", "complianceAndFunding.*", false},
		{"", "geldgeber_strasse", "payer.streetAddress", true},
		{"", "geldgeber_lieblingsfarbe", "payer.*", false},
		{"payer", "geldgeber_lieblingsfarbe", "payer.*", false},
		{"", "akkoord_iets_nieuws", "legalAndMetadata.*", true},
	} {
		m := v.Lookup(c.scope, c.name)
		if m.Path() != c.path || m.Recognised() != c.recognised {
			t.Errorf("Lookup(%q, %q) = %s recognised %v; want %s %v", c.scope, c.name, m.Path(), m.Recognised(), c.path, c.recognised)
		}
	}
}

// The words for an amount's parts in Dutch, German and French, and the
// "<amount><currency word>" naming rule.
func TestMoneyWords(t *testing.T) {
	v := Builtin()
	for name, part := range map[string]string{"currency": "currency", "Währung": "currency", "waehrung": "currency",
		"devise": "currency", "valuta": "currency", "munt": "currency", "bedrag": "amount", "Betrag": "amount",
		"montant": "amount", "waarde": "amount", "Wert": "amount", "valeur": "amount", "von": "lower", "bis": "upper",
		"ondergrens": "lower", "bovengrens": "upper", "borne_inférieure": "lower", "name": ""} {
		if got := v.MoneyPart(name); got != part {
			t.Errorf("MoneyPart(%q) = %q; want %q", name, got, part)
		}
	}
	checkLookups(t, []lookupCase{
		{"", "devise", "complianceAndFunding.currency"}, {"", "Währung", "complianceAndFunding.currency"},
		{"", "montant_ht", "complianceAndFunding.amountsReceived"}, {"", "spendensumme", "complianceAndFunding.amountsReceived"},
		{"", "uitgaven", "complianceAndFunding.amountsReceived"}, {"", "gesamtbudget", "campaign.totalValue"},
		{"", "meldeverfahren", "complianceAndFunding.notificationMechanism"},
		{"", "lien_avis_de_transparence", "complianceAndFunding.transparencyNoticeUrl"},
	})
	if m := v.Lookup("", "devise"); m.Type() != Currency {
		t.Errorf("devise is read as %v", m.Type())
	}
	for key, amount := range map[string]string{"totalValueCurrency": "totalvalue", "bedrag_valuta": "bedrag",
		"spend_currency_code": "spend", "Betrag_Währung": "betrag"} {
		if got, ok := v.CurrencyOf(key); !ok || got != amount {
			t.Errorf("CurrencyOf(%q) = %q %v; want %q", key, got, ok, amount)
		}
	}
	for _, key := range []string{"currency", "totalValue", "currencyNote"} {
		if got, ok := v.CurrencyOf(key); ok {
			t.Errorf("CurrencyOf(%q) = %q", key, got)
		}
	}
}

// The sets the check and the panes read, and the sources whose records
// are themselves the notice.
func TestSetsAndNotices(t *testing.T) {
	v := Builtin()
	names := func(set string) string {
		var out []string
		for _, f := range v.Set(set) {
			out = append(out, f.Path())
		}
		return strings.Join(out, " ")
	}
	for set, want := range map[string]string{
		SetNames:      "party.name party.companyName party.legalName",
		SetPersonName: "party.firstName party.lastName",
		SetAddress:    "party.streetAddress party.postalAddress party.postalCode party.city party.country",
		SetPlace:      "party.city party.postalAddress",
		SetTargetingDetails: "targeting.details targeting.techniques targeting.personalDataCategories targeting.audience " +
			"targeting.ageRange targeting.gender targeting.locations targeting.interests targeting.devices targeting.excluded targeting.targets",
	} {
		if got := names(set); got != want {
			t.Errorf("set %s = %s; want %s", set, got, want)
		}
	}
	if f, _ := v.Field("targeting.ageRange"); !v.InSet(SetTargetingDetails, f) {
		t.Error("ageRange is not a targeting detail")
	}
	if f, _ := v.Field("targeting.impressions"); v.InSet(SetTargetingDetails, f) {
		t.Error("impressions, a result of delivery, read as a targeting detail")
	}
	for key, want := range map[string]string{"akkoord_transparantieverklaring_toestemming": "politiekereclame.nl",
		"opdrachtgever_naam_organisatie": "politiekereclame.nl", "ad_snapshot_url": "", "transparencyNoticeUrl": ""} {
		if got := v.NoticeSource(key); got != want {
			t.Errorf("NoticeSource(%q) = %q; want %q", key, got, want)
		}
	}
}

// Personal data by the vocabulary, and for a name it does not read as a
// field by a personal attribute at its end or among its words, erring
// towards hiding; short names count only as words of their own.
func TestPersonalGuesses(t *testing.T) {
	v := Builtin()
	for _, c := range []struct {
		scope, name string
		want        Category
	}{
		{"", "geldgeber_strasse", Address}, {"sponsors", "geldgeber_strasse", Address}, {"sponsors", "wohnadresse", Address},
		{"sponsors", "iban_nummer", OtherData}, {"", "privat_email", Email}, {"", "spenderEMail", Email},
		{"sponsors", "kontaktpostfach", Address}, {"", "geldgeber_e_mail", Email}, {"", "x_telefon", Phone},
		{"", "tel_nr_privat", Phone}, {"", "geldgeber_vorname", Name}, {"", "spender_straat", Address},
		{"sponsors", "rufnummer", Phone}, {"", "verantwortlich_i_s_d_p", Name},
		// short names inside a word say nothing; names that mean a field keep its reading
		{"", "hotel", NotPersonal}, {"", "is_true", NotPersonal}, {"", "caramel", NotPersonal},
		{"", "emailCampaignName", NotPersonal}, {"", "geldgeber_name", NotPersonal}, {"sponsors", "name", NotPersonal},
		{"", "placeOfEstablishment", NotPersonal}, {"", "status", NotPersonal},
	} {
		if got := v.Personal(c.scope, c.name, false); got != c.want {
			t.Errorf("Personal(%q, %q) = %q; want %q", c.scope, c.name, got, c.want)
		}
	}
	if got := v.Personal("", "xq_strasse", false); got != Address {
		t.Errorf("Personal(xq_strasse) = %q", got)
	}
	if v.Lookup("", "xq_strasse").Recognised() {
		t.Error("a guess for the mask made a name recognised")
	}
	if got := v.Personal("sponsors", "name", true); got != Name {
		t.Errorf("a natural person's name: %q", got)
	}
}

// A user's [fields] add names: exact names and prefixes, in any case
// style, before anything the data says.
func TestMappings(t *testing.T) {
	v, err := Builtin().With([]Mapping{
		{Name: "auftraggeber_bezeichnung", Path: "advertiser.companyName"},
		{Name: "Zahlstelle_*", Path: "payer.*"},
		{Name: "kpi_*", Path: "targeting.*"},
		{Name: "Werbekunde", Path: "advertiser"},
		{Name: "wahltag", Path: "complianceAndFunding.electionDate"},
		{Name: "spender_mail", Path: "sponsors.email"},
		{Name: "kosten_gesamt", Path: "complianceAndFunding.payer.email"},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []lookupCase{
		{"", "AuftraggeberBezeichnung", "advertiser.companyName"}, {"advertiser", "auftraggeber-bezeichnung", "party.companyName"},
		{"", "zahlstelle_telefon", "payer.phone"}, {"", "ZahlstelleFoo", "payer.*"}, {"", "kpi_impressions", "targeting.impressions"},
		{"", "kpi_whatever", "targeting.*"}, {"", "werbekunde", "advertiser"}, {"", "Wahltag", "complianceAndFunding.electionDate"},
		{"sponsors", "spender_mail", "party.email"}, {"", "kosten_gesamt", "payer.email"},
	} {
		if got := v.Lookup(c.scope, c.name).Path(); got != c.path {
			t.Errorf("Lookup(%q, %q) = %q; want %q", c.scope, c.name, got, c.path)
		}
	}
	if m := v.Lookup("", "wahltag"); !strings.Contains(m.By, "[fields]") {
		t.Errorf("by %q", m.By)
	}
	if m := Builtin().Lookup("", "wahltag"); strings.Contains(m.By, "[fields]") {
		t.Error("With changed the built-in vocabulary")
	}
	for _, bad := range []Mapping{
		{Name: "x", Path: "advertiser.nickname"}, {Name: "x", Path: "nowhere.email"}, {Name: "x*", Path: "payer.email"},
		{Name: "x", Path: "payer.*"}, {Name: "***", Path: "payer.*"}, {Name: "x*", Path: "sponsors.*"},
		{Name: "x", Path: "campaign.email"},
	} {
		_, err := Builtin().With([]Mapping{bad})
		var me *MappingError
		if !errors.As(err, &me) || !strings.Contains(err.Error(), bad.Name) || !strings.Contains(err.Error(), bad.Path) ||
			!strings.Contains(err.Error(), "campaign.startDate") || !strings.Contains(err.Error(), "companyName") {
			t.Errorf("%+v: %v", bad, err)
		}
	}
}

func TestPaths(t *testing.T) {
	paths := strings.Join(Builtin().Paths(), " ")
	for _, p := range []string{"advertiser.email", "sponsors.email", "payer.email", "controllingEntity.name",
		"campaign.startDate", "complianceAndFunding.fundingOrigin", "targeting.techniquesUsed"} {
		if !strings.Contains(" "+paths+" ", " "+p+" ") {
			t.Errorf("Paths lacks %s", p)
		}
	}
}

// For a name it does not know, the vocabulary suggests a close known one
// and its path, for a [fields] line; never for a name far from all.
func TestSuggest(t *testing.T) {
	v := Builtin()
	for _, c := range []struct{ scope, name, path string }{
		{"", "opdrachtgever_telefoon_nummr", "advertiser.phone"},
		{"", "campagne_periode_startdatm", "campaign.startDate"},
		{"sponsors", "emial", "sponsors.email"},
		{"", "fundingOrign", "complianceAndFunding.fundingOrigin"},
	} {
		if s, ok := v.Suggest(c.scope, c.name); !ok || s.Path != c.path || s.Name != c.name ||
			!strings.Contains(s.Why, "close to") && !strings.Contains(s.Why, "reading") {
			t.Errorf("Suggest(%q, %q) = %+v %v; want %s", c.scope, c.name, s, ok, c.path)
		}
	}
	// A short name two letters from a known one that starts otherwise is
	// another word: Italian "sede" (seat) is not German "ende" (end).
	if s, ok := v.Suggest("", "sede"); ok && strings.Contains(s.Why, `"ende"`) {
		t.Errorf("Suggest(sede) = %+v", s)
	}
	for _, name := range []string{"Num_of_Days", "zzzz", "opdrachtgever_mailadres"} {
		if s, ok := v.Suggest("", name); ok {
			t.Errorf("Suggest(%q) = %+v", name, s)
		}
	}
}

// A name whose words meet a field but keep a word padview cannot read:
// the suggestion is the field the words give, and says which word it could
// not read; it never crosses meanings.
func TestSuggestByMeaning(t *testing.T) {
	v := Builtin()
	for _, c := range []struct{ scope, name, path, unread string }{
		{"", "deprecated_amount", "complianceAndFunding.amountsReceived", "deprecated"},
		{"", "Geo_Exclusions_Xq", "targeting.excluded", "xq"},
		{"", "OsTypeFoo", "targeting.devices", "foo"},
		{"sponsors", "xq_email", "sponsors.email", "xq"},
		{"", "opdrachtgever_xq_telefoon", "advertiser.phone", "xq"},
	} {
		s, ok := v.Suggest(c.scope, c.name)
		if !ok || s.Path != c.path || s.Name != c.name || !strings.Contains(s.Why, strconv.Quote(c.unread)) ||
			!strings.HasPrefix(s.Why, "words: ") {
			t.Errorf("Suggest(%q, %q) = %+v %v; want %s, naming %q", c.scope, c.name, s, ok, c.path, c.unread)
		}
	}
	// Words that make no field, or a negated name, suggest nothing: a role
	// before a word that is no party's attribute is no party.
	for _, name := range []string{"geldgeber_hobby", "not_political_xq", "zzzz_qqqq"} {
		if s, ok := v.Suggest("", name); ok {
			t.Errorf("Suggest(%q) = %+v", name, s)
		}
	}
	// What string distance once suggested across meanings is read by its
	// words: the OS column is a targeting criterion, not the payer;
	// excluded locations are not the targeted ones; the controlling
	// entity is a party, not its kind.
	for _, c := range []lookupCase{
		{"", "OsType", "targeting.devices"}, {"", "Geo_Targeting_Excluded", "targeting.excluded"},
		{"", "Kontrollierende Einrichtung", "controllingEntity"}, {"", "geldgeber_email", "payer.email"},
		{"", "betalende_mailadress", "payer.email"},
	} {
		if got := v.Lookup(c.scope, c.name).Path(); got != c.path {
			t.Errorf("Lookup(%q, %q) = %q; want %q", c.scope, c.name, got, c.path)
		}
	}
}

// The configuration page lists every field of the normalized document, by
// group: the paths the check and the panes read and a [fields] line may name.
func TestDocsListEveryPath(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "docs", "configuration.md"))
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]string{}
	for _, l := range strings.Split(string(raw), "\n") {
		if cells := strings.Split(l, "|"); len(cells) == 4 {
			rows[strings.Trim(strings.TrimSpace(cells[1]), "`")] = cells[2]
		}
	}
	for _, f := range Builtin().Fields() {
		g := f.Group
		if g == party {
			g = "a party"
		}
		if !strings.Contains(rows[g], "`"+f.Name+"`") {
			t.Errorf("docs/configuration.md does not list %s", f.Path())
		}
	}
}

// TypeOf reads a name only a party's table lists without reading it by its
// words at the top level first, and gives every such name the type it gave
// when it did.
func TestTypeOfPartyNamesAsBefore(t *testing.T) {
	v := Builtin()
	before := func(key string) (Type, string) {
		m := v.Lookup("", key)
		if m.Kind != FieldName {
			m = v.Lookup(party, key)
		}
		if m.Kind == FieldName {
			return m.Type(), m.Currency
		}
		return v.TypeByForm(key)
	}
	n := 0
	for f := range v.names[party] {
		if _, ok := v.partyListed(f); ok {
			n++
		}
		gt, gc := v.TypeOf(f)
		wt, wc := before(f)
		if gt != wt || gc != wc {
			t.Errorf("TypeOf(%q) = %v %q; before %v %q", f, gt, gc, wt, wc)
		}
	}
	if _, ok := v.partyListed("role"); !ok || n < 10 {
		t.Errorf("role is not read as a party's name without its words (%d names are)", n)
	}
}
