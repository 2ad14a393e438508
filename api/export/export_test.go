package export

import (
	"bytes"
	"encoding/csv"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/check"
	"github.com/padview/padview/api/text"
)

// sample normalizes one advertisement of the fake service's sample set.
func sample(t testing.TB, paid string, view advert.View) *advert.Document {
	t.Helper()
	b, err := os.ReadFile("../fake/samples.json")
	if err != nil {
		t.Fatal(err)
	}
	root, err := advert.ParseValue(b)
	if err != nil {
		t.Fatal(err)
	}
	for _, ad := range root.Items() {
		if id, _ := ad.Get("paid"); id.Str == paid {
			return advert.NormalizeValue(ad, paid, view)
		}
	}
	t.Fatalf("no sample %s", paid)
	return nil
}

// items are documents to export with the provenance of no exchange: the
// view and the check's verdict from the document itself.
func items(docs ...*advert.Document) []Item {
	out := make([]Item, len(docs))
	for i, d := range docs {
		out[i] = Item{Doc: d, From: NewProvenance(nil, check.Check(d), "test")}
	}
	return out
}

// readCSV reads an exported table as a CSV reader told to skip comment
// lines does; it also checks that every record has the header's length.
func readCSV(t *testing.T, r io.Reader) [][]string {
	t.Helper()
	cr := csv.NewReader(r)
	cr.Comment = '#'
	records, err := cr.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return records
}

