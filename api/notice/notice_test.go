package notice

import (
	"bytes"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/check"
	"github.com/padview/padview/api/text"
)

func doc(t *testing.T, view advert.View, body string) *advert.Document {
	t.Helper()
	d, err := advert.Normalize([]byte(body), "TEST01", view)
	if err != nil {
		t.Fatalf("bad test JSON: %v\n%s", err, body)
	}
	return d
}

func build(t *testing.T, view advert.View, body string) Notice {
	t.Helper()
	d := doc(t, view, body)
	return Build(d, check.Check(d))
}

func write(t *testing.T, f Format, ns ...Notice) string {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, f, ns...); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func entry(t *testing.T, n Notice, rule string) Entry {
	t.Helper()
	for _, it := range n.Items {
		for _, e := range it.Entries {
			if e.Rule == rule {
				return e
			}
		}
	}
	t.Fatalf("the notice has no entry for %s", rule)
	return Entry{}
}

// riverside is a full answer in the partner interface's names (fictional).
const riverside = `{
  "advertiser": {"companyName": "Riverside Civic Alliance", "legalName": "Riverside Civic Alliance Ltd",
    "email": "maren.holt@riverside-civic.example", "streetAddress": "14 Quayside Walk", "placeOfEstablishment": "Northbank, GB",
    "registrationNumber": "GB-0042"},
  "sponsors": [{"name": "Friends of the Estuary", "email": "info@estuary-friends.example"}],
  "controllers": [{"name": "Riverside Civic Alliance Ltd", "role": "controller"}],
  "campaign": {"startDate": "2026-09-01", "endDate": "2026-11-30", "totalValue": {"amount": 48250, "currency": "EUR"}},
  "complianceAndFunding": {"amountsReceived": {"amount": "30000.00", "currency": "EUR"}, "fundingOrigin": "private, within the EU",
    "isThirdCountryFunded": false, "calculationMethodology": "invoiced media cost", "linkedElection": "Referendum on Water",
    "transparencyNoticeUrl": "https://transparency.riverside-civic.example/ab12cd", "payer": "Riverside Civic Alliance"},
  "targeting": {"techniquesUsed": true, "techniques": ["location", "age band"]}
}`

// The notice is the template's items 1 to 16, in order, each once, each
// with an entry for every rule of the item in the check's table, in its
// order, but a requirement over several items (the amounts), which shows
// through theirs; every format writes them so.
func TestNoticeFollowsTheTemplatesItems(t *testing.T) {
	n := build(t, advert.Full, riverside)
	items := check.Items()
	if len(n.Items) != 16 || len(items) != 16 {
		t.Fatalf("%d items, the template has %d", len(n.Items), len(items))
	}
	for i, it := range n.Items {
		var rules []check.Rule
		for _, r := range items[i].Rules {
			if len(r.Over) == 0 {
				rules = append(rules, r)
			}
		}
		if it.Number != i+1 || it.Title != items[i].Label || len(it.Entries) != len(rules) {
			t.Fatalf("item %d: %d %q with %d entries", i+1, it.Number, it.Title, len(it.Entries))
		}
		for j, e := range it.Entries {
			if e.Rule != rules[j].ID || e.Label != rules[j].Label {
				t.Errorf("item %d entry %d is %s, want %s", it.Number, j, e.Rule, rules[j].ID)
			}
		}
	}
	headings := map[Format]*regexp.Regexp{
		Text:     regexp.MustCompile(`(?m)^ ?(\d+)\. (.+)$`),
		Markdown: regexp.MustCompile(`(?m)^## (\d+)\. (.+)$`),
		HTML:     regexp.MustCompile(`<h2>(\d+)\. ([^<]+)</h2>`),
	}
	for f, re := range headings {
		out := write(t, f, n)
		got := re.FindAllStringSubmatch(out, -1)
		if len(got) != 16 {
			t.Errorf("%s: %d numbered items, want 16:\n%s", f, len(got), out)
			continue
		}
		for i, m := range got {
			title := strings.ReplaceAll(m[2], "&#39;", "'")
			if m[1] != strconv.Itoa(i+1) || title != items[i].Label {
				t.Errorf("%s: item %d reads %s. %s, want %d. %s", f, i+1, m[1], m[2], i+1, items[i].Label)
			}
		}
	}
}

