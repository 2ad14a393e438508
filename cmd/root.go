package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/signals"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/api/vocab"
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
	// StderrWidth is the width of the terminal on stderr in columns, read
	// anew at each call (the terminal may be resized); 0 when unknown.
	// The progress line fits itself to it. nil is unknown.
	StderrWidth func() int
	// ReadSecret prints a prompt and reads a line without echo from the
	// terminal on stdin; Ctrl-C, or the context's end, gives up.
	ReadSecret func(ctx context.Context, prompt string) (string, error)
	// RunTUI starts the terminal UI; tests replace it.
	RunTUI func(context.Context, ui.Config) error
	// TTYForKeys reports whether the terminal can be opened for keys when
	// stdin is not it (`--list -`); nil means it cannot.
	TTYForKeys func() bool
	Version    Version
	// ClientOptions are the api options commands start from; tests scale
	// the rate window through them.
	ClientOptions api.Options

	demoStateDir string // --demo's temporary state directory, removed when Execute ends
	cli          string // text.Command of the account (accountFor); "" before there is one
}

// command is how a command padview suggests starts (text.Command): the
// account's, or plain padview before there is one.
func (e *Env) command() string {
	if e.cli == "" {
		return text.Command(false, "")
	}
	return e.cli
}

// clientOptions are the env's options with padview's User-Agent, the
// max_wait setting and the vocabulary the profile reads answers with (nil:
// the built-in one).
func (e *Env) clientOptions(maxWait time.Duration, v *vocab.Vocabulary) api.Options {
	o := e.ClientOptions
	o.UserAgent = e.Version.UserAgent()
	if v != nil {
		o.Vocabulary = v
	}
	if maxWait > 0 {
		o.MaxWait = maxWait
	}
	return o
}

// Execute runs padview with args and returns the process exit code.
func Execute(ctx context.Context, env Env, args []string) int {
	routeLibraryLog(nil) // libraries never write to the terminal; get -v opts in
	defer func() {
		if env.demoStateDir != "" {
			os.RemoveAll(env.demoStateDir)
		}
	}()
	root := newRoot(&env)
	root.SetArgs(args)
	root.SetIn(env.Stdin)
	root.SetOut(env.Stdout)
	root.SetErr(env.Stderr)
	err := root.ExecuteContext(ctx)
	sig, interrupted := signals.InterruptedBy(ctx)
	if err != nil && !(interrupted && canceled(err)) {
		report(env.Stderr, err)
	}
	if interrupted {
		return sig.ExitCode() // whatever else went wrong, the signal ended it
	}
	return exitCode(err)
}

// report prints a command's error, unless it is a quiet exit, and where
// its help is.
func report(w io.Writer, err error) {
	var quiet quietExit
	if !errors.As(err, &quiet) {
		fmt.Fprintf(w, "padview: %s\n", err)
	}
	var ue *UsageError
	if errors.As(err, &ue) && ue.Help != "" {
		fmt.Fprintf(w, "Run '%s --help' for usage.\n", ue.Help)
	}
}

// canceled says whether err is only the cancellation a signal caused.
func canceled(err error) bool {
	return errors.Is(err, context.Canceled) || api.OutcomeOf(err) == api.OutcomeCanceled
}

// rootFlags are the global flags: persistent, so that they work before and
// after a subcommand (`padview --demo get X`, `padview get X --demo`).
type rootFlags struct {
	profile, baseURL string
	demo, verbose    bool
	list             string // --list: a worklist file, or - for stdin
	mask             bool   // --mask: the TUI starts with personal data masked
	maxWait          time.Duration
	anyURL           bool // --any-url: a pasted URL of another service gives its PAID anyway
	// files (--file, with --view) open the TUI on answers read from files.
	files fileFlags
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
		PersistentPreRunE: func(c *cobra.Command, _ []string) error {
			if err := checkCommandLine(c, f); err != nil {
				return err
			}
			return env.checkNamedProfile(c, f)
		},
	}
	root.SetVersionTemplate("{{.Version}}\n")
	pf := root.PersistentFlags()
	pf.StringVarP(&f.profile, "profile", "p", "", "profile to use (env PADVIEW_PROFILE; default \"default\")")
	pf.StringVar(&f.baseURL, "base-url", "", "partner base URL ending in /v1 (env PADVIEW_BASE_URL)")
	pf.BoolVar(&f.demo, "demo", false, "use the embedded fake service and its demo token, touching neither keyring nor config")
	pf.BoolVarP(&f.verbose, "verbose", "v", false, "describe each exchange on stderr (never the token)")
	pf.DurationVar(&f.maxWait, "max-wait", 0, "the longest one lookup waits for the rate limit, all waits together; a longer wait the service asks for is not taken (config max_wait; default 2m, at most 10m)")
	pf.BoolVar(&f.anyURL, "any-url", false, "look up the PAID of an endpoint URL of another service (another host or base path) on this profile's service, rather than refuse it")
	root.Flags().StringVar(&f.list, "list", "", "open the TUI with a worklist: a file of PAIDs, one a line (# comments), or - for stdin")
	f.files.add(root.Flags())
	root.Flags().BoolVar(&f.mask, "mask", false, "open the TUI with personal data masked (j•••@example.org), for screen sharing; m toggles it")
	// Declared here so that cobra does not add its own with -v, which is --verbose.
	root.Flags().Bool("version", false, "print padview's version and exit")
	_ = root.RegisterFlagCompletionFunc("profile", env.completeProfiles)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return commandLine(c, err) })
	root.AddCommand(newGet(env, &f), newDiff(env, &f), newToken(env, &f), newDemoServer(env), newConfigCmd(env, &f))
	root.AddCommand(newCheck(env, &f), newAudit(env, &f), newFields(env, &f), newNotice(env, &f))
	root.AddCommand(newWatch(env, &f))
	root.AddCommand(newMan(env)) // hidden: the release's man pages
	root.AddCommand(newVersion(env))
	addJQ(root, env)
	// cobra's own: help and shell completion name no profile's settings.
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() == "help" || c.Name() == "completion" {
			runsWithAnyProfile(c, "cobra's help and completion scripts use no profile")
		}
	}
	typeArgErrors(root)
	return root
}

