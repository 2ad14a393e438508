package cmd

import (
	"strings"
	"testing"

	"github.com/padview/padview/api/fake"
)

// TestDemoServerNamesEveryListedPAID: the start-up lines come from the
// fake's one list, REV2026 among them.
func TestDemoServerNamesEveryListedPAID(t *testing.T) {
	var b strings.Builder
	writeDemoIntro(&b, "http://127.0.0.1:8080/v1")
	for _, l := range fake.Listings() {
		line := "  " + l.Kind + strings.Repeat(" ", max(0, 8-len(l.Kind))) + "  " + strings.Join(l.PAIDs, " ") + "\n"
		if !strings.Contains(b.String(), line) {
			t.Errorf("the intro lacks %q:\n%s", line, b.String())
		}
	}
	if !strings.Contains(b.String(), "  changing  "+fake.ChangingPAID+"\n") {
		t.Errorf("the intro does not name %s:\n%s", fake.ChangingPAID, b.String())
	}
}