// An item not in the answer is marked with the check's own word for its
// state (in capitals for a required item missing, as the check writes
// it), whether it is required or optional where it is not there or not
// decided, and its note says why: missing, unknown (pointing to padview
// fields), not in this view, not applicable, declared none.
func TestMarkersAreTheChecksStates(t *testing.T) {
	cases := []struct {
		name, body, rule string
		view             advert.View
		want             check.Status
		marker, says     string
	}{
		{"missing", `{"advertiser": {"companyName": "R"}}`, "calculation", advert.Standard, check.Missing,
			"✗ MISSING (required)", text.NotInResponse},
		{"missing, optional", `{"advertiser": {"companyName": "R"}}`, "suspension", advert.Standard, check.Missing,
			"✗ missing (optional)", text.NotInResponse},
		{"unknown", `{"advertiser": {"companyName": "R"}, "xq_berekening_waarden": "x", "zzz_qqq": "https://r.example/1"}`, "calculation", advert.Standard,
			check.Unknown, "? unknown (required)", "padview fields TEST01"},
		{"unknown, optional", `{"advertiser": {"companyName": "R"}, "xq_berekening_waarden": "x", "zzz_qqq": "https://r.example/1"}`, "repository", advert.Standard,
			check.Unknown, "? unknown (optional)", "padview fields TEST01"},
		{"only in the full view", `{"advertiser": {"companyName": "R"}}`, "sponsor.email", advert.Standard, check.NotInView,
			"◌ not in this view (required)", "the full view shows it"},
		{"only in the full view, optional", `{"advertiser": {"companyName": "R"}}`, "sponsor.address", advert.Standard, check.NotInView,
			"◌ not in this view: ", "the full view shows it"},
		{"not applicable", `{"advertiser": {"companyName": "R"}, "complianceAndFunding": {"payer": "R"}}`, "payer",
			advert.Standard, check.NotApplicable, "– not applicable: ", "the sponsor pays"},
		{"declared none", `{"complianceAndFunding": {"calculationMethodology": null}}`, "calculation", advert.Standard,
			check.DeclaredNone, "○ declared none: ", "not disclosed"},
	}
	for _, c := range cases {
		n := build(t, c.view, c.body)
		e := entry(t, n, c.rule)
		if e.Status != c.want || e.Shown() {
			t.Errorf("%s: %s shown %v, want %s", c.name, e.Status, e.Values, c.want)
		}
		if !strings.HasPrefix(e.Words(), c.marker) || !strings.Contains(e.Words(), c.says) {
			t.Errorf("%s: %q, want %q … %q", c.name, e.Words(), c.marker, c.says)
		}
		for _, f := range Formats {
			if out := write(t, f, n); !strings.Contains(out, strings.TrimSuffix(c.marker, ": ")) {
				t.Errorf("%s: the %s notice does not say %q", c.name, f, c.marker)
			}
		}
	}
}

// The amounts are two items under one requirement: each shows its own
// values, the campaign's total never under item 5; while no amount is
// given both are marked required, and where one meets the requirement the
// other says so.
func TestAmountsUnderTheirOwnItems(t *testing.T) {
	n := build(t, advert.Full, riverside)
	if got := entry(t, n, "amounts.advertisement").Words(); got != "EUR 30,000.00" {
		t.Errorf("item 5 shows %q", got)
	}
	if got := entry(t, n, "amounts.campaign").Words(); got != "EUR 48,250.00" {
		t.Errorf("item 6 shows %q", got)
	}
	if out := write(t, Text, n); strings.Contains(out, "Total value") || strings.Count(out, "48,250") != 1 {
		t.Errorf("the campaign's total is shown other than once under item 6:\n%s", out)
	}
	none := build(t, advert.Full, `{"advertiser": {"companyName": "R"}}`)
	for _, id := range []string{"amounts.advertisement", "amounts.campaign"} {
		if e := entry(t, none, id); !e.Required || !strings.HasPrefix(e.Words(), "✗ MISSING (required)") {
			t.Errorf("no amounts: %s reads %q", id, e.Words())
		}
	}
	if !strings.Contains(none.Verdict, "the amounts") {
		t.Errorf("the verdict does not name the amounts: %s", none.Verdict)
	}
	campaign := build(t, advert.Full, `{"campaign": {"totalValue": {"amount": 500, "currency": "EUR"}}}`)
	if e := entry(t, campaign, "amounts.advertisement"); e.Required ||
		e.Words() != "✗ missing (optional): not in this response; the amounts are given under item 6, which meets the requirement" {
		t.Errorf("met by the campaign's: item 5 reads %q", e.Words())
	}
	bare := build(t, advert.Full, `{"complianceAndFunding": {"amountsReceived": {"amount": 5, "currency": "EUR"}}, "campaign": {"totalValue": 9800}}`)
	if e := entry(t, bare, "amounts.campaign"); !strings.HasPrefix(e.Words(), "✗ MISSING (required): no currency: campaign.totalValue") {
		t.Errorf("a campaign total without its currency: item 6 reads %q", e.Words())
	}
}

