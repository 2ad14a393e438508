package export

import (
	"strings"
	"testing"

	"github.com/padview/padview/api/advert"
)

// An export names the categories of personal data its format writes: the
// CSV only the parties', JSON and Markdown the whole answer's.
func TestWrittenIsWhatTheFormatWrites(t *testing.T) {
	d, err := advert.Normalize([]byte(`{"advertiser": {"companyName": "Riverside Civic Alliance", "firstName": "Maren",
		"phone": "+44 20 7946 0012"},
		"sponsors": [{"name": "Friends of the Estuary", "email": "info@estuary-friends.example"}],
		"controllers": [{"name": "Riverside Civic Alliance Ltd", "streetAddress": "14 Quayside Walk"}]}`), "AB12CD", advert.Full)
	if err != nil {
		t.Fatal(err)
	}
	for f, want := range map[Format]string{JSON: "email,phone,address,name", Markdown: "email,phone,address,name", CSV: "email,address"} {
		if got := strings.Join(f.Written(d), ","); got != want {
			t.Errorf("%s writes %s, want %s", f, got, want)
		}
	}
	var b strings.Builder
	if err := Write(&b, CSV, Item{Doc: d}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "7946") || strings.Contains(b.String(), "Maren") || !strings.Contains(b.String(), "14 Quayside Walk") {
		t.Errorf("the CSV writes other than its parties:\n%s", b.String())
	}
}

// The provenance as lines reads "not known" for what it lacks, as the CSV
// comments and the text notice write it.
func TestProvenanceLines(t *testing.T) {
	got := strings.Join(Provenance{Host: "api.partner.example", View: advert.Full, Version: "1.4.0"}.Lines(), "\n")
	want := "Fetched at: not known\nService host: api.partner.example\nView: full\nRequest id: not known\npadview version: 1.4.0\nTransparency check: not known"
	if got != want {
		t.Errorf("lines:\n%s\nwant\n%s", got, want)
	}
}
