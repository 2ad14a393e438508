package ui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
)

// session is padview's side of the conversation with the service: the
// token and its client (each token has its own rate budget), the view
// lookups use now, and the one fetch in flight.
type session struct {
	token   string
	source  string // where the token came from: "OS keyring", …
	client  *api.Client
	budget  api.BudgetSnapshot
	view    advert.View
	seq     int
	pending *pending
	last    lookup    // the latest lookup asked for, for r
	retryAt time.Time // a 429 padview gave up on: when trying again makes sense
}

// pending is the fetch in flight.
type pending struct {
	id     int
	l      lookup
	cancel context.CancelFunc
}

// start sends a lookup, cancelling the one in flight.
func (s *session) start(l lookup) tea.Cmd {
	s.cancel()
	s.seq++
	ctx, cancel := context.WithCancel(context.Background())
	s.pending = &pending{id: s.seq, l: l, cancel: cancel}
	s.last = l
	return fetchCmd(ctx, s.client, s.seq, l)
}

// cancel stops the fetch in flight; its answer, if it comes, is dropped.
func (s *session) cancel() bool {
	if s.pending == nil {
		return false
	}
	s.pending.cancel()
	s.pending = nil
	return true
}

// finish takes an answer and reports whether it is the one waited for.
func (s *session) finish(r fetchResult) bool {
	if s.pending == nil || r.id != s.pending.id {
		return false // the user moved on: another PAID, a view switch or a cancel
	}
	s.pending.cancel()
	s.pending = nil
	s.refresh()
	return true
}

// refresh reads the rate budget for the status bar.
func (s *session) refresh() {
	if s.client != nil {
		s.budget = s.client.Budget().Snapshot()
	}
}
