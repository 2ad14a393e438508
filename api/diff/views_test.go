package diff

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/fake/faketest"
)

// fullOnlySummary writes what only the full view holds as summary does.
func fullOnlySummary(r *Result) []string {
	return summary(&Result{Changes: r.FullOnly})
}

// One advertisement in its two views differs by what the full view adds
// alone: no changes, and that listed apart; names, which both views carry,
// are not among it.
func TestCompareAcrossViews(t *testing.T) {
	std, full := faketest.Fetch(t, "AB12CD", advert.Standard), faketest.Fetch(t, "AB12CD", advert.Full)
	r := Compare(std, full)
	if !r.Equal() || !r.CrossView() || r.AView != advert.Standard || r.BView != advert.Full {
		t.Fatalf("changes %q", summary(r))
	}
	got := strings.Join(fullOnlySummary(r), "\n")
	for _, want := range []string{"advertiser /email added", "advertiser /phone added", "advertiser /streetAddress added",
		"sponsors Friends of the Estuary/email added", "controllers Riverside Civic Alliance Ltd/email added"} {
		if !strings.Contains(got, want) {
			t.Errorf("only in the full view lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "Name") || strings.Contains(got, "/firstName") || strings.Contains(got, "/city") {
		t.Errorf("a member both views carry is listed as only in the full view:\n%s", got)
	}
	var out bytes.Buffer
	WriteText(&out, r)
	s := out.String()
	for _, want := range []string{"AB12CD standard → AB12CD full: no changes\n",
		"\nOnly in the full view: " + itoa(len(r.FullOnly)) + " members the standard view does not carry (not changes)\n",
		"\nAdvertiser\n  ◆ Email: maren.holt@riverside-civic.example\n", "  ◆ Friends of the Estuary › Email: info@estuary-friends.example\n"} {
		if !strings.Contains(s, want) {
			t.Errorf("text lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "+ ") || strings.Contains(s, "same normalized fields") {
		t.Errorf("what the full view adds reads as changes:\n%s", s)
	}
	// From the full view to the standard one it is the same, the other way.
	back := Compare(full, std)
	if !back.Equal() || len(back.FullOnly) != len(r.FullOnly) || back.FullOnly[0].Kind != Removed {
		t.Fatalf("full → standard: %q / %q", summary(back), fullOnlySummary(back))
	}
	out.Reset()
	WriteText(&out, back)
	if !strings.HasPrefix(out.String(), "AB12CD full → AB12CD standard: no changes\n") {
		t.Errorf("full → standard:\n%s", out.String())
	}
}

// Two advertisements across views have the changes they have within one
// view, and what only the full view holds apart from them; the JSON names
// the views and has it as "onlyInFullView"; the mask covers it too.
func TestCompareTwoAdvertisementsAcrossViews(t *testing.T) {
	a := faketest.Fetch(t, "AB12CD", advert.Standard)
	within := Compare(a, faketest.Fetch(t, "AB12CE", advert.Standard))
	r := Compare(a, faketest.Fetch(t, "AB12CE", advert.Full))
	if len(r.Changes) != 11 || strings.Join(summary(r), "\n") != strings.Join(summary(within), "\n") || len(r.FullOnly) == 0 {
		t.Fatalf("across views %q, within %q, full only %q", summary(r), summary(within), fullOnlySummary(r))
	}
	var out bytes.Buffer
	WriteText(&out, r)
	if !strings.HasPrefix(out.String(), "AB12CD standard → AB12CE full: 11 changes\n  + only in AB12CE   - only in AB12CD   ~ changed (AB12CD → AB12CE)\n") {
		t.Errorf("heading:\n%s", out.String())
	}
	b, _ := r.Mask().MarshalJSON()
	var j struct {
		AView, BView   string
		Changes        []json.RawMessage
		OnlyInFullView []struct{ Group, Path, Change string }
	}
	if err := json.Unmarshal(b, &j); err != nil {
		t.Fatal(err)
	}
	if j.AView != "standard" || j.BView != "full" || len(j.Changes) != 11 || len(j.OnlyInFullView) != len(r.FullOnly) ||
		j.OnlyInFullView[0].Change != "added" {
		t.Errorf("JSON %s", b)
	}
	if strings.Contains(string(b), "maren.holt@") || !strings.Contains(string(b), "m•••") {
		t.Errorf("the mask left what only the full view holds readable: %s", b)
	}
	if w, _ := within.MarshalJSON(); strings.Contains(string(w), "onlyInFullView") {
		t.Errorf("within one view the JSON has onlyInFullView: %s", w)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }
