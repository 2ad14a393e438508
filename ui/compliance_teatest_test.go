package ui

import (
	"os"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/padview/padview/api/check"
	"github.com/padview/padview/api/fake"
)

// TestProgramTransparencyTab: in a real program, the Transparency tab of
// AB12CD counts its missing required item and reads MISSING; TN2026's
// standard answer lacks only the sponsor email, which only the full view
// carries: undetermined.
func TestProgramTransparencyTab(t *testing.T) {
	t.Parallel() // each program has its own fake, clock and terminal
	s := startFake(t, fake.Options{})
	tm, _ := program(t, demoConfig(s), 120, 36)
	waitFor(t, tm, "Look up a political advertisement")
	tm.Type("AB12CD")
	send(tm, "enter")
	waitFor(t, tm, "Riverside Civic Alliance")
	send(tm, "9")
	waitFor(t, tm, "Transparency", "✗1", "INCOMPLETE: 1 required item missing", "Sponsor place of establishment")
	send(tm, "o")
	tm.Type("TN2026")
	send(tm, "enter")
	waitFor(t, tm, "?1", "undetermined: the sponsor email is only in the full view")
	m := finalModel(t, tm)
	if tab(m) != "Transparency" || m.ex.report.Outcome() != check.Undetermined {
		t.Fatalf("final tab %q, verdict %s", tab(m), m.ex.report.Outcome())
	}
	if scr := ansi.Strip(m.View().Content); strings.Contains(scr, "MISSING") {
		t.Fatalf("an undetermined notice reads MISSING:\n%s", scr)
	}
}

// TestProgramFullViewWithPurposeMasked: the purpose is picked with one key,
// the access log records it before the answer, the mask is on from the
// start and covers the panes.
func TestProgramFullViewWithPurposeMasked(t *testing.T) {
	t.Parallel() // each program has its own fake, clock and terminal
	s := startFake(t, fake.Options{})
	cfg := demoConfig(s)
	cfg.Mask, cfg.RequireReason = true, true
	path := withAccessLog(t, &cfg)
	tm, clk := program(t, cfg, 120, 36)
	waitFor(t, tm, "MASKED")
	tm.Type("AB12CD")
	send(tm, "enter")
	waitFor(t, tm, "Riverside Civic Alliance")
	send(tm, "f")
	waitFor(t, tm, "Purpose, for the access log (required):")
	clk.add(confirmArmDelay)
	send(tm, "y")
	waitFor(t, tm, "A purpose is required")
	send(tm, "2", "y")
	waitFor(t, tm, "FULL · personal data", "m•••@riverside-civic.example")
	send(tm, "3")
	redraw(tm, 120, 36)
	waitFor(t, tm, "i•••@estuary-friends.example")
	m := finalModel(t, tm)
	scr := ansi.Strip(m.View().Content)
	for _, v := range personalValues {
		if strings.Contains(scr, v) {
			t.Fatalf("masked screen shows %q:\n%s", v, scr)
		}
	}
	es := logEntries(t, path)
	if len(es) != 2 || es[0].Reason != "Editorial verification" || !es[1].Masked {
		t.Fatalf("access log %+v", es)
	}
	raw, _ := os.ReadFile(path)
	for _, v := range personalValues {
		if strings.Contains(string(raw), v) {
			t.Fatalf("the access log holds %q", v)
		}
	}
}

// TestProgramReadOnlyProfile: f in a read-only profile says so and sends
// nothing.
func TestProgramReadOnlyProfile(t *testing.T) {
	t.Parallel() // each program has its own fake, clock and terminal
	s := startFake(t, fake.Options{})
	cfg := demoConfig(s)
	cfg.FullViewNever = true
	tm, _ := program(t, cfg, 100, 30)
	tm.Type("AB12CD")
	send(tm, "enter")
	waitFor(t, tm, "Riverside Civic Alliance")
	send(tm, "f")
	waitFor(t, tm, "disabled for this profile")
	m := finalModel(t, tm)
	if m.modal != nil || s.Stats().Full != 0 || m.ex.personal() {
		t.Fatalf("modal %v, full requests %d", m.modal, s.Stats().Full)
	}
}
