package cmd

import (
	"strings"
	"testing"

	"github.com/padview/padview/api/fake"
)

// One profile's mistake is that profile's (issue 24 §7): an unknown key,
// a value of the wrong type or a full_view padview does not know in one
// profile leaves the others usable, and is an error naming the file, the
// line and the profile only where that profile is used.
func TestABadProfileBreaksOnlyItself(t *testing.T) {
	h, srv := withService(t, fake.Options{})
	delete(h.vars, EnvBaseURL) // each profile's own
	path := h.writeConfig(`default_profile = "newsroom"

[profiles.newsroom]
base_url = "` + srv.URL + `"

[profiles.typo]
base_url = "` + srv.URL + `"
mask_personal_datta = true

[profiles.wrongtype]
require_reason = "yes"

[profiles.oddview]
full_view = "sometimes"
`)
	if code, out, errs := h.run("get", "AB12CD"); code != 0 || !strings.Contains(out, "Riverside Civic Alliance") {
		t.Errorf("the default profile, beside broken ones: exit %d\n%s", code, errs)
	}
	if code, _, errs := h.run("--profile", "newsroom", "token", "status"); code != 0 {
		t.Errorf("token status on a sound profile: exit %d\n%s", code, errs)
	}
	for _, c := range []struct{ profile, want string }{
		{"typo", "config file " + path + ", line 8, [profiles.typo]: unknown setting mask_personal_datta; a profile's settings are base_url, "},
		{"wrongtype", "config file " + path + ", line 11, [profiles.wrongtype]: require_reason must be true or false, not text; fix the profile, or use another"},
		{"oddview", "config file " + path + `, line 14, [profiles.oddview]: full_view = "sometimes": use "ask"`},
	} {
		code, out, errs := h.run("--profile", c.profile, "get", "AB12CD")
		if code != ExitUsage || out != "" || !strings.Contains(errs, c.want) || strings.Count(errs, "config file") != 1 {
			t.Errorf("--profile %s: exit %d\n%s", c.profile, code, errs)
		}
	}
	// A mistake outside the profiles is the whole file's, with its line.
	h.writeConfig("default_profile = \"newsroom\"\nfull_veiw_idle = \"5m\"\n[profiles.newsroom]\nbase_url = \"" + srv.URL + "\"\n")
	if code, _, errs := h.run("get", "AB12CD"); code != ExitUsage || !strings.Contains(errs, "config file "+path+", line 2: unknown setting full_veiw_idle;") {
		t.Errorf("a top-level unknown setting: exit %d\n%s", code, errs)
	}
	// A token is refused wherever it is, the profile not used too.
	h.writeConfig("[profiles.newsroom]\nbase_url = \"" + srv.URL + "\"\n[profiles.other]\ntoken = \"abc\"\n")
	if code, _, errs := h.run("--profile", "newsroom", "get", "AB12CD"); code != ExitUsage || !strings.Contains(errs, "holds a token") || strings.Contains(errs, "abc") {
		t.Errorf("a token in another profile: exit %d\n%s", code, errs)
	}
}
