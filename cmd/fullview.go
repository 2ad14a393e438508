package cmd

import (
	"errors"

	"fmt"
	"net/url"
	"sync"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/audit"
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
