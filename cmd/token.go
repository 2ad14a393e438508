package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/spf13/cobra"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/api/signals"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/keystore"
)

func newToken(env *Env, f *rootFlags) *cobra.Command {
	c := &cobra.Command{
		Use:   "token",
		Short: "Store, inspect, check, print or delete the partner token in the OS keyring",
		Args:  cobra.ArbitraryArgs,
		RunE:  groupRun,
	}
	c.AddCommand(newTokenSet(env, f), newTokenStatus(env, f), newTokenPrint(env, f), newTokenDelete(env, f))
	return c
}

// noDemo refuses --demo for the commands that manage a stored token.
func noDemo(c *cobra.Command, f *rootFlags) error {
	if f.demo {
		return commandLine(c, fmt.Errorf("--demo has its own token; `%s` is about a profile's token: drop --demo", c.CommandPath()))
	}
	return nil
}

func newTokenSet(env *Env, f *rootFlags) *cobra.Command {
	return &cobra.Command{
		Use:   "set",
		Short: "Save the partner token for a profile (read without echo, or from a pipe)",
		Long: `Save the partner token for a profile in the OS keyring. On a terminal it is
read without echo; from a pipe, stdin must hold the token alone, on one line.
A token is one line of visible ASCII: spaces, line breaks, control or
invisible characters inside it are refused with the reason.`,
		Example: `  padview token set
  padview token set --profile staging
  pass show partner/token | head -1 | padview token set`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if err := noDemo(c, f); err != nil {
				return err
			}
			s, err := env.settings(f)
			if err != nil {
				return err
			}
			// Before the token is asked for: typed in vain it is typed again.
			if err := env.Store.Writable(s.Profile); err != nil {
				return exitWith(ExitToken, "%v; no token was asked for or saved.\n%s", err, keyringAdvice)
			}
			ctx := c.Context()
			var input string
			if env.StdinTTY {
				input, err = env.ReadSecret(ctx, fmt.Sprintf("Partner token for profile %q (input hidden): ", s.Profile))
			} else {
				input, err = readAll(ctx, func() (string, error) { return readPipe(env.Stdin) })
			}
			var ctrlC *signals.Interrupted
			if errors.As(err, &ctrlC) || ctx.Err() != nil {
				// Ctrl-C means "not this": nothing typed before or after it is saved.
				code := errCtrlC.ExitCode()
				if sig, ok := signals.InterruptedBy(ctx); ok {
					code = sig.ExitCode()
				}
				return exitWith(code, "interrupted: nothing was saved")
			}
			if err != nil {
				return usagef("no token read: %v", err)
			}
			tok, err := keystore.CleanToken(input)
			if err != nil {
				return usagef("%v; nothing was saved", err)
			}
			if err := env.Store.Save(s.Profile, tok); errors.Is(err, keystore.ErrUnavailable) {
				return exitWith(ExitToken, "%v", err)
			} else if err != nil {
				return exitWith(ExitFailure, "%v", err)
			}
			fmt.Fprintf(env.Stdout, "Saved the token for profile %q in the OS keyring (%s).\n", s.Profile, keystore.Mask(tok))
			if env.Getenv(keystore.EnvToken) != "" {
				fmt.Fprintf(env.Stdout, "Note: %s is set in this environment and overrides the keyring.\n", keystore.EnvToken)
			}
			fmt.Fprintf(env.Stdout, "Next: `padview%s token status --check PAID` asks the service whether it accepts the token; then `padview%s` opens the UI.\n",
				profileFlag(s.Profile), profileFlag(s.Profile))
			return nil
		},
	}
}

// readPipe reads all of a piped stdin, so that a second line is seen and
// refused rather than silently dropped. Reading stops a little past the
// longest token the rule accepts.
func readPipe(r io.Reader) (string, error) {
	b, err := io.ReadAll(io.LimitReader(r, 2*keystore.MaxTokenLength))
	return string(b), err
}

