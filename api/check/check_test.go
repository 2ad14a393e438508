package check

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/vocab"
)

func doc(t *testing.T, view advert.View, body string) *advert.Document {
	t.Helper()
	d, err := advert.Normalize([]byte(body), "TEST01", view)
	if err != nil {
		t.Fatalf("bad test JSON: %v\n%s", err, body)
	}
	return d
}

func result(t *testing.T, rep Report, id string) Result {
	t.Helper()
	for _, r := range rep.Results {
		if r.Rule.ID == id {
			return r
		}
	}
	t.Fatalf("no result for rule %s", id)
	return Result{}
}

type ruleCase struct {
	name    string
	rule    string
	view    advert.View
	body    string
	want    Status
	note    string // a fragment the note must hold
	found   string // a path Found must hold
	flagged bool
}

const (
	full     = advert.Full
	standard = advert.Standard
)

// ruleCases is at least one document per rule and state that rule can end in.
var ruleCases = []ruleCase{
	// sponsor.name
	{"advertiser company", "sponsor.name", full, `{"advertiser": {"companyName": "Riverside"}}`, Present, "", "advertiser.companyName", false},
	{"every sponsor named", "sponsor.name", full, `{"sponsors": [{"name": "A"}, {"name": "B"}]}`, Present, "every sponsor", "sponsors[].name", false},
	{"one sponsor unnamed", "sponsor.name", full, `{"sponsors": [{"name": "A"}, {"kind": "association"}]}`, Missing, "1 of 2 sponsors", "", false},
	{"no parties", "sponsor.name", full, `{"campaign": {"name": "X"}}`, Missing, "neither the advertiser", "", false},
	{"advertiser name null", "sponsor.name", full, `{"advertiser": {"companyName": null}}`, DeclaredNone, "not disclosed", "advertiser.companyName", false},
	{"snake case", "sponsor.name", full, `{"advertiser": {"company_name": "Riverside"}}`, Present, "", "advertiser.companyName", false},
	{"sponsor list null", "sponsor.name", full, `{"sponsors": null}`, DeclaredNone, "sponsor list is not disclosed", "sponsors", false},
	{"sponsor list null, advertiser named", "sponsor.name", full, `{"advertiser": {"companyName": "R"}, "sponsors": null}`, Present, "", "advertiser.companyName", false},
	{"sponsor list empty", "sponsor.name", full, `{"sponsors": []}`, Missing, "neither the advertiser", "", false},
	{"Dutch sponsor", "sponsor.name", full, `{"opdrachtgever_naam_organisatie": "Partij voor Iets"}`, Present, "", "advertiser.companyName", false},
	{"bare string advertiser", "sponsor.name", full, `{"advertiser": "AAAS", "targets": [{"segment": "Age", "target": "18+"}]}`, Present, "", "advertiser.name", false},
	{"Meta page", "sponsor.name", full, `{"page_name": "Citizens for Rivers"}`, Present, "", "advertiser.name", false},
	{"unknown: a candidate by its words", "sponsor.name", full, `{"opdrachtgeverin_naam": "X"}`, Unknown, `maybe "opdrachtgeverin_naam"`, "", false},

	// sponsor.legal_name
	{"legal name", "sponsor.legal_name", full, `{"advertiser": {"legalName": "Riverside Ltd"}}`, Present, "", "advertiser.legalName", false},
	{"legal name of every sponsor", "sponsor.legal_name", full, `{"sponsors": [{"name": "A", "legal_entity_name": "A GmbH"}]}`, Present, "", "sponsors[].legalName", false},
	{"natural person advertiser", "sponsor.legal_name", full, `{"advertiser": {"firstName": "Maren", "lastName": "Holt"}}`, NotApplicable, "natural person", "", false},
	{"natural person sponsors", "sponsor.legal_name", full, `{"sponsors": [{"name": "Tomasz", "kind": "individual"}]}`, NotApplicable, "every sponsor is a natural person", "", false},
	{"one name only", "sponsor.legal_name", full, `{"advertiser": {"companyName": "Riverside"}}`, NotApplicable, "only where it differs", "", false},
	{"no name at all", "sponsor.legal_name", full, `{"advertiser": {"city": "Lyon"}}`, Missing, "", "", false},
	{"registration NVT: a natural person", "sponsor.legal_name", full, `{"opdrachtgever_naam_organisatie": "Burger J. Smit", "opdrachtgever_kvk_nummer": "NVT"}`, NotApplicable, "natural person", "", false},
	{"legal name null", "sponsor.legal_name", full, `{"advertiser": {"companyName": "R", "legalName": null}}`, DeclaredNone, "", "advertiser.legalName", false},

	// sponsor.email
	{"advertiser email", "sponsor.email", full, `{"advertiser": {"email": "a@b.example"}}`, Present, "", "advertiser.email", false},
	{"email of every sponsor", "sponsor.email", full, `{"advertiser": {"companyName": "R"}, "sponsors": [{"name": "A", "emailAddress": "a@x.example"}, {"name": "B", "e-mail": "b@x.example"}]}`, Present, "", "sponsors[].email", false},
	// the sponsor's own notice: an address its words give is the sponsor's;
	// elsewhere, or beside a second party, it is not read as one
	{"email in an own notice's words", "sponsor.email", full, `{"Transparenzbekanntmachung": "nach der Verordnung (EU) 2024/900.", "Sponsor": "Ortsverein Nordufer", "Kontakt": "Fragen: E-Mail: info@nordufer.example"}`, Present, "the sponsor's own notice", "", false},
	{"email in words, not a notice", "sponsor.email", full, `{"Sponsor": "Ortsverein Nordufer", "Kontakt": "E-Mail: info@nordufer.example"}`, Missing, "", "", false},
	{"email of two parties' notice", "sponsor.email", full, `{"Transparenzbekanntmachung": "nach der Verordnung (EU) 2024/900.", "sponsors": [{"name": "A"}, {"name": "B"}], "Kontakt": "E-Mail: info@nordufer.example"}`, Missing, "", "", false},
	{"email in standard view", "sponsor.email", standard, `{"advertiser": {"companyName": "R", "city": "Northbank"}}`, NotInView, "the full view shows it", "", false},
	{"email in a standard answer is present", "sponsor.email", standard, `{"opdrachtgever_naam_organisatie": "P", "opdrachtgever_mailadres": "info@p.example"}`, Present, "", "advertiser.email", false},
	{"contactEmail is an email", "sponsor.email", full, `{"sponsors": [{"name": "A", "contactEmail": "a@x.example"}]}`, Present, "", "sponsors[].email", false},
	{"email missing in full view", "sponsor.email", full, `{"advertiser": {"companyName": "R", "city": "Northbank"}}`, Missing, "", "", false},
	{"email null", "sponsor.email", full, `{"advertiser": {"companyName": "R", "email": null}}`, DeclaredNone, "", "advertiser.email", false},
	{"some sponsors undisclosed", "sponsor.email", full, `{"sponsors": [{"name": "A", "email": "a@x.example"}, {"name": "B", "email": null}]}`, DeclaredNone, "1 of 2", "sponsors[].email", false},
	{"email sent empty", "sponsor.email", full, `{"advertiser": {"email": " "}}`, Missing, "empty", "advertiser.email", false},
	{"sponsor list null in standard view", "sponsor.email", standard, `{"advertiser": {"companyName": "R"}, "sponsors": null}`, DeclaredNone, "sponsor list is not disclosed", "sponsors", false},

	// sponsor.address
	{"street address", "sponsor.address", full, `{"advertiser": {"streetAddress": "14 Quayside Walk"}}`, Present, "", "advertiser.streetAddress", false},
	{"address in standard view", "sponsor.address", standard, `{"advertiser": {"companyName": "R"}}`, NotInView, "full view", "", false},
	{"address missing", "sponsor.address", full, `{"advertiser": {"companyName": "R"}}`, Missing, "", "", false},
	{"address not disclosed", "sponsor.address", full, `{"advertiser": {"companyName": "R", "street": "not disclosed"}}`, DeclaredNone, "", "advertiser.streetAddress", false},

	// sponsor.establishment
	{"establishment", "sponsor.establishment", full, `{"advertiser": {"companyName": "R", "placeOfEstablishment": "Northbank, GB"}}`, Present, "", "advertiser.placeOfEstablishment", false},
	{"establishment in another group", "sponsor.establishment", standard, `{"advertiser": {"companyName": "R"}, "legalAndMetadata": {"country_of_establishment": "GB"}}`, Present, "", "legalAndMetadata.country_of_establishment", false},
	{"establishment at the top level", "sponsor.establishment", standard, `{"advertiser": {"companyName": "R"}, "establishment": "Lyon"}`, Present, "", "advertiser.placeOfEstablishment", false},
	{"natural person needs none", "sponsor.establishment", full, `{"advertiser": {"firstName": "Maren", "lastName": "Holt"}}`, NotApplicable, "", "", false},
	{"organisations among natural persons", "sponsor.establishment", full, `{"sponsors": [{"name": "A", "kind": "association", "establishment": "Lyon"}, {"name": "T", "kind": "individual"}]}`, Present, "not a natural person", "sponsors[].placeOfEstablishment", false},
	{"sponsor list null, no establishment", "sponsor.establishment", full, `{"advertiser": {"companyName": "R"}, "sponsors": null}`, DeclaredNone, "sponsor list", "sponsors", false},
	{"no establishment", "sponsor.establishment", full, `{"advertiser": {"companyName": "R", "country": "GB"}}`, Missing, "", "", false},
	{"a legal person's address", "sponsor.establishment", full, `{"advertiser": {"companyName": "R", "streetAddress": "Kerkpad 17", "city": "Polderveen"}}`, Present, "uncertain", "advertiser.city", false},
	{"a legal person's postal address", "sponsor.establishment", full, `{"advertiser": {"companyName": "R", "address": "12 rue Imaginaire, 75099 Paris"}}`, Present, "address of a sponsor", "advertiser.postalAddress", false},
	{"a natural person's address", "sponsor.establishment", full, `{"advertiser": {"firstName": "A", "lastName": "B", "city": "Dokkum"}}`, NotApplicable, "natural person", "", false},
	{"every sponsor's address", "sponsor.establishment", full, `{"sponsors": [{"name": "S", "city": "Gent"}, {"name": "T", "kind": "individual"}]}`, Present, "uncertain", "sponsors[].city", false},
	{"the address only in the full view", "sponsor.establishment", standard, `{"advertiser": {"companyName": "R", "country": "GB"}}`, NotInView, "only in the full view", "", false},
	{"establishment null elsewhere", "sponsor.establishment", full, `{"advertiser": {"companyName": "R"}, "complianceAndFunding": {"placeOfEstablishment": null}}`, DeclaredNone, "", "complianceAndFunding.placeOfEstablishment", false},

	// controlling_entity
	{"controlling entity object", "controlling_entity", full, `{"advertiser": {"companyName": "R"}, "legalAndMetadata": {"controllingEntity": {"name": "Holding plc", "email": "h@x.example"}}}`, Present, "", "legalAndMetadata.controllingEntity", false},
	{"controlled by the sponsor itself", "controlling_entity", full, `{"advertiser": {"companyName": "R"}, "controlled_by": "none"}`, NotApplicable, "no controlling entity", "complianceAndFunding.controllingEntity", false},
	{"controller null", "controlling_entity", full, `{"complianceAndFunding": {"ultimateController": null}}`, DeclaredNone, "", "complianceAndFunding.controllingEntity", false},
	{"Dutch statement, section empty", "controlling_entity", full, `{"opdrachtgever_naam_organisatie": "Partij", "gezaghebbende_naam_organisatie": "", "gezaghebbende_mailadres": ""}`, NotApplicable, "no controlling entity", "complianceAndFunding.controllingEntity", false},
	{"Dutch statement, named", "controlling_entity", full, `{"opdrachtgever_naam_organisatie": "Afdeling", "gezaghebbende_naam_organisatie": "Vereniging Landelijk", "gezaghebbende_mailadres": "info@landelijk.example"}`, Present, "", "complianceAndFunding.controllingEntity", false},
	{"controlling entity in another group", "controlling_entity", full, `{"legalAndMetadata": {"controllingEntity": "Holding plc"}}`, Present, "", "legalAndMetadata.controllingEntity", false},
	{"controller without name", "controlling_entity", full, `{"complianceAndFunding": {"ultimateController": {"country": "GB"}}}`, Missing, "without a name", "", false},
	{"no controller", "controlling_entity", full, `{"controllers": [{"name": "DPO Ltd"}]}`, NotApplicable, "none is named", "", false},

	// payer
	{"payer differs", "payer", full, `{"advertiser": {"companyName": "R"}, "complianceAndFunding": {"paidBy": {"name": "Other Ltd"}}}`, Present, "", "complianceAndFunding.payer", false},
	// an ad library names the page that ran the ad and who paid for it:
	// the "paid for by" is the sponsor, not a second party
	{"paid for by beside a page", "payer", full, `{"page_name": "R", "funding_entity": "Citizens for Rivers"}`, NotApplicable, "paid for by", "complianceAndFunding.payer", false},
	{"paying advertiser beside an account", "payer", full, `{"OrganizationName": "Agency", "PayingAdvertiserName": "Citizens"}`, NotApplicable, "names no sponsor as such", "", false},
	{"paid for by beside a named sponsor", "payer", full, `{"advertiser_name": "R", "funding_entity": "Citizens for Rivers"}`, Present, "", "complianceAndFunding.payer", false},
	{"paid for by beside a beneficiary", "payer", full, `{"page_name": "R", "funding_entity": "Citizens", "beneficiary": "Rivers"}`, Present, "", "complianceAndFunding.payer", false},
	{"a yes where the payer's name belongs", "payer", full, `{"advertiser": {"name": "R"}, "complianceAndFunding": {"payer": {"name": "Ja"}}}`, Unknown, "a yes or no", "", false},
	{"paid for by alone", "payer", full, `{"funding_entity": "Citizens for Rivers"}`, Present, "", "complianceAndFunding.payer", false},
	{"payer says opdrachtgever", "payer", full, `{"advertiser": {"companyName": "R"}, "betalende": "opdrachtgever"}`, NotApplicable, "the sponsor pays", "", false},
	{"payer is the sponsor", "payer", full, `{"advertiser": {"companyName": "Riverside"}, "complianceAndFunding": {"payer": "riverside"}}`, NotApplicable, "the sponsor pays", "", false},
	{"payer is a sponsor", "payer", full, `{"sponsors": [{"name": "Friends"}], "campaign": {"paying_entity": {"name": "Friends"}}}`, NotApplicable, "", "campaign.paying_entity", false},
	{"payer null", "payer", full, `{"complianceAndFunding": {"payer": null}}`, DeclaredNone, "", "", false},
	{"payer absent", "payer", full, `{"complianceAndFunding": {}}`, NotApplicable, "none is named", "", false},
	{"payer without a name", "payer", full, `{"complianceAndFunding": {"payer": {"email": "p@x.example"}}}`, Missing, "sent without a name", "", false},
	{"a payer answered yes, without a name", "payer", full, `{"complianceAndFunding": {"payer": "yes"}}`, Missing, "", "", false},

	// period
	{"period", "period", standard, `{"campaign": {"startDate": "2026-09-01", "endDate": "2026-11-30"}}`, Present, "", "campaign.endDate", false},
	{"same day, with a time", "period", standard, `{"campaign": {"startDate": "2026-09-01T10:00:00Z", "endDate": "2026-09-01"}}`, Present, "", "", false},
	{"a period in a line under another heading", "period", standard, `{"Medium und Budget": "• Medium: Plakate\n• Zeitraum: 03.02.–12.02.2026 sowie 24.02.–05.03.2026, Budget 1000 Euro"}`, Present, "2026-02-03 to 2026-03-05", "", false},
	{"one date in a line is no period", "period", standard, `{"Impressum": "Stand der Seite: 01.12.2025"}`, Missing, "", "", false},
	{"epoch start", "period", standard, `{"campaign": {"startDate": 1786233600, "endDate": "2026-12-01"}}`, Present, "", "", false},
	{"end before start", "period", standard, `{"campaign": {"startDate": "2026-09-01", "endDate": "2026-03-15"}}`, Missing, "the end (2026-03-15) is before the start (2026-09-01)", "", false},
	{"end before start by the hour", "period", standard, `{"campaign": {"startDate": "2026-09-01T10:00:00Z", "endDate": "2026-09-01T09:00:00Z"}}`, Missing, "is before the start", "", false},
	{"no zone, in order", "period", standard, `{"campagne_periode_startdatum": "2025-10-22T09:07:34", "campagne_periode_einddatum": "2025-10-30"}`, Present, "", "campaign.startDate", false},
	{"+hhmm offsets", "period", standard, `{"ad_delivery_start_time": "2019-05-01T20:04:44+0000", "ad_delivery_stop_time": "2019-05-08T20:04:44+0000"}`, Present, "", "campaign.endDate", false},
	{"no end", "period", standard, `{"campaign": {"startDate": "2026-09-01"}}`, Missing, "no end date, only a start", "", false},
	{"no start", "period", standard, `{"campaign": {"endDate": "2026-09-01"}}`, Missing, "no start date, only an end", "", false},
	{"no end, ongoing", "period", standard, `{"campaign": {"startDate": "2026-09-01", "isOngoing": true}}`, Missing, "ongoing", "", false},
	{"a period object", "period", standard, `{"campaign": {"period": {"start": "2026-09-01", "end": "2026-10-01"}}}`, Present, "", "campaign.period.end", false},
	{"end unrecognised", "period", standard, `{"campaign": {"startDate": "2026-09-01"}, "sluitingsdatum_x": "2026-10-01"}`, Unknown, `maybe "sluitingsdatum_x"`, "", false},
	{"no dates", "period", standard, `{"campaign": {"name": "X"}}`, Missing, "no start and no end", "", false},
	{"end not disclosed", "period", standard, `{"campaign": {"startDate": "2026-09-01", "endDate": null}}`, DeclaredNone, "end is not disclosed", "", false},
	{"dates in any spelling", "period", standard, `{"campaign": {"startDate": "2020-09-25 16:30:00 UTC", "endDate": "15 janvier 2025"}}`, Present, "", "campaign.endDate", false},
	{"slashes and a Z, before a German start", "period", standard, `{"campaign": {"startDate": "1. März 2024", "endDate": "2020/03/01 06:00:00Z"}}`, Missing, "the end (2020-03-01 06:00 UTC) is before the start (2024-03-01)", "", false},
	{"unreadable date", "period", standard, `{"campaign": {"startDate": "soon", "endDate": "2026-09-01"}}`, Present, "start is not a date", "", true},
	{"period elsewhere", "period", standard, `{"basicInformation": {"period_start": "2026-01-01", "PeriodEnd": "2026-02-01"}}`, Present, "", "basicInformation.PeriodEnd", false},

	// amounts
	{"amount with currency", "amounts", standard, `{"complianceAndFunding": {"amountsReceived": {"amount": 48250, "currency": "EUR"}}}`, Present, "", "complianceAndFunding.amountsReceived", false},
	{"text amount with code", "amounts", standard, `{"campaign": {"totalValue": "EUR 12,500.00"}}`, Present, "", "", false},
	{"currency beside the amount", "amounts", standard, `{"campaign": {"totalValue": 9800, "currency": "EUR"}}`, Present, "", "", false},
	{"benefits in words", "amounts", standard, `{"complianceAndFunding": {"otherBenefits": "pro bono design work"}}`, Present, "", "", false},
	// words where an amount belongs: a reference elsewhere is no amount, a
	// sentence that says none were received is a statement of none
	{"a reference to price lists", "amounts", standard, `{"complianceAndFunding": {"amountsReceived": "Gemäß den jeweils gültigen Preislisten der beauftragten Anbieter."}}`, Missing, "words and no amount", "", false},
	{"a benefit that refers elsewhere", "amounts", standard, `{"complianceAndFunding": {"otherBenefits": "According to the rate card of each provider"}}`, Missing, "words and no amount", "", false},
	{"none received, in a sentence", "amounts", standard, `{"complianceAndFunding": {"amountsReceived": "Keine Zuwendungen erhalten."}}`, DeclaredNone, "none were received", "", false},
	{"money without currency", "amounts", standard, `{"campaign": {"totalValue": 9800}, "complianceAndFunding": {"amountsReceived": {"amount": 9800, "currency": "EUR"}}}`, Missing, "no currency: campaign.totalValue", "", false},
	{"numeric string without currency", "amounts", standard, `{"campaign": {"totalValue": "41000"}}`, Missing, "no currency", "", false},
	{"null currency", "amounts", standard, `{"campaign": {"totalValue": {"amount": "22000", "currency": null}}}`, Missing, "no currency", "", false},
	{"list of amounts", "amounts", standard, `{"complianceAndFunding": {"amountsReceived": [{"amount": 1, "currency": "EUR"}, {"amount": 2}]}}`, Missing, "amountsReceived[1]", "", false},
	{"an upper bound in words", "amounts", standard, `{"campaign": {"totalValue": "bis zu 5.500 EUR"}}`, Present, "", "campaign.totalValue", false},
	{"a range in words, its currency in the name", "amounts.campaign", full, `{"totale_waarde_campagne_euro": "ca. 20.000 bis 30.000"}`, Present, "", "campaign.totalValue", false},
	{"a range in words without a currency", "amounts", standard, `{"campaign": {"totalValue": "between 100 and 499"}}`, Missing, "no currency: campaign.totalValue", "", false},
	{"amount not disclosed", "amounts", standard, `{"campaign": {"totalValue": null}}`, DeclaredNone, "", "", false},
	{"no amounts", "amounts", standard, `{"campaign": {"name": "X"}}`, Missing, "not in this response", "", false},

	// funding.origin
	// a notice's sentence on its amounts that says how they were made up
	{"a method in a sentence on amounts", "calculation", standard, `{"Mittelverwendung": "Rund 4.000 Euro für Wahlwerbung.\nDie Beträge stellen gerundete Gesamtkosten dar."}`, Present, "the method is stated", "", false},
	{"amounts without a method", "calculation", standard, `{"Mittelverwendung": "Rund 4.000 Euro für Wahlwerbung, vor allem für Plakate."}`, Missing, "", "", false},
	{"origin", "funding.origin", standard, `{"complianceAndFunding": {"fundingOrigin": "private, within the EU"}}`, Present, "", "", false},
	// a heading of several items: the sentences on where the money comes
	// from are the origin, the amount's are not
	{"origin in a budget's sentences", "funding.origin", standard, `{"6. Budget / Finanzierung": "ca. 20.000 € für Werbeschaltungen.\nDie Finanzierung erfolgt ausschließlich aus Eigenmitteln der Organisationen."}`, Present, "read from the words", "", false},
	{"a budget without an origin", "funding.origin", standard, `{"6. Budget": "ca. 20.000 € für Werbeschaltungen, finanziert über das Jahr."}`, Missing, "", "", false},
	{"origin in a notice's sentences", "funding.origin", standard, `{"Meddelelse": "Vores økonomi er finansieret via medlemskontingent og partiskat."}`, Present, "", "", false},
	{"no money from abroad, in a budget's sentences", "funding.eu", standard, `{"6. Budget / Finanzierung": "ca. 20.000 €.\nDie Finanzierung erfolgt aus Eigenmitteln. Es werden keine Mittel aus dem Ausland eingesetzt."}`, Present, "inside the EU", "", false},
	{"sentences that do not say where", "funding.eu", standard, `{"Meddelelse": "Vores økonomi er finansieret via medlemskontingent og partiskat."}`, Unknown, "a reviewer must read them", "", false},
	{"origin outside the EU", "funding.origin", standard, `{"complianceAndFunding": {"source_of_funds": "third country"}}`, Present, "outside the EU", "", true},
	{"German: no money from abroad is not flagged", "funding.origin", standard, `{"complianceAndFunding": {"fundingOrigin": "Es fließen keine Zuwendungen aus dem Ausland"}}`, Present, "", "complianceAndFunding.fundingOrigin", false},
	{"Dutch: private money from outside the EU", "funding.origin", standard, `{"oorsprong_ontvangen_bedragen": "Particulier geld van buiten de EU"}`, Present, "outside the EU", "complianceAndFunding.fundingOrigin", true},
	{"origin null", "funding.origin", standard, `{"complianceAndFunding": {"fundingOrigin": null}}`, DeclaredNone, "", "", false},
	{"no origin", "funding.origin", standard, `{"complianceAndFunding": {}}`, Missing, "", "", false},

	// funding.eu
	{"inside the EU", "funding.eu", standard, `{"complianceAndFunding": {"isThirdCountryFunded": false}}`, Present, "inside the EU", "", false},
	{"third country flagged", "funding.eu", standard, `{"complianceAndFunding": {"isThirdCountryFunded": true}}`, Present, "outside the EU", "", true},
	{"yes as text", "funding.eu", standard, `{"complianceAndFunding": {"third_country_funded": "yes"}}`, Present, "outside the EU", "", true},
	{"contradiction", "funding.eu", standard, `{"complianceAndFunding": {"isThirdCountryFunded": "no", "fundingOrigin": "foreign foundation"}}`, Present, "says no", "", true},
	{"unreadable flag: unknown, not flagged", "funding.eu", standard, `{"complianceAndFunding": {"isThirdCountryFunded": "partly"}}`, Unknown, "not a yes or no padview can read: complianceAndFunding.isThirdCountryFunded", "", false},
	{"the flag in words, negated", "funding.eu", standard, `{"complianceAndFunding": {"isThirdCountryFunded": "keine Mittel aus Drittstaaten"}}`, Present, "inside the EU", "complianceAndFunding.isThirdCountryFunded", false},
	{"German: no money from abroad", "funding.eu", standard, `{"complianceAndFunding": {"fundingOrigin": "Es fließen keine Zuwendungen aus dem Ausland"}}`, Present, "inside the EU", "complianceAndFunding.fundingOrigin", false},
	{"Polish: no money from abroad", "funding.eu", standard, `{"complianceAndFunding": {"fundingOrigin": "brak środków z zagranicy"}}`, Present, "inside the EU", "", false},
	{"negated and affirmed: unknown", "funding.eu", standard, `{"complianceAndFunding": {"fundingOrigin": "keine Zuwendungen aus dem Ausland, aber Spenden aus dem Ausland"}}`, Unknown, "cannot tell inside or outside the EU from the words of complianceAndFunding.fundingOrigin", "complianceAndFunding.fundingOrigin", false},
	{"no, and the origin negates outside", "funding.eu", standard, `{"complianceAndFunding": {"isThirdCountryFunded": "nein, keine", "fundingOrigin": "geen geld van buiten de EU"}}`, Present, "inside the EU", "", false},
	{"read from the words", "funding.eu", standard, `{"complianceAndFunding": {"fundingOrigin": "private, within the EU"}}`, Present, "inside the EU", "complianceAndFunding.fundingOrigin", false},
	{"words say outside", "funding.eu", standard, `{"complianceAndFunding": {"originOfFunds": "outside the Union"}}`, Present, "outside the EU", "", true},
	{"Dutch outside", "funding.eu", standard, `{"oorsprong_ontvangen_bedragen": "Particulier geld van buiten de EU"}`, Present, "outside the EU", "", true},
	{"Dutch inside", "funding.eu", standard, `{"oorsprong_ontvangen_bedragen": "Publiek geld van binnen de EU,Particulier geld van binnen de EU"}`, Present, "inside the EU", "", false},
	{"German outside", "funding.eu", standard, `{"complianceAndFunding": {"herkunft": "Private Mittel von außerhalb der EU"}}`, Present, "outside the EU", "", true},
	{"French inside", "funding.eu", standard, `{"complianceAndFunding": {"origine": "fonds privés dans l'UE"}}`, Present, "inside the EU", "", false},
	{"unrecognised members: unknown", "funding.eu", standard, `{"complianceAndFunding": {"fundingOrigin": "donations"}, "x_herkomst_flag": "ja"}`, Unknown, `maybe "x_herkomst_flag"`, "", false},
	{"flag null", "funding.eu", standard, `{"complianceAndFunding": {"isThirdCountryFunded": null, "fundingOrigin": "donations"}}`, DeclaredNone, "", "", false},
	{"nothing says", "funding.eu", standard, `{"complianceAndFunding": {"fundingOrigin": "donations"}}`, Missing, "does not say", "", false},

	// calculation
	{"calculation", "calculation", standard, `{"complianceAndFunding": {"calculationMethodology": "invoiced media cost"}}`, Present, "", "", false},
	{"calculation in legal", "calculation", standard, `{"legalAndMetadata": {"calculation_method": "list price"}}`, Present, "", "legalAndMetadata.calculation_method", false},
	{"calculation not disclosed", "calculation", standard, `{"complianceAndFunding": {"calculationMethod": "not disclosed"}}`, DeclaredNone, "", "", false},
	{"Dutch n.v.t.", "calculation", standard, `{"methode_waardebepaling_voordelen_natura": "n.v.t."}`, DeclaredNone, "", "complianceAndFunding.calculationMethodology", false},
	{"Dutch sent empty", "calculation", standard, `{"methode_waardebepaling_voordelen_natura": ""}`, Missing, "sent empty", "", false},
	{"read by its words", "calculation", standard, `{"berekening_der_waarden": "x"}`, Present, "", "", false},
	{"a candidate by its words", "calculation", standard, `{"xq_berekening_waarden": "x"}`, Unknown, "padview fields TEST01", "", false},
	{"a member that cannot be it", "calculation", standard, `{"xq_berekening_waarden": "x", "zqx_plugh": "2026-01-01"}`, Unknown,
		`maybe "xq_berekening_waarden" (`, "", false},
	{"no candidate: missing", "calculation", standard, `{"zqx_plugh": "2026-01-01", "spend_eur": 5}`, Missing, "not in this response", "", false},
	{"no calculation", "calculation", standard, `{}`, Missing, "", "", false},

	// election
	{"election", "election", standard, `{"complianceAndFunding": {"linkedElection": "Referendum on Water"}}`, Present, "", "", false},
	{"referendum", "election", standard, `{"basicInformation": {"Referendum": "Measure 4"}}`, Present, "", "", false},
	// a member for the election that names none (a general theme, a
	// party's short name) cannot say whether one is linked
	{"a theme that names no election", "election", standard, `{"complianceAndFunding": {"linkedElection": "Algemeen - beleid en maatschappelijke thema's"}}`, Unknown, "a reviewer must read", "", false},
	{"a body elected to", "election", standard, `{"complianceAndFunding": {"linkedElection": "Europees Parlement"}}`, Present, "", "", false},
	{"a plebiscite", "election", standard, `{"complianceAndFunding": {"linkedElection": "Liffeyside Plebiscite on Bridge Use"}}`, Present, "", "", false},
	{"its date follows", "election.date", standard, `{"complianceAndFunding": {"linkedElection": "SPOE NOE"}}`, Unknown, "whether an election is linked", "", false},
	// the number of the regulation every notice cites is no year
	{"an act's number is no year", "election", standard, `{"Herkunft": "Mittel aus gezielter Wahlspende, erhalten vor Inkrafttreten der EU-V 2024-900."}`, Missing, "none is named", "", false},
	{"an election with its year", "election", standard, `{"Art der Werbung": "Werbung zur Kommunalwahl 2026"}`, Present, "", "", false},
	{"no election declared", "election", standard, `{"complianceAndFunding": {"linkedElection": null}}`, DeclaredNone, "", "", false},
	{"no election member", "election", standard, `{"complianceAndFunding": {}}`, NotApplicable, "no election", "", false},
	{"an election named in a notice's words", "election", standard, `{"Art der Werbung": "Plakate im Zusammenhang mit der Kommunalwahl 2026"}`, Present, "read from the words", "", false},
	{"an election named in a heading", "election", standard, `{"Transparenzbekanntmachung zur Kommunalwahl 2026": "Diese Mitteilung erfolgt gemäß der Verordnung."}`, Present, "named in the heading", "", false},
	{"elections in general, none named", "election", standard, `{"Art der Werbung": "Plakate zu allen Wahlen"}`, Missing, "but none is named", "", false},

	// election.date
	{"election date", "election.date", standard, `{"complianceAndFunding": {"electionDate": "2026-11-26"}}`, Present, "", "", false},
	{"no election date", "election.date", standard, `{"complianceAndFunding": {"linkedElection": "X"}}`, Missing, "", "", false},
	{"election date null", "election.date", standard, `{"complianceAndFunding": {"electionDate": null}}`, DeclaredNone, "", "", false},
	{"theme_link's date", "election.date", standard, `{"theme_link": {"label": "Tweede Kamerverkiezingen 2025", "date": "2025-10-29"}}`, Present, "", "complianceAndFunding.linkedElection.date", false},

	// targeting
	{"targeting used", "targeting", standard, `{"targeting": {"techniquesUsed": true}}`, Present, "", "targeting.techniquesUsed", false},
	{"targeting not used", "targeting", standard, `{"targeting": {"techniquesUsed": false}}`, Present, "", "", false},
	{"targeting group null", "targeting", standard, `{"targeting": null}`, DeclaredNone, "", "targeting.targeting", false},
	{"targeting parameters say targeting was used", "targeting", standard, `{"targeting": {"techniques": ["location"]}}`, Present, "targeting was used", "targeting.techniques", false},
	{"targeting ages say targeting was used", "targeting", standard, `{"target_ages": ["18", "65+"], "target_gender": "All"}`, Present, "uncertain", "targeting.ageRange", false},
	{"no targeting statement", "targeting", standard, `{"targeting": {"impressions": 5}}`, Missing, "", "", false},
	{"Dutch geen is a statement", "targeting", standard, `{"gebruikte_targeting_techniek": "geen"}`, DeclaredNone, "none were used", "targeting.techniquesUsed", false},

	// suspension
	{"never suspended", "suspension", standard, `{"legalAndMetadata": {"previouslySuspended": false}}`, Present, "", "", false},
	{"suspensions listed", "suspension", standard, `{"legalAndMetadata": {"suspensions": [{"date": "2026-01-01"}]}}`, Present, "", "", false},
	{"no suspensions", "suspension", standard, `{"legalAndMetadata": {"suspensionHistory": []}}`, DeclaredNone, "", "", false},
	{"no suspension member", "suspension", standard, `{}`, Missing, "", "", false},

	// sponsor.registration
	{"KvK number", "sponsor.registration", full, `{"opdrachtgever_naam_organisatie": "Stichting X", "opdrachtgever_kvk_nummer": "40530315"}`, Present, "", "advertiser.registrationNumber", false},
	{"no registration", "sponsor.registration", full, `{"advertiser": {"companyName": "R"}}`, NotApplicable, "none is given", "", false},
	{"registration sent empty", "sponsor.registration", full, `{"advertiser": {"companyName": "R", "registrationNumber": ""}}`, Missing, "", "", false},
	{"a person has none", "sponsor.registration", full, `{"advertiser": {"firstName": "A", "lastName": "B"}}`, NotApplicable, "natural person", "", false},
	{"registration null", "sponsor.registration", full, `{"advertiser": {"companyName": "R", "registrationNumber": null}}`, DeclaredNone, "", "", false},

	// controlling_entity.contact
	{"entity email", "controlling_entity.contact", full, `{"gezaghebbende_naam_organisatie": "Vereniging", "gezaghebbende_mailadres": "v@x.example"}`, Present, "", "complianceAndFunding.controllingEntity.email", false},
	{"entity without contact", "controlling_entity.contact", full, `{"complianceAndFunding": {"controllingEntity": "Holding plc"}}`, Missing, "without an email or address", "", false},
	{"entity contact in standard view", "controlling_entity.contact", standard, `{"complianceAndFunding": {"controllingEntity": {"name": "Holding plc"}}}`, NotInView, "full view", "", false},
	{"no entity", "controlling_entity.contact", full, `{"complianceAndFunding": {"controllingEntity": "none"}}`, NotApplicable, "", "", false},

	// payer.contact
	{"payer street", "payer.contact", full, `{"betalende_naam_organisatie": "Fonds", "betalende_straat_huisnummer": "Kade 1"}`, Present, "", "complianceAndFunding.payer.streetAddress", false},
	{"payer contact flat", "payer.contact", full, `{"complianceAndFunding": {"payer": "Fonds", "payerEmail": "f@x.example"}}`, Present, "", "complianceAndFunding.payerEmail", false},
	{"payer without contact", "payer.contact", full, `{"complianceAndFunding": {"payer": {"name": "Fonds", "email": null}}}`, DeclaredNone, "", "", false},
	{"payer absent, its contact too", "payer.contact", full, `{"advertiser": {"companyName": "R"}}`, NotApplicable, "no payer", "", false},
	{"payer named without contact", "payer.contact", full, `{"complianceAndFunding": {"payer": {"name": "Fonds"}}}`, Missing, "without an email or address", "", false},
	{"the sponsor pays", "payer.contact", full, `{"advertiser": {"companyName": "R"}, "complianceAndFunding": {"payer": "R"}}`, NotApplicable, "", "", false},

	// amounts.advertisement and amounts.campaign
	{"paid media value", "amounts.advertisement", full, `{"betaalde_media_waarde_euro": "5000"}`, Present, "", "complianceAndFunding.amountsReceived", false},
	{"spend range", "amounts.advertisement", full, `{"spend": {"lower_bound": "100", "upper_bound": "199"}, "currency": "EUR"}`, Present, "", "complianceAndFunding.amountsReceived", false},
	{"only a campaign total", "amounts.advertisement", full, `{"campaign": {"totalValue": {"amount": 5, "currency": "EUR"}}}`, Missing, "", "", false},
	{"campaign value in euro", "amounts.campaign", full, `{"totale_waarde_campagne_euro": "500"}`, Present, "", "campaign.totalValue", false},
	{"no campaign value", "amounts.campaign", full, `{"spend": 5}`, Missing, "", "", false},
	{"a campaign total without a currency", "amounts.campaign", full, `{"campaign": {"totalValue": 9800}}`, Missing, "no currency: campaign.totalValue", "", false},
	{"an amount received without a currency", "amounts.advertisement", full, `{"complianceAndFunding": {"amountsReceived": "41000"}}`, Missing, "no currency", "", false},
	{"the requirement met by the campaign's total alone", "amounts", full, `{"campaign": {"totalValue": {"amount": 5, "currency": "EUR"}}}`, Present, "", "campaign.totalValue", false},
	{"the requirement met by the advertisement's alone", "amounts", full, `{"complianceAndFunding": {"amountsReceived": {"amount": 5, "currency": "EUR"}}}`, Present, "", "complianceAndFunding.amountsReceived", false},

	// election.information
	{"how to vote", "election.information", full, `{"complianceAndFunding": {"linkedElection": "X", "officialInformation": "https://vote.example"}}`, Present, "", "", false},
	{"election without information", "election.information", full, `{"complianceAndFunding": {"linkedElection": "X"}}`, Missing, "no official information", "", false},
	{"no election", "election.information", full, `{"complianceAndFunding": {"linkedElection": null}}`, NotApplicable, "no election", "", false},

	// repository
	{"repository link", "repository", full, `{"complianceAndFunding": {"repositoryUrl": "https://repository.example/ad/1"}}`, Present, "", "", false},
	{"no repository link", "repository", full, `{}`, Missing, "", "", false},
	// the European repository is for online advertisements: sentences that
	// name only print media make it not applicable, one on line does not
	{"print only, in sentences", "repository", full, `{"4. Art der politischen Werbung": "Gestaltung und Druck von Flyern, Plakaten und Broschüren.", "Kontakt": "Web: partei.example"}`, NotApplicable, "runs off line", "", false},
	{"print and social media", "repository", full, `{"Hinweis": "Für Plakate, Flyer sowie Werbung in sozialen Medien gilt diese Bekanntmachung."}`, Missing, "", "", false},
	{"an audience is no medium", "repository", full, `{"advertiser": {"name": "R"}, "targeting": {"interests": "Outdoor & Nature Enthusiasts"}}`, Missing, "", "", false},

	// notification
	{"report link", "notification", full, `{"complianceAndFunding": {"notificationMechanism": "https://publisher.example/report"}}`, Present, "", "", false},
	{"no notification", "notification", full, `{}`, Missing, "", "", false},

	// targeting.details and targeting.rights
	{"Dutch techniques: kinds, not details", "targeting.details", full, `{"gebruikte_targeting_techniek": "geografisch,contextueel"}`, Missing, "only the kinds of technique", "targeting.techniquesUsed", false},
	{"Dutch other, with its words", "targeting.details", full, `{"gebruikte_targeting_techniek": "geografisch,anders:,woningbezitters"}`, Present, "woningbezitters", "targeting.techniquesUsed", false},
	{"Dutch other, without words", "targeting.details", full, `{"gebruikte_targeting_techniek": "anders:"}`, Missing, "only the kinds of technique", "", false},
	{"Dutch none", "targeting.details", full, `{"gebruikte_targeting_techniek": "geen"}`, NotApplicable, "no targeting", "", false},
	{"details listed", "targeting.details", full, `{"targeting": {"techniquesUsed": true, "personalDataCategories": ["age"]}}`, Present, "", "", false},
	{"used, no details", "targeting.details", full, `{"targeting": {"techniquesUsed": true}}`, Missing, "", "", false},
	{"rights link", "targeting.rights", full, `{"targeting": {"techniquesUsed": true, "dataProtectionRights": "https://x.example/privacy"}}`, Present, "", "", false},
	{"used, no rights", "targeting.rights", full, `{"targeting": {"techniquesUsed": true}}`, Missing, "", "", false},
	{"not used", "targeting.rights", full, `{"targeting": {"techniquesUsed": false}}`, NotApplicable, "", "", false},

	// notice_url
	{"notice link", "notice_url", standard, `{"complianceAndFunding": {"transparencyNoticeUrl": "https://t.example/ab12cd"}}`, Present, "", "", false},
	{"notice link in any case", "notice_url", standard, `{"legalAndMetadata": {"TRANSPARENCY_URL": "http://t.example/x"}}`, Present, "", "legalAndMetadata.TRANSPARENCY_URL", false},
	{"notice link not a URL", "notice_url", standard, `{"complianceAndFunding": {"noticeUrl": "see our website"}}`, Missing, "not a web address", "", false},
	{"notice link null", "notice_url", standard, `{"complianceAndFunding": {"noticeUrl": null}}`, DeclaredNone, "", "", false},
	{"no notice link", "notice_url", standard, `{}`, Missing, "not in this response", "", false},
	// a page that says in words it holds the notice needs no link to one;
	// words that point elsewhere do not say so
	{"a page holding the notice", "notice_url", standard, `{"Kreisverband": "Notwendige Informationen für die Transparenzbekanntmachung nach Art. 12 der Verordnung (EU) 2024/900"}`, NotApplicable, "itself a transparency notice", "", false},
	{"a heading over a citation", "notice_url", standard, `{"Transparenzbekanntmachung": "nach EU-Verordnung 2024/900."}`, NotApplicable, "itself a transparency notice", "", false},
	{"a notice elsewhere", "notice_url", standard, `{"Hinweis": "Die Transparenzbekanntmachung finden Sie unter www.partei.example/ttpa"}`, Missing, "", "", false},
	{"a notice behind a link", "notice_url", standard, `{"Info": "The transparency notice is at the link below."}`, Missing, "", "", false},
}

