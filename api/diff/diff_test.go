package diff

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/padview/padview/api/advert"
)

func doc(t *testing.T, paid, body string) *advert.Document {
	t.Helper()
	d, err := advert.Normalize([]byte(body), paid, advert.Standard)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// summary writes each change as "group party[nth] pointer kind" for
// compact assertions.
func summary(r *Result) []string {
	var out []string
	for _, c := range r.Changes {
		s := string(c.Group) + " "
		if c.InParty {
			s += c.Party
			if c.Nth > 0 {
				s += "[" + string(rune('0'+c.Nth)) + "]"
			}
		}
		out = append(out, s+c.Pointer()+" "+string(c.Kind))
	}
	return out
}

func TestEqualDespiteOrderSpellingAndAbsence(t *testing.T) {
	a := doc(t, "A1", `{"campaign": {"totalValue": 1000, "medium": "radio"},
		"sponsors": [{"name": "X", "amount": 12.50}, {"name": "Y"}], "targeting": {}}`)
	b := doc(t, "B1", `{"sponsors": [{"name": "Y"}, {"amount": 1.25e1, "name": "X"}],
		"campaign": {"medium": "radio", "totalValue": 1e3}}`)
	r := Compare(a, b)
	if !r.Equal() {
		t.Fatalf("want equal, got %v", summary(r))
	}
	var out bytes.Buffer
	if err := WriteText(&out, r); err != nil || !strings.Contains(out.String(), "A1 standard and B1 standard have the same normalized fields") {
		t.Fatalf("text: %q %v", out.String(), err)
	}
}

func TestChangesInGroupOrder(t *testing.T) {
	a := doc(t, "A1", `{
		"targeting": {"techniques": ["location", "age"], "audience": {"ageRange": "18-65"}},
		"advertiser": {"companyName": "Old Co", "city": "Northbank"},
		"campaign": {"totalValue": {"amount": 100, "currency": "EUR"}, "isOngoing": true}}`)
	b := doc(t, "B1", `{
		"advertiser": {"companyName": "New Co"},
		"campaign": {"totalValue": {"amount": 120, "currency": "EUR"}, "isOngoing": true, "endDate": "2026-11-30"},
		"targeting": {"techniques": ["location"], "audience": {"ageRange": "18-65", "regions": ["North"]}}}`)
	got := summary(Compare(a, b))
	want := []string{
		"advertiser /companyName changed",
		"advertiser /city removed",
		"campaign /totalValue changed", // an amount is one value
		"campaign /endDate added",
		"targeting /techniques changed", // a list of plain values is one value
		"targeting /audience/regions added",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("changes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestPartiesMatchedByName(t *testing.T) {
	a := doc(t, "A1", `{"sponsors": [
		{"name": "Friends", "amount": 10},
		{"name": "Gone", "amount": 1},
		{"name": "Donor", "city": "X"},
		{"name": "Donor", "city": "Y"},
		{"kind": "anonymous"}],
		"controllers": [{"name": "Ctl", "role": "controller"}]}`)
	b := doc(t, "B1", `{"sponsors": [
		{"name": "New", "amount": 5},
		{"name": "Donor", "city": "X"},
		{"name": "Donor", "city": "Z"},
		{"name": "Donor", "city": "W"},
		{"name": "Friends", "amount": 11},
		{"kind": "anonymous"}],
		"controllers": [{"name": "Ctl", "role": "joint controller"}]}`)
	got := summary(Compare(a, b))
	want := []string{
		"sponsors Friends/amount changed",
		"sponsors Gone removed",
		"sponsors Donor[2]/city changed",
		"sponsors New added",
		"sponsors Donor[3] added",
		"controllers Ctl/role changed",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("changes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestJSONShape(t *testing.T) {
	a := doc(t, "A1", `{"basicInformation": {"a/b~c": "x<y>&"}, "sponsors": [{"name": "S", "tags": [{"k": 1}]}]}`)
	b := doc(t, "B1", `{"basicInformation": {}, "sponsors": [{"name": "S", "tags": [{"k": 2}, {"k": 3}]}, {"name": "T"}]}`)
	out, err := Compare(a, b).MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		A, B    string
		Equal   *bool
		Changes []map[string]any
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if got.A != "A1" || got.B != "B1" || got.Equal == nil || *got.Equal || len(got.Changes) != 4 {
		t.Fatalf("%s", out)
	}
	// Sponsors come before Basic Information in advert.Groups.
	if c := got.Changes[0]; c["party"] != "S" || c["path"] != "/tags/0/k" || c["a"] != 1.0 || c["b"] != 2.0 || c["nth"] != nil {
		t.Errorf("first change: %v", c)
	}
	if c := got.Changes[2]; c["party"] != "T" || c["path"] != "" || c["change"] != "added" || c["a"] != nil {
		t.Errorf("added party: %v", c)
	}
	last := got.Changes[3]
	if last["group"] != "basicInformation" || last["path"] != "/a~1b~0c" || last["change"] != "removed" ||
		last["a"] != "x<y>&" || last["b"] != nil || last["party"] != nil {
		t.Errorf("last change: %v", last)
	}
	if !bytes.Contains(out, []byte(`"x<y>&"`)) {
		t.Errorf("strings are written without HTML escapes: %s", out)
	}
	eq, _ := Compare(a, a).MarshalJSON()
	if string(eq) != `{"a":"A1","b":"A1","aView":"standard","bView":"standard","equal":true,"changes":[]}` {
		t.Errorf("equal: %s", eq)
	}
}

func TestTextMarkersAndCleaning(t *testing.T) {
	a := doc(t, "A1", `{"campaign": {"name": "Old\u001b[31m", "totalValue": 5, "endDate": "2026-11-30"},
		"sponsors": [{"name": "Gone", "kind": "company"}]}`)
	b := doc(t, "B1\u001b[2J", `{"campaign": {"name": "New", "totalValue": "5", "startDate": "2026-09-01"},
		"sponsors": [{"name": "Came", "kind": "association", "contribution": {"amount": 3750, "currency": "EUR"}}]}`)
	var out bytes.Buffer
	if err := WriteText(&out, Compare(a, b)); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	if strings.ContainsRune(s, 0x1b) {
		t.Fatalf("escape sequence in text: %q", s)
	}
	for _, want := range []string{
		"A1 standard → B1␛[2J standard: 5 changes", // 5 and "5" are one typed amount
		"+ only in B1␛[2J   - only in A1   ~ changed",
		"\nCampaign\n  ~ Name: Old␛[31m → New\n",
		"  - End date: 2026-11-30\n",
		"  + Start date: 2026-09-01\n",
		"\nSponsors\n  - Gone\n      - Kind: company\n  + Came\n      + Kind: association\n      + Contribution: EUR 3,750.00\n",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("text lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "Name: Came") {
		t.Errorf("the party's name is repeated below it:\n%s", s)
	}
}

func TestLongValuesAreCut(t *testing.T) {
	long := strings.Repeat("é", MaxValueText+50)
	c := Change{Path: []Step{{Key: "title"}}, Kind: Added, B: advert.StringValue(long)}
	if got := c.BText(); len([]rune(got)) != MaxValueText || !strings.HasSuffix(got, "…") {
		t.Fatalf("cut to %d runes: %q", len([]rune(got)), got)
	}
}

func TestCanonicalNumber(t *testing.T) {
	same := [][2]string{{"1000", "1e3"}, {"12.50", "12.5"}, {"1250e-2", "1.25E1"}, {"0", "-0.0"}, {"-3", "-3.000"}, {"0.001", "1e-3"}}
	for _, p := range same {
		if !sameNumber(p[0], p[1]) {
			ca, _ := canonicalNumber(p[0])
			cb, _ := canonicalNumber(p[1])
			t.Errorf("%s and %s differ: %s %s", p[0], p[1], ca, cb)
		}
	}
	for _, p := range [][2]string{{"1", "-1"}, {"10", "1"}, {"1e999999999", "1e999999998"}, {"1e99999999999", "1e99999999999"}} {
		if sameNumber(p[0], p[1]) {
			t.Errorf("%s and %s compare equal", p[0], p[1])
		}
	}
}

// A party list sent as null ("not disclosed") is not the same as an empty
// or absent one: the change is the whole list, in text and JSON.
func TestNullPartyListIsAChange(t *testing.T) {
	null := doc(t, "N1", `{"sponsors": null, "controllers": null}`)
	listed := doc(t, "L1", `{"sponsors": [{"name": "S", "city": "X"}], "controllers": []}`)
	absent := doc(t, "A1", `{}`)
	if r := Compare(null, doc(t, "N2", `{"sponsors": null, "controllers": null}`)); !r.Equal() {
		t.Errorf("null and null differ: %v", summary(r))
	}
	r := Compare(null, listed)
	if got := strings.Join(summary(r), "; "); got != "sponsors  changed; controllers  changed" {
		t.Fatalf("null → list: %s", got)
	}
	var text bytes.Buffer
	if err := WriteText(&text, r); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"~ Sponsors: not disclosed → 1 listed\n", "      + S\n", "+ City: X",
		"~ Controllers: not disclosed → none listed\n"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, text.String())
		}
	}
	out, _ := r.MarshalJSON()
	if !bytes.Contains(out, []byte(`{"group":"sponsors","path":"","change":"changed","a":null,"b":[{"name":"S","city":"X"}]}`)) {
		t.Errorf("JSON: %s", out)
	}
	r = Compare(absent, null)
	if got := strings.Join(summary(r), "; "); got != "sponsors  added; controllers  added" {
		t.Fatalf("absent → null: %s", got)
	}
	text.Reset()
	WriteText(&text, r)
	if !strings.Contains(text.String(), "+ Sponsors: not disclosed\n") {
		t.Errorf("text:\n%s", text.String())
	}
	out, _ = r.MarshalJSON()
	if !bytes.Contains(out, []byte(`{"group":"sponsors","path":"","change":"added","b":null}`)) {
		t.Errorf("JSON: %s", out)
	}
	if r := Compare(listed, null); len(r.Changes) != 2 || r.Changes[0].Kind != Changed || r.Changes[0].BText() != "not disclosed" {
		t.Errorf("list → null: %v", summary(r))
	}
}

// Mask hides personal values by the names on the change's path, inside a
// personal member too, and a party named by its email; the changes stay.
func TestMaskHidesPersonalValues(t *testing.T) {
	a := doc(t, "A1", `{"sponsors": [{"name": "S", "address": {"line1": "2 Mill Lane"}}, "x@y.example"],
		"campaign": {"note": "call 020 7946 0000", "startDate": "2026-09-01"}}`)
	b := doc(t, "B1", `{"sponsors": [{"name": "S", "address": {"line1": "3 Mill Lane"}}],
		"campaign": {"note": "call 020 7946 0001", "startDate": "2026-09-02"}}`)
	r := Compare(a, b)
	m := r.Mask()
	if len(m.Changes) != len(r.Changes) || !m.Masked || r.Masked {
		t.Fatalf("%d changes, masked %v (original %v)", len(m.Changes), m.Masked, r.Masked)
	}
	var text bytes.Buffer
	WriteText(&text, m)
	out, _ := m.MarshalJSON()
	for _, s := range []string{"Mill Lane", "x@y", "7946"} {
		if strings.Contains(text.String(), s) || bytes.Contains(out, []byte(s)) {
			t.Errorf("masked result shows %q:\n%s\n%s", s, text.String(), out)
		}
	}
	if !strings.Contains(text.String(), "2026-09-02") || !bytes.Contains(out, []byte(`"masked":true`)) {
		t.Errorf("masked result:\n%s\n%s", text.String(), out)
	}
	if orig, _ := r.MarshalJSON(); !bytes.Contains(orig, []byte("2 Mill Lane")) {
		t.Error("Mask changed the result it copies")
	}
}
