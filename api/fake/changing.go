package fake

import (
	"net/http"

	"github.com/padview/padview/api/advert"
)

// ChangingPAID names the advertisement that changes between polls, for
// `padview watch` and its demo: each request for it moves it on by one
// revision, in a cycle of four:
//
//	0  as published: complete, targeted on context and demographics
//	1  revised in place: no targeting, a higher amount, the link to the
//	   notice gone (so the verdict turns incomplete), a new contact email
//	2  withdrawn: 410 Gone
//	3  published again as in 0, with a newer notice version
const ChangingPAID = "REV2026"

// changingRevisions is the length of ChangingPAID's cycle.
const changingRevisions = 4

// changing answers a request for ChangingPAID with its next revision, or
// answers 410 itself when it returns false.
func (s *Server) changing(w http.ResponseWriter) (advert.Value, bool) {
	s.mu.Lock()
	rev := s.revision % changingRevisions
	s.revision++
	s.mu.Unlock()
	if rev == 2 {
		writeError(w, http.StatusGone, "gone", "The advertisement "+ChangingPAID+" was withdrawn by its sponsor")
		return advert.Value{}, false
	}
	return changingRevision(rev), true
}

// changingRevision builds revision rev of ChangingPAID from the TN2026
// sample, whose notice carries every item.
func changingRevision(rev int) advert.Value {
	base, _ := sample("TN2026")
	ad := base.With()
	ad.Set("paid", advert.StringValue(ChangingPAID))
	set := func(group, key string, v advert.Value) {
		g, _ := ad.Get(group)
		g = g.With()
		g.Set(key, v)
		ad.Set(group, g)
	}
	amount := func(n string) advert.Value {
		return advert.NewObject(advert.Member{Key: "amount", Value: advert.NumberValue(n)},
			advert.Member{Key: "currency", Value: advert.StringValue("EUR")})
	}
	set("basicInformation", "title", advert.StringValue("Bridges Plebiscite: your polling station"))
	set("basicInformation", "description", advert.StringValue("Questions about this advertisement: press@bridgesforbikes.example"))
	set("targeting", "techniques", advert.NewArray(advert.StringValue("contextual"), advert.StringValue("demographic")))
	set("legalAndMetadata", "noticeVersion", advert.StringValue("1.0"))
	set("legalAndMetadata", "lastUpdated", advert.StringValue("2026-09-01"))
	switch rev {
	case 1:
		set("targeting", "techniquesUsed", advert.BoolValue(false))
		set("targeting", "techniques", advert.NewArray(advert.StringValue("none")))
		set("campaign", "totalValue", amount("21900"))
		set("complianceAndFunding", "amountsReceived", amount("21900"))
		set("basicInformation", "description", advert.StringValue("Questions about this advertisement: campaign.office@bridgesforbikes.example"))
		set("legalAndMetadata", "noticeVersion", advert.StringValue("1.1"))
		set("legalAndMetadata", "lastUpdated", advert.StringValue("2026-09-15"))
		cf, _ := ad.Get("complianceAndFunding")
		var kept []advert.Member
		for _, m := range cf.Members() {
			if m.Key != "transparencyNoticeUrl" {
				kept = append(kept, m)
			}
		}
		ad.Set("complianceAndFunding", advert.NewObject(kept...))
	case 3:
		set("legalAndMetadata", "noticeVersion", advert.StringValue("1.2"))
		set("legalAndMetadata", "lastUpdated", advert.StringValue("2026-10-01"))
	}
	return ad
}

// Listing is one line of what the demo names: a kind of advertisement and
// its PAIDs.
type Listing struct {
	Kind  string // "samples", "changing", "failures"
	PAIDs []string
}

// Listings are every PAID the demo names, in the order it names them: the
// samples, the advertisement that changes between polls, and those that
// show a failing service (with DemoTriggers). It is the one list: `padview
// demo-server` prints it, and the README's demo table holds these PAIDs
// and no others (a test keeps them in step).
func Listings() []Listing {
	return []Listing{{"samples", SamplePAIDs()}, {"changing", []string{ChangingPAID}}, {"failures", DemoPAIDs}}
}