// Values are written as api/text writes them: money with its currency,
// dates as the answer gives them, a period's start and end each labelled.
func TestValuesAreFormatted(t *testing.T) {
	n := build(t, advert.Full, riverside)
	for rule, want := range map[string]string{
		"sponsor.name":          "Riverside Civic Alliance",
		"period":                "Start date: 2026-09-01; End date: 2026-11-30",
		"amounts.campaign":      "EUR 48,250.00",
		"amounts.advertisement": "EUR 30,000.00",
		"funding.eu":            "no (funded from inside the EU)",
		"targeting.details":     "location, age band",
		"sponsor.email":         "maren.holt@riverside-civic.example",
	} {
		if got := entry(t, n, rule).Words(); got != want {
			t.Errorf("%s: %q, want %q", rule, got, want)
		}
	}
}

// In the standard view the notice shows no personal value, even one the
// standard answer carries (a politiekereclame.nl statement's email): the
// item says it is only in the full view. The full view shows it.
func TestPersonalValuesOnlyInTheFullView(t *testing.T) {
	const statement = `{"opdrachtgever_naam_organisatie": "Partij voor Iets", "opdrachtgever_mailadres": "info@partij.example",
	  "opdrachtgever_straat_huisnummer": "Dijkweg 3", "betalende_naam_organisatie": "Steunfonds",
	  "betalende_mailadres": "fonds@steunfonds.example", "betalende_contactpersoon": "Carla Proefmeijer"}`
	personal := []string{"info@partij.example", "Dijkweg 3", "fonds@steunfonds.example"}
	std := build(t, advert.Standard, statement)
	for _, rule := range []string{"sponsor.email", "sponsor.address", "payer.contact"} {
		e := entry(t, std, rule)
		if e.Status != check.NotInView || e.Shown() || !strings.Contains(e.Words(), "only in the full view") {
			t.Errorf("standard view, %s: %s %q", rule, e.Status, e.Words())
		}
	}
	for _, f := range Formats {
		out := write(t, f, std)
		for _, v := range personal {
			if strings.Contains(out, v) {
				t.Errorf("the standard view's %s notice shows %q", f, v)
			}
		}
		if !strings.Contains(out, "Partij voor Iets") || !strings.Contains(out, "Steunfonds") {
			t.Errorf("the standard view's %s notice lacks the sponsor's or the payer's name", f)
		}
	}
	full := build(t, advert.Full, statement)
	for _, f := range Formats {
		out := strings.ReplaceAll(write(t, f, full), `\@`, "@") // Markdown escapes the @ of an address
		for _, v := range personal {
			if !strings.Contains(out, v) {
				t.Errorf("the full view's %s notice lacks %q", f, v)
			}
		}
	}
}

// Under the mask the notice is built from the masked copy: it says so,
// and its personal values are masked.
func TestMaskedNotice(t *testing.T) {
	d := text.MaskDocument(doc(t, advert.Full, riverside))
	n := Build(d, check.Check(d))
	if !n.Masked {
		t.Fatal("the notice of a masked document does not say it is masked")
	}
	if got := entry(t, n, "sponsor.email").Words(); got != "m"+text.Masked+"@riverside-civic.example" {
		t.Errorf("masked email reads %q", got)
	}
	for _, f := range Formats {
		out := write(t, f, n)
		if !strings.Contains(out, MaskedWords) {
			t.Errorf("the masked %s notice does not say so", f)
		}
		for _, v := range []string{"maren.holt", "14 Quayside Walk", "info@estuary"} {
			if strings.Contains(out, v) {
				t.Errorf("the masked %s notice shows %q", f, v)
			}
		}
	}
}

