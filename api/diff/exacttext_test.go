package diff_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/diff"
	"github.com/padview/padview/api/watch"
)

func docOf(t *testing.T, body string) *advert.Document {
	t.Helper()
	d, err := advert.Normalize([]byte(body), "EXACT1", advert.Full)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// Two values that padview's formatting writes alike are written exactly
// where they differ: a change of seconds (or of a fraction of one, or of
// epoch seconds) shows the seconds, in diff and in the watch's words
// alike; two long texts that differ past the cut show where they differ;
// and "(they differ in what is hidden)" is said only under the mask.
func TestChangesThatReadAlikeAreWrittenExactly(t *testing.T) {
	long := strings.Repeat("Lorem ipsum dolor sit amet. ", 20)
	for _, c := range []struct {
		name, a, b string
		want       []string
	}{
		{"seconds", `"2026-10-02T09:30:15Z"`, `"2026-10-02T09:30:45Z"`, []string{"2026-10-02 09:30:15 UTC → 2026-10-02 09:30:45 UTC"}},
		{"a fraction", `"2026-10-02T09:30:15.25+02:00"`, `"2026-10-02T09:30:15.5+02:00"`, []string{"2026-10-02 07:30:15.25 UTC → 2026-10-02 07:30:15.5 UTC"}},
		{"epoch seconds", `1790933415`, `1790933416`, []string{"2026-10-02 09:30:15 UTC → 2026-10-02 09:30:16 UTC"}},
		{"past the cut", `"` + long + `A"`, `"` + long + `B"`, []string{"ipsum dolor sit amet. A\"", "ipsum dolor sit amet. B\""}},
	} {
		a := docOf(t, `{"campaign": {"startDate": `+c.a+`}}`)
		b := docOf(t, `{"campaign": {"startDate": `+c.b+`}}`)
		r := diff.Compare(a, b)
		if len(r.Changes) != 1 {
			t.Fatalf("%s: %d changes", c.name, len(r.Changes))
		}
		var out bytes.Buffer
		if err := diff.WriteText(&out, r); err != nil {
			t.Fatal(err)
		}
		ch := r.Changes[0]
		w := watch.Change{Path: "/campaign/startDate", Before: ch.A, After: ch.B, Kind: diff.Changed}
		said := out.String() + "\n" + w.Text(0)
		for _, want := range c.want {
			if strings.Count(said, want) != 2 {
				t.Errorf("%s: %q not in diff's text and the watch's words:\n%s", c.name, want, said)
			}
		}
		if strings.Contains(said, "differ in what is hidden") {
			t.Errorf("%s: the hidden-difference note without the mask:\n%s", c.name, said)
		}
		if ch.AText() == ch.BText() {
			t.Errorf("%s: the sides read alike: %q", c.name, ch.AText())
		}
	}
	// Under the mask two emails of one domain and first letter read alike:
	// the note says why.
	a := docOf(t, `{"advertiser": {"email": "maren@riverside.example"}}`)
	b := docOf(t, `{"advertiser": {"email": "mark@riverside.example"}}`)
	var out bytes.Buffer
	if err := diff.WriteText(&out, diff.Compare(a, b).Mask()); err != nil {
		t.Fatal(err)
	}
	if want := "m•••@riverside.example → m•••@riverside.example (they differ in what is hidden)"; !strings.Contains(out.String(), want) {
		t.Errorf("masked: %q not in\n%s", want, out.String())
	}
}
