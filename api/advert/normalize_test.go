package advert

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/go-json-experiment/json/jsontext"
)

func mustNormalize(t *testing.T, body string) *Document {
	t.Helper()
	d, err := Normalize([]byte(body), "AB12CD", Full)
	if err != nil {
		t.Fatalf("Normalize: %v", err)
	}
	return d
}

func field(t *testing.T, v Value, key string) string {
	t.Helper()
	f, ok := v.Get(key)
	if !ok {
		t.Fatalf("member %q missing from %s", key, v.Text())
	}
	return f.Text()
}

func TestNormalizeNamesInEveryStyle(t *testing.T) {
	bodies := []string{
		`{"advertiser":{"companyName":"A"},"campaign":{"name":"C"},"basicInformation":{"t":1},"complianceAndFunding":{"f":1},"targeting":{"x":1},"legalAndMetadata":{"v":1}}`,
		`{"advertiser_details":{"company_name":"A"},"campaign_info":{"campaign_name":"C"},"basic_info":{"t":1},"compliance_and_funding":{"f":1},"targeting":{"x":1},"legal_and_metadata":{"v":1}}`,
		`{"Advertiser":{"Company Name":"A"},"Campaign":{"Name":"C"},"Basic Information":{"t":1},"Compliance & Funding":{"f":1},"Targeting":{"x":1},"Legal and Metadata":{"v":1}}`,
		`{"advertiser-details":{"company-name":"A"},"campaigns":{"name":"C"},"basic":{"t":1},"funding":{"f":1},"targeting-info":{"x":1},"legal":{"v":1}}`,
	}
	for _, b := range bodies {
		d := mustNormalize(t, b)
		if got := field(t, d.Advertiser, "companyName"); got != "A" {
			t.Errorf("%s: companyName = %q", b, got)
		}
		if got := field(t, d.Campaign, "name"); got != "C" {
			t.Errorf("%s: campaign name = %q", b, got)
		}
		for _, g := range []Value{d.BasicInformation, d.ComplianceAndFunding, d.Targeting, d.LegalAndMetadata} {
			if g.Kind != Object || g.Len() != 1 {
				t.Errorf("%s: group not placed: %s", b, g.Text())
			}
		}
		if d.Other.Len() != 0 {
			t.Errorf("%s: unexpected other %s", b, d.Other.Text())
		}
	}
}

func TestNormalizeUnwrapsEnvelopesByStructure(t *testing.T) {
	body := `{"status":"ok","result":{"payload":[{"advertiser":{"city":"X"},"sponsors":[]}]},"links":{"self":"/x"}}`
	d := mustNormalize(t, body)
	if field(t, d.Advertiser, "city") != "X" || d.SponsorsState != ListSent {
		t.Fatalf("not unwrapped: %+v", d)
	}
	if field(t, d.Other, "status") != "ok" || field(t, d.Other, "links") != `{"self":"/x"}` {
		t.Fatalf("envelope metadata lost: %s", d.Other.Text())
	}
	// A single group member is the advertisement, not a wrapper.
	d = mustNormalize(t, `{"advertiser":{"companyName":"A"}}`)
	if field(t, d.Advertiser, "companyName") != "A" {
		t.Fatal("single advertiser group was unwrapped")
	}
}

func TestNormalizeParties(t *testing.T) {
	d := mustNormalize(t, `{"sponsors":{"S1":{"name":"One","e_mail":"a@b.example"},"S2":{"id":"x","name":"Two"}},"controllers":{"name":"Solo","phone_number":"1"}}`)
	if len(d.Sponsors) != 2 || field(t, d.Sponsors[0], "id") != "S1" || field(t, d.Sponsors[1], "key") != "S2" || field(t, d.Sponsors[1], "id") != "x" {
		t.Fatalf("keyed sponsors: %v", d.Sponsors)
	}
	if len(d.Controllers) != 1 || field(t, d.Controllers[0], "phone") != "1" {
		t.Fatalf("single controller: %v", d.Controllers)
	}
	d = mustNormalize(t, `{"Sponsors & Controllers":[{"name":"S","role":"sponsor"},{"name":"C","type":"Data Controller"}]}`)
	if len(d.Sponsors) != 1 || len(d.Controllers) != 1 || field(t, d.Controllers[0], "name") != "C" {
		t.Fatalf("combined array: %v / %v", d.Sponsors, d.Controllers)
	}
	d = mustNormalize(t, `{"sponsors_and_controllers":{"sponsors":[{"name":"S"}],"controllers":[],"note":"n"}}`)
	if len(d.Sponsors) != 1 || d.ControllersState != ListSent || field(t, d.Other, "sponsors_and_controllers") != `{"note":"n"}` {
		t.Fatalf("combined object: %v other %s", d.Sponsors, d.Other.Text())
	}
	// A party sent as a bare string is its name.
	d = mustNormalize(t, `{"sponsors":["Just A Name"]}`)
	if len(d.Sponsors) != 1 || field(t, d.Sponsors[0], "name") != "Just A Name" {
		t.Fatalf("scalar sponsor lost: %v", d.Sponsors)
	}
}