func newTokenStatus(env *Env, f *rootFlags) *cobra.Command {
	var show bool
	var check string
	c := &cobra.Command{
		Use:   "status",
		Short: "Show the profile, base URL and where the token comes from (masked); --check asks the service",
		Long: `Show the profile, base URL, config file and where the token comes from,
masked. With --check PAID, padview also looks PAID up once in the standard
view and says whether the service accepted the token; the exit code is the
one 'padview get PAID' would end with.`,
		Example: `  padview token status
  padview token status --check AB12CD`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if f.demo {
				return checkDemo(c.Context(), env, f, check)
			}
			s, err := env.settings(f)
			if err != nil {
				return err
			}
			base := text.CleanText(api.DisplayBaseURL(s.BaseURL)) // never its user info
			if _, err := api.ParseBaseURL(s.BaseURL); s.BaseURL != "" && err != nil {
				base += " (unusable: " + err.Error() + ")"
			}
			if s.BaseURL == "" {
				base = "(not set)"
			}
			tok, src, err := env.Store.Token(s.Profile)
			w := env.Stdout
			fmt.Fprintf(w, "Profile:  %s\n", s.Profile)
			fmt.Fprintf(w, "Base URL: %s\n", base)
			fmt.Fprintf(w, "Config:   %s\n", configLine(s.ConfigPath))
			if err != nil {
				fmt.Fprintf(w, "Token:    %s\n", tokenProblem(s.Profile, err))
				return exitQuietly(ExitToken)
			}
			shown := keystore.Mask(tok)
			if show {
				shown = tok
			}
			fmt.Fprintf(w, "Token:    %s (from %s)\n", shown, src)
			if check == "" {
				return nil
			}
			if err := s.NeedBaseURL(); err != nil {
				return usage(err)
			}
			return checkToken(c.Context(), env, f, &account{Settings: s, Token: tok, Source: src.String()}, check)
		},
	}
	c.Flags().BoolVar(&show, "show-token", false, "print the whole token (it will be visible on screen and in scrollback; `token print` prints it bare, for a script)")
	c.Flags().StringVar(&check, "check", "", "look `PAID` up once in the standard view and say whether the service accepts the token")
	return c
}

// newTokenPrint is `token print`, as `gh auth token`: the bare token on
// stdout and nothing else, so that the curl line padview copies runs as it
// is, `$(padview token print)` standing where the token goes.
func newTokenPrint(env *Env, f *rootFlags) *cobra.Command {
	return &cobra.Command{
		Use:   "print",
		Short: "Print the partner token alone, for $(padview token print) in a curl line or script",
		Long: `Print the profile's partner token to stdout, alone on one line, and nothing
else: for a command substitution such as the curl line padview copies,
curl -H "Authorization: Bearer $(padview token print)" … . The token is the
one padview would use: PADVIEW_TOKEN when it is set, else the OS keyring's.
On a terminal padview also warns on stderr that the token is now on screen.
With no token it prints nothing and exits 4.`,
		Example: `  padview token print
  padview --profile staging token print
  curl -sS -i -H "Authorization: Bearer $(padview token print)" https://partner.example/v1/advertisement/AB12CD`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			tok, profile := fake.DemoToken, ""
			if !f.demo {
				s, err := env.settings(f)
				if err != nil {
					return err
				}
				if tok, _, err = env.Store.Token(s.Profile); err != nil {
					return noTokenToPrint(s.Profile, err)
				}
				profile = s.Profile
			}
			if _, err := fmt.Fprintln(env.Stdout, tok); err != nil {
				return exitWith(ExitFailure, "writing the token: %v", err)
			}
			if env.StdoutTTY { // as the user asked, but where others may see it
				fmt.Fprintf(env.Stderr, "padview: the token is on screen now, and in the terminal's scrollback; "+
					"`$(%s token print)` hands it to a command without showing it\n", text.Command(f.demo, profile))
			}
			return nil
		},
	}
}

// noTokenToPrint is token print's failure: exit 4 with the next step.
func noTokenToPrint(profile string, err error) error {
	switch {
	case errors.Is(err, keystore.ErrNotFound):
		return exitWith(ExitToken, "profile %q has no token: store one with `%s token set`, or set %s",
			text.CleanText(profile), text.Command(false, profile), keystore.EnvToken)
	case errors.Is(err, keystore.ErrUnavailable):
		return exitWith(ExitToken, "%v. %s", err, keyringAdvice)
	}
	return exitWith(ExitToken, "%v", err)
}

// configLine is token status's Config line: the file, or where padview
// config init would write one when there is none.
func configLine(path string) string {
	if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
		return "(none; `padview config init` writes one at " + text.CleanText(path) + ")"
	}
	return text.CleanText(path)
}