func TestRules(t *testing.T) {
	for _, c := range ruleCases {
		t.Run(c.rule+"/"+c.name, func(t *testing.T) {
			r := result(t, Check(doc(t, c.view, c.body)), c.rule)
			if r.Status != c.want {
				t.Fatalf("status %s (%s); want %s", r.Status, r.Note, c.want)
			}
			if !strings.Contains(r.Note, c.note) {
				t.Errorf("note %q lacks %q", r.Note, c.note)
			}
			if c.found != "" && !contains(r.Found, c.found) {
				t.Errorf("found %q; want %q among them", r.Found, c.found)
			}
			if r.Flagged != c.flagged {
				t.Errorf("flagged %v; want %v", r.Flagged, c.flagged)
			}
		})
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestEveryRuleAndStateIsTested keeps ruleCases honest: each rule is seen
// present and missing, and every state is seen somewhere.
func TestEveryRuleAndStateIsTested(t *testing.T) {
	seen := map[string]map[Status]bool{}
	all := map[Status]bool{}
	for _, c := range ruleCases {
		if _, ok := RuleByID(c.rule); !ok {
			t.Errorf("case %q names no rule %q", c.name, c.rule)
		}
		if seen[c.rule] == nil {
			seen[c.rule] = map[Status]bool{}
		}
		seen[c.rule][c.want] = true
		all[c.want] = true
	}
	for _, r := range Rules {
		if !seen[r.ID][Present] || !seen[r.ID][Missing] {
			t.Errorf("rule %s lacks a present or a missing case: %v", r.ID, seen[r.ID])
		}
	}
	for _, s := range Statuses {
		if !all[s] {
			t.Errorf("no case ends %s", s)
		}
	}
}

// The points of Regulation (EU) 2024/900 the rules cite, and the rules
// that check less than the point asks say so.
func TestRulesCiteTheirPoints(t *testing.T) {
	cites := map[string]string{
		"sponsor.name": "Art. 12(1)(a)", "sponsor.legal_name": "Art. 12(1)(a)", "sponsor.email": "Art. 12(1)(a)",
		"sponsor.address": "Art. 12(1)(a)", "sponsor.establishment": "Art. 12(1)(a)", "controlling_entity": "Art. 12(1)(a)",
		"payer": "Art. 12(1)(b)", "period": "Art. 12(1)(c)", "amounts": "Art. 12(1)(d)", "funding.origin": "Art. 12(1)(e)",
		"funding.eu": "Art. 12(1)(e)", "calculation": "Art. 12(1)(f)", "election": "Art. 12(1)(g)",
		"election.date": "Art. 12(1)(g)", "suspension": "Art. 12(1)(k)", "targeting": "Art. 12(1)(l)",
		"notice_url": "Art. 11(1)(e)", "sponsor.registration": "Art. 12(1)(a)", "controlling_entity.contact": "Art. 12(1)(a)",
		"payer.contact": "Art. 12(1)(b)", "amounts.advertisement": "Art. 12(1)(d)", "amounts.campaign": "Art. 12(1)(d)",
		"election.information": "Art. 12(1)(h)", "repository": "Art. 12(1)(i)", "notification": "Art. 12(1)(j)",
		"targeting.details": "Art. 12(1)(l)", "targeting.rights": "Art. 12(1)(l)",
	}
	for _, r := range Rules {
		want, ok := cites[r.ID]
		if !ok {
			t.Errorf("rule %s: no expected citation", r.ID)
			continue
		}
		if !strings.Contains(r.Basis, want) {
			t.Errorf("rule %s cites %q; want %s", r.ID, r.Basis, want)
		}
	}
	for id, says := range map[string]string{
		"sponsor.establishment": "a country alone counts as present",
		"controlling_entity":    "padview checks only the name",
		"payer":                 "padview checks only the name",
		"suspension":            "uncertain",
		"targeting":             "uncertain",
		"sponsor.legal_name":    "uncertain",
		"sponsor.name":          "unverified",
		"repository":            "unverified",
		"notification":          "unverified",
		"targeting.details":     "unverified",
		"targeting.rights":      "unverified",
		"amounts.advertisement": "uncertain",
	} {
		if r, _ := RuleByID(id); !strings.Contains(r.Basis, says) {
			t.Errorf("rule %s basis %q does not say %q", id, r.Basis, says)
		}
	}
}

// The rules are the template's items in its order: each carries its item
// number, which its basis cites, and every item of Annex II has a rule.
func TestRulesAreTheAnnexItems(t *testing.T) {
	last, items := 0, map[int]bool{}
	for _, r := range Rules {
		items[r.Annex] = true
		if r.Annex == 0 {
			if r.ID != "notice_url" {
				t.Errorf("rule %s has no Annex II item", r.ID)
			}
			continue
		}
		if r.Annex < last {
			t.Errorf("rule %s (item %d) after item %d: not in the template's order", r.ID, r.Annex, last)
		}
		last = r.Annex
		if !strings.Contains(r.Basis, fmt.Sprintf("Annex II item %d", r.Annex)) || r.AnnexLabel == "" {
			t.Errorf("rule %s: basis %q does not cite item %d, or no label %q", r.ID, r.Basis, r.Annex, r.AnnexLabel)
		}
	}
	for i := 1; i <= 16; i++ {
		if !items[i] {
			t.Errorf("Annex II item %d has no rule", i)
		}
	}
}

// Every place a rule reads is a field of the vocabulary: the check has no
// list of names of its own.
func TestRulesReadTheVocabulary(t *testing.T) {
	v := advert.NormalizeValue(advert.NewObject(), "X", full).Vocabulary()
	for _, r := range Rules {
		for _, f := range expand(v, r.Fields) {
			if strings.HasSuffix(f, "."+vocab.Payer) || strings.HasSuffix(f, "."+vocab.ControllingEntity) {
				continue // a party, which the vocabulary knows by its names
			}
			if strings.Contains(f, setMark) {
				t.Errorf("rule %s reads a set %s the vocabulary does not expand", r.ID, f)
			}
			if _, ok := fieldAt(v, f); !ok {
				t.Errorf("rule %s reads %s, which is no field of the vocabulary", r.ID, f)
			}
		}
	}
}

func TestRulesTable(t *testing.T) {
	ids := map[string]bool{}
	for _, r := range Rules {
		if r.ID == "" || r.Label == "" || r.Basis == "" || r.About == "" || len(r.Fields) == 0 || r.eval == nil {
			t.Errorf("rule %q is incomplete", r.ID)
		}
		if ids[r.ID] {
			t.Errorf("rule %s twice", r.ID)
		}
		ids[r.ID] = true
		if !strings.Contains(r.Basis, "2024/900") {
			t.Errorf("rule %s names no basis in the Regulation: %q", r.ID, r.Basis)
		}
	}
}

// A complete notice passes; in the standard view its contact items are
// not in view rather than missing, and the report is still complete.
func TestCompleteAndIncomplete(t *testing.T) {
	const complete = `{
	  "advertiser": {"companyName": "Riverside", "legalName": "Riverside Ltd", "email": "m@r.example",
	    "streetAddress": "14 Quayside Walk", "placeOfEstablishment": "Northbank, GB"},
	  "campaign": {"totalValue": {"amount": "48250.00", "currency": "EUR"}, "startDate": "2026-09-01", "endDate": "2026-11-30"},
	  "complianceAndFunding": {"fundingOrigin": "private, within the EU", "isThirdCountryFunded": false,
	    "calculationMethod": "invoiced cost", "linkedElection": "Measure 4", "electionDate": "2026-11-26",
	    "transparencyNoticeUrl": "https://t.example/x", "payer": "Riverside", "controllingEntity": "none"},
	  "targeting": {"techniquesUsed": true},
	  "legalAndMetadata": {"previouslySuspended": false}
	}`
	rep := Check(doc(t, full, complete))
	if !rep.Complete() || rep.Outcome() != Complete || len(rep.Failures()) != 0 || len(rep.Undetermined()) != 0 {
		t.Fatalf("complete notice reported %s: %+v", rep.Outcome(), rep.Failures())
	}
	if rep.Verdict() != "complete: no required item is missing" || rep.Count(Missing) == 0 {
		t.Errorf("verdict %q; missing %d (optional items the notice lacks)", rep.Verdict(), rep.Count(Missing))
	}
	// In the standard view the sponsor email is not in the answer: neither
	// complete nor missing, but undetermined, and the verdict says why.
	std := doc(t, standard, strings.NewReplacer(`"email": "m@r.example",`, "", `"streetAddress": "14 Quayside Walk",`, "").Replace(complete))
	rep = Check(std)
	if rep.Complete() || rep.Outcome() != Undetermined || rep.Count(NotInView) != 2 || len(rep.Failures()) != 0 {
		t.Errorf("standard view: %s, not in view %d", rep.Outcome(), rep.Count(NotInView))
	}
	if rep.Verdict() != "undetermined: the sponsor email is only in the full view" {
		t.Errorf("verdict %q", rep.Verdict())
	}
	// An item present in a standard answer is present.
	rep = Check(doc(t, standard, complete))
	if !rep.Complete() || rep.Count(NotInView) != 0 {
		t.Errorf("a standard answer with the email: %s, not in view %d", rep.Outcome(), rep.Count(NotInView))
	}
	// With members padview does not recognise, a rule that finds nothing is
	// unknown: the notice is undetermined, never incomplete for it.
	rep = Check(doc(t, full, strings.Replace(complete, `"calculationMethod": "invoiced cost",`, `"berekeningswijze_xq": "model Q7",`, 1)))
	if r := result(t, rep, "calculation"); r.Status != Unknown || rep.Outcome() != Undetermined ||
		rep.Verdict() != "undetermined: the calculation method was not recognised" {
		t.Errorf("unknown calculation: %s (%s); %s %q", r.Status, r.Note, rep.Outcome(), rep.Verdict())
	}

	// The verdict's words agree with the noun's number.
	rep = Check(doc(t, full, strings.Replace(complete, `"totalValue": {"amount": "48250.00", "currency": "EUR"},`, `"wert_xq": 5,`, 1)))
	if rep.Verdict() != "undetermined: the amounts were not recognised" {
		t.Errorf("verdict %q", rep.Verdict())
	}

	rep = Check(doc(t, standard, `{"advertiser": {"companyName": "R"}}`))
	if rep.Complete() {
		t.Fatal("an empty notice is complete")
	}
	for _, f := range rep.Failures() {
		if !f.Rule.Required || f.Status != Missing {
			t.Errorf("failure %s is %s, required %v", f.Rule.ID, f.Status, f.Rule.Required)
		}
	}
	if r := result(t, rep, "calculation"); !r.Failed() {
		t.Error("a missing required rule did not fail")
	}
	if r := result(t, rep, "suspension"); r.Status != Missing || r.Failed() {
		t.Error("a missing optional rule failed the notice")
	}
}

func TestReportJSON(t *testing.T) {
	rep := Check(doc(t, standard, `{"advertiser": {"companyName": "R"}, "campaign": {"totalValue": 5}}`))
	b, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		PAID     string `json:"paid"`
		Verdict  string `json:"verdict"`
		Complete *bool  `json:"complete"`
		Checks   []struct {
			ID       string   `json:"id"`
			Label    string   `json:"label"`
			Status   string   `json:"status"`
			Required *bool    `json:"required"`
			Basis    string   `json:"basis"`
			Fields   []string `json:"fields"`
			Note     string   `json:"note"`
		} `json:"checks"`
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if got.PAID != "TEST01" || got.Complete == nil || *got.Complete || len(got.Checks) != len(Rules) {
		t.Fatalf("report JSON: %s", b)
	}
	for i, c := range got.Checks {
		r := Rules[i]
		if c.ID != r.ID || c.Label != r.Label || c.Basis != r.Basis || c.Required == nil || *c.Required != r.Required ||
			len(c.Fields) != len(expand(vocab.Builtin(), r.Fields)) || strings.Contains(strings.Join(c.Fields, " "), setMark) ||
			c.Status == "" {
			t.Errorf("check %d: %+v", i, c)
		}
	}
	for _, c := range got.Checks {
		if c.ID == "amounts" && (c.Status != "missing" || !strings.Contains(c.Note, "no currency")) {
			t.Errorf("amounts: %+v", c)
		}
	}
	if got.Verdict != "incomplete" {
		t.Errorf("verdict %q", got.Verdict)
	}
}

// Where the answer holds a member padview did not recognise, an item it
// did not find (or found only in part: an amount whose currency may be
// elsewhere, a payer whose name may be, sponsors the advertiser's value may
// stand for) is unknown only if that member may hold it: by its name's
// words, or, where none of them could be read, by its value's shape. An
// item it found and that is wrong (a period that ends before it starts)
// is missing all the same. This is what padview fields says above the
// unrecognised members.
func TestUnknownOnlyWhereACandidateMayHoldIt(t *testing.T) {
	unread := func(v string) string { return `"zzz_qqq": ` + v }
	for _, c := range []struct {
		name, rule, body string
		want             Status
	}{
		{"an amount whose currency may be elsewhere", "amounts", `{"campaign": {"totalValue": 9800}, ` + unread(`"EUR"`) + `}`, Unknown},
		{"an amount without a currency, all recognised", "amounts", `{"campaign": {"totalValue": 9800}}`, Missing},
		{"a payer whose name may be elsewhere", "payer", `{"complianceAndFunding": {"payer": {"email": "p@x.example"}}, ` + unread(`"Beispiel GmbH"`) + `}`, Unknown},
		{"a payer without a name, all recognised", "payer", `{"complianceAndFunding": {"payer": {"email": "p@x.example"}}}`, Missing},
		{"sponsors in part, the advertiser's may be elsewhere", "sponsor.email",
			`{"sponsors": [{"name": "A", "email": "a@x.example"}, {"name": "B"}], ` + unread(`"b@x.example"`) + `}`, Unknown},
		{"sponsors in part, and nothing that looks like an email", "sponsor.email",
			`{"sponsors": [{"name": "A", "email": "a@x.example"}, {"name": "B"}], ` + unread(`"?"`) + `}`, Missing},
		{"a period that ends before it starts", "period",
			`{"kampagne": {"beginn": "2026-05-04T09:00:00", "ende": "2026-04-01"}, ` + unread(`"2026-06-01"`) + `}`, Missing},
		{"a period without an end, and a date beside it", "period", `{"campaign": {"startDate": "2026-05-04"}, ` + unread(`"2026-06-01"`) + `}`, Unknown},
		{"a period without an end, and no date beside it", "period", `{"campaign": {"startDate": "2026-05-04"}, ` + unread(`"?"`) + `}`, Missing},
		{"an end read by its words in a language padview knows", "period", `{"campaign": {"startDate": "2026-05-04"}, "data_fine": "2026-06-01"}`, Present},
		{"a notice link that is no web address", "notice_url",
			`{"complianceAndFunding": {"transparencyNoticeUrl": "see the website"}, ` + unread(`"https://x.example/t"`) + `}`, Missing},
		{"a member read as something else is no candidate", "calculation", `{"campaign": {"startDate": "2026-05-04"}, "Impressions": "1000"}`, Missing},
	} {
		if r := result(t, Check(doc(t, full, c.body)), c.rule); r.Status != c.want {
			t.Errorf("%s: %s %s (%s); want %s", c.name, c.rule, r.Status, r.Note, c.want)
		}
	}
}

// A report never carries a value of personal data, in the full view too.
func TestReportHoldsNoPersonalData(t *testing.T) {
	rep := Check(doc(t, full, `{"advertiser": {"companyName": "R", "email": "maren.holt@r.example", "phone": "+44 20 7946 0012",
	  "streetAddress": "14 Quayside Walk"}, "sponsors": [{"name": "A", "email": "secret@a.example", "streetAddress": "2 Mill Lane"}]}`))
	b, _ := json.Marshal(rep)
	for _, v := range []string{"maren", "7946", "Quayside", "secret@", "Mill Lane"} {
		if strings.Contains(string(b), v) {
			t.Errorf("report holds %q: %s", v, b)
		}
	}
}

func TestStatusWordsAndSymbols(t *testing.T) {
	symbols := map[string]bool{}
	for _, s := range Statuses {
		if s.Words() == "" || symbols[s.Symbol()] || s.Symbol() == "·" {
			t.Errorf("status %s: words %q, symbol %q", s, s.Words(), s.Symbol())
		}
		symbols[s.Symbol()] = true
	}
	if NotInView.Words() != "not in this view" || Missing.Symbol() != "✗" {
		t.Error("status words or symbols changed")
	}
}

func TestNilDocument(t *testing.T) {
	if rep := Check(nil); rep.Complete() || len(rep.Results) != len(Rules) {
		t.Error("a nil document passed")
	}
}

func TestReportIsCleaned(t *testing.T) {
	rep := Check(doc(t, standard, `{"legalAndMetadata": {"calculation\u001bMethod": "x"}, "campaign": {"totalValue": 5, "currency\u202e": 1}}`))
	b, _ := json.Marshal(rep)
	if strings.Contains(string(b), `\u001b`) || strings.Contains(string(b), "\u202e") {
		t.Errorf("control characters in the report: %s", b)
	}
}

// A name with a hidden character is not taken for a known one (see
// advert.FoldKey), so it never satisfies a rule and never appears, raw, in
// the found names.
func TestMatchedNamesAreCleaned(t *testing.T) {
	r := result(t, Check(doc(t, standard, `{"legalAndMetadata": {"calculation\u001bMethod": "x"}}`)), "calculation")
	if r.Status == Present || len(r.Found) != 0 {
		t.Errorf("found %q (%s)", r.Found, r.Status)
	}
}

func TestResultAndReportWords(t *testing.T) {
	rep := Check(doc(t, standard, `{"advertiser": {"companyName": "R"}, "campaign": {"startDate": "2026-09-01", "endDate": "2026-11-30"},
	  "complianceAndFunding": {"payer": "R"}}`))
	if r := result(t, rep, "calculation"); r.Words() != "MISSING" {
		t.Errorf("a required item missing reads %q", r.Words())
	}
	if r := result(t, rep, "suspension"); r.Words() != "missing" {
		t.Errorf("an optional item missing reads %q", r.Words())
	}
	if r := result(t, rep, "period"); r.Detail() != "campaign.startDate, campaign.endDate" {
		t.Errorf("detail of a present item: %q", r.Detail())
	}
	if r := result(t, rep, "payer"); r.Detail() != "the sponsor pays (complianceAndFunding.payer)" {
		t.Errorf("detail with a note: %q", r.Detail())
	}
	n := len(rep.Failures())
	want := fmt.Sprintf("INCOMPLETE: %d required items missing: the amounts, the origin of the funds, whether the funds come from "+
		"inside the EU, the calculation method and 1 more; the sponsor email and the sponsor place of establishment are only in the full view", n)
	if n != 5 || rep.Verdict() != want {
		t.Errorf("verdict %q; want %q", rep.Verdict(), want)
	}
	if !strings.HasPrefix(rep.Tally(), "") || !strings.Contains(rep.Tally(), " missing") || strings.HasPrefix(rep.Tally(), "0 ") || strings.Contains(rep.Tally(), " 0 ") {
		t.Errorf("tally %q", rep.Tally())
	}
	one := Report{Results: []Result{{Rule: Rule{Required: true, Noun: "the calculation method"}, Status: Missing}}}
	if one.Verdict() != "INCOMPLETE: 1 required item missing: the calculation method" {
		t.Errorf("verdict of one: %q", one.Verdict())
	}
	if (Report{}).Verdict() != "complete: no required item is missing" {
		t.Error("verdict of a complete report")
	}
	undecided := Report{Results: []Result{
		{Rule: Rule{Required: true, Noun: "the amounts"}, Status: Unknown},
		{Rule: Rule{Required: true, Noun: "the sponsor email"}, Status: NotInView},
		{Rule: Rule{Required: true, Noun: "the sponsor postal address"}, Status: NotInView},
		{Rule: Rule{Required: true, Noun: "the period"}, Status: Unknown},
	}}
	if want := "undetermined: the amounts and the period were not recognised; the sponsor email and the sponsor postal address " +
		"are only in the full view"; undecided.Verdict() != want {
		t.Errorf("verdict of four undecided: %q, want %q", undecided.Verdict(), want)
	}
}
