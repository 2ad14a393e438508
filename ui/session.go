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
	access  accessLog
	// reason is the purpose given in the confirmation: every full-view
	// lookup is recorded with it until padview leaves the full view.
	reason string
	// files answer every lookup in file mode (padview --file).
	files *FileAnswers
	// given is that purpose as the dialog held it, and the advertisement
	// it was given for ("" until the first full-view lookup after it): a
	// lookup of another asks again (Model.fetch).
	given purposeGiven
}

// pending is the fetch in flight.
type pending struct {
	id     int
	l      lookup
	masked bool // its answer is to be shown masked, and recorded so
	cancel context.CancelFunc
	// opened says the user went to the PAID input while it was in flight,
	// to type another: its answer leaves the focus there.
	opened bool
}

// start sends a lookup, cancelling the one in flight. masked says whether
// its answer will be shown under the privacy mask.
func (s *session) start(l lookup, masked bool) tea.Cmd {
	s.cancel()
	s.seq++
	ctx, cancel := context.WithCancel(context.Background())
	s.pending = &pending{id: s.seq, l: l, masked: masked, cancel: cancel}
	s.last = l
	if s.files != nil {
		return fileCmd(s.files, s.access, s.seq, l, s.reason, masked)
	}
	return fetchCmd(ctx, s.client, s.access, s.seq, l, s.reason, masked)
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
