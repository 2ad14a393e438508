// Package cmd is padview's command line: the flags, the subcommands and the
// wiring between the api client, the keystore, the config file and the TUI.
package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/padview/padview/api"
	"github.com/padview/padview/keystore"
	"github.com/padview/padview/ui"
)

// Env is everything a command touches outside itself, so that tests run
// commands in-process with their own streams, environment and keyring.
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	Getenv         func(string) string
	Store          *keystore.Store
	// StdinTTY and StderrTTY say whether those streams are terminals: a
	// token is read without echo, and progress is drawn, only then.
	StdinTTY, StdoutTTY, StderrTTY bool
	// ReadSecret reads a line without echo from the terminal on stdin.
	ReadSecret func() (string, error)
	// RunTUI starts the terminal UI; tests replace it.
	RunTUI func(context.Context, ui.Config) error
	// TTYForKeys reports whether the terminal can be opened for keys when
	// stdin is not it (`--list -`); nil means it cannot.
	TTYForKeys func() bool
	Version    Version
	// ClientOptions are the api options commands start from; tests scale
	// the rate window through them.
	ClientOptions api.Options
}

// clientOptions are the env's options with padview's User-Agent.
func (e *Env) clientOptions() api.Options {
	o := e.ClientOptions
	o.UserAgent = e.Version.UserAgent()
	return o
}

// Execute runs padview with args and returns the process exit code.
func Execute(ctx context.Context, env Env, args []string) int {
	root := newRoot(&env)
	root.SetArgs(args)
	root.SetIn(env.Stdin)
	root.SetOut(env.Stdout)
	root.SetErr(env.Stderr)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return ExitOK
	}
	code := exitCode(err)
	var ee *exitError
	if !errors.As(err, &ee) && isUsageError(err) {
		code = ExitUsage
	}
	if msg := err.Error(); msg != "" {
		fmt.Fprintf(env.Stderr, "padview: %s\n", msg)
	}
	if code == ExitUsage && !errors.As(err, &ee) {
		fmt.Fprintln(env.Stderr, "Run 'padview --help' for usage.")
	}
	return code
}

// isUsageError recognizes cobra's and pflag's errors about the command line.
func isUsageError(err error) bool {
	msg := err.Error()
	for _, s := range []string{"unknown flag", "unknown shorthand", "unknown command", "flag needs an argument",
		"invalid argument", "accepts ", "requires at least", "if any flags in the group", "none of the others"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}

type rootFlags struct {
	profile, baseURL string
	demo             bool
	list             string // --list: a worklist file, or - for stdin
}

func newRoot(env *Env) *cobra.Command {
	var f rootFlags
	root := &cobra.Command{
		Use:   "padview [PAID...]",
		Short: "Inspect political advertisements from the Political Advertisement Data Service",
		Long: `padview looks up political advertisements by their PAID in the partner
interface of the Political Advertisement Data Service.

Run without a command to open the terminal UI, or with PAIDs to open it on
the first of them (a worklist); use 'padview get' in scripts.
Try it without an account: padview --demo`,
		Example: `  padview AB12CD
  padview --list paids.txt
  padview --demo AB12CD AB12CE`,
		Version:       env.Version.String(),
		SilenceUsage:  true,
		SilenceErrors: true,
		Args:          tuiArgs,
		RunE: func(c *cobra.Command, args []string) error {
			return runTUI(c.Context(), env, f, args)
		},
	}
	root.SetVersionTemplate("{{.Version}}\n")
	root.PersistentFlags().StringVarP(&f.profile, "profile", "p", "", "profile to use (env PADVIEW_PROFILE; default \"default\")")
	root.PersistentFlags().StringVar(&f.baseURL, "base-url", "", "partner base URL ending in /v1 (env PADVIEW_BASE_URL)")
	root.Flags().BoolVar(&f.demo, "demo", false, "open the TUI against the embedded fake service, touching neither keyring nor config")
	root.Flags().StringVar(&f.list, "list", "", "open the TUI with a worklist: a file of PAIDs, one a line (# comments), or - for stdin")
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error {
		return &exitError{code: ExitUsage, err: err}
	})
	root.AddCommand(newGet(env, &f), newDiff(env, &f), newToken(env, &f), newDemoServer(env), newConfigCmd(env))
	root.AddCommand(newCheck(env, &f), newAudit(env, &f))
	return root
}

// settings resolves profile and base URL for a command.
func (e *Env) settings(f *rootFlags) (Settings, error) {
	s, err := Resolve(e.Getenv, f.profile, f.baseURL)
	if err != nil {
		return Settings{}, &exitError{code: ExitUsage, err: err}
	}
	return s, nil
}

// DefaultEnv is the process's real environment.
func DefaultEnv(v Version) Env {
	return Env{
		Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr,
		Getenv:     os.Getenv,
		Store:      keystore.New(),
		StdinTTY:   isTerminal(os.Stdin),
		StdoutTTY:  isTerminal(os.Stdout),
		StderrTTY:  isTerminal(os.Stderr),
		ReadSecret: readSecret,
		RunTUI:     ui.Run,
		TTYForKeys: controllingTTY,
		Version:    v,
	}
}
