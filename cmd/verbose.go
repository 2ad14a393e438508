package cmd

import (
	"errors"
	"fmt"
	"io"
	"log"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/text"
)

// verboseEnv prepares a command for -v: net/http's own complaints belong
// to the exchange record, and they come from other goroutines, so stderr
// is shared under a lock and the library log is routed to it. undo routes
// the library log back to nowhere.
func verboseEnv(env *Env) (verbose *Env, undo func()) {
	locked := *env
	locked.Stderr = &lockedWriter{w: env.Stderr}
	routeLibraryLog(locked.Stderr)
	return &locked, func() { routeLibraryLog(nil) }
}

// verboseEnvIf is verboseEnv where -v was given, and env as it is, with
// nothing to undo, where it was not: what every command that honours -v
// starts with.
func verboseEnvIf(env *Env, on bool) (*Env, func()) {
	if !on {
		return env, func() {}
	}
	return verboseEnv(env)
}

// describeExchange writes what support staff need to trace a request: the
// request, each attempt, the answer, timing, request id, the rate budget as
// the exchange left it and where its figures came from, the headers of
// interest and a curl command. The token is never part of it.
func describeExchange(w io.Writer, r result) {
	ex := r.ex
	if ex == nil {
		fmt.Fprintf(w, "* %s: no request made: %v\n", text.CleanText(r.input), r.err)
		return
	}
	fmt.Fprintf(w, "> %s %s\n", ex.Method, ex.URL)
	for i, a := range ex.Log {
		fmt.Fprintf(w, "  attempt %d at %s: %s\n", i+1, a.Started.Format("15:04:05.000"), a)
	}
	if ex.Attempts == 0 {
		fmt.Fprintln(w, "  no request was sent")
	} else {
		status := "no response"
		if ex.Status != 0 {
			status = fmt.Sprintf("%d %s", ex.Status, ex.Proto)
		}
		line := fmt.Sprintf("< %s · %s · %s · %s in all", status, text.FormatSize(ex.Size),
			text.Plural(ex.Attempts, "attempt", "attempts"), text.Duration(ex.Duration))
		if ex.Waited >= 10*time.Millisecond {
			line += ", of which " + text.Duration(ex.Waited) + " waiting"
		}
		fmt.Fprintln(w, line)
	}
	if ex.RequestID != "" {
		fmt.Fprintf(w, "  request id: %s\n", ex.RequestID)
	}
	b := ex.Budget
	fmt.Fprintf(w, "  rate budget: %s\n", b.Summary(b.At))
	fmt.Fprintf(w, "  budget figures: %s\n", b.Origins())
	keys := make([]string, 0, len(ex.Headers))
	for k := range ex.Headers {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		for _, v := range ex.Headers[k] {
			fmt.Fprintf(w, "  %s: %s\n", k, v)
		}
	}
	if r.err != nil {
		fmt.Fprintf(w, "  error: %v\n", r.err)
	}
	if ae := (*api.Error)(nil); errors.As(r.err, &ae) && ae.JSONError() != "" {
		fmt.Fprintf(w, "  reading it as JSON: %s\n", ae.JSONError()) // for support: where the JSON broke
	}
	fmt.Fprintf(w, "  reproduce: %s\n", ex.Curl)
}

// routeLibraryLog sends what libraries print through the standard log
// package (net/http's "Unsolicited response received on idle HTTP
// channel…", the embedded fake server's errors, slog's default) to w,
// cleaned and marked, or nowhere when w is nil. Nothing may write to a
// terminal behind the TUI's back or between a CLI's lines.
func routeLibraryLog(w io.Writer) {
	log.SetFlags(0)
	log.SetPrefix("")
	if w == nil {
		log.SetOutput(io.Discard)
		return
	}
	log.SetOutput(libraryLog{w})
}

type libraryLog struct{ w io.Writer }

func (l libraryLog) Write(p []byte) (int, error) {
	for _, line := range strings.Split(strings.TrimRight(string(p), "\n"), "\n") {
		fmt.Fprintf(l.w, "* library: %s\n", text.CleanText(line))
	}
	return len(p), nil
}

// lockedWriter lets -v output and library log lines, written from other
// goroutines, share stderr without interleaving mid-line.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
