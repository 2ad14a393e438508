package text

import (
	"strings"
	"testing"

	"github.com/padview/padview/api/advert"
)

// A writer of some groups names the categories of those groups alone: the
// parties of an answer whose only phone number is the advertiser's hold
// no phone.
func TestPersonalCategoriesIn(t *testing.T) {
	d, err := advert.Normalize([]byte(`{"advertiser": {"companyName": "R", "phone": "+44 20 7946 0012", "firstName": "Maren"},
		"sponsors": [{"name": "Friends of the Estuary", "email": "info@estuary.example"}],
		"controllers": [{"name": "R Ltd", "streetAddress": "14 Quayside Walk"}]}`), "TEST01", advert.Full)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(PersonalCategories(d), ","); got != "email,phone,address,name" {
		t.Errorf("the whole answer: %s", got)
	}
	if got := strings.Join(PersonalCategoriesIn(d, advert.GroupSponsors, advert.GroupControllers), ","); got != "email,address" {
		t.Errorf("the parties: %s", got)
	}
	if got := PersonalCategoriesIn(d, advert.GroupCampaign); got == nil || len(got) != 0 {
		t.Errorf("a group without personal data: %#v", got)
	}
}

// The name a party is written by is personal data where it is a person's
// name, or the party is a natural person; Written gathers what a value
// written whole holds, an email in free text too.
func TestNameCategoryAndWritten(t *testing.T) {
	d, err := advert.Normalize([]byte(`{"complianceAndFunding": {
		"payer": {"name": "Tomasz Wiśniewski", "kind": "individual", "email": "t.w@mail.example"},
		"controllingEntity": {"name": "Holding SE", "email": "board@holding.example"},
		"notificationMechanism": "write to complaints@riverside-civic.example"},
		"sponsors": [{"firstName": "Maren", "lastName": "Holt"}]}`), "TEST01", advert.Full)
	if err != nil {
		t.Fatal(err)
	}
	group := PlaceOfGroup(d, advert.GroupComplianceAndFunding)
	cf := d.Group(advert.GroupComplianceAndFunding)
	for key, want := range map[string]string{"payer": CategoryName, "controllingEntity": ""} {
		v, _ := cf.Get(key)
		_, inner := group.Member(key, v)
		if got := inner.NameCategory(v); got != want {
			t.Errorf("%s: the name's category %q, want %q", key, got, want)
		}
	}
	sp := d.Sponsors[0]
	if got := PlaceOfParty(d, sp).NameCategory(sp); got != CategoryName {
		t.Errorf("a person's names: %q", got)
	}
	s := CategorySet{}
	v, _ := cf.Get("notificationMechanism")
	c, inner := group.Member("notificationMechanism", v)
	inner.Written(c, v, s)
	if got := strings.Join(s.List(), ","); got != "email" {
		t.Errorf("free text with an email: %s", got)
	}
	v, _ = cf.Get("controllingEntity")
	c, inner = group.Member("controllingEntity", v)
	inner.Written(c, v, s)
	s.Add("")
	if got := strings.Join(s.List(), ","); got != "email" {
		t.Errorf("an entity written whole: %s", got)
	}
}
