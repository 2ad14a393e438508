package notice

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/padview/padview/api/advert"
)

// The notice's items are held against a list kept apart from the code's
// own table (check.Items): the Annex II column of the working summary of
// the Regulation the project keeps beside the repository
// (../shared/reference/ttpa-notice.md from its root). The test reads that
// file where it is found (CI has it); a clone elsewhere falls back on the
// copy below, which the file, when found, holds to the same items: either
// way the notice is held against a list that is not the code's.
const referencePath = "shared/reference/ttpa-notice.md"

// templateRows are the rows of the summary's table of Art. 12(1), as the
// file has them: the third cell names the template's items by number.
const templateRows = `| (a) | Sponsor and, where applicable, the entity ultimately controlling it: name, email, postal address where made public, and for a sponsor that is not a natural person the address of its place of establishment | 1 sponsor (business name and, where different, legal name; email; postal address; place of establishment; registration number where applicable) · 2 controlling entity (same fields) | text yes; item numbers from a public rendering of the template |
| (b) | The same for whoever pays, where different from the sponsor or the controlling entity | 3 payer | yes |
| (c) | The period of publication, delivery or dissemination | 4 period (start, end) | yes |
| (d) | Aggregated amounts and value of other benefits received, for the advertisement and, where relevant, the campaign | 5 for the advertisement · 6 for the campaign | yes |
| (e) | Public or private origin of those amounts; inside or outside the Union | 7 origin | yes |
| (f) | Methodology used to calculate the amounts | 8 methodology | yes |
| (g) | Where applicable, the election, referendum, legislative or regulatory process it is linked to | 9 linked election or process | yes |
| (h) | For an election or referendum, links to official information on how to take part | 10 official information | yes |
| (i) | Where applicable, a link to the European repository for online political advertisements (Art. 13) | 11 repository link | unverified |
| (j) | How to use the mechanism for notifying a possibly non-compliant advertisement (Art. 15) | 12 notification mechanism | unverified |
| (k) | Where applicable, whether an earlier publication was suspended or discontinued for an infringement | 13 suspension | letter consistent with the template's order |
| (l) | Where applicable, that targeting or ad-delivery techniques based on personal data were used, the details of Art. 19(1)(c), and where to find the means of Art. 19(1)(e) | 14 statement · 15 details (recipient groups and parameters, categories of personal data, goals and logic, use of AI, period and reach, internal policy) · 16 means to exercise data-protection rights | letter consistent with the template's order; items 15–16 unverified |
`

// templateItem is an item as the summary names it: "12 notification
// mechanism".
type templateItem struct {
	number int
	title  string
}

var (
	articleRow   = regexp.MustCompile(`(?m)^\| \([a-z]\) \|[^|]*\|([^|]*)\|`)
	itemNamed    = regexp.MustCompile(`^(\d+) ([^(]+)`)
	noticeHeader = regexp.MustCompile(`(?m)^ ?(\d+)\. (.+)$`)
)

// templateItems reads the items from the table's rows, in their order.
func templateItems(t *testing.T, table string) []templateItem {
	t.Helper()
	var out []templateItem
	for _, row := range articleRow.FindAllStringSubmatch(table, -1) {
		for _, part := range strings.Split(row[1], " · ") {
			m := itemNamed.FindStringSubmatch(strings.TrimSpace(part))
			if m == nil {
				t.Fatalf("an item the test cannot read: %q", part)
			}
			n, _ := strconv.Atoi(m[1])
			out = append(out, templateItem{number: n, title: strings.TrimSpace(m[2])})
		}
	}
	return out
}

// referenceFile finds the summary beside the repository's root (the
// directory with go.mod) or above it; "" when it is nowhere.
func referenceFile(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil; _, err = os.Stat(filepath.Join(dir, "go.mod")) {
		if dir == filepath.Dir(dir) {
			t.Fatal("no go.mod above the test")
		}
		dir = filepath.Dir(dir)
	}
	for d := filepath.Dir(dir); ; d = filepath.Dir(d) {
		if p := filepath.Join(d, referencePath); fileExists(p) {
			return p
		}
		if d == filepath.Dir(d) {
			return ""
		}
	}
}

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }

// stem is a word as the test compares it: lower case, its first five
// letters ("notification" and "notify", "suspension" and "suspended").
func stem(w string) string {
	w = strings.ToLower(w)
	if len(w) > 5 {
		return w[:5]
	}
	return w
}

// words are the words of a title worth comparing: four letters or more.
func words(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z') }) {
		if len(w) >= 4 {
			out = append(out, stem(w))
		}
	}
	return out
}

// TestNoticeItemsAreTheTemplatesByAnIndependentList: the notice written
// in each format numbers its items 1 to 16 in the template's order, each
// titled with the words the summary names it by ("9 linked election or
// process": "9. Linked election, referendum or legislative or regulatory
// process").
func TestNoticeItemsAreTheTemplatesByAnIndependentList(t *testing.T) {
	want := templateItems(t, templateRows)
	switch path := referenceFile(t); {
	case path != "":
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		fromFile := templateItems(t, string(b))
		if len(fromFile) != len(want) {
			t.Fatalf("%s names %d items, the test's copy %d: bring the copy up to date", path, len(fromFile), len(want))
		}
		for i := range want {
			if fromFile[i] != want[i] {
				t.Errorf("%s names item %d %q, the test's copy %d %q", path, fromFile[i].number, fromFile[i].title, want[i].number, want[i].title)
			}
		}
		want = fromFile
	default:
		t.Logf("../%s not found: holding the notice against the test's copy of it", referencePath)
	}
	if len(want) != 16 {
		t.Fatalf("the template lists %d items", len(want))
	}
	for i, it := range want {
		if it.number != i+1 {
			t.Fatalf("the template's item %d is numbered %d", i+1, it.number)
		}
	}
	out := write(t, Text, build(t, advert.Full, riverside))
	got := noticeHeader.FindAllStringSubmatch(out, -1)
	if len(got) != len(want) {
		t.Fatalf("the notice has %d numbered items, the template %d:\n%s", len(got), len(want), out)
	}
	for i, m := range got {
		n, _ := strconv.Atoi(m[1])
		title := " " + strings.Join(words(m[2]), " ") + " "
		if n != want[i].number {
			t.Errorf("item %d of the notice is numbered %d", i+1, n)
		}
		for _, w := range words(want[i].title) {
			if !strings.Contains(title, " "+w) {
				t.Errorf("item %d: the notice's %q does not name %q (the template's %q)", n, m[2], w, want[i].title)
			}
		}
	}
}
