package ui

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/theme"
)

// focusArea is where key presses go.
type focusArea int

const (
	focusInput focusArea = iota
	focusPane
)

// confirmArmDelay is how long the data-protection dialog ignores keys after
// it opens, so that keys already typed cannot confirm it.
const confirmArmDelay = 400 * time.Millisecond

// cursorBlink makes the inputs' cursors blink; tests turn it off.
var cursorBlink = true

// defaultIdle returns the UI to the standard view after this long idle.
const defaultIdle = 10 * time.Minute

// Model is padview's screen. It is a value: Update returns the next one.
type Model struct {
	cfg  Config
	keys keyMap
	st   theme.Styles
	now  func() time.Time

	width, height int

	client *api.Client
	token  string

	input    textinput.Model
	inputMsg string // a problem with what was typed, shown under the input
	history  []string
	histPos  int
	draft    string
	focus    focusArea

	view  advert.View // the view lookups use now
	doc   *advert.Document
	ex    *api.Exchange
	tabs  []tabID
	tab   int
	panes map[tabID]*paneState
	raw   []string // the Raw pane's indented lines, built on first view

	seq     int
	pending *pending
	last    lookup // the latest lookup asked for, for r
	status  status
	detail  string    // the whole message of the latest error, above the panes
	notice  string    // something padview did on its own, above the panes until the next key
	retryAt time.Time // a 429 padview gave up on: when trying again makes sense

	spinner    spinner.Model
	help       help.Model
	showHelp   bool
	helpOffset int // how far the help overlay is scrolled

	confirm    *confirmDialog
	tokenEntry *tokenEntry

	lastActivity time.Time
	budget       api.BudgetSnapshot
	chrome       chrome
}

// lookup is one PAID in one view.
type lookup struct {
	paid string
	view advert.View
}

// pending is the fetch in flight.
type pending struct {
	id      int
	lookup  lookup
	started time.Time
	cancel  context.CancelFunc
}

// paneState is a pane's scroll position, table cursor (and the scroll of
// the selected entry's details) and line cache.
type paneState struct {
	offset, cursor, detailOffset int
	lines                        []string
	linesWidth                   int
}

type statusLevel int

const (
	levelInfo statusLevel = iota
	levelOK
	levelWarn
	levelError
)

type status struct {
	level statusLevel
	text  string
	retry bool // the status bar adds how to retry, for the current focus
}

// New builds the model from the command line's configuration.
func New(cfg Config) Model {
	if cfg.FullViewIdle <= 0 {
		cfg.FullViewIdle = defaultIdle
	}
	in := textinput.New()
	in.Prompt = ""
	in.Placeholder = "advertisement PAID, e.g. AB12CD, or paste an endpoint URL"
	in.CharLimit = 2048
	setBlink(&in)
	in.Focus()
	m := Model{
		cfg: cfg, keys: newKeyMap(), st: theme.New(true), now: time.Now,
		input: in, focus: focusInput, view: advert.Standard,
		panes: map[tabID]*paneState{}, tabs: tabsFor(nil),
		spinner: spinner.New(spinner.WithSpinner(spinner.Dot)),
		help:    help.New(),
	}
	m.applyTheme(true)
	m.lastActivity = m.now()
	m.setToken(cfg.Token)
	if cfg.Token == "" {
		m.openTokenEntry("No partner token for profile " + cfg.Profile + " yet.")
	}
	return m
}

// setToken builds the client for a token; each token has its own budget.
func (m *Model) setToken(token string) {
	m.token = token
	m.client = nil
	if token == "" || m.cfg.NewClient == nil {
		return
	}
	c, err := m.cfg.NewClient(token)
	if err != nil {
		m.status = status{levelError, text.CleanText(err.Error()), false}
		return
	}
	m.client = c
	m.budget = c.Budget().Snapshot()
}

func (m *Model) applyTheme(isDark bool) {
	m.st = theme.New(isDark)
	m.help.Styles = m.st.Help
	m.input.SetStyles(textinput.DefaultStyles(isDark))
	setBlink(&m.input)
	m.spinner.Style = m.st.Accent
	for _, p := range m.panes {
		p.lines = nil
	}
}

// Init asks the terminal for its background and starts the clock.
func (m Model) Init() tea.Cmd {
	return tea.Batch(tea.RequestBackgroundColor, tick(), textinput.Blink)
}

