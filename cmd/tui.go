package cmd

import (
	"context"
	"errors"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/keystore"
	"github.com/padview/padview/ui"
)

// runTUI opens the terminal UI for the resolved profile, or for the
// embedded fake service with --demo.
func runTUI(ctx context.Context, env *Env, f rootFlags) error {
	if !env.StdinTTY || !env.StdoutTTY {
		return exitWith(ExitUsage, "the terminal UI needs a terminal; in scripts use `padview get PAID`")
	}
	if f.demo {
		srv, err := fake.Start(fake.Options{DemoTriggers: true})
		if err != nil {
			return err
		}
		defer srv.Close()
		return env.RunTUI(ctx, ui.Config{
			Profile: "demo", BaseURL: srv.URL, Token: fake.DemoToken, TokenSource: "demo",
			NewClient: env.clientFactory(srv.URL),
			Samples:   fake.SamplePAIDs(), FailureDemos: fake.DemoPAIDs, Demo: true,
		})
	}
	s, err := env.settings(&f)
	if err != nil {
		return err
	}
	if err := s.NeedBaseURL(); err != nil {
		return &exitError{code: ExitUsage, err: err}
	}
	if _, err := api.ParseBaseURL(s.BaseURL); err != nil {
		return &exitError{code: ExitUsage, err: err}
	}
	tok, src, err := env.Store.Token(s.Profile)
	problem := ""
	switch {
	case errors.Is(err, keystore.ErrUnavailable):
		problem = err.Error()
	case err != nil && !errors.Is(err, keystore.ErrNotFound):
		return err
	}
	return env.RunTUI(ctx, ui.Config{
		Profile: s.Profile, BaseURL: s.BaseURL, Token: tok, TokenSource: src.String(),
		NewClient: env.clientFactory(s.BaseURL), Tokens: env.Store, KeyringProblem: problem,
		FullViewIdle: s.FullViewIdle,
	})
}

// clientFactory builds clients for one base URL; each token gets its own
// client and so its own rate budget.
func (e *Env) clientFactory(baseURL string) func(string) (*api.Client, error) {
	return func(token string) (*api.Client, error) {
		return api.New(baseURL, token, e.clientOptions())
	}
}