func TestNormalizeFlatAndPrefixedFields(t *testing.T) {
	d := mustNormalize(t, `{"paid":"AB12CD","companyName":"A","advertiser_email":"e@x.example","campaignName":"C","campaign_start_date":"2026-01-01","name":"Ad title","extra":1}`)
	if field(t, d.Advertiser, "companyName") != "A" || field(t, d.Advertiser, "email") != "e@x.example" {
		t.Fatalf("flat advertiser: %s", d.Advertiser.Text())
	}
	if field(t, d.Campaign, "name") != "C" || field(t, d.Campaign, "startDate") != "2026-01-01" {
		t.Fatalf("flat campaign: %s", d.Campaign.Text())
	}
	// A bare name at the top level names the advertisement, not the
	// campaign; what the vocabulary does not know goes to Other.
	if field(t, d.BasicInformation, "title") != "Ad title" || d.Other.Len() != 1 || field(t, d.Other, "extra") != "1" {
		t.Fatalf("title %s, other: %s", d.BasicInformation.Text(), d.Other.Text())
	}
	if d.Unrecognised != 1 {
		t.Errorf("unrecognised: %d, want 1 (extra)", d.Unrecognised)
	}
	// A paid that differs from the one asked for is kept, not swallowed.
	d = mustNormalize(t, `{"paid":"SOMETHING-ELSE"}`)
	if field(t, d.BasicInformation, "paid") != "SOMETHING-ELSE" || d.Unrecognised != 0 {
		t.Fatalf("differing paid lost: %s", d.BasicInformation.Text())
	}
}

func TestNormalizeLosesNothing(t *testing.T) {
	// Clashing spellings, non-object groups, duplicate names and odd roots all
	// keep every value somewhere.
	d := mustNormalize(t, `{"compliance":{"a":1},"funding":{"a":2},"targeting":["age","region"],"advertiser":{"email":"1","emailAddress":"2"},"x":1,"x":2}`)
	if field(t, d.ComplianceAndFunding, "a") != "1" || field(t, d.ComplianceAndFunding, "funding.a") != "2" {
		t.Errorf("merged groups: %s", d.ComplianceAndFunding.Text())
	}
	if field(t, d.Targeting, "targeting") != `["age","region"]` {
		t.Errorf("array group: %s", d.Targeting.Text())
	}
	if field(t, d.Advertiser, "email") != "1" || field(t, d.Advertiser, "emailAddress") != "2" {
		t.Errorf("synonym clash: %s", d.Advertiser.Text())
	}
	if d.Other.Len() != 1 || field(t, d.Other, "x") != "1" || len(d.Warnings) != 1 {
		t.Errorf("duplicate names: %s, warnings %q", d.Other.Text(), d.Warnings)
	}
	d = mustNormalize(t, `[1,2]`)
	if field(t, d.Other, "response") != "[1,2]" {
		t.Errorf("array root: %s", d.Other.Text())
	}
	if _, err := Normalize([]byte(`{"a":`), "X", Standard); err == nil {
		t.Error("truncated JSON accepted")
	}
}

func TestHiddenCharactersDoNotMakeAKnownName(t *testing.T) {
	d := mustNormalize(t, `{"advertiser":{"company\u200bName":"A","ci\u0001ty":"B","City":"C"},"campaign\u202e":{"name":"N"}}`)
	if got := d.Advertiser.Text(); got != `{"company\u200bName":"A","ci\u0001ty":"B","city":"C"}` {
		t.Errorf("advertiser: %s", got)
	}
	if d.Campaign.IsPresent() || d.Other.Len() != 1 {
		t.Errorf("campaign\u202e taken for the campaign: %s / %s", d.Campaign.Text(), d.Other.Text())
	}
}

