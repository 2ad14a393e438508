package cmd

import (
	"context"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/ui"
)

// runTUI opens the terminal UI for the resolved account, or for the
// embedded fake service with --demo, on the worklist of args and --list.
func runTUI(ctx context.Context, env *Env, f rootFlags, args []string) error {
	// A worklist piped in with --list - leaves stdin spent; keys then come
	// from the terminal itself, which Bubble Tea opens when stdin is not one.
	keys := env.StdinTTY || f.list == "-" && env.TTYForKeys != nil && env.TTYForKeys()
	if !keys || !env.StdoutTTY {
		return usagef("the terminal UI needs a terminal; in scripts use `padview get PAID`")
	}
	work, err := worklist(ctx, env, args, f.list)
	if err != nil {
		return err
	}
	watchDB := env.watchPlace(&f) // before the account: --demo's moves the state directory
	a, err := env.account(&f, tokenOptional)
	if err != nil {
		return err
	}
	defer a.Close()
	cfg := ui.Config{
		Profile: a.Profile, BaseURL: a.BaseURL, Token: a.Token, TokenSource: a.Source,
		NewClient: env.clientFactory(a), Worklist: work,
		FullViewIdle: a.FullViewIdle, FullViewNever: a.FullViewNever, RequireReason: a.RequireReason,
		Mask: f.mask || a.MaskPersonalData, AccessLog: env.tuiAccessLog(a.AccessLog), AccessHost: serviceHost(a.BaseURL),
		Watch: watchDB.forTUI(tuiWatchService(a)), Version: env.Version.Plain(),
	}
	if a.Demo {
		// The demo's full view asks, is recorded in its own access log like
		// any other, and is masked only with --mask.
		cfg.TokenSource, cfg.Demo = "demo", true
		cfg.Samples, cfg.FailureDemos, cfg.Changing = fake.SamplePAIDs(), fake.DemoPAIDs, []string{fake.ChangingPAID}
	} else {
		cfg.Tokens, cfg.KeyringProblem = env.Store, a.KeyringProblem
	}
	return env.RunTUI(ctx, cfg)
}

// clientFactory builds clients for the account's base URL; each token gets
// its own client and so its own rate budget.
func (e *Env) clientFactory(a *account) func(string) (*api.Client, error) {
	return func(token string) (*api.Client, error) {
		opts := e.clientOptions(a.MaxWait, a.Vocabulary)
		opts.TokenVar = a.tokenVar(token)
		return api.New(a.BaseURL, token, opts)
	}
}
