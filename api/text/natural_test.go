package text

import (
	"strings"
	"testing"

	"github.com/padview/padview/api/advert"
)

// MaskValueIn reads a value where it stands in its document: the name of
// a sponsor that is a natural person is masked, a legal person's is not,
// and an empty value stays empty.
func TestMaskValueIn(t *testing.T) {
	d, err := advert.Normalize([]byte(`{
	  "advertiser": {"companyName": "Initiative Klarer Fluss", "firstName": "Greta", "lastName": "Beispiel", "contactPerson": ""},
	  "sponsors": [{"name": "Tomasz Przykładowy", "kind": "individual", "city": "Gdańsk"},
	    {"name": "Friends of the Estuary", "kind": "association", "email": "info@estuary.example"}],
	  "complianceAndFunding": {"payer": {"companyName": "Fonds Fictief", "contactPerson": "Carla Proefmeijer"}}}`), "X", advert.Full)
	if err != nil {
		t.Fatal(err)
	}
	s := advert.StringValue
	for _, c := range []struct {
		path []string
		v    advert.Value
		want string
	}{
		{[]string{"sponsors", "0", "name"}, s("Tomasz Przykładowy"), Masked},
		{[]string{"sponsors", "1", "name"}, s("Friends of the Estuary"), "Friends of the Estuary"},
		{[]string{"sponsors", "1", "email"}, s("info@estuary.example"), "i•••@estuary.example"},
		{[]string{"sponsors", "0", "city"}, s("Gdańsk"), "Gdańsk"},
		{[]string{"advertiser", "firstName"}, s("Greta"), Masked},
		{[]string{"advertiser", "companyName"}, s("Initiative Klarer Fluss"), "Initiative Klarer Fluss"},
		{[]string{"advertiser", "contactPerson"}, s(""), ""},
		{[]string{"advertiser", "contactPerson"}, s("   "), "   "},
		{[]string{"complianceAndFunding", "payer", "contactPerson"}, s("Carla Proefmeijer"), Masked},
		{[]string{"complianceAndFunding", "payer", "companyName"}, s("Fonds Fictief"), "Fonds Fictief"},
		// A place the document lacks is read as MaskValueAt reads it.
		{[]string{"sponsors", "9", "email"}, s("x.y@mail.example"), "x•••@mail.example"},
	} {
		if got := MaskValueIn(d, c.v, c.path...); got.Str != c.want {
			t.Errorf("%v: %q; want %q", c.path, got.Str, c.want)
		}
	}
	// A party whole, and a whole list: each party by itself.
	if got := MaskValueIn(d, d.Sponsors[0], "sponsors", "0"); strings.Contains(got.Text(), "Tomasz") || !strings.Contains(got.Text(), "Gdańsk") {
		t.Errorf("the natural person's party: %s", got.Text())
	}
	list := MaskValueIn(d, advert.NewArray(d.Sponsors...), "sponsors")
	if txt := list.Text(); strings.Contains(txt, "Tomasz") || !strings.Contains(txt, "Friends of the Estuary") {
		t.Errorf("the list: %s", txt)
	}
	if got, want := MaskedPartyName(d, d.Sponsors[0]), Masked; got != want {
		t.Errorf("the natural person's name: %q", got)
	}
	if got := MaskedPartyName(d, d.Sponsors[1]); got != "Friends of the Estuary" {
		t.Errorf("the association's name: %q", got)
	}
}

// politiekereclame.nl: a contact person (opdrachtgever_contactpersoon,
// betalende_contactpersoon) is a natural person's name whatever the
// party; a citizen's statement makes the organisation's name his own. An
// empty member is neither masked nor counted.
func TestMaskContactPersonsOfPolitiekereclame(t *testing.T) {
	d := recordDoc(t, "politiekereclame-branch")
	m := MaskDocument(d)
	for _, path := range [][]string{{"advertiser", "contactPerson"}, {"complianceAndFunding", "payer", "contactPerson"}} {
		g := m.Group(advert.Group(path[0]))
		v, _ := g.Get(path[1])
		if len(path) == 3 {
			v, _ = v.Get(path[2])
		}
		if v.Str != Masked {
			t.Errorf("%v: %q under the mask", path, v.Str)
		}
	}
	if c, _ := m.Advertiser.Get("companyName"); c.Str == Masked || c.Str == "" {
		t.Errorf("a branch's company name %q is masked", c.Str)
	}
	citizen := MaskDocument(recordDoc(t, "politiekereclame-citizen"))
	payer, _ := citizen.Group(advert.GroupComplianceAndFunding).Get("payer")
	if cp, _ := payer.Get("contactPerson"); cp.Kind != advert.String || cp.Str != "" {
		t.Errorf("the empty betalende_contactpersoon became %q", cp.Str)
	}
	if name, _ := citizen.Advertiser.Get("companyName"); name.Str != Masked {
		t.Errorf("the citizen's own name as the organisation reads %q", name.Str)
	}
}
