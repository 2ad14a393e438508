package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/padview/padview/api/fake"
)

// personalValues are values of the demo's full views (AB12CD, DEMO-SLOW
// answers with AB12CD) that the mask hides and the access log never holds.
// The phone is looked for whole and in its digits alone, never as a part
// as short as "7946": a log line's random id or timestamp holds that by
// chance (it did, once in a CI run).
var personalValues = []string{"maren.holt", "+44 20 7946 0012", "7946 0012", "2079460012", "14 Quayside Walk", "NB1 4QW",
	"info@estuary-friends.example", "privacy@riverside-civic.example", "ul. Długa 7", "t.wisniewski"}

// accessLog reads the access log the session's padview writes: the
// user's (PADVIEW_STATE_DIR), or with --demo the demo's own, in its
// temporary directory; the demo never writes the user's.
func (s *tmuxSession) accessLog() (string, []map[string]any) {
	s.t.Helper()
	path := filepath.Join(s.state, "access.log")
	if demo, _ := filepath.Glob(filepath.Join(s.tmp, "padview-demo-*", "access.log")); len(demo) > 0 {
		if _, err := os.Stat(path); err == nil {
			s.t.Fatalf("the demo wrote the user's access log %s", path)
		}
		path = demo[0]
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		return "", nil
	}
	var entries []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		var e map[string]any
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			s.t.Fatalf("access log line %q: %v", line, err)
		}
		entries = append(entries, e)
	}
	return string(raw), entries
}

// TestTUITransparencyInTmux: the Transparency tab of the demo's AB12CD
// (incomplete) and TN2026 (undetermined in the standard view: the sponsor
// email is only in the full view), as a user sees them.
func TestTUITransparencyInTmux(t *testing.T) {
	t.Parallel() // its own tmux server, directories and service: it waits on a screen, not on the CPU
	s := startTUI(t, 120, 36)
	s.lookUp("AB12CD", "Riverside Civic Alliance")
	s.keys("9")
	scr := s.waitFor("9 Transparency ✗1", "INCOMPLETE: 1 required item missing", "✓ present           Sponsor place of establishment",
		"◌ not in this view  Sponsor contact email")
	if strings.Count(scr, "✗ MISSING") != 0 {
		t.Fatalf("the required item missing is further down; the screen reads:\n%s", scr)
	}
	s.keys("G") // the rules are the template's items: the missing one is further down
	s.waitFor("✗ MISSING           How the amounts were calculated")
	scr = s.lookUp("TN2026", "9 Transparency ?1", "undetermined: the sponsor email is only in the full view")
	if strings.Contains(scr, "MISSING") {
		t.Fatalf("TN2026 reads MISSING:\n%s", scr)
	}
	s.quit()
}

// TestTUIFullViewPurposeInTmux: the purpose picked in the confirmation is
// in the access log (PADVIEW_STATE_DIR) before the answer comes, with no
// personal data; the outcome follows it.
func TestTUIFullViewPurposeInTmux(t *testing.T) {
	t.Parallel() // its own tmux server, directories and service: it waits on a screen, not on the CPU
	s := startTUI(t, 100, 30)
	s.lookUp("AB12CD", "Riverside Civic Alliance")
	s.keys("f")
	s.waitFor("Purpose, for the access log (optional):", "1 Compliance review", "5 other:", "y show personal data") // armed
	s.keys("1", "y")
	s.waitFor("FULL · personal data")
	// A purpose is given for one advertisement: DEMO-SLOW's full view asks
	// again, with it filled in. DEMO-SLOW answers after 4 s: its request is
	// in the log before that.
	s.lookUp("DEMO-SLOW", "The purpose: Compliance review (from AB12CD)", "y show personal data")
	s.keys("y")
	s.waitFor("Fetching DEMO-SLOW (full view)")
	raw, es := s.accessLog()
	if len(es) != 3 || es[2]["event"] != "request" || es[2]["paid"] != "DEMO-SLOW" || es[2]["reason"] != "Compliance review" {
		t.Fatalf("while DEMO-SLOW was on its way, the access log held:\n%s", raw)
	}
	s.keys("Escape") // its outcome is recorded when it ends, answered or not
	s.waitFor("Canceled.")
	s.until("the outcome in the access log", func() (string, bool) {
		raw, es = s.accessLog()
		return raw, len(es) == 4
	})
	if len(es) != 4 || es[1]["event"] != "outcome" || es[3]["event"] != "outcome" || es[0]["profile"] != "demo" || es[0]["view"] != "full" {
		t.Fatalf("access log:\n%s", raw)
	}
	for _, v := range personalValues {
		if strings.Contains(raw, v) {
			t.Fatalf("the access log holds %q:\n%s", v, raw)
		}
	}
	s.keys("Escape") // leave the input, where q is text
	s.until("leaving the input", func() (string, bool) {
		scr := s.screen()
		return scr, !strings.Contains(scr, "esc leave input")
	})
	s.quit()
}

