package ui

import (
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
)

// lookUp starts a lookup of what was typed or pasted. A malformed PAID
// costs no request: the exchange on screen and the input's focus stay.
func (m *Model) lookUp(input string) tea.Cmd {
	l, err := m.parseLookup(input)
	if err != nil {
		m.input.say(capitalize(text.CleanText(err.Error())), "")
		return nil
	}
	m.input.say("", "")
	m.input.remember(l.PAID)
	m.notice = ""
	if l.Elsewhere != "" {
		m.notice = fmt.Sprintf("The pasted URL is for %s: only its id %s is looked up, at %s.", l.Elsewhere, text.CleanText(l.PAID), serviceName(m.cfg.BaseURL))
	}
	if l.FromURL && l.View == advert.Full && m.sess.view != advert.Full {
		if m.cfg.FullViewNever {
			m.notice = strings.TrimSpace(m.notice + " The pasted URL asks for the full view, which is disabled for this profile: the standard view is looked up.")
		} else {
			return m.confirmFull(l.PAID, m.notice)
		}
	}
	return m.fetch(lookup{l.PAID, m.sess.view})
}

// fetch sends a lookup, or says why it cannot.
func (m *Model) fetch(l lookup) tea.Cmd {
	if m.sess.client == nil && m.sess.files == nil {
		m.sess.last = l
		m.status = status{level: levelError, text: "No partner token: t enters one."}
		m.blurInput() // so that t works as offered
		return nil
	}
	if l.view == advert.Full && m.sess.reason != "" {
		switch g := m.sess.given; {
		case g.paid == "":
			m.sess.given.paid = l.paid // confirmed for the next lookup: this one
		case g.paid != l.paid:
			// A purpose is given for one advertisement: another's full
			// view asks again, with it filled in.
			return m.confirmFull(l.paid, "")
		}
	}
	if m.ex.personal() && m.ex.paid != l.paid {
		// Another advertisement's personal data does not wait on screen
		// (or in memory) for this one's answer.
		m.clearFor(l, "The personal data of "+text.CleanText(m.ex.paid)+" was cleared from the screen.")
	}
	return tea.Batch(m.sess.start(l, m.mask), m.spinner.Tick)
}

// onFetchResult makes an answer the exchange on screen, success or
// failure, and moves focus off the input so every key offered works.
func (m Model) onFetchResult(r fetchResult) (tea.Model, tea.Cmd) {
	opened := m.sess.pending != nil && m.sess.pending.opened
	if !m.sess.finish(r) {
		return m, nil
	}
	if r.l.view == advert.Full && accessLogFailed(r.err) {
		// No full view without its record: back to the standard view, and
		// say what to fix; the next f opens the log anew.
		m.sess.view, m.sess.reason = advert.Standard, ""
		if r.rec == nil { // else the error pane says it
			m.open(newAccessModal(m.kit, r.err))
		}
	}
	if r.rec == nil {
		m.dropFullViewAsked()
		// No request reached the service: what is on screen stays, and the
		// bar says why until the next answer (it says how to retry).
		level, msg, retry := errorStatus(r.err, r.l)
		m.line = status{level: level, text: msg, retry: retry}
		m.unfetching()
		return m, nil
	}
	ex := newExchange(r, m.mask)
	if !ex.personal() {
		m.dropFullViewAsked()
	}
	m.sess.retryAt = time.Time{}
	if wait := countdown(ex.apiError()); wait > 0 {
		m.sess.retryAt = m.kit.now().Add(wait)
	}
	if ex.refusedFull() {
		// Back to the standard view means its answer on screen, not the
		// refusal waiting for r: the refusal stays one [ away.
		m.sess.view, m.sess.reason = advert.Standard, ""
		m.hist.record(ex, m.kit.now())
		fetch := m.fetch(lookup{r.l.paid, advert.Standard})
		m.notice = fmt.Sprintf("Full view refused (%d): back in the standard view, for later lookups too; [ shows the refusal.", ex.rec.Status)
		return m, fetch
	}
	masked := m.show(ex)
	m.hist.record(ex, m.kit.now())
	if l, err := m.parseLookup(m.input.value()); m.input.value() == "" && !opened || err == nil && l.PAID == r.l.paid {
		m.blurInput() // unless the user is typing another PAID, or went to the input to type one
	}
	return m, tea.Batch(masked, m.compareCmd())
}

