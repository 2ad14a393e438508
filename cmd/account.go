package cmd

import (
	"errors"
	"fmt"
	"time"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/keystore"
)

// account is what a command talks to the service with: the resolved
// profile's base URL and token, or with --demo the embedded fake service
// and its demo token.
type account struct {
	Profile, BaseURL, Token string
	Source                  string        // where the token came from, read after "from"
	MaxWait                 time.Duration // the max_wait setting; zero for the default
	close                   func()
}

// Close stops the demo service, if one was started.
func (a account) Close() {
	if a.close != nil {
		a.close()
	}
}

// account resolves the account for a command that makes requests. A
// missing or unusable token is exit 4 and says why; a missing base URL is a
// usage error.
func (e *Env) account(f *rootFlags) (account, error) {
	if f.demo {
		if err := f.checkMaxWait(); err != nil {
			return account{}, err
		}
		srv, err := fake.Start(fake.Options{DemoTriggers: true})
		if err != nil {
			return account{}, fmt.Errorf("starting the demo service: %w", err)
		}
		return account{Profile: "demo", BaseURL: srv.URL, Token: fake.DemoToken, Source: "the demo",
			MaxWait: f.maxWait, close: func() { srv.Close() }}, nil
	}
	s, err := e.settings(f)
	if err != nil {
		return account{}, err
	}
	if err := s.NeedBaseURL(); err != nil {
		return account{}, usage(err)
	}
	if _, err := api.ParseBaseURL(s.BaseURL); err != nil {
		return account{}, usage(err) // before the keyring: a wrong address is the first thing to fix
	}
	token, src, err := e.Store.Token(s.Profile)
	if err != nil {
		return account{}, tokenError(s.Profile, err)
	}
	return account{Profile: s.Profile, BaseURL: s.BaseURL, Token: token, Source: src.String(), MaxWait: s.MaxWait}, nil
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
	return exitWith(ExitToken, "%v.\nSet %s for this shell, or see Troubleshooting in the README for starting a keyring", err, keystore.EnvToken)
}

// apiClient builds the client for the account of a command that makes
// requests; done stops the demo service, if --demo started one.
func (e *Env) apiClient(f *rootFlags) (client *api.Client, done func(), err error) {
	a, err := e.account(f)
	if err != nil {
		return nil, nil, err
	}
	client, err = api.New(a.BaseURL, a.Token, e.clientOptions(a.MaxWait))
	if err != nil {
		a.Close()
		return nil, nil, usage(err)
	}
	return client, a.Close, nil
}
