package watch

import (
	"strings"
	"testing"

	"github.com/padview/padview/api/advert"
)

// TestChangeTextNeverShowsAHash: a change of personal data reads as
// changed without values, and so does one whose side is a keyed hash that
// came without its Personal mark; the others read as padview diff marks
// them.
func TestChangeTextNeverShowsAHash(t *testing.T) {
	hash := advert.StringValue(hashPrefix + "AAAAAAAAAAAAAAAAAAAAAA")
	amount := advert.NewObject(advert.Member{Key: "amount", Value: advert.NumberValue("18400")},
		advert.Member{Key: "currency", Value: advert.StringValue("EUR")})
	for _, tc := range []struct {
		c          Change
		mark, want string
	}{
		{Change{Path: "/basicInformation/description", Personal: true}, "~", "Basic Information › Description: " + PersonalChange},
		{Change{Path: "/basicInformation/description", Before: hash, After: advert.StringValue("x")}, "~", PersonalChange},
		{Change{Path: "/campaign/totalValue", After: amount}, "+", "Campaign › Total value: added EUR 18,400.00"},
		{Change{Path: "/campaign/totalValue", Before: amount}, "-", "Campaign › Total value: removed (was EUR 18,400.00"},
		{Change{Path: VerdictPath, Before: advert.StringValue("complete"), After: advert.StringValue("incomplete")}, "~", "Transparency › Verdict: complete → incomplete"},
	} {
		got := tc.c.Text(0)
		if tc.c.Mark() != tc.mark || !strings.Contains(got, tc.want) || strings.Contains(got, hashPrefix) {
			t.Errorf("%s: %s %q, want %s and %q", tc.c.Path, tc.c.Mark(), got, tc.mark, tc.want)
		}
	}
	ev := Event{Kind: Changed, Verdict: Verdict{"complete", "incomplete"}}
	if got := ev.VerdictText(); got != "verdict complete → INCOMPLETE" {
		t.Errorf("verdict: %q", got)
	}
	if got := (Event{Kind: Vanished, Status: 410, Error: "gone\x1b[31m"}).FailureText(); !strings.HasPrefix(got, "410 · gone") || strings.ContainsRune(got, 0x1b) {
		t.Errorf("failure: %q", got)
	}
}
