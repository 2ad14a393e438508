package notice

import (
	"fmt"
	"strings"
	"testing"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/check"
)

// BenchmarkBuild50000Sponsors lays out the notice of an answer whose
// sponsor items are met by each of 50,000 sponsors, the worst case of the
// one walk over the document (the Transparency tab builds it when v is
// pressed).
func BenchmarkBuild50000Sponsors(b *testing.B) {
	var sponsors []string
	for i := range 50_000 {
		sponsors = append(sponsors, fmt.Sprintf(`{"name": "Donor %d", "email": "d%d@example.org", "placeOfEstablishment": "Lyon, FR", "registrationNumber": "R%d", "city": "Lyon"}`, i, i, i))
	}
	d, err := advert.Normalize([]byte(`{"sponsors": [`+strings.Join(sponsors, ",")+`]}`), "MANY", advert.Full)
	if err != nil {
		b.Fatal(err)
	}
	rep := check.Check(d)
	b.ReportAllocs()
	for b.Loop() {
		n := Build(d, rep)
		if e := n.Items[0].Entries[0]; e.More != 50_000-maxValues {
			b.Fatalf("sponsor names: %d more", e.More)
		}
	}
}