func normalize(t *testing.T, paid, body string) *advert.Document {
	t.Helper()
	d, err := advert.Normalize([]byte(body), paid, advert.Standard)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// hostile carries what a report must not pass through as markup or
// control sequences.
const hostile = `{"advertiser": {"companyName": "A|B <script>x</script> [l](http://e) *b* \u001b[2J\nnext"},
	"sponsors": [{"name": "=HYPERLINK(\"http://e\")", "phone": "+44 1", "amount": -5, "note": "@SUM(1)", "tab": "\t=1",
		"nested": {"deep": {"x": 1}}, "list": ["a", "b"], "nil": null, "paid": "clash", "line": "a\nb|c"}],
	"controllers": [{"name": "Ctl", "role": "controller", "contribution": {"amount": 5, "currency": "EUR"}}],
	"targeting": {"audience": {"ageRange": "18-65", "regions": ["N", "E"]}, "items": [{"k": 1}, {"k": 2}], "empty": {}}}`

func TestJSONIsTheNormalizedDocument(t *testing.T) {
	a, b := sample(t, "AB12CD", advert.Standard), sample(t, "AB12CE", advert.Standard)
	var out bytes.Buffer
	if err := Write(&out, JSON, items(a, b)...); err != nil {
		t.Fatal(err)
	}
	// Each line is the normalized document with its provenance last.
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	for i, d := range []*advert.Document{a, b} {
		j, _ := d.MarshalJSON()
		doc, prov, ok := strings.Cut(lines[i], `,"provenance":{`)
		if !ok || doc+"}" != string(j) || !strings.HasSuffix(prov, "}}") {
			t.Fatalf("JSON export line %d is not the normalized document and its provenance:\n%s", i, lines[i])
		}
	}
}

// tableRows returns the cells of each Markdown table row, split at
// unescaped pipes.
func tableRows(s string) [][]string {
	var rows [][]string
	for _, line := range strings.Split(s, "\n") {
		if !strings.HasPrefix(line, "|") {
			continue
		}
		var cells []string
		cur := ""
		for i := 1; i < len(line); i++ {
			switch c := line[i]; {
			case c == '\\' && i+1 < len(line):
				cur += line[i : i+2]
				i++
			case c == '|':
				cells = append(cells, strings.TrimSpace(cur))
				cur = ""
			default:
				cur += string(c)
			}
		}
		rows = append(rows, cells)
	}
	return rows
}

func TestMarkdownReport(t *testing.T) {
	d := sample(t, "AB12CD", advert.Full)
	var out bytes.Buffer
	if err := Write(&out, Markdown, items(d)...); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	if !strings.HasPrefix(s, "# Advertisement AB12CD\n\n- **Fetched at:**") || !strings.Contains(s, "\n\nFull view, as normalized") || !strings.Contains(s, "> **Personal data.** The full view returns personal data") {
		t.Errorf("title or full-view notice missing:\n%s", s[:200])
	}
	// The groups are sections in the order of advert.Groups.
	last := -1
	for _, g := range advert.Groups {
		if g.Group == advert.GroupOther {
			if strings.Contains(s, "## Other") {
				t.Error("an empty Other group has a section")
			}
			continue
		}
		i := strings.Index(s, "\n## "+g.Label)
		if i < 0 || i < last {
			t.Fatalf("section %q missing or out of order", g.Label)
		}
		last = i
	}
	for _, want := range []string{
		"## Sponsors (2)\n\n| # | Name | Kind | Email | Phone | Street address | Postal code | City | Country | Contribution |\n",
		"| 1 | Friends of the Estuary | association | info\\@estuary-friends.example |",
		"| EUR 30,000.00 |",
		"| Company name | Riverside Civic Alliance |",
		"| Total value | EUR 48,250.00 |",
		"| Audience › Age range | 18-65 |",
		"| Techniques | location, age band, interest: environment |",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	checkTables(t, s)
}

// checkTables asserts that every row of every table has as many cells as
// its header.
func checkTables(t *testing.T, s string) {
	t.Helper()
	tables := 0
	for _, block := range strings.Split(s, "\n\n") {
		rows := tableRows(block)
		if len(rows) == 0 {
			continue
		}
		tables++
		if len(rows) < 3 {
			t.Errorf("table without rows:\n%s", block)
		}
		for _, r := range rows {
			if len(r) != len(rows[0]) {
				t.Errorf("row has %d cells, header %d: %q", len(r), len(rows[0]), r)
			}
		}
	}
	if tables == 0 {
		t.Error("no tables")
	}
}

func TestMarkdownEscapesUntrustedText(t *testing.T) {
	d := normalize(t, "X|1", hostile)
	d.Warnings = []string{"duplicate member <b>"}
	var out bytes.Buffer
	if err := Write(&out, Markdown, items(d)...); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	if strings.ContainsRune(s, 0x1b) || strings.Contains(s, "<script>") || strings.Contains(s, "[l](http") {
		t.Fatalf("markup or control sequences passed through:\n%s", s)
	}
	for _, want := range []string{
		"# Advertisement X\\|1\n",
		`| Company name | A\|B \<script\>x\</script\> \[l\](http\://e) \*b\* ␛\[2J⏎next |`,
		"| Items › #2 › K | 2 |",
		"| Empty | (empty) |",
		"## Warnings\n\n- duplicate member \\<b\\>\n",
		"| Nested › Deep › X |",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("report lacks %q:\n%s", want, s)
		}
	}
	checkTables(t, s)
}

func TestCSVOfParties(t *testing.T) {
	var out bytes.Buffer
	if err := Write(&out, CSV, items(normalize(t, "X1", hostile), sample(t, "AB12CD", advert.Standard))...); err != nil {
		t.Fatal(err)
	}
	records := readCSV(t, &out)
	header := records[0]
	col := map[string]int{}
	for i, h := range header {
		col[h] = i
	}
	if header[0] != "paid" || header[1] != "group" {
		t.Fatalf("header %q", header)
	}
	for _, c := range []string{"name", "role", "entry.paid", "nested.deep.x", "contribution.amount", "contribution.currency", "list", "line"} {
		if _, ok := col[c]; !ok {
			t.Errorf("no column %q in %q", c, header)
		}
	}
	if len(records) != 1+2+2+1 {
		t.Fatalf("%d records: %q", len(records), records)
	}
	s := records[1]
	for c, want := range map[string]string{
		"paid": "X1", "group": "sponsors", "name": `'=HYPERLINK("http://e")`, "phone": "'+44 1", "amount.amount": "'-5", // a typed amount
		"note": "'@SUM(1)", "tab": "' =1", "nested.deep.x": "1", "list": `["a","b"]`, "nil": "", "entry.paid": "clash", "line": "a⏎b|c",
	} {
		if got := s[col[c]]; got != want {
			t.Errorf("cell %s = %q, want %q", c, got, want)
		}
	}
	if c := records[2]; c[col["group"]] != "controllers" || c[col["role"]] != "controller" || c[col["contribution.amount"]] != "5" || c[col["name"]] != "Ctl" {
		t.Errorf("controller row %q", c)
	}
	if r := records[3]; r[0] != "AB12CD" || r[col["name"]] != "Friends of the Estuary" || r[col["contribution.amount"]] != "30000" {
		t.Errorf("second document's row %q", r)
	}
}

func TestFileName(t *testing.T) {
	day := time.Date(2026, 11, 22, 23, 0, 0, 0, time.UTC)
	d := &advert.Document{PAID: "AB12CD"}
	if got := FileName(d, Markdown, day); got != "padview-AB12CD-standard-20261122.md" {
		t.Errorf("got %q", got)
	}
	d = &advert.Document{PAID: "../ä b:c" + strings.Repeat("x", 100), View: advert.Full}
	got := FileName(d, CSV, day)
	if !strings.HasPrefix(got, "padview-_____b_c") || !strings.HasSuffix(got, "-full-20261122.csv") || len(got) > 100 || strings.ContainsAny(got, "/ :") {
		t.Errorf("got %q", got)
	}
	if got := FileName(&advert.Document{}, JSON, day); got != "padview-advertisement-standard-20261122.json" {
		t.Errorf("got %q", got)
	}
}

func writeString(s string) func(io.Writer) error {
	return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
}

func TestCreateNeverOverwrites(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.md")
	if err := Create(p, writeString("first")); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(p); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", st.Mode().Perm())
	}
	err := Create(p, writeString("second"))
	var ee *ExistsError
	if !errors.As(err, &ee) || ee.Path != p || ee.Dir || !errors.Is(err, fs.ErrExist) {
		t.Fatalf("second Create: %v", err)
	}
	if b, _ := os.ReadFile(p); string(b) != "first" {
		t.Fatalf("the file was changed: %q", b)
	}
	// A link is not followed to overwrite its target.
	link := filepath.Join(dir, "link.md")
	if err := os.Symlink(p, link); err != nil {
		t.Fatal(err)
	}
	if err := Create(link, writeString("via link")); !errors.As(err, &ee) {
		t.Fatalf("Create through a link: %v", err)
	}
	if err := Create(dir, writeString("x")); !errors.As(err, &ee) || !ee.Dir || !strings.Contains(err.Error(), "is a directory") {
		t.Fatalf("Create on a directory: %v", err)
	}
	// A failed write leaves nothing behind.
	q := filepath.Join(dir, "b.csv")
	boom := errors.New("boom")
	if err := Create(q, func(io.Writer) error { return boom }); !errors.Is(err, boom) {
		t.Fatalf("failed write: %v", err)
	}
	if _, err := os.Stat(q); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("partial file left: %v", err)
	}
	// After the user agreed, Replace writes; a failed Replace keeps the old file.
	if err := Replace(p, writeString("second")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != "second" {
		t.Fatalf("after Replace: %q", b)
	}
	if err := Replace(p, func(w io.Writer) error { io.WriteString(w, "half"); return boom }); !errors.Is(err, boom) {
		t.Fatalf("failed Replace: %v", err)
	}
	if b, _ := os.ReadFile(p); string(b) != "second" {
		t.Fatalf("a failed Replace changed the file: %q", b)
	}
	if err := Replace(dir, writeString("x")); !errors.As(err, &ee) || !ee.Dir {
		t.Fatalf("Replace on a directory: %v", err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("temporary files left: %v", entries)
	}
}

func TestParseFormat(t *testing.T) {
	for _, f := range Formats {
		if got, err := ParseFormat(string(f)); err != nil || got != f {
			t.Errorf("%s: %v", f, err)
		}
	}
	if _, err := ParseFormat("xml"); err == nil || !strings.Contains(err.Error(), "json, markdown, csv") {
		t.Errorf("xml: %v", err)
	}
	if err := Write(io.Discard, Format("xml")); err == nil {
		t.Error("Write accepted an unknown format")
	}
}

// A party list sent as null reads "not disclosed" in the report and has a
// row of its own in the table; an empty list and an absent one do not.
func TestNullPartyListsInExports(t *testing.T) {
	null := sample(t, "NUL0N3", advert.Standard) // "sponsors": null
	var md bytes.Buffer
	if err := Write(&md, Markdown, items(null)...); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "## Sponsors\n\n_Not disclosed._\n") || strings.Contains(md.String(), "Sponsors (0)") {
		t.Errorf("markdown:\n%s", md.String())
	}
	var out bytes.Buffer
	if err := Write(&out, CSV, items(sample(t, "AB12CD", advert.Standard), null,
		normalize(t, "E1", `{"sponsors":[],"disclosure":1,"controllers":[{"name":"C","disclosure":"x"}]}`))...); err != nil {
		t.Fatal(err)
	}
	records := readCSV(t, &out)
	if h := records[0]; len(h) < 3 || h[2] != "disclosure" || !strings.Contains(strings.Join(h, ","), "entry.disclosure") {
		t.Fatalf("header %q", h)
	}
	var nullRows, emptyRows int
	for _, r := range records[1:] {
		switch {
		case r[0] == "NUL0N3" && r[1] == "sponsors":
			nullRows++
			if r[2] != "not disclosed" {
				t.Errorf("null list row %q", r)
			}
		case r[0] == "E1" && r[1] == "sponsors":
			emptyRows++
		case r[2] != "":
			t.Errorf("a party row says %q", r[2])
		}
	}
	if nullRows != 1 || emptyRows != 0 {
		t.Errorf("%d rows for the null list, %d for the empty one:\n%s", nullRows, emptyRows, out.String())
	}
	// Without a null list the column is not there.
	out.Reset()
	if err := Write(&out, CSV, items(sample(t, "AB12CD", advert.Standard))...); err != nil {
		t.Fatal(err)
	}
	if h := readCSV(t, &out)[0]; strings.Contains(strings.Join(h, ","), "disclosure") {
		t.Errorf("header %q", h)
	}
}