// Update handles one message, then prepares what View will read.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	next, cmd := m.update(msg)
	nm := next.(Model)
	nm.prepare()
	return nm, cmd
}

func (m Model) update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.input.SetWidth(max(10, m.width-9))
		m.help.SetWidth(m.width)
		m.clampPane()
		return m, nil
	case tea.BackgroundColorMsg:
		m.applyTheme(msg.IsDark())
		return m, nil
	case tickMsg:
		return m.onTick()
	case spinner.TickMsg:
		if m.pending == nil {
			return m, nil
		}
		var cmd tea.Cmd
		m.spinner, cmd = m.spinner.Update(msg)
		return m, cmd
	case fetchResult:
		return m.onFetchResult(msg)
	case tokenSaved:
		return m.onTokenSaved(msg)
	case tea.KeyPressMsg:
		m.lastActivity = m.now()
		m.notice = ""
		return m.onKey(msg)
	case tea.PasteMsg:
		m.lastActivity = m.now()
		return m.onPaste(msg)
	case tea.MouseWheelMsg:
		m.lastActivity = m.now()
		return m.onWheel(msg)
	case tea.MouseClickMsg:
		m.lastActivity = m.now()
		return m.onClick(msg)
	}
	// Anything else (cursor blink and the like) belongs to the inputs.
	var cmd tea.Cmd
	if m.tokenEntry != nil {
		m.tokenEntry.input, cmd = m.tokenEntry.input.Update(msg)
	} else {
		m.input, cmd = m.input.Update(msg)
	}
	return m, cmd
}

func (m Model) onTick() (tea.Model, tea.Cmd) {
	if m.client != nil {
		m.budget = m.client.Budget().Snapshot()
	}
	if m.view == advert.Full && m.now().Sub(m.lastActivity) >= m.cfg.FullViewIdle {
		cmd := m.leaveFull(fmt.Sprintf("Returned to the standard view after %s without a key press; personal data cleared.", humanDuration(m.cfg.FullViewIdle)))
		return m, tea.Batch(cmd, tick())
	}
	return m, tick()
}

// startFetch validates the PAID (a bad one costs no request) and starts a
// request, cancelling the one in flight.
func (m *Model) startFetch(input string, view advert.View) tea.Cmd {
	paid, err := api.ParsePAID(input)
	if err != nil {
		m.inputMsg = capitalize(text.CleanText(err.Error()))
		return nil
	}
	m.inputMsg, m.detail = "", ""
	m.addHistory(paid)
	if m.client == nil {
		m.last = lookup{paid, view}
		m.status = status{levelError, "No partner token: press t to enter one.", false}
		return nil
	}
	m.cancelPending()
	m.seq++
	ctx, cancel := context.WithCancel(context.Background())
	m.pending = &pending{id: m.seq, lookup: lookup{paid, view}, started: m.now(), cancel: cancel}
	m.last = lookup{paid, view}
	return tea.Batch(fetchCmd(ctx, m.client, m.seq, paid, view), m.spinner.Tick)
}

func (m *Model) cancelPending() {
	if m.pending != nil {
		m.pending.cancel()
		m.pending = nil
	}
}

func (m Model) onFetchResult(r fetchResult) (tea.Model, tea.Cmd) {
	if m.pending == nil || r.id != m.pending.id {
		return m, nil // the user moved on: another PAID, a view switch or a cancel
	}
	m.pending.cancel()
	m.pending = nil
	if m.client != nil {
		m.budget = m.client.Budget().Snapshot()
	}
	if r.err != nil {
		m.status = m.errorStatus(r.err, r.paid, r.view)
		if api.KindOf(r.err) != api.KindCanceled {
			m.detail = capitalize(text.CleanText(r.err.Error()))
		}
		return m, nil
	}
	m.retryAt = time.Time{}
	m.setDocument(r.doc, r.ex)
	if p, err := api.ParsePAID(m.input.Value()); err == nil && p == r.paid && m.focus == focusInput {
		m.focusPane()
	}
	return m, nil
}

// setDocument shows a new result, keeping the pane the user was on.
func (m *Model) setDocument(d *advert.Document, ex *api.Exchange) {
	current := m.currentTab()
	m.doc, m.ex = d, ex
	m.raw = nil
	m.panes = map[tabID]*paneState{}
	m.tabs = tabsFor(d)
	m.tab = 0
	for i, t := range m.tabs {
		if t == current {
			m.tab = i
		}
	}
	m.status = status{levelOK, okStatus(ex), false}
}

