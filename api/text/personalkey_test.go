package text

import (
	"strings"
	"testing"

	"github.com/padview/padview/api/advert"
)

// A member's name that is, or holds, an email address or a phone number is
// personal data by its shape; other names are not, however they look.
func TestKeyCategory(t *testing.T) {
	for key, want := range map[string]string{
		"jane.doe@mail.example":        CategoryEmail,
		"Jane Doe <jane@mail.example>": CategoryEmail,
		"+49 30 1234567":               CategoryPhone,
		"030/1234567":                  CategoryPhone,
		"0301234567":                   CategoryPhone,
		"01.23.45.67.89":               CategoryPhone,
		"tel 030 1234567":              CategoryPhone,
		"email":                        "", // a name that says what the value is: the vocabulary's
		"contactPerson":                "",
		"2026-09-01":                   "",
		"20260901":                     "",
		"1250000":                      "",
		"PAD-2026-000000123456":        "",
		"@handle":                      "",
		"":                             "",
	} {
		if got := KeyCategory(key); got != want {
			t.Errorf("KeyCategory(%q) = %q; want %q", key, got, want)
		}
	}
}

// personalNamesDoc keys contacts by their emails and phone numbers, at the
// top level (Other) and inside the advertiser.
func personalNamesDoc(t *testing.T) *advert.Document {
	t.Helper()
	d, err := advert.Normalize([]byte(`{"paid": "KEYS26",
	  "advertiser": {"companyName": "Riverside Civic Alliance", "jane.roe@mail.example": "deputy"},
	  "contacts": {"jane.doe@mail.example": {"role": "press", "hours": "mornings"},
	               "john.doe@mail.example": "treasurer",
	               "+49 30 1234567": "switchboard", "0301234568": "fax", "office": "Main Street"}}`), "KEYS26", advert.Full)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// Such a member is personal whole, its name and its value, in the one
// answer every reader asks (PersonalCategoryAt, PersonalPlace.Member for
// the ◆ marks, the access log's categories); the mask masks its name and
// hides its value; a label leaves the name as it is.
func TestPersonalMemberNames(t *testing.T) {
	d := personalNamesDoc(t)
	for _, c := range []struct {
		path []string
		want string
	}{
		{[]string{"other", "contacts", "jane.doe@mail.example"}, CategoryEmail},
		{[]string{"other", "contacts", "jane.doe@mail.example", "role"}, CategoryEmail},
		{[]string{"other", "contacts", "+49 30 1234567"}, CategoryPhone},
		{[]string{"other", "contacts", "0301234568"}, CategoryPhone},
		{[]string{"other", "contacts", "office"}, ""},
		{[]string{"advertiser", "jane.roe@mail.example"}, CategoryEmail},
		{[]string{"advertiser", "companyName"}, ""},
	} {
		if got := PersonalCategoryAt(d, c.path...); got != c.want {
			t.Errorf("%q: %q; want %q", c.path, got, c.want)
		}
	}
	contacts, _ := d.Other.Get("contacts")
	if c, _ := PlaceOfGroup(d, advert.GroupOther).Member("contacts", contacts); c != "" {
		t.Errorf("the list of contacts itself reads %q", c)
	}
	_, inside := PlaceOfGroup(d, advert.GroupOther).Member("contacts", contacts)
	jane, _ := contacts.Get("jane.doe@mail.example")
	if c, _ := inside.Member("jane.doe@mail.example", jane); c != CategoryEmail {
		t.Errorf("the ◆ question of a member named by an email: %q", c)
	}
	if got := strings.Join(PersonalCategories(d), ","); got != "email,phone" {
		t.Errorf("categories: %q", got)
	}
	if LabelFor("jane.doe@mail.example") != "jane.doe@mail.example" || LabelFor("+49 30 1234567") != "+49 30 1234567" {
		t.Errorf("a personal name as a label: %q", LabelFor("jane.doe@mail.example"))
	}

	b, _ := MaskDocument(d).MarshalJSON()
	out := string(b)
	for _, secret := range []string{"jane.doe", "john.doe", "jane.roe", "1234567", "1234568", "press", "mornings", "treasurer", "switchboard", "deputy"} {
		if strings.Contains(out, secret) {
			t.Errorf("the mask leaves %q:\n%s", secret, out)
		}
	}
	for _, kept := range []string{`"j•••@mail.example":`, `"j•••@mail.example (2)":`, `"+49 ••• •• 67":`, `"office":"Main Street"`, "Riverside Civic Alliance"} {
		if !strings.Contains(out, kept) {
			t.Errorf("the masked document lacks %s:\n%s", kept, out)
		}
	}
	if MaskName("office") != "office" || MaskName("jane.doe@mail.example") != "j•••@mail.example" {
		t.Errorf("MaskName: %q %q", MaskName("office"), MaskName("jane.doe@mail.example"))
	}
	v := MaskValueAt([]string{"contacts", "jane.doe@mail.example", "role"}, advert.StringValue("press"))
	if v.Str != Masked {
		t.Errorf("MaskValueAt under a personal name: %q", v.Str)
	}
}
