package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/fake"
)

// A token from PADVIEW_TOKEN that the service rejects: the error says the
// variable wins over the keyring (the api error's one wording, as the CLI
// shows it), and the pane's next step says that t's token is for this
// session only and names the variable to change (issue 17 §9). A token
// entered with t is not the variable's: its 401 advises t alone.
func TestRejectedEnvTokenNamesTheVariable(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	const envToken = "wrong-env-token-1234"
	cfg := demoConfig(s)
	cfg.Demo, cfg.Token, cfg.TokenSource = false, envToken, "PADVIEW_TOKEN"
	cfg.NewClient = func(tok string) (*api.Client, error) {
		opts := api.Options{BackoffBase: time.Millisecond, BackoffMax: 5 * time.Millisecond}
		if tok == envToken { // as cmd's account says: the variable's token
			opts.TokenVar = "PADVIEW_TOKEN"
		}
		return api.New(s.URL, tok, opts)
	}
	m, _ := newModel(t, cfg, 100, 30)
	m = lookUpIn(t, m, "AB12CD")
	scr := strings.Join(strings.Fields(plainLines(strings.Split(screen(m), "\n"))), " ")
	requireContains(t, scr, "Token rejected (401)", "the token comes from PADVIEW_TOKEN, which wins over the keyring",
		"t enters a new token for this session only: PADVIEW_TOKEN wins again at the next start")

	m.setToken("another-wrong-token-5678", "entered")
	m = press(t, m, "r")
	scr = strings.Join(strings.Fields(plainLines(strings.Split(screen(m), "\n"))), " ")
	requireContains(t, scr, "Token rejected (401)", "t enters a new token; r then tries again")
	if strings.Contains(scr, "PADVIEW_TOKEN wins") {
		t.Errorf("a token entered with t is not the variable's:\n%s", scr)
	}
}