func okStatus(ex *api.Exchange) string {
	if ex == nil {
		return "OK"
	}
	parts := []string{fmt.Sprintf("%d", ex.Status), latency(ex.Duration)}
	if ex.Attempts > 1 {
		parts = append(parts, fmt.Sprintf("%d attempts", ex.Attempts))
	}
	if ex.RequestID != "" {
		parts = append(parts, "request id "+ex.RequestID)
	}
	return strings.Join(parts, " · ")
}

// errorStatus says in a few words what went wrong and what to do next;
// the whole message goes above the panes.
func (m *Model) errorStatus(err error, paid string, view advert.View) status {
	var e *api.Error
	if !errors.As(err, &e) {
		return status{levelError, capitalize(text.CleanText(err.Error())), true}
	}
	code := ""
	if e.Status != 0 {
		code = fmt.Sprintf(" (%d)", e.Status)
	}
	switch e.Kind {
	case api.KindUnauthorized:
		return status{levelError, "Token rejected" + code + " · t enters a new token", false}
	case api.KindForbidden:
		if view == advert.Full {
			return status{levelError, "Full view not allowed for this token" + code + " · s standard view · t new token", false}
		}
		return status{levelError, "Not allowed" + code + " · t enters a new token", false}
	case api.KindNotFound:
		return status{levelWarn, "No advertisement with PAID " + text.CleanText(paid), false}
	case api.KindRateLimited:
		if e.RetryAfter > 0 {
			m.retryAt = m.now().Add(e.RetryAfter)
		}
		return status{levelWarn, "Rate limited" + code, false}
	case api.KindCanceled:
		return status{levelInfo, "Canceled.", false}
	case api.KindServer:
		return status{levelError, "Service error" + code + attempts(e.Attempts), true}
	case api.KindTimeout:
		return status{levelError, "No answer in time" + attempts(e.Attempts), true}
	case api.KindNetwork:
		return status{levelError, "Cannot reach the service" + attempts(e.Attempts), true}
	case api.KindTooLarge:
		return status{levelError, "Response too large; nothing shown", false}
	case api.KindBadResponse:
		return status{levelError, "The service sent something that is not JSON" + code, true}
	}
	return status{levelError, "Request failed" + code, true}
}

func attempts(n int) string {
	if n > 1 {
		return fmt.Sprintf(" after %d attempts", n)
	}
	return ""
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// leaveFull returns to the standard view: the personal data goes from
// memory and screen, and the advertisement is fetched again in standard.
func (m *Model) leaveFull(why string) tea.Cmd {
	if m.view != advert.Full {
		return nil
	}
	m.view = advert.Standard
	m.cancelPending()
	var cmd tea.Cmd
	if m.doc != nil && m.doc.View == advert.Full {
		paid := m.doc.PAID
		m.doc, m.ex, m.raw = nil, nil, nil
		m.panes = map[tabID]*paneState{}
		m.tabs = tabsFor(nil)
		cmd = m.startFetch(paid, advert.Standard)
	}
	m.status = status{levelInfo, why, false}
	m.notice = why
	return cmd
}

func (m *Model) addHistory(paid string) {
	if n := len(m.history); n == 0 || m.history[n-1] != paid {
		m.history = append(m.history, paid)
	}
	m.histPos = len(m.history)
}

func (m *Model) focusPane() {
	if m.focus == focusPane {
		return
	}
	m.focus = focusPane
	m.input.Blur()
}

func (m *Model) focusInputBox() tea.Cmd {
	m.focus = focusInput
	return m.input.Focus()
}

func (m Model) currentTab() tabID {
	if m.tab < len(m.tabs) {
		return m.tabs[m.tab]
	}
	return tabAdvertiser
}

func (m *Model) pane(t tabID) *paneState {
	p, ok := m.panes[t]
	if !ok {
		p = &paneState{}
		m.panes[t] = p
	}
	return p
}

// matches is key.Matches for one binding.
func matches(k tea.KeyPressMsg, b key.Binding) bool { return key.Matches(k, b) }

// latency writes a duration for the status bar: "34ms", "1.2s", "<1ms".
func latency(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return "<1ms"
	case d < time.Second:
		return d.Round(time.Millisecond).String()
	}
	return d.Round(100 * time.Millisecond).String()
}

func setBlink(in *textinput.Model) {
	s := in.Styles()
	s.Cursor.Blink = cursorBlink
	in.SetStyles(s)
}
