package cmd

import (
	"strings"
	"testing"

	"github.com/padview/padview/api/fake"
)

// A config file's error quotes what the file says, cleaned: an escape
// sequence in a [fields] line, a profile's name or an unknown key never
// reaches the terminal as such.
func TestConfigErrorsAreCleaned(t *testing.T) {
	h, _ := withService(t, fake.Options{})
	for name, cfg := range map[string]string{
		"a [fields] path":    "[fields]\n\"firma\" = \"advertiser.\\u001b[31mred\\u0007\"\n",
		"a [fields] name":    "[fields]\n\"\\u001b]8;;https://evil.example\\u0007x\\u001b]8;;\\u0007\" = \"nowhere.at.all\"\n",
		"a profile's fields": "default_profile = \"p\\u001b[2J\"\n[profiles.\"p\\u001b[2J\".fields]\n\"firma\" = \"advertiser.nothing\"\n",
		"an unknown key":     "\"max\\u001b[31m_wait\" = \"1s\"\n",
	} {
		h.writeConfig(cfg)
		code, out, errs := h.run("get", "AB12CD")
		if code != ExitUsage || !strings.Contains(errs, "config file") {
			t.Errorf("%s: exit %d\n%s%s", name, code, out, errs)
		}
		if strings.ContainsAny(errs, "\x1b\x07") {
			t.Errorf("%s: the error is not cleaned: %q", name, errs)
		}
	}
}

// A [fields] line that maps a name padview reads as personal data (a
// person responsible under press law, a home address by its form) to a
// field that holds none is refused at load, naming the fields it may
// map to; to a field of personal data it stands.
func TestFieldsLineCannotUnmask(t *testing.T) {
	h, _ := withService(t, fake.Options{})
	for _, line := range []string{
		`"v_i_s_d_p" = "advertiser.companyName"`,
		`"wohnadresse" = "advertiser.city"`,
		`"responsiblePerson" = "campaign.name"`,
		`"wohnadresse" = "campaign"`,
	} {
		h.writeConfig("[fields]\n" + line + "\n")
		code, _, errs := h.run("get", "AB12CD")
		if code != ExitUsage || !strings.Contains(errs, "as personal data") || !strings.Contains(errs, "advertiser.email") && !strings.Contains(errs, ".email") {
			t.Errorf("%s: exit %d\n%s", line, code, errs)
		}
	}
	for _, line := range []string{
		`"v_i_s_d_p" = "advertiser.contactPerson"`,
		`"wohnadresse" = "advertiser.streetAddress"`,
		`"firma" = "advertiser.companyName"`,
	} {
		h.writeConfig("[fields]\n" + line + "\n")
		if code, _, errs := h.run("get", "AB12CD"); code != ExitOK {
			t.Errorf("%s: exit %d\n%s", line, code, errs)
		}
	}
}
