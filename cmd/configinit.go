package cmd

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/spf13/cobra"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/osfile"
	"github.com/padview/padview/api/signals"
	"github.com/padview/padview/api/text"
)

// baseURLTries bounds how often config init asks again for a base URL it
// refused, on a terminal.
const baseURLTries = 3

// profileName is what config init accepts as a profile's name: a bare TOML
// key, which needs no quoting in [profiles.NAME] nor on a command line.
var profileName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

func newConfigInit(env *Env, rf *rootFlags) *cobra.Command {
	return runsWithAnyProfile(&cobra.Command{
		Use:   "init [--profile NAME] [--base-url URL]",
		Short: "Write a starting config file with one profile (asks for the base URL; never the token)",
		Long: `Write a commented config file with one profile (--profile, else
PADVIEW_PROFILE, else "default"), made its default_profile, at the path
'padview config path' prints. On a terminal it asks for the partner's base
URL; in scripts give it with --base-url. A base URL padview would refuse
is refused here too, saying what to fix, before anything is written.

It never asks for the token, and the file never holds one: store it in the
OS keyring with 'padview token set' afterwards. An existing config file is
never replaced (exit 2, naming it). The file is readable by you only
(0600), in a directory created private (0700) when missing, and written in
one step: it is either there whole or not at all. Ctrl-C at the question
writes nothing.`,
		Example: `  padview config init
  padview config init --profile staging --base-url https://staging.partner.example/v1`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if rf.demo {
				return commandLine(c, errors.New("--demo reads no config file; drop --demo to write one"))
			}
			return runConfigInit(c.Context(), env, rf)
		},
	}, "it writes the profile named, which is not defined before it")
}

func runConfigInit(ctx context.Context, env *Env, rf *rootFlags) error {
	path, err := ConfigPath(env.Getenv)
	if err != nil {
		return usage(err)
	}
	profile := firstNonEmpty(rf.profile, env.Getenv(EnvProfile), DefaultProfile)
	if !profileName.MatchString(profile) {
		return usagef("profile name %q: use letters, digits, - and _ (at most 64); nothing was written", text.CleanText(profile))
	}
	if err := refuseExisting(path); err != nil { // before asking: typing a URL for nothing is no help
		return err
	}
	base, err := env.baseURLForInit(ctx, rf.baseURL, profile)
	if err != nil {
		return err
	}
	if err := createConfigFile(path, configTemplate(profile, base, time.Now())); err != nil {
		var exists *existsError
		if errors.As(err, &exists) {
			return err
		}
		return exitWith(ExitFailure, "%v; nothing was written", err)
	}
	fmt.Fprintf(env.Stdout, "Wrote %s with profile %q (base URL %s).\nNext: store the partner token in the OS keyring with `padview token set%s`; then `padview token status --check PAID` tries it.\n",
		path, profile, base, profileFlag(profile))
	return nil
}

// existsError refuses to replace what is at the config file's path.
type existsError struct{ path string }

func (e *existsError) Error() string {
	return fmt.Sprintf("there is a config file at %s already: padview config init never replaces one. Edit it (docs/configuration.md lists the settings), or move it away and run init again", e.path)
}

// refuseExisting is a usage error when anything (a file, a directory, a
// link) is at path.
func refuseExisting(path string) error {
	if _, err := os.Lstat(path); err == nil {
		return usage(&existsError{path: path})
	}
	return nil
}

// baseURLForInit is the base URL config init writes: --base-url, checked,
// or else asked for on a terminal, up to baseURLTries times while what is
// typed is refused. Ctrl-C at the question ends it with nothing written.
func (e *Env) baseURLForInit(ctx context.Context, flag, profile string) (string, error) {
	if flag != "" {
		u, err := api.ParseBaseURL(flag)
		if err != nil {
			return "", usagef("--base-url: %v; nothing was written", err)
		}
		return u.String(), nil
	}
	if !e.StdinTTY {
		return "", usagef("config init needs the base URL: pass --base-url URL (stdin is not a terminal to ask on); nothing was written")
	}
	in := bufio.NewReaderSize(io.LimitReader(e.Stdin, 1<<20), maxListLine)
	var refused error
	for try := range baseURLTries {
		fmt.Fprintf(e.Stderr, "Partner base URL for profile %q (e.g. https://partner.example/v1): ", profile)
		line, err := readAll(ctx, func() (string, error) {
			line, _, err := readLine(in)
			return line, err
		})
		switch {
		case ctx.Err() != nil:
			fmt.Fprintln(e.Stderr)
			code := errCtrlC.ExitCode()
			if sig, ok := signals.InterruptedBy(ctx); ok {
				code = sig.ExitCode()
			}
			return "", exitWith(code, "interrupted: nothing was written")
		case err != nil && strings.TrimSpace(line) == "":
			fmt.Fprintln(e.Stderr)
			return "", usagef("no base URL typed; nothing was written")
		}
		u, err := api.ParseBaseURL(line)
		if err == nil {
			return u.String(), nil
		}
		refused = err
		if try < baseURLTries-1 { // the last one is said once, as the error
			fmt.Fprintf(e.Stderr, "padview: %v\n", err)
		}
	}
	return "", usagef("%v; nothing was written", refused)
}