// groupRun makes a command that only groups subcommands say what is wrong
// with an unknown one, instead of cobra's silent help and exit 0.
func groupRun(c *cobra.Command, args []string) error {
	if len(args) == 0 {
		return c.Help()
	}
	return commandLine(c, fmt.Errorf("unknown command %q for %q%s", text.CleanText(args[0]), c.CommandPath(), suggestions(c, args[0])))
}

// typeArgErrors makes every command's argument check return a UsageError,
// so that exit codes never depend on the wording of cobra's messages.
func typeArgErrors(c *cobra.Command) {
	if check := c.Args; check != nil {
		c.Args = func(c *cobra.Command, args []string) error {
			if err := check(c, args); err != nil {
				var ue *UsageError
				if errors.As(err, &ue) {
					return err
				}
				return commandLine(c, err)
			}
			return nil
		}
	}
	for _, sub := range c.Commands() {
		typeArgErrors(sub)
	}
}

// checkCommandLine runs before every command: cobra's flag-group checks
// (run here so that their errors are typed) and the global flags' rules.
func checkCommandLine(c *cobra.Command, f rootFlags) error {
	if err := c.ValidateRequiredFlags(); err != nil {
		return commandLine(c, err)
	}
	if err := c.ValidateFlagGroups(); err != nil {
		return commandLine(c, err)
	}
	if c.Flags().Changed("max-wait") {
		// The one check of --max-wait. Given is given: --max-wait 0 is no
		// request for the default.
		if err := CheckMaxWait(f.maxWait); err != nil {
			return usagef("--max-wait %v", err)
		}
	}
	if f.demo {
		for _, name := range []string{"profile", "base-url"} {
			if c.Flags().Changed(name) {
				return commandLine(c, fmt.Errorf("--demo uses the embedded fake service; drop --%s", name))
			}
		}
	}
	return nil
}

// completeProfiles offers the config file's profile names for --profile.
func (e *Env) completeProfiles(_ *cobra.Command, _ []string, typed string) ([]string, cobra.ShellCompDirective) {
	names := map[string]bool{DefaultProfile: true}
	if path, err := ConfigPath(e.Getenv); err == nil {
		if cfg, err := LoadConfig(path); err == nil {
			for name := range cfg.Profiles {
				names[name] = true
			}
			if cfg.DefaultProfile != "" {
				names[cfg.DefaultProfile] = true
			}
		}
	}
	var out []string
	for name := range names {
		if strings.HasPrefix(name, typed) {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out, cobra.ShellCompDirectiveNoFileComp
}

// DefaultEnv is the process's real environment.
func DefaultEnv(v Version) Env {
	return Env{
		Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr,
		Getenv:      os.Getenv,
		Store:       keystore.New(),
		StdinTTY:    isTerminal(os.Stdin),
		StdoutTTY:   isTerminal(os.Stdout),
		StderrTTY:   isTerminal(os.Stderr),
		StderrWidth: func() int { return terminalWidth(os.Stderr) },
		ReadSecret:  readSecret,
		RunTUI:      ui.Run,
		TTYForKeys:  controllingTTY,
		Version:     v,
	}
}

// newVersion makes `padview version`, as gh and kubectl have it: the same
// line as --version, so that the word is never taken for a PAID.
func newVersion(env *Env) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print padview's version, as --version does",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			_, err := fmt.Fprintln(env.Stdout, env.Version.String())
			return err
		},
	}
}
