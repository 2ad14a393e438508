package fake

import (
	_ "embed"
	"fmt"
	"sync"

	"github.com/padview/padview/api/advert"
)

//go:embed samples.json
var samplesJSON []byte

// ManySponsorsPAID names the sample with 5,000 sponsors.
const ManySponsorsPAID = "MANY5000"

// SamplePAIDs lists the sample set in the order it is suggested to people.
func SamplePAIDs() []string {
	return append([]string(nil), samples().order...)
}

type sampleSet struct {
	byPAID map[string]advert.Value
	order  []string
}

// samples parses the embedded set once, on first use, so that programs
// that never touch the fake pay nothing for it.
var samples = sync.OnceValue(func() sampleSet {
	root, err := advert.ParseValue(samplesJSON)
	if err != nil {
		panic(fmt.Sprintf("fake: embedded samples: %v", err))
	}
	set := sampleSet{byPAID: map[string]advert.Value{}}
	for _, ad := range root.Items {
		id, _ := ad.Get("paid")
		set.byPAID[id.Str] = ad
		set.order = append(set.order, id.Str)
	}
	set.byPAID[ManySponsorsPAID] = manySponsors(5000)
	set.order = append(set.order, ManySponsorsPAID)
	return set
})

// manySponsors builds the large sample: one advertisement with n sponsors,
// for checking that nothing slows down with the size of a collection.
func manySponsors(n int) advert.Value {
	root, _ := advert.ParseValue(samplesJSON)
	base := root.Items[0] // the large sample is modelled on the first
	ad := advert.NewObject()
	for _, m := range base.Members {
		ad.Members = append(ad.Members, m)
	}
	ad.Set("paid", advert.StringValue(ManySponsorsPAID))
	title, _ := base.Get("basicInformation")
	info := advert.NewObject()
	info.Members = append(info.Members, title.Members...)
	info.Set("title", advert.StringValue("Grassroots fund: 5,000 small donors"))
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