// tokenProblem is token status's Token line when there is no token to
// use, with the next step.
func tokenProblem(profile string, err error) string {
	switch {
	case errors.Is(err, keystore.ErrNotFound):
		return fmt.Sprintf("none; run `padview token set --profile %s` or set %s", profile, keystore.EnvToken)
	case errors.Is(err, keystore.ErrUnavailable):
		return fmt.Sprintf("unusable: %v\n          %s", err, keyringAdvice)
	}
	return fmt.Sprintf("unusable: %v", err)
}

// checkDemo is `token status` with --demo: the demo token, checked against
// the embedded service when --check is given.
func checkDemo(ctx context.Context, env *Env, f *rootFlags, paid string) error {
	a, err := env.account(f, tokenRequired)
	if err != nil {
		return err
	}
	defer a.Close()
	fmt.Fprintf(env.Stdout, "Profile:  demo (the embedded fake service)\nBase URL: %s\nToken:    %s (from the demo)\n", a.BaseURL, keystore.Mask(a.Token))
	if paid == "" {
		return nil
	}
	return checkToken(ctx, env, f, a, paid)
}

// checkToken makes one standard-view request for paid and says whether the
// service accepted the token. The exit code is get's for the same answer.
func checkToken(ctx context.Context, env *Env, f *rootFlags, a *account, paid string) error {
	opts := env.clientOptions(a.MaxWait, a.Vocabulary)
	opts.MaxRetries = -1 // one request: a check, not a lookup that tries hard
	client, err := a.clientWith(opts)
	if err != nil {
		return err // a usage error already
	}
	id, err := api.ParsePAID(paid)
	if err != nil {
		return usage(err)
	}
	if err := refusePasted([]string{paid}, a.BaseURL, f.anyURL); err != nil {
		return err
	}
	doc, ex, err := client.Get(ctx, id, advert.Standard)
	if f.verbose {
		describeExchange(env.Stderr, result{input: id, doc: doc, ex: ex, err: err})
	}
	var e *api.Error
	errors.As(err, &e)
	w := env.Stdout
	switch {
	case err == nil:
		fmt.Fprintf(w, "Check:    accepted: %s was found (HTTP %d)\n", id, ex.Status)
		return nil
	case api.OutcomeOf(err) == api.OutcomeAbsent:
		fmt.Fprintf(w, "Check:    accepted: the service took the token but has no advertisement %s (HTTP 404); check with a PAID that exists\n", id)
	case codeForKind(api.KindOf(err)) == ExitToken: // rejected, or not allowed
		fmt.Fprintf(w, "Check:    refused: %s\n", env.failure(err))
	default:
		fmt.Fprintf(w, "Check:    could not tell: %s\n", env.failure(err))
	}
	return exitQuietly(codeForKind(api.KindOf(err)))
}

func newTokenDelete(env *Env, f *rootFlags) *cobra.Command {
	return runsWithAnyProfile(&cobra.Command{
		Use:   "delete",
		Short: "Remove the profile's token from the OS keyring",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if err := noDemo(c, f); err != nil {
				return err
			}
			s, err := env.settingsOfAnyProfile(f)
			if err != nil {
				return err
			}
			err = env.Store.Delete(s.Profile)
			switch {
			case errors.Is(err, keystore.ErrNotFound):
				return exitWith(ExitToken, "no token stored for profile %q", s.Profile)
			case err != nil:
				return exitWith(ExitFailure, "%v", err)
			}
			fmt.Fprintf(env.Stdout, "Deleted the token for profile %q.\n", s.Profile)
			if env.Getenv(keystore.EnvToken) != "" {
				fmt.Fprintf(env.Stdout, "Note: %s is set in this environment and still overrides the keyring.\n", keystore.EnvToken)
			}
			return nil
		},
	}, "it cleans up the token of a profile the config file may no longer define")
}

func newConfigCmd(env *Env, rf *rootFlags) *cobra.Command {
	c := &cobra.Command{Use: "config", Short: "Write a starting config file, or show where it lives", Args: cobra.ArbitraryArgs, RunE: groupRun}
	c.AddCommand(newConfigInit(env, rf))
	c.AddCommand(runsWithAnyProfile(&cobra.Command{
		Use:   "path",
		Short: "Print the config file path",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			p, err := ConfigPath(env.Getenv)
			if err != nil {
				return err
			}
			fmt.Fprintln(env.Stdout, p)
			return nil
		},
	}, "the config file's path is the same whichever profile is named"))
	return c
}
