package cmd

import (
	"context"
	"errors"
	"time"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/keystore"
	"github.com/padview/padview/ui"
)

// runTUI opens the terminal UI for the resolved profile, or for the
// embedded fake service with --demo, on the worklist of args and --list.
func runTUI(ctx context.Context, env *Env, f rootFlags, args []string) error {
	// A worklist piped in with --list - leaves stdin spent; keys then come
	// from the terminal itself, which Bubble Tea opens when stdin is not one.
	keys := env.StdinTTY || f.list == "-" && env.TTYForKeys != nil && env.TTYForKeys()
	if !keys || !env.StdoutTTY {
		return usagef("the terminal UI needs a terminal; in scripts use `padview get PAID`")
	}
	work, err := worklist(env, args, f.list)
	if err != nil {
		return err
	}
	if f.demo {
		if err := f.checkMaxWait(); err != nil {
			return err
		}
		srv, err := fake.Start(fake.Options{DemoTriggers: true})
		if err != nil {
			return err
		}
		defer srv.Close()
		// The demo reads no profile: its full view asks, is recorded in the
		// access log like any other, and is masked only with --mask.
		return env.RunTUI(ctx, ui.Config{
			Profile: "demo", BaseURL: srv.URL, Token: fake.DemoToken, TokenSource: "demo",
			NewClient: env.clientFactory(srv.URL, f.maxWait),
			Samples:   fake.SamplePAIDs(), FailureDemos: fake.DemoPAIDs, Demo: true,
			Worklist: work,
			Mask:     f.mask, AccessLog: env.tuiAccessLog(true), AccessHost: serviceHost(srv.URL),
			Watch: env.tuiWatch(f),
		})
	}
	s, err := env.settings(&f)
	if err != nil {
		return err
	}
	if err := s.NeedBaseURL(); err != nil {
		return usage(err)
	}
	if _, err := api.ParseBaseURL(s.BaseURL); err != nil {
		return usage(err)
	}
	tok, src, err := env.Store.Token(s.Profile)
	problem := ""
	switch {
	case errors.Is(err, keystore.ErrUnavailable):
		problem = err.Error()
	case errors.Is(err, keystore.ErrBadToken):
		return tokenError(s.Profile, err)
	case err != nil && !errors.Is(err, keystore.ErrNotFound):
		return err
	}
	return env.RunTUI(ctx, ui.Config{
		Profile: s.Profile, BaseURL: s.BaseURL, Token: tok, TokenSource: src.String(),
		NewClient: env.clientFactory(s.BaseURL, s.MaxWait), Tokens: env.Store, KeyringProblem: problem,
		FullViewIdle: s.FullViewIdle, Worklist: work,
		FullViewNever: s.FullViewNever, RequireReason: s.RequireReason, Mask: f.mask || s.MaskPersonalData,
		AccessLog: env.tuiAccessLog(s.AccessLog), AccessHost: serviceHost(s.BaseURL),
		Watch: env.tuiWatch(f),
	})
}

// clientFactory builds clients for one base URL; each token gets its own
// client and so its own rate budget.
func (e *Env) clientFactory(baseURL string, maxWait time.Duration) func(string) (*api.Client, error) {
	return func(token string) (*api.Client, error) {
		return api.New(baseURL, token, e.clientOptions(maxWait))
	}
}
