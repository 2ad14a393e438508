package ui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/answerfile"
	"github.com/padview/padview/api/check"
	"github.com/padview/padview/api/notice"
	"github.com/padview/padview/api/text"
)

// fetchResult is the answer to one fetch, tagged with the request's id so
// that an answer the user no longer waits for is dropped.
type fetchResult struct {
	id     int
	l      lookup
	masked bool // the access log records the answer as shown masked
	doc    *advert.Document
	rec    *api.Exchange
	err    error
	// Worked out in the command, so that a big answer costs the UI
	// nothing: the transparency check, and the masked copy when masked.
	report  check.Report
	notice  notice.Notice // the transparency notice, laid out from doc and report
	masking masking
	// personal is the categories of personal data doc holds by the
	// vocabulary's meaning (text.PersonalCategories), in either view; nil
	// when not worked out.
	personal []string
	// unplaced is the members doc's answer holds that the vocabulary did
	// not recognise, with their suggested lines, and how many (unplacedOf);
	// nil when not worked out.
	unplaced      []unplaced
	unplacedTotal int
	// file is the file the answer was read from (padview --file); nil
	// for the service's.
	file *answerfile.Source
}

// read works out, in the command, what the screen shows of an answer
// besides its document: the check, the notice, the personal data it
// holds, the members not recognised, and the masked copy when masked.
func (r *fetchResult) read(doc *advert.Document, masked bool) {
	r.doc = doc
	r.report, r.personal = check.Check(doc), text.PersonalCategories(doc)
	r.notice = notice.Build(doc, r.report)
	r.unplaced, r.unplacedTotal = unplacedOf(doc)
	if masked {
		r.masking = maskOf(doc, r.report)
	}
}

// tickMsg refreshes the budget, countdowns and the idle check each second.
type tickMsg time.Time

// tokenChosen is a token the user entered and the token rule accepted.
type tokenChosen struct{ token string }

// tokenSaved reports saving a token the user entered.
type tokenSaved struct {
	token       string
	sessionOnly bool // the keyring could not take it; kept in memory only
	err         error
}

// statusMsg puts a line in the status bar.
type statusMsg status

func report(level statusLevel, text string) tea.Cmd {
	return func() tea.Msg { return statusMsg{level: level, text: text} }
}

// cancelled is a dialog's answer when it was cancelled: nothing it offered
// happens, and say (if any) tells the status bar so. The root then makes
// the screen name the exchange on screen again (backToScreen): a lookup
// that opened the dialog (a pasted full-view URL, a worklist item) did not
// happen either.
type cancelled struct {
	say   string
	draft purposeGiven // what the cancelled confirmation held, kept for the next
}

func cancelledWith(say string) tea.Cmd { return func() tea.Msg { return cancelled{say: say} } }

// fetchCmd runs one Get, through the access log for the full view. It
// touches nothing but its arguments.
func fetchCmd(ctx context.Context, c *api.Client, a accessLog, id int, l lookup, reason string, masked bool) tea.Cmd {
	return func() tea.Msg {
		doc, rec, err := a.get(ctx, c, l, reason, masked)
		r := fetchResult{id: id, l: l, masked: masked, doc: doc, rec: rec, err: err}
		if doc != nil {
			r.read(doc, masked)
		}
		return r
	}
}

// fullConfirmed is the confirmation's yes: the full view for paid ("" for
// the next lookup), for the reason given ("" for none).
type fullConfirmed struct {
	paid, reason string
	given        purposeGiven // the purpose as the dialog held it
}

// tick is the next of the once-a-second ticks, on the kit's clock.
func (k *kit) tick() tea.Cmd {
	return k.after(time.Second, func(t time.Time) tea.Msg { return tickMsg(t) })
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
