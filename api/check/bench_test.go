package check

import (
	"fmt"
	"strings"
	"testing"

	"github.com/padview/padview/api/advert"
)

// BenchmarkCheck runs every rule over answers that make the rules read
// many members: 50,000 sponsors, and a group of (almost) as many distinct
// member names as an answer may hold, which no vocabulary cache keeps.
func BenchmarkCheck(b *testing.B) {
	var sponsors []string
	for i := range 50_000 {
		sponsors = append(sponsors, fmt.Sprintf(`{"name": "Donor %d", "email": "d%d@example.org", "placeOfEstablishment": "Lyon, FR", "registrationNumber": "R%d", "city": "Lyon"}`, i, i, i))
	}
	var members strings.Builder
	for i := range advert.MaxValues - 10 {
		if i > 0 {
			members.WriteByte(',')
		}
		fmt.Fprintf(&members, `"k%d":1`, i)
	}
	for _, c := range []struct{ name, body string }{
		{"50000 sponsors", `{"sponsors": [` + strings.Join(sponsors, ",") + `]}`},
		{"distinct members in a group", `{"advertiser": {` + members.String() + `}}`},
	} {
		d, err := advert.Normalize([]byte(c.body), "MANY", advert.Full)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if r := Check(d); len(r.Results) != len(Rules) {
					b.Fatalf("%d results", len(r.Results))
				}
			}
		})
	}
}
