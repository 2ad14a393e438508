package cmd

import (
	"context"
	"fmt"
	"os"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/api/vocab"
	"github.com/padview/padview/ui"
)

// runTUI opens the terminal UI for the resolved account, or for the
// embedded fake service with --demo, on the worklist of args and --list.
func runTUI(ctx context.Context, env *Env, f rootFlags, args []string) error {
	// A worklist piped in with --list - leaves stdin spent; keys then come
	// from the terminal itself, which Bubble Tea opens when stdin is not one.
	keys := env.StdinTTY || (f.list == "-" || slices.Contains(f.files.files, "-")) && env.TTYForKeys != nil && env.TTYForKeys()
	if !keys || !env.StdoutTTY {
		return usagef("the terminal UI needs a terminal; in scripts use `padview get PAID`")
	}
	if len(f.files.files) > 0 {
		return runFileTUI(ctx, env, f, args)
	}
	if _, err := f.files.parseView(); err != nil {
		return err
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
	reading := &atomic.Pointer[vocab.Vocabulary]{}
	reading.Store(a.Vocabulary)
	cfg := ui.Config{
		Profile: a.Profile, BaseURL: a.BaseURL, Token: a.Token, TokenSource: a.Source,
		NewClient: env.clientFactory(a, reading), Worklist: work,
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
		t := a.fieldsTable()
		cfg.Fields, cfg.FieldsTable, cfg.FieldsFile = fieldsWriter(a, reading), t.header(), t.file
	}
	return env.RunTUI(ctx, cfg)
}

// clientFactory builds clients for the account's base URL that read
// answers with the vocabulary reading holds (the TUI's [fields] lines
// change it). Each token has its own rate budget, which a client built
// again for it keeps.
func (e *Env) clientFactory(a *account, reading *atomic.Pointer[vocab.Vocabulary]) func(string) (*api.Client, error) {
	var mu sync.Mutex
	budgets := map[string]*api.Budget{}
	return func(token string) (*api.Client, error) {
		mu.Lock()
		defer mu.Unlock()
		opts := e.clientOptions(a.MaxWait, reading.Load())
		opts.TokenVar, opts.TokenRef = a.tokenVar(token), a.tokenRef()
		if opts.Budget == nil {
			opts.Budget = budgets[token]
		}
		c, err := api.New(a.BaseURL, token, opts)
		if err == nil {
			budgets[token] = c.Budget()
		}
		return c, err
	}
}

// fieldsWriter adds the TUI's [fields] lines as fields --write adds its
// own, to the same table under the same rules, and has the clients built
// from then on read with them. A line whose name the table maps already,
// to another path, is refused: the file says otherwise, and the user
// decides.
func fieldsWriter(a *account, reading *atomic.Pointer[vocab.Vocabulary]) ui.FieldsWriter {
	t := a.fieldsTable()
	return func(line vocab.Mapping) (*vocab.Vocabulary, error) {
		f, err := openFieldsFile(t, os.Getuid())
		if err != nil {
			return nil, err
		}
		add, skip := f.plan([]vocab.Mapping{line})
		if len(skip) > 0 && skip[0].has != line.Path {
			return nil, fmt.Errorf("%s maps %q already, to %q: change that line there if %q is right; nothing was written",
				t, line.Name, skip[0].has, line.Path)
		}
		if len(add) > 0 {
			if err := f.write(add); err != nil {
				return nil, err
			}
		}
		v, err := f.cfg.vocabulary(a.Profile)
		if err != nil {
			return nil, err
		}
		reading.Store(v)
		return v, nil
	}
}