// A masked document says so in every export that can carry a marker, and
// a document that is not masked carries none.
func TestMaskedExportsSaySo(t *testing.T) {
	d := sample(t, "AB12CD", advert.Full)
	m := text.MaskDocument(d)
	var js, md bytes.Buffer
	if err := Write(&js, JSON, items(m, d)...); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(js.String(), "\n"), "\n")
	if !strings.HasPrefix(lines[0], `{"paid":"AB12CD","view":"full","masked":true,`) || strings.Contains(lines[1], `"masked"`) {
		t.Errorf("JSON:\n%s", js.String())
	}
	if strings.Contains(lines[0], "info@estuary-friends.example") || !strings.Contains(lines[0], "i•••@estuary-friends.example") {
		t.Errorf("masked JSON shows an email:\n%s", lines[0])
	}
	if err := Write(&md, Markdown, items(m)...); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(md.String(), "# Advertisement AB12CD\n\n**MASKED:** personal data hidden for screen sharing") ||
		!strings.Contains(md.String(), "Full view, as normalized by padview, its personal data masked.") {
		t.Errorf("masked markdown:\n%s", md.String()[:300])
	}
	md.Reset()
	Write(&md, Markdown, items(d)...)
	if strings.Contains(md.String(), "MASKED") || strings.Contains(md.String(), "masked") {
		t.Errorf("unmasked markdown says masked")
	}
}