// The label line: the statement, the sponsor, the election and targeting
// where the answer has them, and where the notice is; a controlling entity
// that does not apply stays off it; a required point missing is marked.
func TestLabelLine(t *testing.T) {
	n := build(t, advert.Full, riverside)
	got := strings.Join(n.LabelParts(), " · ")
	want := "Political advertisement · Sponsor name: Riverside Civic Alliance · Linked election or referendum: " +
		"Referendum on Water · Whether targeting techniques were used: yes · Link to the transparency notice: " +
		"https://transparency.riverside-civic.example/ab12cd"
	if got != want {
		t.Errorf("label:\n%s\nwant\n%s", got, want)
	}
	bare := build(t, advert.Full, `{"complianceAndFunding": {"controllingEntity": "Holding SE"}}`)
	got = strings.Join(bare.LabelParts(), " · ")
	for _, s := range []string{"Sponsor name: ✗ MISSING (required)", "Entity controlling the sponsor: Holding SE",
		"Link to the transparency notice: ✗ MISSING (required)"} {
		if !strings.Contains(got, s) {
			t.Errorf("label %q lacks %q", got, s)
		}
	}
	if strings.Contains(got, "Linked election") {
		t.Errorf("label %q names an election the answer does not link", got)
	}
}

// hostile is an answer that tries to become markup, a link, or text that
// reads backwards.
const hostile = `{"advertiser": {"companyName": "<script>alert(1)</script>", "legalName": "x\u202eevil\u202c"},
  "campaign": {"startDate": "2026-09-01", "endDate": "2026-11-30"},
  "complianceAndFunding": {"calculationMethodology": "\"><img src=x onerror=alert(1)> [click](javascript:alert(1)) | *bold*",
    "linkedElection": "</dd></dl><iframe src=//evil.example></iframe>"}}`

// allowedTags and allowedAttrs are what the page itself writes: nothing an
// answer sends may add a tag or an attribute.
var (
	htmlTag      = regexp.MustCompile(`<(/?)([!A-Za-z][A-Za-z0-9]*)([^>]*)>`)
	htmlAttr     = regexp.MustCompile(`([a-zA-Z-]+)="[^"]*"`)
	allowedTags  = "!DOCTYPE html head meta title style body article h1 h2 p section strong span dl dt dd"
	allowedAttrs = "lang charset http-equiv content name class"
)

// The HTML file stands alone (no script, no resource from elsewhere, a
// policy that forbids them) and escapes every value: a <script>, an
// attribute break or a bidi override in the answer stays text.
func TestHTMLIsStandaloneAndEscaped(t *testing.T) {
	out := write(t, HTML, build(t, advert.Standard, hostile), build(t, advert.Standard, riverside))
	if strings.Count(out, "<html") != 1 || strings.Count(out, "</html>") != 1 || strings.Count(out, "<article>") != 2 {
		t.Fatalf("not one document with two notices:\n%s", out)
	}
	for _, m := range htmlTag.FindAllStringSubmatch(out, -1) {
		if !strings.Contains(" "+allowedTags+" ", " "+m[2]+" ") {
			t.Errorf("tag <%s%s> in the page", m[1], m[2])
		}
		for _, a := range htmlAttr.FindAllStringSubmatch(m[3], -1) {
			if !strings.Contains(" "+allowedAttrs+" ", " "+a[1]+" ") {
				t.Errorf("attribute %s in <%s%s>", a[1], m[2], m[3])
			}
		}
		if rest := strings.TrimSpace(htmlAttr.ReplaceAllString(m[3], "")); rest != "" && rest != "html" {
			t.Errorf("<%s%s> holds %q", m[2], m[3], rest)
		}
	}
	for _, s := range []string{"url(", "@import", "<script", "<iframe", "<img", "\u202e", "\u202c"} {
		if strings.Contains(out, s) {
			t.Errorf("the page holds %q", s)
		}
	}
	if !strings.Contains(html.UnescapeString(out), "x⟨U+202E⟩evil⟨U+202C⟩") {
		t.Error("the page does not show the bidi override as a visible marker")
	}
	for _, s := range []string{"&lt;script&gt;alert(1)&lt;/script&gt;", "&lt;img src=x",
		`content="default-src 'none'; style-src 'unsafe-inline'"`} {
		if !strings.Contains(out, s) {
			t.Errorf("the page lacks %q", s)
		}
	}
}

