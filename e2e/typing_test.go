package e2e

import (
	"strings"
	"testing"

	"github.com/padview/padview/api/fake"
)

// TestTUITypedPAIDsInTmux: on a result screen, every demo PAID typed in
// upper and in lower case (as tmux types it, all at once) is the PAID
// looked up, none of its letters a command (q4r8st would quit, tn2026
// open the token entry, esc4pe the export dialog); q alone still quits,
// after its moment. DEMO-SLOW and DEMO-429 take seconds and are left out
// here (ui's TestTypedDemoPAIDIsLookedUp types them).
func TestTUITypedPAIDsInTmux(t *testing.T) {
	t.Parallel() // its own tmux server, directories and service: it waits on a screen, not on the CPU
	s := startTUI(t, 120, 36)
	s.lookUp("NOPE99", "NOPE99 · standard view · failed (404)")
	for _, l := range fake.Listings() {
		for _, p := range l.PAIDs {
			if p == "DEMO-SLOW" || p == "DEMO-429" {
				continue
			}
			for _, paid := range []string{strings.ToLower(p), strings.ToUpper(p)} {
				s.text(paid)
				s.keys("Enter")
				if scr := s.waitFor(paid + " · standard view"); strings.Contains(scr, "Export") || strings.Contains(scr, "partner token") {
					t.Fatalf("typing %s opened a dialog:\n%s", paid, scr)
				}
			}
		}
	}
	s.quit()
}
