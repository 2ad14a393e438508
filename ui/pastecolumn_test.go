package ui

import (
	"strings"
	"testing"

	"github.com/padview/padview/api/fake"
)

// The spec fixes no PAID format: in a column, one word a line, every word
// api.ParsePAID takes is a PAID, DEMO-HTML and DEMO-SLOW too, but for a
// heading; in running text only a word with a digit is, so that prose is
// not looked up.
func TestPastedColumnTakesPAIDsWithoutADigit(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{DemoTriggers: true})
	m, _ := newModel(t, demoConfig(s), 120, 36)
	m = pasteIn(t, m, "AB12CD\nDEMO-HTML\r\n  DEMO-SLOW  \n\n")
	if got := strings.Join(m.list.items, " "); got != "AB12CD DEMO-HTML DEMO-SLOW" {
		t.Fatalf("worklist %q\n%s", got, screen(m))
	}
	requireContains(t, screen(m), "worklist 1/3", "Opened a worklist of 3 PAIDs.")

	// A spreadsheet column's heading, a first word of letters alone, is no
	// PAID; the words under it are.
	m, _ = newModel(t, demoConfig(s), 120, 36)
	m = pasteIn(t, m, "PAID\r\nDEMO-HTML\r\nDEMOSLOW\r\n")
	if got := strings.Join(m.list.items, " "); got != "DEMO-HTML DEMOSLOW" {
		t.Fatalf("under a heading: worklist %q", got)
	}
	requireContains(t, screen(m), `skipped 1 word that is not a PAID: "PAID"`)

	// The same words as prose: only AB12CD is sure to be a PAID there.
	m, _ = newModel(t, demoConfig(s), 120, 36)
	m = pasteIn(t, m, "Please look at AB12CD and DEMO-HTML")
	if m.input.value() != "AB12CD" || len(m.list.items) != 0 {
		t.Fatalf("prose: input %q, worklist %q", m.input.value(), m.list.items)
	}
	// A column still refuses what is no PAID at all.
	m, _ = newModel(t, demoConfig(s), 120, 36)
	m = pasteIn(t, m, "AB12CD\nAB/12\nDEMO-BADJSON\n")
	if got := strings.Join(m.list.items, " "); got != "AB12CD DEMO-BADJSON" {
		t.Fatalf("worklist %q", got)
	}
	requireContains(t, screen(m), `skipped 1 word that is not a PAID: "AB/12"`)
}