// Markdown escapes what it would read as markup: no value becomes a link,
// HTML, emphasis or a table cell.
func TestMarkdownEscapes(t *testing.T) {
	out := write(t, Markdown, build(t, advert.Standard, hostile))
	unescaped := regexp.MustCompile(`(^|[^\\])(<script|<img|<iframe|\[click\]|\| \*bold)`)
	if m := unescaped.FindString(out); m != "" || strings.Contains(out, "\u202e") {
		t.Errorf("the Markdown holds %q unescaped:\n%s", m, out)
	}
	for _, s := range []string{`\<script\>`, `\[click\]`, `\| \*bold\*`, "⟨U+202E⟩"} {
		if !strings.Contains(out, s) {
			t.Errorf("the Markdown lacks %q:\n%s", s, out)
		}
	}
	text := write(t, Text, build(t, advert.Standard, hostile))
	if strings.ContainsAny(text, "\u202e\u202c\x1b") {
		t.Errorf("the text holds a control character:\n%q", text)
	}
}

// One place's values are bounded: five distinct ones (a repeated value
// once), then how many more; one value is cut at maxValueRunes.
func TestValuesAreBounded(t *testing.T) {
	var sponsors []string
	for i := range 50 {
		sponsors = append(sponsors, fmt.Sprintf(`{"name": "Sponsor %02d", "placeOfEstablishment": "Lyon, FR"}`, i))
	}
	long := strings.Repeat("é", maxValueRunes+10)
	n := build(t, advert.Full, `{"sponsors": [`+strings.Join(sponsors, ",")+`],
	  "complianceAndFunding": {"calculationMethodology": "`+long+`"}}`)
	if got := entry(t, n, "sponsor.name").Words(); got != "Sponsor 00; Sponsor 01; Sponsor 02; Sponsor 03; Sponsor 04; and 45 more (every sponsor gives one)" {
		t.Errorf("sponsor names: %q", got)
	}
	if got := entry(t, n, "sponsor.establishment").Words(); got != "Lyon, FR (every sponsor gives one)" {
		t.Errorf("a value every sponsor repeats: %q", got)
	}
	if got := entry(t, n, "calculation").Values[0]; got != strings.Repeat("é", maxValueRunes)+"…" {
		t.Errorf("a long value is %d characters", len([]rune(got)))
	}
}

// A stream writes text and Markdown notices one after another, and HTML
// as one file at the end, at most MaxHTML notices.
func TestStream(t *testing.T) {
	a, b := build(t, advert.Full, riverside), build(t, advert.Standard, hostile)
	if out := write(t, Text, a, b); strings.Count(out, "Transparency notice · TEST01") != 2 || !strings.Contains(out, "\n\nTransparency notice") {
		t.Errorf("two text notices:\n%s", out)
	}
	if out := write(t, Markdown, a, b); strings.Count(out, "\n---\n") != 1 || strings.Count(out, "# Transparency notice") != 2 {
		t.Errorf("two Markdown notices:\n%s", out)
	}
	if out := write(t, HTML); !strings.Contains(out, "<title>Transparency notices</title>") || strings.Contains(out, "<article>") {
		t.Errorf("an HTML file of no notice:\n%s", out)
	}
	s, _ := NewStream(&bytes.Buffer{}, HTML)
	for i := range MaxHTML {
		if err := s.Add(a); err != nil {
			t.Fatalf("notice %d: %v", i+1, err)
		}
	}
	if err := s.Add(a); err == nil || !strings.Contains(err.Error(), "split the list") {
		t.Errorf("notice %d of one HTML file: %v", MaxHTML+1, err)
	}
	if _, err := ParseFormat("pdf"); err == nil || !strings.Contains(err.Error(), "text, markdown, html") {
		t.Errorf("unknown format: %v", err)
	}
}

