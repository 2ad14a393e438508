package cmd

import (
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/padview/padview/api/text"
)

// profileUse is how the profile was chosen: checkProfile refuses a name
// the config file does not define, since running without its settings
// would silently drop their protections.
type profileUse struct {
	namedBy string   // "--profile", EnvProfile or default_profile; "" for the default
	defined bool     // the config file has [profiles.NAME]
	known   []string // the profiles the config file defines, sorted
}

// use says how profile was chosen from the flag's and the environment's
// names (empty when not given) and the config file's.
func (c Config) use(profile, flag, env string) profileUse {
	u := profileUse{}
	switch {
	case strings.TrimSpace(flag) != "":
		u.namedBy = "--profile"
	case strings.TrimSpace(env) != "":
		u.namedBy = EnvProfile
	case c.DefaultProfile != "":
		u.namedBy = "default_profile in the config file"
	}
	_, u.defined = c.Profiles[profile]
	for name := range c.Profiles {
		u.known = append(u.known, name)
	}
	sort.Strings(u.known)
	return u
}

// anyProfile is the annotation of a command that runs whatever profile is
// named, its value why: every other command refuses a profile named but
// not defined before it runs (checkNamedProfile).
const anyProfile = "padview:any-profile"

// runsWithAnyProfile marks c as anyProfile, saying why.
func runsWithAnyProfile(c *cobra.Command, why string) *cobra.Command {
	if c.Annotations == nil {
		c.Annotations = map[string]string{}
	}
	c.Annotations[anyProfile] = why
	return c
}

// checkNamedProfile refuses, before any command runs, a profile named by
// --profile or PADVIEW_PROFILE that the config file does not define: the
// one check, so that a command that makes no request (audit, watch list)
// does not take a mistyped name silently while get refuses it. A command
// marked anyProfile (or under one) is left to run; the default profile
// needs no definition, and with --demo there is no profile.
func (e *Env) checkNamedProfile(c *cobra.Command, f rootFlags) error {
	if f.demo || strings.TrimSpace(f.profile) == "" && strings.TrimSpace(e.Getenv(EnvProfile)) == "" {
		return nil
	}
	for p := c; p != nil; p = p.Parent() {
		if p.Annotations[anyProfile] != "" {
			return nil
		}
	}
	_, err := e.settings(&f)
	return err
}

// checkProfile refuses a profile that was named but is not defined: with
// the base URL and token in the environment, a typo would otherwise run
// without the profile's full_view, mask and access-log settings. The
// default profile needs no definition.
func (s Settings) checkProfile() error {
	if s.defined || s.Profile == DefaultProfile {
		return nil
	}
	name, where := text.CleanText(s.Profile), s.ConfigPath
	if _, err := os.Stat(where); errors.Is(err, os.ErrNotExist) {
		create := fmt.Sprintf("[profiles.%s]", name)
		if profileName.MatchString(name) {
			create = "`padview config init --profile " + name + "`"
		}
		return usagef("profile %q (from %s) is not defined: there is no config file at %s; create it with %s, or leave the profile out",
			name, s.namedBy, where, create)
	}
	if len(s.known) == 0 {
		return usagef("profile %q (from %s) is not defined in %s, which defines no profiles: add [profiles.%s] to it, or leave the profile out",
			name, s.namedBy, where, name)
	}
	return usagef("profile %q (from %s) is not defined in %s; its profiles are %s: name one of them, or add [profiles.%s]",
		name, s.namedBy, where, strings.Join(s.known, ", "), name)
}
