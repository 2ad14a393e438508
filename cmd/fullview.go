package cmd

import (
	"context"
	"errors"

	"fmt"
	"net/url"
	"sync"

	"github.com/spf13/pflag"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/audit"
	"github.com/padview/padview/api/text"
)

// fullViewGate is what every command passes before it asks for the full
// view, in this order: the profile allows it, a reason is given where the
// profile requires one, the notice is accepted, and the access log can be
// opened. It makes no request, and returns the log (nil with
// access_log = false) and the cleaned reason.
func (e *Env) fullViewGate(s Settings, acceptPD bool, reason string) (*audit.Log, string, error) {
	if s.FullViewNever {
		return nil, "", exitWith(ExitUsage, "the full view is disabled for profile %q (full_view = \"never\" in %s); no request was made",
			s.Profile, s.ConfigPath)
	}
	reason, err := audit.CleanReason(reason)
	if err != nil {
		return nil, "", exitWith(ExitUsage, "--reason: %v; no request was made", err)
	}
	if reason == "" && s.RequireReason {
		return nil, "", exitWith(ExitUsage, "profile %q requires a reason for the full view (require_reason = true): add --reason, e.g. --reason %q; no request was made",
			s.Profile, audit.Purposes[0])
	}
	if !acceptPD {
		fmt.Fprintf(e.Stderr, "Data-protection notice: %s\n\nTo go on, repeat the command with --accept-personal-data.\n", advert.DataProtectionNotice)
		return nil, "", &exitError{code: ExitUsage, err: errors.New("--full needs --accept-personal-data; no request was made")}
	}
	if !s.AccessLog {
		return nil, reason, nil
	}
	log, err := e.openAccessLog()
	if err != nil {
		return nil, "", exitWith(ExitFailure, "%v; no request was made", err)
	}
	return log, reason, nil
}

// openAccessLog opens the access log where the environment says it lives.
func (e *Env) openAccessLog() (*audit.Log, error) {
	return audit.Open(e.Getenv)
}

// tuiAccessLog is the access log for the TUI: opened the first time a
// full-view lookup needs it (a session that never opens the full view
// touches no file), and nil with access_log = false. A failure to open it
// is not kept: the next full-view lookup tries again, after the user
// fixed what the error named.
func (e *Env) tuiAccessLog(record bool) func() (*audit.Log, error) {
	if !record {
		return nil
	}
	var (
		mu     sync.Mutex
		opened *audit.Log
	)
	return func() (*audit.Log, error) {
		mu.Lock()
		defer mu.Unlock()
		if opened != nil {
			return opened, nil
		}
		l, err := e.openAccessLog()
		if err == nil {
			opened = l
		}
		return l, err
	}
}

// serviceHost is the host the access log names for a base URL.
func serviceHost(baseURL string) string {
	if u, err := url.Parse(baseURL); err == nil && u.Host != "" {
		return u.Host
	}
	return baseURL
}

// lookupFlags are the flags every command that looks PAIDs up shares: the
// full view behind its notice and reason, and how many lookups run at once.
type lookupFlags struct {
	full, acceptPD bool
	reason         string
	concurrency    int
}

// add declares the flags; fullHelp says what --full means for the command.
func (f *lookupFlags) add(fl *pflag.FlagSet, fullHelp string) {
	fl.BoolVar(&f.full, "full", false, fullHelp+" (needs --accept-personal-data)")
	fl.BoolVar(&f.acceptPD, "accept-personal-data", false, "confirm a legitimate business need and data processing agreements for --full")
	fl.StringVar(&f.reason, "reason", "", "why the full view is needed, for the access log (e.g. \"Compliance review\")")
	fl.IntVar(&f.concurrency, "concurrency", 4, "lookups in flight at once (1 to 64)")
}

// checkConcurrency refuses a --concurrency out of range before any request.
func (f lookupFlags) checkConcurrency() error {
	if f.concurrency < 1 || f.concurrency > 64 {
		return usagef("--concurrency must be between 1 and 64, not %d", f.concurrency)
	}
	return nil
}

// lookupPlan is what get and check share once their own flags are read:
// the settings, the full view's gate (before any request), the client and
// a batch whose fetch goes through the access log.
type lookupPlan struct {
	settings Settings
	batch    *batch
	client   *api.Client
	done     func() // stops the demo service, if one was started
}

// planLookups passes the full-view gate when asked for the full view, then
// builds the client and the batch. mask masks each answer before it is
// printed; showsNoValues tells the access log that no value is printed.
func (e *Env) planLookups(rf *rootFlags, f lookupFlags, paids []string, mask, showsNoValues bool) (*lookupPlan, error) {
	s, err := e.settings(rf)
	if err != nil {
		return nil, err
	}
	var access *audit.Log
	view := advert.Standard
	if f.full {
		view = advert.Full
		if access, f.reason, err = e.fullViewGate(s, f.acceptPD, f.reason); err != nil {
			return nil, err
		}
	}
	mask = mask || s.MaskPersonalData
	client, done, err := e.apiClient(rf)
	if err != nil {
		return nil, err
	}
	fetch := func(ctx context.Context, paid string) (*advert.Document, *api.Exchange, error) {
		req := audit.Request{Profile: s.Profile, Host: serviceHost(s.BaseURL), PAID: paid, View: view, Reason: f.reason,
			ShowsNoValues: showsNoValues}
		doc, ex, err := access.Get(ctx, client, req, mask)
		if mask {
			doc = text.MaskDocument(doc)
		}
		return doc, ex, withAdvice(err)
	}
	b := &batch{client: client, paids: paids, view: view, limit: f.concurrency, fetch: fetch}
	return &lookupPlan{settings: s, batch: b, client: client, done: done}, nil
}