// show puts an exchange on screen in place of the one before: a failure
// on its error pane, an advertisement on the tab the reader was on. It is
// shown as the mask is now (an answer kept from earlier may have come
// before it changed); the command makes its masked copy when it needs one.
func (m *Model) show(ex *exchange) tea.Cmd {
	if ex.doc != nil && ex.mask != m.mask {
		ex = ex.withMask(m.mask, masking{})
	}
	stay := m.deck.label()
	if ex.err != nil {
		stay = "" // a failure opens on what happened
	}
	if m.mark != nil && ex.doc != nil {
		c := *ex // the exchange may be kept elsewhere: compare a copy
		c.against, c.againstAt, stay = m.mark, m.markAt, compareLabel
		ex = &c
	}
	if ex.watched == nil && m.ex != nil && m.ex.paid == ex.paid && m.ex.watched != nil {
		c := *ex // the same advertisement again: its History tab stays until it is read anew
		c.watched = m.ex.watched
		ex = &c
	}
	m.ex = ex
	m.list.seen(ex.paid, m.cfg.BaseURL)
	in := m.layout.paneInner()
	m.deck = newDeck(panesFor(m.kit, ex), stay, in.w, in.h)
	m.line = ex.status()
	return tea.Batch(m.maskCmd(), m.readWatch())
}

// clear takes the exchange off the screen (and out of memory); the next
// one opens on the same tab.
func (m *Model) clear() {
	m.ex, m.line = nil, status{}
	in := m.layout.paneInner()
	m.deck = newDeck([]Pane{newStartPane(m.kit, m.cfg.Samples, m.cfg.FailureDemos, m.cfg.Changing)}, m.deck.label(), in.w, in.h)
}

// clearFor takes the exchange off the screen while l is fetched: the
// panes say what is under way until the answer replaces them.
func (m *Model) clearFor(l lookup, why string) {
	what := "Fetching " + text.CleanText(l.paid)
	if l.view == advert.Full {
		what += " (full view)"
	}
	stay := m.deck.label()
	m.ex, m.line = nil, status{}
	in := m.layout.paneInner()
	m.deck = newDeck([]Pane{newFetchingPane(m.kit, what+"…", why)}, stay, in.w, in.h)
}

// onCancelled: a dialog was cancelled. Unless a fetch is still under way
// (its lookup goes on), the lookup that may have opened the dialog did not
// happen: the screen names the exchange on screen again.
func (m Model) onCancelled(c cancelled) (tea.Model, tea.Cmd) {
	if !c.draft.empty() {
		m.draft = c.draft
	}
	if c.say != "" {
		m.status = status{level: levelInfo, text: c.say}
	}
	if m.sess.pending == nil {
		m.backToScreen()
	}
	return m, nil
}

// cancelFetch stops the fetch in flight, if there is one: the screen
// names the exchange on screen again.
func (m *Model) cancelFetch() bool {
	if !m.sess.cancel() {
		return false
	}
	m.status = status{level: levelInfo, text: "Canceled."}
	m.unfetching()
	m.backToScreen()
	return true
}

// backToScreen makes the input, the message line, the worklist's place
// and what r fetches name the exchange on screen again, after a lookup
// that did not happen: its dialog was cancelled (a pasted full-view URL,
// a worklist item), or its fetch. What was typed stays one ↑ away.
func (m *Model) backToScreen() {
	m.notice = ""
	m.list.back()
	if m.ex == nil {
		return
	}
	m.input.restore(m.ex.paid)
	m.sess.last = m.ex.lookup
}