// TestTUIReadOnlyProfileInTmux: a profile with full_view = "never"; f
// says the full view is disabled, and the service sees no request for it.
func TestTUIReadOnlyProfileInTmux(t *testing.T) {
	t.Parallel() // its own tmux server, directories and service: it waits on a screen, not on the CPU
	srv, err := fake.Start(fake.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	config := t.TempDir()
	toml := "[profiles.default]\nbase_url = \"" + srv.URL + "\"\nfull_view = \"never\"\n"
	if err := os.WriteFile(filepath.Join(config, "config.toml"), []byte(toml), 0o600); err != nil {
		t.Fatal(err)
	}
	s := startPadview(t, 100, 30, []string{"PADVIEW_CONFIG_DIR=" + config, "PADVIEW_TOKEN=" + fake.DemoToken}, "AB12CD")
	s.waitFor("Riverside Civic Alliance", "STANDARD")
	scr := s.screen()
	if strings.Contains(scr, "f full view") {
		t.Fatalf("the key line offers f:\n%s", scr)
	}
	s.keys("f")
	s.waitFor(`The full view is disabled for this profile (full_view = "never").`)
	s.keys("?")
	s.waitFor("full view: disabled for this profile")
	s.keys("?")
	s.waitFor("Riverside Civic Alliance")
	if srv.Stats().Full != 0 {
		t.Fatalf("%d full-view requests", srv.Stats().Full)
	}
	if _, es := s.accessLog(); es != nil {
		t.Fatal("a read-only profile wrote the access log")
	}
	s.quit()
}

// TestTUIMaskInTmux: padview --demo --mask; in the full view no email or
// phone number of AB12CD shows on any tab, scrolled through.
func TestTUIMaskInTmux(t *testing.T) {
	t.Parallel() // its own tmux server, directories and service: it waits on a screen, not on the CPU
	s := startPadview(t, 120, 36, nil, "--demo", "--mask", "AB12CD")
	s.waitFor("Riverside Civic Alliance", "MASKED", "STANDARD")
	s.confirmFull()
	scr := s.waitFor("FULL · personal data", "MASKED", "m•••@riverside-civic.example", "+44 ••• •• 12")
	var seen strings.Builder
	seen.WriteString(scr)
	for _, tab := range []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "0"} {
		s.keys(tab)
		page := s.settled()
		seen.WriteString(page)
		for range 6 { // sponsors' details, Raw's body; a page down that moves nothing is the end
			s.keys("PageDown")
			next := s.settled()
			if next == page {
				break
			}
			page = next
			seen.WriteString(page)
		}
	}
	all := seen.String()
	for _, want := range []string{"i•••@estuary-friends.example", "the normalized JSON with personal data MASKED", "Transparency"} {
		if !strings.Contains(all, want) {
			t.Fatalf("the tabs never showed %q:\n%s", want, all)
		}
	}
	for _, v := range personalValues {
		if strings.Contains(all, v) {
			t.Fatalf("the masked screen showed %q:\n%s", v, all)
		}
	}
	// m lifts the mask: the answer is fetched again, unmasked, and recorded so.
	s.keys("1", "m")
	s.waitFor("◆ maren.holt@riverside-civic.example")
	if _, es := s.accessLog(); len(es) != 4 || es[1]["masked"] != true || es[3]["masked"] != nil {
		t.Fatalf("access log %v", es)
	}
	s.quit()
}
