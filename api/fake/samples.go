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
	"JP2026A1", "LONG01", "NUL0N3", "ESC4PE", "ES55MAD", "PL44WAW", "AB12CE", "TN2026",
	// Answers in the vocabularies of real sources: a politiekereclame.nl
	// statement, a Meta Ad Library ads_archive record, an ad collector's.
	"PRNL25", "META24", "ADCOL1",
}

// SamplePAIDs lists the sample set in the order it is suggested to people.
// It builds none of them.
func SamplePAIDs() []string {
	return append(embeddedPAIDs[:len(embeddedPAIDs):len(embeddedPAIDs)], ManySponsorsPAID, HugeSponsorsPAID)
}

// sample returns the advertisement a PAID names, building it on first use,
// so that programs that never fetch one pay nothing for the set.
func sample(paid string) (advert.Value, bool) {
	if large, ok := largeSample(paid); ok {
		ad, err := advert.ParseValue(large().full)
		if err != nil {
			panic(fmt.Sprintf("fake: sample %s: %v", paid, err))
		}
		return ad, true
	}
	ad, ok := embedded()[paid]
	return ad, ok
}

// keptBody is the response body of a large sample in the plain shape, kept
// encoded: it is what the demo serves, and the bytes take a fifth of the
// memory of the value tree the demo would otherwise hold while it runs.
func keptBody(paid string, view advert.View, shape Shape) ([]byte, bool) {
	large, ok := largeSample(paid)
	if !ok || shape != Plain {
		return nil, false
	}
	if view == advert.Standard {
		return large().standard, true
	}
	return large().full, true
}

// embedded parses samples.json once, on the first fetch of any sample.
var embedded = sync.OnceValue(func() map[string]advert.Value {
	root, err := advert.ParseValue(samplesJSON)
	if err != nil {
		panic(fmt.Sprintf("fake: embedded samples: %v", err))
	}
	byPAID := make(map[string]advert.Value, len(root.Items()))
	for _, ad := range root.Items() {
		id, _ := ad.Get("paid")
		byPAID[id.Str] = ad
	}
	return byPAID
})

// encodedSample is a generated sample as the plain shape's bodies of both
// views.
type encodedSample struct{ full, standard []byte }

var (
	manySponsors5000 = sync.OnceValue(func() encodedSample {
		return manySponsors(ManySponsorsPAID, "Grassroots fund: 5,000 small donors", 5000)
	})
	manySponsors50000 = sync.OnceValue(func() encodedSample {
		return manySponsors(HugeSponsorsPAID, "Grassroots fund: 50,000 small donors", 50000)
	})
)

// largeSample finds a generated sample by its PAID.
func largeSample(paid string) (func() encodedSample, bool) {
	switch paid {
	case ManySponsorsPAID:
		return manySponsors5000, true
	case HugeSponsorsPAID:
		return manySponsors50000, true
	}
	return nil, false
}

// manySponsors builds a large sample: one advertisement with n sponsors,
// for checking that nothing slows down with the size of a collection. It
// writes the JSON one sponsor at a time, never holding the whole tree.
func manySponsors(paid, title string, n int) encodedSample {
	base := embedded()["AB12CD"] // the large samples are modelled on the first
	ad := base.With()
	ad.Set("paid", advert.StringValue(paid))
	basic, _ := base.Get("basicInformation")
	info := basic.With()
	info.Set("title", advert.StringValue(title))
	ad.Set("basicInformation", info)
	ad.Set("sponsors", advert.NewArray())
	// A sponsor takes about 245 bytes, 122 without personal data: room
	// enough that the buffers never grow.
	full := appendWithSponsors(make([]byte, 0, 2048+n*250), ad, n, donor)
	standard := appendWithSponsors(make([]byte, 0, 2048+n*125), standardView(ad), n, func(i int) advert.Value {
		return withoutPersonal(donor(i))
	})
	return encodedSample{full: full, standard: standard}
}

// appendWithSponsors appends ad as compact JSON, its sponsors member being
// the n objects sponsor returns.
func appendWithSponsors(b []byte, ad advert.Value, n int, sponsor func(int) advert.Value) []byte {
	b = append(b, '{')
	for i, m := range ad.Members() {
		if i > 0 {
			b = append(b, ',')
		}
		b = advert.StringValue(m.Key).AppendJSON(b)
		b = append(b, ':')
		if m.Key != "sponsors" {
			b = m.Value.AppendJSON(b)
			continue
		}
		b = append(b, '[')
		for j := range n {
			if j > 0 {
				b = append(b, ',')
			}
			b = sponsor(j).AppendJSON(b)
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

var donorCities = [...]string{"Northbank", "Eastmarsh", "Westford", "Gdańsk", "Lyon", "Łódź", "Madrid", "大阪市"}

// donor is the i-th sponsor of the large samples.
func donor(i int) advert.Value {
	return advert.NewObject(
		advert.Member{Key: "name", Value: advert.StringValue(fmt.Sprintf("Donor %04d", i+1))},
		advert.Member{Key: "kind", Value: advert.StringValue("individual")},
		advert.Member{Key: "email", Value: advert.StringValue(fmt.Sprintf("donor%04d@donors.example", i+1))},
		advert.Member{Key: "phone", Value: advert.StringValue(fmt.Sprintf("+44 20 7946 %04d", i%1000))},
		advert.Member{Key: "streetAddress", Value: advert.StringValue(fmt.Sprintf("%d Example Street", i%200+1))},
		advert.Member{Key: "postalCode", Value: advert.StringValue(fmt.Sprintf("NB%d %dAA", i%9+1, i%9))},
		advert.Member{Key: "city", Value: advert.StringValue(donorCities[i%len(donorCities)])},
		advert.Member{Key: "country", Value: advert.StringValue("GB")},
		advert.Member{Key: "contribution", Value: advert.NewObject(
			advert.Member{Key: "amount", Value: advert.NumberValue(fmt.Sprint(5 + i%95))},
			advert.Member{Key: "currency", Value: advert.StringValue("EUR")},
		)},
	)
}
