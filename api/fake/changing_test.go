package fake

import (
	"slices"
	"strings"
	"testing"
)

func TestChangingAdvertisementCyclesThroughItsRevisions(t *testing.T) {
	s, err := Start(Options{Revision: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	url := s.URL + "/advertisement/" + ChangingPAID
	var bodies []string
	var statuses []int
	for range 5 {
		resp, body := get(t, url, DemoToken)
		statuses = append(statuses, resp.StatusCode)
		bodies = append(bodies, body)
	}
	// Started at revision 1: revised, withdrawn, back, as published, revised.
	if want := []int{200, 410, 200, 200, 200}; !slices.Equal(statuses, want) {
		t.Fatalf("statuses %v, want %v", statuses, want)
	}
	if !strings.Contains(bodies[0], `21900`) || strings.Contains(bodies[0], "transparencyNoticeUrl") {
		t.Errorf("revision 1 is not the revised one: %s", bodies[0])
	}
	if !strings.Contains(bodies[2], `"noticeVersion":"1.2"`) || !strings.Contains(bodies[3], `"noticeVersion":"1.0"`) {
		t.Errorf("revisions 3 and 0 are not told apart by their notice version:\n%s\n%s", bodies[2], bodies[3])
	}
	if bodies[4] != bodies[0] {
		t.Error("the cycle does not come back to revision 1")
	}
	if strings.Contains(bodies[3], "aoife.brennan") {
		t.Error("the standard view carries the advertiser's email")
	}
	full, err := Start(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer full.Close()
	resp, body := get(t, full.URL+"/advertisement-full/"+ChangingPAID, DemoToken)
	if resp.StatusCode != 200 || !strings.Contains(body, "aoife.brennan@bridgesforbikes.example") {
		t.Errorf("the full view of revision 0 lacks the personal data: %d %s", resp.StatusCode, body)
	}
}
