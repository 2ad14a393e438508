package ui

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/padview/padview/api"
)

// On screen, a member named by an email or a phone number is marked ◆ as
// personal data; under the mask its name is masked and its value hidden,
// on every pane, Raw included.
func TestPersonalMemberNamesOnScreen(t *testing.T) {
	t.Parallel()
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"paid": "KEYS27", "advertiser": {"companyName": "Riverside Civic Alliance"},
		  "contacts": {"jane.doe@mail.example": "press-desk", "+49 30 1234567": "switchboard", "office": "Main Street"}}`))
	}))
	defer s.Close()
	cfg := Config{Profile: "hostile", BaseURL: s.URL + "/v1", Token: "tok-hostile-1",
		NewClient: func(tok string) (*api.Client, error) { return api.New(s.URL+"/v1", tok, api.Options{MaxRetries: -1}) }}
	m, _ := newModel(t, cfg, 120, 36)
	all := walk(t, lookUpIn(t, m, "KEYS27"))
	lines := strings.Split(all, "\n")
	for _, want := range []string{"jane.doe@mail.example", "+49 30 1234567"} {
		marked := false
		for _, l := range lines { // the Other pane's line, not Raw's JSON
			marked = marked || strings.Contains(l, want) && !strings.Contains(l, `"`) && strings.Contains(l, "◆")
		}
		if !marked {
			t.Errorf("no line marks %q ◆:\n%s", want, all)
		}
	}
	for _, l := range lines {
		if strings.Contains(l, "Main Street") && strings.Contains(l, "◆") {
			t.Errorf("◆ on a line with nothing personal: %q", l)
		}
	}

	cfg.Mask = true
	m, _ = newModel(t, cfg, 120, 36)
	all = walk(t, lookUpIn(t, m, "KEYS27"))
	requireContains(t, all, "j•••@mail.example", "Main Street")
	for _, secret := range []string{"jane.doe", "1234567", "press-desk", "switchboard"} {
		if strings.Contains(all, secret) {
			t.Errorf("under the mask the screen shows %q:\n%s", secret, all)
		}
	}
}
