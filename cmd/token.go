package cmd

import (
	"bufio"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/padview/padview/keystore"
)

func newToken(env *Env, f *rootFlags) *cobra.Command {
	c := &cobra.Command{
		Use:   "token",
		Short: "Store, inspect or delete the partner token in the OS keyring",
		Args:  cobra.NoArgs,
	}
	c.AddCommand(newTokenSet(env, f), newTokenStatus(env, f), newTokenDelete(env, f))
	return c
}

func newTokenSet(env *Env, f *rootFlags) *cobra.Command {
	return &cobra.Command{
		Use:   "set",
		Short: "Save the partner token for a profile (read without echo, or from a pipe)",
		Example: `  padview token set
  padview token set --profile staging
  pass show partner/token | padview token set`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			s, err := env.settings(f)
			if err != nil {
				return err
			}
			var tok string
			if env.StdinTTY {
				fmt.Fprintf(env.Stderr, "Partner token for profile %q (input hidden): ", s.Profile)
				tok, err = env.ReadSecret()
			} else {
				tok, err = readLine(bufio.NewReader(env.Stdin))
			}
			if err != nil {
				return exitWith(ExitUsage, "no token read: %v", err)
			}
			if err := keystore.CheckToken(tok); err != nil {
				return exitWith(ExitUsage, "%v", err)
			}
			if err := env.Store.Save(s.Profile, tok); err != nil {
				return exitWith(ExitFailure, "%v", err)
			}
			fmt.Fprintf(env.Stdout, "Saved the token for profile %q in the OS keyring (%s).\n", s.Profile, keystore.Mask(tok))
			return nil
		},
	}
}

func newTokenStatus(env *Env, f *rootFlags) *cobra.Command {
	var show bool
	c := &cobra.Command{
		Use:   "status",
		Short: "Show the profile, base URL and where the token comes from (masked)",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			s, err := env.settings(f)
			if err != nil {
				return err
			}
			base := s.BaseURL
			if base == "" {
				base = "(not set)"
			}
			tok, src, err := env.Store.Token(s.Profile)
			w := env.Stdout
			fmt.Fprintf(w, "Profile:  %s\n", s.Profile)
			fmt.Fprintf(w, "Base URL: %s\n", base)
			fmt.Fprintf(w, "Config:   %s\n", s.ConfigPath)
			switch {
			case errors.Is(err, keystore.ErrNotFound):
				fmt.Fprintf(w, "Token:    none; run `padview token set --profile %s` or set %s\n", s.Profile, keystore.EnvToken)
				return &exitError{code: ExitToken, err: errors.New("")}
			case err != nil:
				fmt.Fprintf(w, "Token:    unknown: %v\n", err)
				return &exitError{code: ExitToken, err: errors.New("")}
			}
			shown := keystore.Mask(tok)
			if show {
				shown = tok
			}
			fmt.Fprintf(w, "Token:    %s (from the %s)\n", shown, src)
			return nil
		},
	}
	c.Flags().BoolVar(&show, "show-token", false, "print the whole token (it will be visible on screen and in scrollback)")
	return c
}

func newTokenDelete(env *Env, f *rootFlags) *cobra.Command {
	return &cobra.Command{
		Use:   "delete",
		Short: "Remove the profile's token from the OS keyring",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			s, err := env.settings(f)
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
	}
}

func newConfigCmd(env *Env) *cobra.Command {
	c := &cobra.Command{Use: "config", Short: "Show where padview's config file lives", Args: cobra.NoArgs}
	c.AddCommand(&cobra.Command{
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
	})
	return c
}