// An answer that named another PAID keeps both in every format: the PAID
// asked for as "paid", the one sent as "answeredPaid", and the warning.
func TestExportsKeepTheAnsweredPAID(t *testing.T) {
	d, err := advert.Normalize([]byte(`{"paid":"ZZ9999","sponsors":[{"name":"Harbour Trust"}]}`), "SWAP1", advert.Standard)
	if err != nil {
		t.Fatal(err)
	}
	const warning = "the service answered for ZZ9999, not SWAP1"
	var b bytes.Buffer
	if err := Write(&b, JSON, items(d)...); err != nil {
		t.Fatal(err)
	}
	if s := b.String(); !strings.HasPrefix(s, `{"paid":"SWAP1","answeredPaid":"ZZ9999",`) || !strings.Contains(s, warning) {
		t.Errorf("JSON: %s", s)
	}
	b.Reset()
	if err := Write(&b, Markdown, items(d)...); err != nil {
		t.Fatal(err)
	}
	if s := b.String(); !strings.HasPrefix(s, "# Advertisement SWAP1\n") || !strings.Contains(s, "**Warning:** "+warning) || !strings.Contains(s, "**Answered PAID:** ZZ9999") {
		t.Errorf("Markdown:\n%s", s)
	}
	b.Reset()
	if err := Write(&b, CSV, items(d)...); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "# Warning: "+warning+"\n") {
		t.Errorf("CSV comments:\n%s", b.String())
	}
	rows := readCSV(t, &b)
	if rows[0][0] != "paid" || rows[0][1] != "answeredPaid" || rows[1][0] != "SWAP1" || rows[1][1] != "ZZ9999" {
		t.Errorf("CSV: %q", rows)
	}
	b.Reset()
	if err := Write(&b, CSV, items(sample(t, "AB12CD", advert.Standard))...); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "answeredPaid") {
		t.Errorf("an answer for the PAID asked for has an answeredPaid column:\n%s", b.String())
	}
}