func TestNormalizeKeepsOrderAndValues(t *testing.T) {
	d := mustNormalize(t, `{"basicInformation":{"z":1.50,"a":1e3,"m":"s"}}`)
	var keys []string
	for _, m := range d.BasicInformation.Members() {
		keys = append(keys, m.Key+"="+m.Value.Text())
	}
	if strings.Join(keys, ",") != "z=1.50,a=1e3,m=s" {
		t.Fatalf("order or literal changed: %v", keys)
	}
}

func TestDocumentJSONContract(t *testing.T) {
	d := mustNormalize(t, `{"advertiser":{"city":"X"},"zzz":true}`)
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"paid":"AB12CD","view":"full","advertiser":{"city":"X"},"campaign":{},"sponsors":[],"controllers":[],"basicInformation":{},"complianceAndFunding":{},"targeting":{},"legalAndMetadata":{},"other":{"zzz":true},"warnings":[]}`
	if string(b) != want {
		t.Fatalf("contract:\n got %s\nwant %s", b, want)
	}
}

// countLeaves counts scalar values, so that a fuzzed document can be checked
// for loss: every scalar of the input must reach the normalized document.
func countLeaves(v Value) int {
	switch v.Kind {
	case Object:
		n := 0
		for _, m := range v.Members() {
			n += countLeaves(m.Value)
		}
		return n
	case Array:
		n := 0
		for _, it := range v.Items() {
			n += countLeaves(it)
		}
		return n
	case Null:
		return 0 // null says "nothing here": a null collection may become an empty one
	}
	return 1
}

func documentLeaves(d *Document) int {
	n := 0
	for _, g := range []Value{d.Advertiser, d.Campaign, d.BasicInformation, d.ComplianceAndFunding, d.Targeting, d.LegalAndMetadata, d.Other} {
		if g.IsPresent() {
			n += countLeaves(g)
		}
	}
	for _, p := range append(append([]Value{}, d.Sponsors...), d.Controllers...) {
		n += countLeaves(p)
	}
	return n
}

func FuzzNormalize(f *testing.F) {
	for _, s := range []string{
		`{"advertiser":{"companyName":"A"},"sponsors":[{"name":"S"}]}`,
		`{"data":{"advertisement":{"campaign_name":"C","Sponsors & Controllers":{"sponsors":{"a":{"n":1}}}}}}`,
		`[{"paid":"AB12CD","x":null}]`, `"text"`, `{"meta":{},"data":[]}`,
		`{"campaign":{"totalValue":"1,000.00","currency":"eur","startDate":1786233600,"isOngoing":"Y"},"x":1,"x":2}`,
		`{"compliance":{"amount":5,"currency":"EUR","a":1},"funding":{"a":2,"funding.a":3}}`,
		`{"sponsors":{"S1":{"id":"x","key":"y","country":"uk"}},"other":{"amount":"EUR 5","otherBenefits":"help"}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := parseUnique(data, nil)
		d, nerr := Normalize(data, "AB12CD", Full)
		if (err == nil) != (nerr == nil) {
			t.Fatalf("parseUnique and Normalize disagree: %v / %v", err, nerr)
		}
		if nerr != nil {
			return
		}
		out, err := json.Marshal(d)
		if err != nil {
			t.Fatalf("document does not marshal: %v", err)
		}
		// jsontext's defaults are strict: valid UTF-8 and no member name
		// twice in an object, at any depth.
		if !jsontext.Value(out).IsValid() {
			t.Fatalf("document is not strict JSON:\n%s", out)
		}
		// Typed fields change how a value is written, never how many there
		// are: a scalar stays one, an amount gains its currency. Scalars may
		// be added (ids of keyed entries, a shared currency), never lost; the
		// one that may be absorbed is the paid we asked for. A repeated name
		// keeps one value, which parseUnique counts too.
		if got, in := documentLeaves(d), countLeaves(v); got < in-1 {
			t.Fatalf("lost values: %d in, %d out for %s\n%s", in, got, data, out)
		}
	})
}