// The full view's Markdown and HTML carry the data-protection notice.
func TestFullViewSaysItHoldsPersonalData(t *testing.T) {
	for _, f := range []Format{Markdown, HTML} {
		if out := write(t, f, build(t, advert.Full, riverside)); !strings.Contains(out, "Personal data.") {
			t.Errorf("the full view's %s notice does not warn of personal data", f)
		}
		if out := write(t, f, build(t, advert.Standard, riverside)); strings.Contains(out, "Personal data.") {
			t.Errorf("the standard view's %s notice warns of personal data", f)
		}
	}
}

func TestFileName(t *testing.T) {
	d := doc(t, advert.Full, riverside)
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	for f, want := range map[Format]string{Text: "padview-TEST01-full-20261122-notice.txt",
		Markdown: "padview-TEST01-full-20261122-notice.md", HTML: "padview-TEST01-full-20261122-notice.html"} {
		if got := FileName(d, f, now); got != want {
			t.Errorf("%s: %s, want %s", f, got, want)
		}
	}
}

// The notices of real sources' records (fictional values) fill their
// items under the sources' own names.
func TestNoticesOfRealSources(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "advert", "testdata", "records", "*.json"))
	if err != nil || len(files) < 5 {
		t.Fatalf("records: %v %d", err, len(files))
	}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		d, err := advert.Normalize(raw, "TEST01", advert.Full)
		if err != nil {
			t.Fatal(err)
		}
		rep := check.Check(d)
		n := Build(d, rep)
		for _, it := range n.Items {
			for _, e := range it.Entries {
				res, _ := rep.Result(e.Rule)
				if res.Status == check.Present && !e.Shown() && len(res.Found) > 0 {
					t.Errorf("%s: %s is present (%v) but the notice shows no value", filepath.Base(f), e.Rule, res.Found)
				}
			}
		}
	}
}

// The notice names the categories of personal data it shows, and no
// other: the advertiser's phone and a person's name beside the company's
// stay off it, so the access log does not record them; a natural person's
// name and a payer's email do.
func TestPersonalIsWhatTheNoticeShows(t *testing.T) {
	withPhone := strings.Replace(riverside, `"registrationNumber": "GB-0042"},`,
		`"registrationNumber": "GB-0042", "phone": "+44 20 7946 0012", "firstName": "Maren", "lastName": "Holt"},`, 1)
	cases := []struct {
		name, body string
		view       advert.View
		want       string
	}{
		{"the full view", withPhone, advert.Full, "email,address"},
		{"the standard view", withPhone, advert.Standard, ""},
		{"a natural person as sponsor", `{"sponsors": [{"name": "Tomasz Wiśniewski", "kind": "individual"}]}`, advert.Full, "name"},
		{"a payer that is a person, with an email", `{"advertiser": {"companyName": "R"}, "complianceAndFunding": {"payer":
			{"name": "Tomasz Wiśniewski", "kind": "individual", "email": "t.w@mail.example"}}}`, advert.Full, "email,name"},
	}
	for _, c := range cases {
		n := build(t, c.view, c.body)
		if got := strings.Join(n.Personal, ","); got != c.want {
			t.Errorf("%s: the notice holds %q, want %q", c.name, got, c.want)
		}
	}
	d := doc(t, advert.Full, withPhone)
	masked := Build(text.MaskDocument(d), check.Check(d))
	if got := strings.Join(masked.Personal, ","); got != "email,address" {
		t.Errorf("masked: %q", got)
	}
}

// A notice of an answer that named another PAID keeps the PAID asked for
// in its heading and says, in every format, which PAID was answered.
func TestNoticeSaysTheAnswerWasForAnotherPAID(t *testing.T) {
	n := Build(doc(t, advert.Standard, `{"paid":"ZZ9999","advertiser":{"companyName":"Riverside"}}`), check.Report{})
	if n.AnsweredPAID != "ZZ9999" {
		t.Fatalf("AnsweredPAID %q", n.AnsweredPAID)
	}
	for _, f := range Formats {
		out := write(t, f, n)
		if !strings.Contains(out, "the service answered for ZZ9999, not TEST01") || !strings.Contains(out, "TEST01") {
			t.Errorf("the %s notice does not say the answer was for ZZ9999:\n%s", f, out)
		}
	}
	if out := write(t, Text, build(t, advert.Standard, `{"paid":"TEST01"}`)); strings.Contains(out, WarningWord+":") {
		t.Errorf("a notice of the PAID asked for warns:\n%s", out)
	}
}
