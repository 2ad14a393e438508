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
	id   int
	paid string
	view advert.View
	doc  *advert.Document
	ex   *api.Exchange
	err  error
}

// tickMsg refreshes the budget, countdowns and the idle check each second.
type tickMsg time.Time

// tokenSaved reports saving a token the user entered.
type tokenSaved struct {
	token       string
	sessionOnly bool // the keyring could not take it; kept in memory only
	err         error
}

// fetchCmd runs one Get. It touches nothing but its arguments.
func fetchCmd(ctx context.Context, c *api.Client, id int, paid string, view advert.View) tea.Cmd {
	return func() tea.Msg {
		doc, ex, err := c.Get(ctx, paid, view)
		return fetchResult{id: id, paid: paid, view: view, doc: doc, ex: ex, err: err}
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
