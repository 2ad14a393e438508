package watch

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/mattn/go-shellwords"

	"github.com/padview/padview/api/text"
)

// AlertTimeout is the longest one alert command may run; then its process
// group is killed.
const AlertTimeout = 30 * time.Second

// alertQueue bounds the changes waiting for their alert: past it, the
// sweep waits for the alerts to catch up.
const alertQueue = 1000

// ParseCommand splits an --on-change command as a shell splits words
// (quotes and backslashes), without a shell: no variables, no globs, and
// no pipes, lists or redirections, which it refuses.
func ParseCommand(s string) ([]string, error) {
	p := shellwords.NewParser() // variables and `…` off
	argv, err := p.Parse(s)
	switch {
	case err != nil:
		return nil, fmt.Errorf("%q: a quote is not closed, or a backslash ends it: close the quote (or write a lone quote as \\' or \\\")", s)
	case p.Position >= 0:
		return nil, fmt.Errorf("%q: the command is run without a shell, so %q cannot work: put it in a script, or run sh -c '…'", s, string(s[p.Position]))
	case len(argv) == 0:
		return nil, errors.New("the command is empty: name the program to run for each change, or leave --on-change out")
	}
	return argv, nil
}

// Check finds the command's program now, as running it would (a name
// without a slash on PATH, a path as it is), so that a missing or
// unusable program is refused at the start rather than at the first
// change.
func (a *Alert) Check() error {
	_, err := exec.LookPath(a.Argv[0])
	name := text.CleanText(a.Argv[0])
	switch {
	case err == nil:
		return nil
	case errors.Is(err, exec.ErrNotFound):
		return fmt.Errorf("%s: there is no such program on PATH: give its path, e.g. ./notify.sh", name)
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s: there is no such file", name)
	case errors.Is(err, fs.ErrPermission):
		return fmt.Errorf("%s cannot be run: it is not executable (chmod +x it), or not yours to run", name)
	}
	return fmt.Errorf("%s cannot be run: %v", name, err)
}

// Alert runs a command for each change with the event's JSON on stdin.
type Alert struct {
	Argv []string
	// Env is the command's environment (nil: padview's own); the
	// variables PADVIEW_WATCH_PAID and PADVIEW_WATCH_EVENT are added.
	Env []string
	// Output receives what the command writes, stdout and stderr alike.
	Output  io.Writer
	Timeout time.Duration // AlertTimeout when 0
}

// Run runs the command for one event and waits for it, at most Timeout
// or until ctx ends; then its process group is killed.
func (a *Alert) Run(ctx context.Context, ev Event) error {
	timeout := a.Timeout
	if timeout <= 0 {
		timeout = AlertTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	c := exec.CommandContext(ctx, a.Argv[0], a.Argv[1:]...)
	c.Stdin = bytes.NewReader(append(ev.AppendJSON(nil), '\n'))
	c.Stdout, c.Stderr = a.Output, a.Output
	if a.Env != nil {
		c.Env = append(a.Env[:len(a.Env):len(a.Env)], "PADVIEW_WATCH_PAID="+ev.PAID, "PADVIEW_WATCH_EVENT="+string(ev.Kind))
	}
	ownGroup(c)
	c.WaitDelay = time.Second // output pipes held by a child it left behind
	err := c.Run()
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return fmt.Errorf("did not finish within %s and was stopped", text.Duration(timeout))
	case ctx.Err() != nil:
		return errors.New("stopped: padview was interrupted")
	}
	return err
}

// Alerts runs an Alert for each change, one at a time and in order, so
// that a slow command never holds a sweep up more than the queue allows.
type Alerts struct {
	alert  *Alert
	done   func(Event, error)
	ch     chan Event
	over   chan struct{}
	mu     sync.Mutex
	ctx    context.Context
	undone int
}

// StartAlerts starts running a's command for the events given to Add.
// done hears of each command that ran to its end: err is nil when it
// succeeded, else why it failed (it exited with an error, or overran its
// time); the event is then delivered. Ending ctx stops the command
// running and drops the rest, of which done hears nothing: they were not
// delivered.
func StartAlerts(ctx context.Context, a *Alert, done func(Event, error)) *Alerts {
	q := &Alerts{alert: a, done: done, ch: make(chan Event, alertQueue), over: make(chan struct{}), ctx: ctx}
	go q.loop()
	return q
}

func (q *Alerts) loop() {
	defer close(q.over)
	for ev := range q.ch {
		var err error
		if q.ctx.Err() == nil {
			err = q.alert.Run(q.ctx, ev)
		}
		if q.ctx.Err() != nil { // not run, or stopped: not delivered
			q.mu.Lock()
			q.undone++
			q.mu.Unlock()
			continue
		}
		if q.done != nil {
			q.done(ev, err)
		}
	}
}

// Add queues an event's alert; it waits while the queue is full.
func (q *Alerts) Add(ev Event) {
	select {
	case q.ch <- ev:
	case <-q.ctx.Done():
		q.mu.Lock()
		q.undone++
		q.mu.Unlock()
	}
}

// Close waits for the queued alerts to run and returns how many were
// dropped because ctx ended.
func (q *Alerts) Close() (dropped int) {
	close(q.ch)
	<-q.over
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.undone
}

// Describe names the command for messages, its words quoted where a
// shell would need it, cleaned.
func (a *Alert) Describe() string {
	words := make([]string, len(a.Argv))
	for i, w := range a.Argv {
		if w == "" || strings.ContainsAny(w, " \t\n'\"\\$`|&;<>()*?[]#~") {
			w = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
		}
		words[i] = w
	}
	return text.CleanText(strings.Join(words, " "))
}