// unfetching takes the "Fetching…" panes away when that fetch ends
// without an answer (canceled, or no request was sent).
func (m *Model) unfetching() {
	if _, ok := m.deck.current().(fetchingPane); ok && m.ex == nil {
		m.clear()
	}
}

// askFull opens the confirmation for the advertisement being fetched, or
// the one on screen, or the one in the input.
func (m *Model) askFull() tea.Cmd {
	if m.sess.view == advert.Full {
		m.status = status{level: levelInfo, text: "Already in the full view; s returns to the standard view."}
		return nil
	}
	if m.cfg.FullViewNever {
		m.status = status{level: levelWarn, text: "The full view is disabled for this profile (full_view = \"never\")."}
		return nil
	}
	if f := m.cfg.Files; f != nil && !f.full() {
		m.status = status{level: levelInfo, text: "This file is said to be of the standard view: padview --file PATH --view full opens its full view."}
		return nil
	}
	paid := ""
	switch l, err := m.parseLookup(m.input.value()); {
	case m.sess.pending != nil:
		paid = m.sess.pending.l.paid // the reader has moved on to it (ctrl+n, ]): not the one still on screen
	case m.ex != nil:
		paid = m.ex.paid
	case err == nil:
		paid = l.PAID
	}
	return m.confirmFull(paid, "")
}

// confirmFull opens the confirmation for paid, asking the purpose the
// access log records (required when the profile says so). The command
// draws it again when it is armed, so that its keys show when they work.
func (m *Model) confirmFull(paid, note string) tea.Cmd {
	prior := m.draft
	if m.sess.reason != "" && m.sess.given.paid != paid {
		prior = m.sess.given // given for another advertisement: to confirm again
	}
	m.open(newConfirmModal(m.kit, paid, note, purposeRule{required: m.cfg.RequireReason, recorded: m.sess.access.records()}, prior))
	return m.kit.after(confirmArmDelay, func(time.Time) tea.Msg { return confirmArmed{} })
}

func (m Model) onFullConfirmed(c fullConfirmed) (tea.Model, tea.Cmd) {
	m.sess.view, m.sess.reason, m.sess.given = advert.Full, c.reason, c.given
	m.draft = purposeGiven{}
	m.lastActivity = m.kit.now()
	if c.paid == "" {
		m.status = status{level: levelWarn, text: "Full view on: the next lookup shows personal data. s returns to the standard view."}
		return m, nil
	}
	m.status = status{level: levelWarn, text: fullViewAsked}
	return m, m.fetch(lookup{c.paid, advert.Full})
}

// fullViewAsked is what the message line says once the full view is
// confirmed; it stays only if personal data comes (onFetchResult).
const fullViewAsked = "Full view: personal data. s returns to the standard view."

// dropFullViewAsked takes back fullViewAsked when an answer brought no
// personal data: refused, failed or not sent, whatever was asked.
func (m *Model) dropFullViewAsked() {
	if m.status.text == fullViewAsked {
		m.status = status{}
	}
}

// leaveFull returns to the standard view: the personal data goes from
// memory and screen at once, and the advertisement is fetched again in
// the standard view.
func (m *Model) leaveFull(why string) tea.Cmd {
	if m.sess.view != advert.Full {
		return nil
	}
	m.sess.view, m.sess.reason = advert.Standard, ""
	m.status = status{level: levelInfo, text: why}
	m.notice = why
	paid := ""
	if p := m.sess.pending; p != nil && p.l.view == advert.Full {
		paid = p.l.paid
		m.sess.cancel()
	}
	if m.mark != nil && m.mark.View == advert.Full {
		m.mark = nil // a marked full view holds personal data too
	}
	if m.ex != nil && m.ex.view == advert.Full {
		if paid == "" {
			paid = m.ex.paid
		}
		m.clearFor(lookup{paid, advert.Standard}, "")
	}
	if paid == "" {
		return nil
	}
	return m.fetch(lookup{paid, advert.Standard})
}

