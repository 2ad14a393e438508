package text

import (
	"strings"
	"testing"

	"github.com/padview/padview/api/advert"
)

// Inside a party's text block the mask hides what is personal as it hides
// the party's members of those fields: the street, the postal code, the
// email, the phone, the contact person, and the name of a natural person;
// an organisation's name, its town and its web address stay.
func TestMaskPartyBlock(t *testing.T) {
	d := recordDoc(t, "sponsor-notice-blocks")
	m := MaskDocument(d)
	adv, _ := m.Advertiser.Get(advert.PartyTextKey)
	want := "Bürgerbündnis Beispielstadt e. V. (fiktiv)\nVorsitzende: •••\n•••\n••• Beispielstadt\n" +
		"E-Mail: k•••@buergerbuendnis.example\nTel.: ••• •• 90\nwww.buergerbuendnis.example"
	if adv.Str != want {
		t.Errorf("the advertiser's block masked:\n%s\nwant\n%s", adv.Str, want)
	}
	if name, _ := m.Advertiser.Get("name"); name.Str != "Bürgerbündnis Beispielstadt e. V. (fiktiv)" {
		t.Errorf("an organisation's name is masked: %q", name.Str)
	}
	payer, _ := m.ComplianceAndFunding.Get("payer")
	text, _ := payer.Get(advert.PartyTextKey)
	if want := "•••\n•••\n••• Voorbeeld\na•••@example.nl\nKvK: n.v.t."; text.Str != want {
		t.Errorf("a natural person's block masked: %q; want %q", text.Str, want)
	}
	if name, _ := payer.Get("name"); name.Str != Masked {
		t.Errorf("a natural person's name read from a block: %q", name.Str)
	}
	b, _ := m.MarshalJSON()
	for _, secret := range []string{"Hanna Vogel", "Amselweg", "12345", "kontakt@", "4567890", "Anna de Vries", "Kerkstraat",
		"anna.devries", "Jonas Beispiel", "Musterallee", "Dorpsstraat"} {
		if strings.Contains(string(b), secret) {
			t.Errorf("the masked document shows %q", secret)
		}
	}
}

// A block's category is the first of the personal parts it holds, for the
// ◆ markers, `padview fields` and the watch; the categories it holds are
// what the access log records. A block that holds nothing personal has
// none, and is shown as sent.
func TestPartyBlockCategories(t *testing.T) {
	d := recordDoc(t, "sponsor-notice-blocks")
	for path, want := range map[string]string{
		"advertiser.text": CategoryEmail, "advertiser.name": "", "advertiser.city": "", "advertiser.contactPerson": CategoryName,
		"complianceAndFunding.payer.text": CategoryEmail, "complianceAndFunding.payer.name": CategoryName,
		"sponsors[].text": CategoryAddress, "sponsors[].name": "",
	} {
		if got := PersonalCategoryOf(d, path); got != want {
			t.Errorf("%s: %q; want %q", path, got, want)
		}
	}
	if got := strings.Join(PersonalCategories(d), ","); got != "email,phone,address,name" {
		t.Errorf("categories %s", got)
	}
	// the watch and the ◆ markers ask member by member
	text, _ := d.Advertiser.Get(advert.PartyTextKey)
	if c, _ := PlaceOfGroup(d, advert.GroupAdvertiser).Member(advert.PartyTextKey, text); c != CategoryEmail {
		t.Errorf("the block's member: %q", c)
	}
	d, _ = advert.Normalize([]byte(`{"advertiser": "Partei Beispiel\nwww.partei.example\n\nDie Partei wirbt."}`), "X", advert.Full)
	if c := PersonalCategoryOf(d, "advertiser.text"); c != "" || len(PersonalCategories(d)) != 0 {
		t.Errorf("a block with nothing personal: %q %v", c, PersonalCategories(d))
	}
	if got, _ := MaskDocument(d).Advertiser.Get(advert.PartyTextKey); got.Str != "Partei Beispiel\nwww.partei.example\n\nDie Partei wirbt." {
		t.Errorf("masked %q", got.Str)
	}
}
