package cmd

import (
	"strings"
	"testing"

	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/keystore"
)

// `token print` (issue 24 §3, as `gh auth token`) prints the bare token
// the profile would use, and nothing else, to stdout: the keyring's, or
// PADVIEW_TOKEN's when it is set; on a terminal a warning on stderr says
// it is on screen. Without a token it prints nothing and exits 4 with the
// next step.
func TestTokenPrint(t *testing.T) {
	h := newHarness(t)
	h.writeConfig("[profiles.staging]\nbase_url = \"https://staging.partner.example/v1\"\n")
	if code, out, errs := h.run("token", "print"); code != ExitToken || out != "" ||
		!strings.Contains(errs, "profile \"default\" has no token: store one with `padview token set`, or set PADVIEW_TOKEN") {
		t.Fatalf("no token: exit %d, stdout %q\n%s", code, out, errs)
	}
	h.keys.Set(keystore.Service, "default", "tok-default-0123456789")
	h.keys.Set(keystore.Service, "staging", "tok-staging-0123456789")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"token", "print"}, "tok-default-0123456789\n"},
		{[]string{"--profile", "staging", "token", "print"}, "tok-staging-0123456789\n"},
		{[]string{"--demo", "token", "print"}, fake.DemoToken + "\n"},
	} {
		if code, out, errs := h.run(c.args...); code != ExitOK || out != c.want || errs != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", c.args, code, out, errs)
		}
	}
	h.tty = true
	if code, out, errs := h.run("--profile", "staging", "token", "print"); code != ExitOK || out != "tok-staging-0123456789\n" ||
		!strings.Contains(errs, "the token is on screen now") || !strings.Contains(errs, "`$(padview --profile staging token print)`") ||
		strings.Contains(errs, "tok-staging") {
		t.Errorf("on a terminal: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	h.tty = false
	h.vars[keystore.EnvToken] = "tok-env-0123456789"
	if code, out, _ := h.run("token", "print"); code != ExitOK || out != "tok-env-0123456789\n" {
		t.Errorf("PADVIEW_TOKEN wins, as for every command: exit %d, stdout %q", code, out)
	}
}