// backToStandard is what s says: that personal data was cleared only
// when some was held (on screen, marked, or on its way).
func (m Model) backToStandard() string {
	p := m.sess.pending
	if m.ex.personal() || p != nil && p.l.view == advert.Full || m.mark != nil && m.mark.View == advert.Full {
		return "Back to the standard view; personal data cleared."
	}
	return "Back to the standard view."
}

// refetch repeats the latest lookup in the current view. On the History
// tab it reads the watch history again instead: no request.
func (m *Model) refetch() tea.Cmd {
	if m.onHistory() {
		m.status = status{level: levelInfo, text: "Reading the watch history of " + text.CleanText(m.ex.paid) + " again (no request)…"}
		cmd := m.readWatch()
		m.watch.rereading = m.watch.want
		return cmd
	}
	if m.sess.last.paid == "" {
		m.status = status{level: levelInfo, text: "Nothing to fetch yet: press o and enter a PAID."}
		return nil
	}
	return m.fetch(lookup{m.sess.last.paid, m.sess.view})
}

func (m Model) onTick() (tea.Model, tea.Cmd) {
	m.sess.refresh()
	if m.toast != nil && !m.kit.now().Before(m.toast.until) {
		m.toast = nil
	}
	if m.sess.view == advert.Full && m.kit.now().Sub(m.lastActivity) >= m.cfg.FullViewIdle {
		why := fmt.Sprintf("Returned to the standard view after %s without a key press; personal data cleared.", text.Duration(m.cfg.FullViewIdle))
		return m, tea.Batch(m.leaveFull(why), m.kit.tick())
	}
	return m, m.kit.tick()
}

// setToken builds the client for a token; each token has its own budget.
// source says where the token came from.
func (m *Model) setToken(token, source string) {
	m.sess.token, m.sess.source, m.sess.client = token, source, nil
	if token == "" || m.cfg.NewClient == nil {
		return
	}
	c, err := m.cfg.NewClient(token)
	if err != nil {
		m.status = status{level: levelError, text: text.CleanText(err.Error())}
		return
	}
	m.sess.client = c
	m.sess.refresh()
}

// openToken opens the token entry.
func (m *Model) openToken(intro string) tea.Cmd {
	current := ""
	if m.sess.token != "" {
		current = m.sess.source
	}
	md, cmd := newTokenModal(m.kit, tokenRule(m.cfg.Tokens), intro, tokenHome(m.cfg), text.CleanText(current))
	m.open(md)
	return cmd
}

// onTokenChosen saves a token off the UI goroutine.
func (m Model) onTokenChosen(c tokenChosen) (tea.Model, tea.Cmd) {
	m.status = status{level: levelInfo, text: "Saving the token…"}
	return m, saveTokenCmd(m.cfg.Tokens, m.cfg.Profile, c.token)
}

func (m Model) onTokenSaved(s tokenSaved) (tea.Model, tea.Cmd) {
	if s.sessionOnly {
		m.setToken(s.token, "entered in this session")
	} else {
		m.setToken(s.token, "OS keyring")
	}
	switch {
	case s.sessionOnly && s.err != nil:
		m.status = status{level: levelWarn, text: "Token kept for this session only: the keyring is unavailable."}
		m.notice = capitalize(text.CleanText(s.err.Error())) + "."
	case s.sessionOnly:
		m.status = status{level: levelInfo, text: "Token kept for this session only."}
	default:
		m.status = status{level: levelOK, text: "Token saved in the OS keyring for profile " + m.cfg.Profile + "."}
	}
	if m.sess.last.paid != "" && (m.ex == nil || m.ex.err != nil) {
		return m, m.fetch(lookup{m.sess.last.paid, m.sess.view}) // try again what the old token could not
	}
	return m, m.focusInput()
}
