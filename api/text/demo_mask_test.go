package text_test

import (
	"strings"
	"testing"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/diff"
	"github.com/padview/padview/api/fake/faketest"
	"github.com/padview/padview/api/text"
)

// On the demo samples the mask hides the names of natural persons (an
// advertiser's first and last name, a sponsor who is an individual, a
// contact person) as it hides emails, and leaves the names of legal
// persons: MaskDocument, what the panes, copies and exports show, and a
// comparison's text and JSON (diff --mask and the Compare tab).
func TestMaskNaturalPersonsOnTheDemo(t *testing.T) {
	cases := []struct {
		paid         string
		hidden, kept []string
	}{
		{"AB12CD", []string{"Maren", "Holt", "Tomasz", "Wiśniewski", "maren.holt@"}, []string{"Riverside Civic Alliance", "Friends of the Estuary", "Gdańsk"}},
		{"ES55MAD", []string{"José", "Núñez", "Lucía", "Fernández"}, []string{"Plataforma Aire Limpio", "Ciclistas Urbanos de Madrid", "Metro Pantallas S.L."}},
		{"PRNL25", []string{"Bram Testman", "Carla Proefmeijer", "Dijkweg"}, []string{"Afdeling Rivierstad van Partij Fictief", "Steunfonds Rivierstad", "Vereniging Partij Fictief"}},
	}
	for _, c := range cases {
		d := faketest.Fetch(t, c.paid, advert.Full)
		b, _ := text.MaskDocument(d).MarshalJSON()
		out := string(b)
		for _, s := range c.hidden {
			if strings.Contains(out, s) {
				t.Errorf("%s: the mask leaves %q", c.paid, s)
			}
		}
		for _, s := range c.kept {
			if !strings.Contains(out, s) {
				t.Errorf("%s: the mask hides the legal person %q", c.paid, s)
			}
		}
		if cats := strings.Join(text.PersonalCategories(d), ","); !strings.Contains(cats, text.CategoryName) {
			t.Errorf("%s: categories %q lack the names", c.paid, cats)
		}
	}

	r := diff.Compare(faketest.Fetch(t, "ES55MAD", advert.Standard), faketest.Fetch(t, "AB12CD", advert.Standard))
	var plain strings.Builder
	diff.WriteText(&plain, r)
	if !strings.Contains(plain.String(), "Lucía Fernández") {
		t.Fatal("the comparison lacks the individual sponsor the test looks for")
	}
	m := r.Mask()
	var masked strings.Builder
	diff.WriteText(&masked, m)
	js, _ := m.MarshalJSON()
	for _, out := range []string{masked.String(), string(js)} {
		for _, s := range []string{"Lucía", "Tomasz", "José", "Maren"} {
			if strings.Contains(out, s) {
				t.Errorf("the masked comparison shows %q:\n%s", s, out)
			}
		}
		if !strings.Contains(out, "Ciclistas Urbanos de Madrid") || !strings.Contains(out, "Friends of the Estuary") {
			t.Errorf("the masked comparison hides legal persons:\n%s", out)
		}
	}
	if !strings.Contains(masked.String(), "  - •••\n") || !strings.Contains(masked.String(), "  + •••\n") {
		t.Errorf("the individuals are not named by the mask:\n%s", masked.String())
	}
}