// createConfigFile writes data as a new file at path, readable by the
// owner only, in a directory created private when missing. It is written
// whole to a temporary file beside path (exclusive create), flushed to
// disk (osfile.Write) and then linked into place, which fails if anything
// arrived at path meanwhile: the file appears whole or not at all, and
// never replaces one. A file system without hard links gets a rename
// after one more look.
func createConfigFile(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	var placeErr error // the placing's own error, which is not a failed write
	err := osfile.WriteBytes(path, data, osfile.Options{Place: func(tmp, path string) error {
		placeErr = placeConfigFile(tmp, path)
		return placeErr
	}})
	if err != nil && placeErr == nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return err
}

// placeConfigFile links the written temporary file tmp at path, never
// over a file that is there, and removes tmp.
func placeConfigFile(tmp, path string) error {
	err := os.Link(tmp, path)
	switch {
	case err == nil:
		os.Remove(tmp)
		return nil
	case errors.Is(err, fs.ErrExist):
		return usage(&existsError{path: path})
	}
	if err := refuseExisting(path); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// configTemplate is the commented config file config init writes: the one
// profile with its base URL, and each other setting commented out at its
// default, saying what it does. It names no token, not even in a comment
// that could be uncommented into one.
func configTemplate(profile, baseURL string, now time.Time) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, `# padview's config file, written by 'padview config init' on %s.
# 'padview config path' prints where it is; docs/configuration.md lists
# every setting. Lines starting with # are comments.
#
# The partner token is never kept here (padview refuses a config file
# that holds one). Store it in the OS keyring with
#
#     padview token set%s
#
# or set PADVIEW_TOKEN for one shell.

# The profile used when neither --profile nor PADVIEW_PROFILE names one.
`, now.Format(time.DateOnly), profileFlag(profile))
	writeTOML(&b, "default_profile", profile)
	fmt.Fprintf(&b, `
# The longest one lookup waits for the rate limit, all waits together
# (at most %s). A profile may set its own.
# max_wait = "%s"

# The terminal UI returns to the standard view after this long without a key.
# full_view_idle = "10m"

# The watch history's bounds: the most it may hold, and the newest events
# kept of each watched advertisement (padview watch prune applies them).
# watch_max_size = "1GiB"
# watch_keep = 100

[profiles.%s]
# The partner address, ending in the version segment (/v1).
`, text.Duration(MaxMaxWait), shortDuration(api.DefaultMaxWait), profile)
	writeTOML(&b, "base_url", baseURL)
	b.WriteString(`
# The full view carries personal data: "ask" shows it after a confirmation,
# "never" disables it for this profile.
# full_view = "ask"

# true: the full view needs a reason, for the access log.
# require_reason = false

# false: full-view requests are not recorded in the access log.
# access_log = true

# true: personal data is masked in all output, as with --mask.
# mask_personal_data = false
`)
	return b.Bytes()
}

// writeTOML writes one key = "value" line, the value quoted as TOML
// quotes it.
func writeTOML(b *bytes.Buffer, key, value string) {
	_ = toml.NewEncoder(b).Encode(map[string]string{key: value})
}

// profileFlag is the --profile a command needs to name profile.
func profileFlag(profile string) string {
	if profile == DefaultProfile {
		return ""
	}
	return " --profile " + profile
}

// shortDuration writes a whole number of minutes as the config file
// takes it: "2m".
func shortDuration(d time.Duration) string {
	return fmt.Sprintf("%dm", d/time.Minute)
}
