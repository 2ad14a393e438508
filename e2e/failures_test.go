package e2e

import (
	"net/http"
	"strings"
	"testing"

	"github.com/padview/padview/api/fake"
)

// TestTUIWrongBaseURLInTmux is issue 24 §6 with the binary a user runs: a
// base URL that reaches a web server, not the partner interface, says to
// check the base URL, in the CLI's words, and never that r tries again.
func TestTUIWrongBaseURLInTmux(t *testing.T) {
	t.Parallel() // its own tmux server, directories and service: it waits on a screen, not on the CPU
	web, err := fake.StartElsewhere(http.StatusNotFound, fake.NginxPage)
	if err != nil {
		t.Fatal(err)
	}
	defer web.Close()
	s := startPadview(t, 140, 30, []string{"PADVIEW_BASE_URL=" + web.URL, "PADVIEW_TOKEN=tok-wrong-base-url-0001"}, "AB12CD")
	scr := s.waitFor("No such endpoint (404) · check the base URL", "Check the base URL: it is the partner address ending in the version",
		"padview reads the base URL when it starts")
	for _, n := range []string{"r tries again", "r retries", "t new token"} {
		if strings.Contains(scr, n) {
			t.Fatalf("the screen says %q:\n%s", n, scr)
		}
	}
	s.quit()
}

// TestTUIWithdrawnInTmux: a 410 says the advertisement was withdrawn and
// where a watched one's last version is, not "check the PAID".
func TestTUIWithdrawnInTmux(t *testing.T) {
	t.Parallel() // its own tmux server, directories and service: it waits on a screen, not on the CPU
	s := startTUI(t, 140, 30)
	scr := s.lookUp("DEMO-410", "Advertisement DEMO-410 withdrawn (410)", "if it was watched, its watch history keeps its last version")
	if strings.Contains(scr, "Check the PAID") {
		t.Fatalf("a withdrawn advertisement reads as a mistyped PAID:\n%s", scr)
	}
	s.quit()
}
