package cmd

import (
	"errors"
	"fmt"
	"os"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/audit"
	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/keystore"
)

// account is what a command runs with, resolved once: the settings and the
// token, or with --demo the embedded fake service and its demo token.
type account struct {
	Settings
	Token  string
	Source string // where the token came from, read after "from"
	Demo   bool
	// KeyringProblem says why the keyring could not be read, for a command
	// that can go on without a token (the TUI asks for one).
	KeyringProblem string
	close          func()
}

// Close stops the demo service, if --demo started one; a nil account does
// nothing.
func (a *account) Close() {
	if a != nil && a.close != nil {
		a.close()
	}
}

// client builds the api client for the account.
func (a *account) client(e *Env) (*api.Client, error) {
	return a.clientWith(e.clientOptions(a.MaxWait, a.Vocabulary))
}

// clientWith builds it with options of the caller's (e.clientOptions and
// more).
func (a *account) clientWith(opts api.Options) (*api.Client, error) {
	opts.TokenVar, opts.TokenRef = a.tokenVar(a.Token), a.tokenRef()
	c, err := api.New(a.BaseURL, a.Token, opts)
	if err != nil {
		return nil, usage(err)
	}
	return c, nil
}

// tokenVar names the environment variable token came from, when it did:
// the variable wins over the keyring, so a rejected token is the
// variable's to fix, and the 401's error says so (api.Error.TokenVar) to
// both front ends. A token entered in the TUI is not the variable's.
func (a *account) tokenVar(token string) string {
	if token != "" && token == a.Token && a.Source == keystore.SourceEnv.String() {
		return keystore.EnvToken
	}
	return ""
}

// tokenRef is how the curl command names the account's token, never
// writing it (issue 24 §3): a token from PADVIEW_TOKEN, or one entered in
// the TUI while the variable wins, stays $PADVIEW_TOKEN; one padview keeps
// (the keyring's, the demo's) is `$(padview [--profile NAME] token print)`,
// which runs as it is.
func (a *account) tokenRef() string {
	if !a.Demo && a.Source == keystore.SourceEnv.String() {
		return "$" + keystore.EnvToken
	}
	return api.TokenPrintRef(a.Demo, a.Profile)
}

// tokenNeed says whether a command can start without a token.
type tokenNeed bool

const (
	tokenRequired tokenNeed = true
	tokenOptional tokenNeed = false // the TUI: it asks for a token itself
)

// settings resolves what the command runs with: flag > environment >
// config file > default, or --demo's own, which reads no config file. The
// global flags were checked once, before the command ran (checkCommandLine).
// A profile named but not defined is refused (checkProfile).
func (e *Env) settings(f *rootFlags) (Settings, error) {
	s, err := e.settingsOfAnyProfile(f)
	if err == nil && !f.demo {
		err = s.checkProfile()
	}
	return s, err
}

// settingsOfAnyProfile is settings for a command that may name a profile
// the config file no longer defines: `token delete` cleans up after one.
func (e *Env) settingsOfAnyProfile(f *rootFlags) (Settings, error) {
	var s Settings
	if f.demo {
		if err := e.demoState(); err != nil {
			return Settings{}, err
		}
		s = defaultSettings()
		s.Profile = "demo"
	} else {
		var err error
		if s, err = Resolve(e.Getenv, f.profile, f.baseURL); err != nil {
			return Settings{}, usage(err)
		}
	}
	if f.maxWait != 0 {
		s.MaxWait = f.maxWait
	}
	return s, nil
}

// account resolves the settings, then the account of a command that talks
// to the service.
func (e *Env) account(f *rootFlags, need tokenNeed) (*account, error) {
	s, err := e.settings(f)
	if err != nil {
		return nil, err
	}
	return e.accountFor(f, s, need)
}

// accountFor is the account for settings already resolved: a usable base
// URL, then the token. A missing or unusable token is exit 4 and says why
// (with tokenOptional, a missing token or keyring is left to the command);
// a missing or unusable base URL is a usage error.
func (e *Env) accountFor(f *rootFlags, s Settings, need tokenNeed) (*account, error) {
	if f.demo {
		srv, err := fake.Start(fake.Options{DemoTriggers: true, RateHeaders: fake.DemoHeaders})
		if err != nil {
			return nil, fmt.Errorf("starting the demo service: %w", err)
		}
		s.BaseURL = srv.URL
		e.cli = text.Command(true, "")
		return &account{Settings: s, Token: fake.DemoToken, Source: "the demo", Demo: true,
			close: func() { srv.Close() }}, nil
	}
	if err := s.NeedBaseURL(); err != nil {
		return nil, usage(err)
	}
	if _, err := api.ParseBaseURL(s.BaseURL); err != nil {
		return nil, usage(err) // before the keyring: a wrong address is the first thing to fix
	}
	a := &account{Settings: s}
	e.cli = text.Command(false, s.Profile)
	token, src, err := e.Store.Token(s.Profile)
	switch {
	case err == nil:
		a.Token, a.Source = token, src.String()
	case need == tokenOptional && errors.Is(err, keystore.ErrNotFound):
	case need == tokenOptional && errors.Is(err, keystore.ErrUnavailable):
		a.KeyringProblem = err.Error()
	default:
		return nil, tokenError(s.Profile, err)
	}
	return a, nil
}

// demoState gives --demo a state directory of its own, so that the
// demo's access log is never the user's: a temporary directory that
// Execute removes when the command ends.
func (e *Env) demoState() error {
	if e.demoStateDir != "" {
		return nil
	}
	dir, err := os.MkdirTemp("", "padview-demo-")
	if err != nil {
		return fmt.Errorf("starting the demo: %w", err)
	}
	e.demoStateDir = dir
	getenv := e.Getenv
	e.Getenv = func(name string) string {
		if name == audit.EnvStateDir {
			return dir
		}
		return getenv(name)
	}
	return nil
}

// tokenError is the exit-4 error for a token that Store.Token could not
// give: none stored, one that breaks the token rule, or no keyring.
func tokenError(profile string, err error) error {
	switch {
	case errors.Is(err, keystore.ErrNotFound):
		return exitWith(ExitToken, "no token for profile %q: run `padview token set --profile %s` or set %s", profile, profile, keystore.EnvToken)
	case errors.Is(err, keystore.ErrBadToken):
		return &exitError{code: ExitToken, err: err}
	}
	return exitWith(ExitToken, "%v.\n%s", err, keyringAdvice)
}

// keyringAdvice is the next step when the OS keyring cannot be used, for
// every command that needs the token and for token status.
var keyringAdvice = "Set " + keystore.EnvToken + " for this shell, or start a keyring: docs/troubleshooting.md says how."

// apiClient builds the client for the account of a command that makes
// requests; done stops the demo service, if --demo started one.
func (e *Env) apiClient(f *rootFlags) (client *api.Client, done func(), err error) {
	a, err := e.account(f, tokenRequired)
	if err != nil {
		return nil, nil, err
	}
	if client, err = a.client(e); err != nil {
		a.Close()
		return nil, nil, err
	}
	return client, a.Close, nil
}
