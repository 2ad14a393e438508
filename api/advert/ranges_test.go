package advert

import "testing"

// A range split over two members is one amount: its two ends, in one
// currency, under both names; an end without its twin, or ends of two
// currencies, stay as sent.
func TestRangeOverTwoMembers(t *testing.T) {
	d := mustNormalize(t, `{"Spend_Range_Min_EUR": "1000", "Spend_Range_Max_EUR": "2000",
	  "Spend_Range_Min_USD": "1100", "bedrag_van": "5", "Spend_Range_Max_PLN": "9"}`)
	if got := at(t, d, "complianceAndFunding.amountsReceived"); got != `{"lowerBound":"1000","upperBound":"2000","currency":"EUR"}` {
		t.Errorf("the EUR range: %s", got)
	}
	for _, alone := range []string{"Spend_Range_Min_USD", "Spend_Range_Max_PLN"} {
		if _, ok := d.ComplianceAndFunding.Get(alone); !ok {
			t.Errorf("%s, an end without its twin, is not kept as sent: %s", alone, d.ComplianceAndFunding.Text())
		}
	}
	places, err := Places([]byte(`{"spend_min_eur": "1", "spend_max_eur": "2"}`), "X", Standard, nil)
	if err != nil || len(places) != 2 || places[0].Source != "spend_min_eur" || places[1].Source != "spend_max_eur" ||
		places[0].Path != "complianceAndFunding.amountsReceived.lowerBound" || !places[1].Recognised {
		t.Errorf("fields lists the ends as sent, where the document holds them: %+v", places)
	}
}
