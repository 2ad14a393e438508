package ui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
)

// fetchResult is the answer to one fetch, tagged with the request's id so
// that an answer the user no longer waits for is dropped.
type fetchResult struct {
	id  int
	l   lookup
	doc *advert.Document
	rec *api.Exchange
	err error
}

// tickMsg refreshes the budget, countdowns and the idle check each second.
type tickMsg time.Time

// tokenChosen is a token the user entered and the keystore's rule accepted.
type tokenChosen struct{ token string }

// tokenSaved reports saving a token the user entered.
type tokenSaved struct {
	token       string
	sessionOnly bool // the keyring could not take it; kept in memory only
	err         error
}

// fullConfirmed is the confirmation's yes: the full view for paid ("" for
// the next lookup).
type fullConfirmed struct{ paid string }

// statusMsg puts a line in the status bar.
type statusMsg status

func report(level statusLevel, text string) tea.Cmd {
	return func() tea.Msg { return statusMsg{level: level, text: text} }
}

// fetchCmd runs one Get. It touches nothing but its arguments.
func fetchCmd(ctx context.Context, c *api.Client, id int, l lookup) tea.Cmd {
	return func() tea.Msg {
		doc, rec, err := c.Get(ctx, l.paid, l.view)
		return fetchResult{id: id, l: l, doc: doc, rec: rec, err: err}
	}
}

func tick() tea.Cmd {
	return tea.Tick(time.Second, func(t time.Time) tea.Msg { return tickMsg(t) })
}

// saveTokenCmd stores the token off the UI goroutine: a keyring call can
// take seconds when an unlock prompt is waiting.
func saveTokenCmd(saver TokenSaver, profile, token string) tea.Cmd {
	return func() tea.Msg {
		if saver == nil {
			return tokenSaved{token: token, sessionOnly: true}
		}
		if err := saver.Available(); err != nil {
			return tokenSaved{token: token, sessionOnly: true, err: err}
		}
		if err := saver.Save(profile, token); err != nil {
			return tokenSaved{token: token, sessionOnly: true, err: err}
		}
		return tokenSaved{token: token}
	}
}
