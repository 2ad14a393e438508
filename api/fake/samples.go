package fake

import (
	_ "embed"
	"fmt"
	"sync"

	"github.com/padview/padview/api/advert"
)

//go:embed samples.json
var samplesJSON []byte

const (
	// ManySponsorsPAID names the sample with 5,000 sponsors.
	ManySponsorsPAID = "MANY5000"
	// HugeSponsorsPAID names the sample with 50,000 sponsors, for measuring
	// that drawing and formatting stay flat with the size of an answer.
	HugeSponsorsPAID = "MANY50000"
)

// embeddedPAIDs are the advertisements in samples.json, in its order. They
// are written out here so that listing the samples costs nothing: the demo
// lists them before its first frame and parses them only when one is
// fetched. TestSampleListMatchesEmbeddedSet keeps the two in step.
var embeddedPAIDs = [...]string{
	"AB12CD", "PAD-2026-000000123456", "XK9P2M", "ZZ7Q1A", "PAD-2025-000000000789", "Q4R8ST",
	"JP2026A1", "LONG01", "NUL0N3", "ESC4PE", "ES55MAD", "PL44WAW",
}

// SamplePAIDs lists the sample set in the order it is suggested to people.
// It builds none of them.
func SamplePAIDs() []string {
	return append(embeddedPAIDs[:len(embeddedPAIDs):len(embeddedPAIDs)], ManySponsorsPAID, HugeSponsorsPAID)
}

// sample returns the advertisement a PAID names, building it on first use,
// so that programs that never fetch one pay nothing for the set.
func sample(paid string) (advert.Value, bool) {
	switch paid {
	case ManySponsorsPAID:
		return manySponsors5000(), true
	case HugeSponsorsPAID:
		return manySponsors50000(), true
	}
	ad, ok := embedded()[paid]
	return ad, ok
}

// embedded parses samples.json once, on the first fetch of any sample.
var embedded = sync.OnceValue(func() map[string]advert.Value {
	root, err := advert.ParseValue(samplesJSON)
	if err != nil {
		panic(fmt.Sprintf("fake: embedded samples: %v", err))
	}
	byPAID := make(map[string]advert.Value, len(root.Items))
	for _, ad := range root.Items {
		id, _ := ad.Get("paid")
		byPAID[id.Str] = ad
	}
	return byPAID
})

var (
	manySponsors5000 = sync.OnceValue(func() advert.Value {
		return manySponsors(ManySponsorsPAID, "Grassroots fund: 5,000 small donors", 5000)
	})
	manySponsors50000 = sync.OnceValue(func() advert.Value {
		return manySponsors(HugeSponsorsPAID, "Grassroots fund: 50,000 small donors", 50000)
	})
)

// manySponsors builds a large sample: one advertisement with n sponsors,
// for checking that nothing slows down with the size of a collection.
func manySponsors(paid, title string, n int) advert.Value {
	base := embedded()["AB12CD"] // the large samples are modelled on the first
	ad := advert.NewObject()
	ad.Members = append(ad.Members, base.Members...)
	ad.Set("paid", advert.StringValue(paid))
	basic, _ := base.Get("basicInformation")
	info := advert.NewObject()
	info.Members = append(info.Members, basic.Members...)
	info.Set("title", advert.StringValue(title))
	ad.Set("basicInformation", info)
	cities := []string{"Northbank", "Eastmarsh", "Westford", "Gdańsk", "Lyon", "Łódź", "Madrid", "大阪市"}
	list := make([]advert.Value, n)
	for i := range list {
		s := advert.NewObject()
		s.Set("name", advert.StringValue(fmt.Sprintf("Donor %04d", i+1)))
		s.Set("kind", advert.StringValue("individual"))
		s.Set("email", advert.StringValue(fmt.Sprintf("donor%04d@donors.example", i+1)))
		s.Set("phone", advert.StringValue(fmt.Sprintf("+44 20 7946 %04d", i%1000)))
		s.Set("streetAddress", advert.StringValue(fmt.Sprintf("%d Example Street", i%200+1)))
		s.Set("postalCode", advert.StringValue(fmt.Sprintf("NB%d %dAA", i%9+1, i%9)))
		s.Set("city", advert.StringValue(cities[i%len(cities)]))
		s.Set("country", advert.StringValue("GB"))
		s.Set("contribution", advert.Value{Kind: advert.Object, Members: []advert.Member{
			{Key: "amount", Value: advert.Value{Kind: advert.Number, Str: fmt.Sprint(5 + i%95)}},
			{Key: "currency", Value: advert.StringValue("EUR")},
		}})
		list[i] = s
	}
	ad.Set("sponsors", advert.NewArray(list...))
	return ad
}