// TestHostileShapes normalizes shapes that would cost time or memory
// growing with the square of their size if the normalizer scanned, copied
// or remembered per member; each must come out whole and in order.
func TestHostileShapes(t *testing.T) {
	var spellings []string // 20,000 spellings that fold to "email"
	for c := range 32 {
		for s := range 625 {
			var b strings.Builder
			for i, r := range "email" {
				if c>>i&1 == 1 {
					r -= 'a' - 'A'
				}
				b.WriteRune(r)
				if i < 4 {
					b.WriteString([]string{"", "_", "-", " ", "."}[s/[]int{1, 5, 25, 125}[i]%5])
				}
			}
			spellings = append(spellings, b.String())
		}
	}
	var b strings.Builder
	b.WriteString(`{"advertiser":{`)
	for i, s := range spellings {
		fmt.Fprintf(&b, "%q:%d,", s, i)
	}
	b.WriteString(`"city":"X"},"compliance":{`)
	for i := range 20000 {
		fmt.Fprintf(&b, `"k%d":1,`, i)
	}
	b.WriteString(`"k":1},"funding":{`)
	for i := range 20000 {
		fmt.Fprintf(&b, `"k%d":2,"funding.k%d":3,"funding.k%d#2":4,`, i, i, i)
	}
	b.WriteString(`"k":2},"other":{"big":[[[[[[` + strings.Repeat(`"x",`, 100000) + `"x"]]]]]]`)
	for i := range 20000 {
		fmt.Fprintf(&b, `,"big":%d,"isOpen%d":"maybe"`, i, i)
	}
	b.WriteString(`}}`)
	d := mustNormalize(t, b.String())
	if d.Advertiser.Len() != len(spellings)+1 || d.Advertiser.Members()[0].Key != "email" {
		t.Errorf("advertiser: %d members, first %q", d.Advertiser.Len(), d.Advertiser.Members()[0].Key)
	}
	if got := d.ComplianceAndFunding.Len(); got != 20001+60001 {
		t.Errorf("merged groups: %d members", got)
	}
	if len(d.Warnings) != MaxWarnings || d.Warnings[MaxWarnings-1] != fmt.Sprintf("and %d more warnings", 40000-MaxWarnings+1) {
		t.Errorf("%d warnings, the last %q", len(d.Warnings), d.Warnings[len(d.Warnings)-1])
	}
	for _, w := range d.Warnings[:MaxWarnings-1] {
		if len(w) > 300 {
			t.Errorf("warning of %d bytes: %.80s…", len(w), w)
		}
	}
	out, _ := d.MarshalJSON()
	if !jsontext.Value(out).IsValid() {
		t.Error("names repeated in the document")
	}
}

// A party list sent as null ("not disclosed"), one not sent, and an empty
// one are three answers: the document and its JSON keep them apart.
func TestNullPartyListsStayNull(t *testing.T) {
	cases := []struct {
		body                   string
		sponsors, controllers  ListState
		sponsorsJSON, ctrlJSON string
	}{
		{`{"sponsors":null,"controllers":[{"name":"C"}]}`, ListNull, ListSent, `"sponsors":null`, `"controllers":[{"name":"C"}]`},
		{`{"controllers":[]}`, ListAbsent, ListSent, `"sponsors":[]`, `"controllers":[]`},
		{`{"sponsors_and_controllers":{"sponsors":null,"controllers":null}}`, ListNull, ListNull, `"sponsors":null`, `"controllers":null`},
		// A second spelling with a list wins over null: nothing is hidden.
		{`{"sponsors":null,"Sponsor":[{"name":"S"}]}`, ListSent, ListAbsent, `"sponsors":[{"name":"S"}]`, `"controllers":[]`},
	}
	for _, c := range cases {
		d := mustNormalize(t, c.body)
		_, s := d.Parties(GroupSponsors)
		_, k := d.Parties(GroupControllers)
		if s != c.sponsors || k != c.controllers {
			t.Errorf("%s: states %v/%v, want %v/%v", c.body, s, k, c.sponsors, c.controllers)
		}
		b, _ := d.MarshalJSON()
		if !strings.Contains(string(b), c.sponsorsJSON) || !strings.Contains(string(b), c.ctrlJSON) {
			t.Errorf("%s: JSON %s", c.body, b)
		}
		// The normalized JSON read back keeps the state.
		again := mustNormalize(t, string(b))
		if _, s2 := again.Parties(GroupSponsors); s2 != s && s != ListAbsent {
			t.Errorf("%s: read back as %v", c.body, s2)
		}
	}
}
