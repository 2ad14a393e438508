package advert

import (
	"encoding/json"
	"strings"
	"testing"
)

// An answer whose own identifier names another PAID keeps the PAID asked
// for, says the one sent beside it and warns; the same PAID, in any case,
// or none says nothing.
func TestAnswerForAnotherPAIDIsSaid(t *testing.T) {
	cases := []struct {
		body, answered string
	}{
		{`{"paid":"ZZ9999","advertiser":{"city":"X"}}`, "ZZ9999"},
		{`{"adId":"ZZ9999"}`, "ZZ9999"},                        // another name of the identifier
		{`{"data":{"paid":"ZZ9999","campaign":{}}}`, "ZZ9999"}, // inside an envelope
		{`{"paid":12345}`, "12345"},
		{`{"paid":"AB12CD"}`, ""},
		{`{"paid":"ab12cd"}`, ""}, // a service that reads PAIDs in any case
		{`{"paid":""}`, ""},
		{`{"paid":{"id":"ZZ9999"}}`, ""}, // no PAID
		{`{"advertiser":{"city":"X"}}`, ""},
	}
	for _, c := range cases {
		d := mustNormalize(t, c.body)
		if d.PAID != "AB12CD" || d.AnsweredPAID != c.answered {
			t.Errorf("%s: PAID %q, answered %q; want AB12CD, %q", c.body, d.PAID, d.AnsweredPAID, c.answered)
		}
		b, _ := json.Marshal(d)
		var got struct {
			PAID     string   `json:"paid"`
			Answered *string  `json:"answeredPaid"`
			Warnings []string `json:"warnings"`
		}
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatal(err)
		}
		if got.PAID != "AB12CD" {
			t.Errorf("%s: JSON paid %q; want the PAID asked for", c.body, got.PAID)
		}
		warned := strings.Contains(strings.Join(got.Warnings, "\n"), "the service answered for")
		switch {
		case c.answered == "" && (got.Answered != nil || warned):
			t.Errorf("%s: answeredPaid %v, warnings %q; want neither", c.body, got.Answered, got.Warnings)
		case c.answered != "" && (got.Answered == nil || *got.Answered != c.answered):
			t.Errorf("%s: answeredPaid %v; want %q", c.body, got.Answered, c.answered)
		case c.answered != "" && !warned:
			t.Errorf("%s: warnings %q; want the answered-for warning", c.body, got.Warnings)
		}
	}
	d := mustNormalize(t, `{"paid":"ZZ9999"}`)
	if want := "the service answered for ZZ9999, not AB12CD"; d.AnsweredFor() != want || d.Warnings[0] != want {
		t.Errorf("AnsweredFor %q, warnings %q; want %q", d.AnsweredFor(), d.Warnings, want)
	}
	// The member is kept as sent, where the document shows it.
	if got := field(t, d.BasicInformation, "paid"); got != "ZZ9999" {
		t.Errorf("basicInformation.paid = %q", got)
	}
}

// A hostile identifier of a megabyte is kept, but the warning quotes a
// few dozen characters of it.
func TestAnsweredForIsClipped(t *testing.T) {
	long := strings.Repeat("Z", 1<<20)
	d := mustNormalize(t, `{"paid":"`+long+`"}`)
	if d.AnsweredPAID != long {
		t.Fatalf("answered PAID of %d bytes; want the whole", len(d.AnsweredPAID))
	}
	if n := len(d.AnsweredFor()); n > 200 {
		t.Errorf("the warning is %d bytes long", n)
	}
}
