package ui

import (
	"cmp"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/theme"
)

// focusArea is where key presses go when no modal is open.
type focusArea int

const (
	focusInput focusArea = iota
	focusPane
)

// defaultIdle returns the UI to the standard view after this long idle.
const defaultIdle = 10 * time.Minute

// Model is padview's screen: a router between the PAID input, the panes of
// the exchange on screen and the one modal. It is a value: Update returns
// the next one.
type Model struct {
	cfg    Config
	kit    *kit
	layout layout

	input paidInput
	focus focusArea
	sess  session

	ex   *exchange // the exchange on screen; nil before the first
	deck deck      // its panes
	mask bool      // the privacy mask is on: for the exchange on screen and later ones
	hist history   // this session's lookups, for [, ] and H
	list worklist  // ctrl+n and ctrl+p step through it

	actions      []action // the root's keys while a pane has focus (actions.go)
	modal        Modal
	status       status           // what the last action said, until the next (status.go says the rule)
	line         status           // the latest lookup's own line in the status bar
	notice       string           // something padview did on its own about a lookup; above the panes until the next action
	toast        *copyToast       // what was just copied, until a key or its time is up
	mark         *advert.Document // the advertisement marked with =, that the next ones are compared with
	markAt       time.Time        // when the marked advertisement was fetched
	maskSeq      int              // the latest masked copy asked for (maskCmd)
	masking      *advert.Document // the document that request masks, until it answers
	spinner      spinner.Model
	lastActivity time.Time
	startup      tea.Cmd // the first lookup of a worklist
	chrome       chrome
	approxSeen   bool // a key was pressed after an answer: the status bar's ≈ has been explained
	// colour: the terminal shows colour (its profile, which NO_COLOR
	// lowers to ASCII, as Bubble Tea reports it at start); without it the
	// status bar gives the budget in words only.
	colour bool
	watch  watching     // the watch database: w and the History tab (watch.go)
	adding bool         // a [fields] line is being added (fieldsline.go)
	typing typing       // a PAID typed on a result screen (typing.go)
	draft  purposeGiven // the purpose a cancelled confirmation held, for the next
}

// New builds the model from the command line's configuration.
func New(cfg Config) Model {
	if cfg.FullViewIdle <= 0 {
		cfg.FullViewIdle = defaultIdle
	}
	k := &kit{st: theme.New(true), keys: newKeyMap(), help: help.New(), now: time.Now, after: tea.Tick, idle: cfg.FullViewIdle, typing: typingWindow, cli: text.Command(cfg.Demo, cfg.Profile)}
	if cfg.FullViewNever {
		k.keys.root.Full = rebind(k.keys.root.Full, "full view: disabled for this profile")
	}
	m := Model{cfg: cfg, kit: k, actions: rootActions(k.keys.root), input: newPAIDInput(), focus: focusInput, mask: cfg.Mask, hist: history{at: -1},
		spinner: spinner.New(spinner.WithSpinner(spinner.Dot))}
	m.sess.access = newAccessLog(cfg)
	if cfg.Watch != nil {
		m.watch.link = &watchLink{open: cfg.Watch}
	}
	m.applyTheme(true)
	m.lastActivity = k.now()
	m.setToken(cfg.Token, cmp.Or(cfg.TokenSource, "command line"))
	m.deck = newDeck([]Pane{newStartPane(k, cfg.Samples, cfg.FailureDemos, cfg.Changing)}, "", 0, 0)
	m.list = newWorklist(cfg.Worklist)
	if len(cfg.Worklist) > 0 {
		m.input.box.SetValue(cfg.Worklist[0])
	}
	if cfg.Files != nil {
		m.sess.files = cfg.Files
		m.list.parse = m.parseLookup
	}
	switch {
	case cfg.Files != nil && len(cfg.Worklist) > 0: // no token: no service is asked
		m.startup = m.lookUp(cfg.Worklist[0])
	case cfg.Token == "":
		if l, err := api.ParseLookup(m.input.value(), cfg.BaseURL); err == nil {
			m.sess.last = lookup{l.PAID, advert.Standard} // fetched once a token is entered
		}
		m.startup = m.openToken("No partner token for profile " + cfg.Profile + " yet.")
	case len(cfg.Worklist) > 0:
		m.startup = m.lookUp(cfg.Worklist[0])
	}
	return m
}

// Init asks the terminal for its background and starts the clock.
func (m Model) Init() tea.Cmd {
	return tea.Batch(tea.RequestBackgroundColor, m.kit.tick(), textinput.Blink, m.startup)
}

// Update routes one message: answers and timers to the session, input
// events to the modal if one is open, else to the PAID input or the pane.
// Then it redraws the chrome if what it shows changed.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	next, cmd := m.update(msg)
	nm := next.(Model)
	nm.chrome = nm.drawChrome()
	return nm, cmd
}

// update is the router: one case a kind of message, each handed on in a
// line or two, so that the whole flow reads in one place.
func (m Model) update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.resize(msg.Width, msg.Height)
		return m, nil
	case tea.ColorProfileMsg:
		m.colour = msg.Profile > colorprofile.ASCII
		return m, nil
	case tea.BackgroundColorMsg:
		m.applyTheme(msg.IsDark())
		m.resize(m.layout.width, m.layout.height)
		return m, nil
	case tickMsg:
		return m.onTick()
	case spinner.TickMsg:
		if m.sess.pending == nil {
			return m, nil
		}
		var cmd tea.Cmd
		m.spinner, cmd = m.spinner.Update(msg)
		return m, cmd
	case fetchResult:
		return m.onFetchResult(msg)
	case tokenChosen:
		return m.onTokenChosen(msg)
	case tokenSaved:
		return m.onTokenSaved(msg)
	case fullConfirmed:
		return m.onFullConfirmed(msg)
	case historyChosen:
		return m.onHistoryChosen(msg)
	case statusMsg:
		m.status = status(msg)
		return m, nil
	case cancelled:
		return m.onCancelled(msg)
	case copied:
		return m.onCopied(msg)
	case compared:
		return m.onCompared(msg)
	case maskedCopy:
		return m.onMasked(msg)
	case watchRead:
		return m.onWatchRead(msg)
	case lineAsked:
		return m.onLineAsked(msg)
	case lineConfirmed:
		return m.onLineConfirmed(msg)
	case lineAdded:
		return m.onLineAdded(msg)
	case findIndex:
		return m, m.deck.broadcast(msg) // the pane that asked takes it
	case heldKeyDue:
		return m.onHeldKeyDue(msg)
	case tea.KeyPressMsg, tea.PasteMsg, tea.MouseMsg:
		return m.onInput(msg)
	}
	// Anything else (a cursor blink) belongs to the input that shows.
	var cmd tea.Cmd
	if m.modal != nil {
		m.modal, cmd = m.modal.Update(msg)
	} else {
		cmd = m.input.update(msg)
	}
	return m, cmd
}

// onInput routes keys, pastes and the mouse: the modal first, always.
func (m Model) onInput(msg tea.Msg) (tea.Model, tea.Cmd) {
	m.lastActivity = m.kit.now()
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		if done, cmd := m.seeKey(msg); done {
			return m, cmd
		}
		if m.typing.held != nil {
			// A key waits (typing.go): typing goes on, or it acts now,
			// after seeKey so that what it says outlives this key.
			done, cmd := m.whileHeld(msg)
			if done {
				return m, cmd
			}
			next, cmd2 := m.route(msg)
			return next, tea.Batch(cmd, cmd2)
		}
	case tea.PasteMsg, tea.MouseClickMsg, tea.MouseWheelMsg:
		m.seen()
	}
	return m.route(msg)
}

// route hands input on: to the modal, else the PAID input or the pane.
func (m Model) route(msg tea.Msg) (tea.Model, tea.Cmd) {
	if m.modal != nil {
		var cmd tea.Cmd
		m.modal, cmd = m.modal.Update(msg)
		return m, cmd
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		if m.focus == focusInput {
			return m.onInputKey(msg)
		}
		return m.onKey(msg)
	case tea.PasteMsg:
		if m.focus == focusPane && m.deck.current().Finding() == findTyping {
			return m, m.deck.update(msg) // into the find line
		}
		// Any other paste goes to the PAID input, replacing what was there.
		var cmd tea.Cmd
		if m.focus != focusInput {
			m.input.clear()
			cmd = m.focusInput()
		}
		return m, tea.Batch(cmd, m.paste(msg))
	case tea.MouseWheelMsg:
		return m, m.deck.update(msg)
	case tea.MouseClickMsg:
		return m.onClick(msg)
	}
	return m, nil
}

// seeKey is what any key press does first, wherever it goes: it marks
// what was said as read (seen), and ctrl+c quits. done says the key did
// all it does (esc closing what was copied does nothing else).
func (m *Model) seeKey(k tea.KeyPressMsg) (done bool, cmd tea.Cmd) {
	r := m.kit.keys.root
	closeToast := m.modal == nil && m.toast != nil && key.Matches(k, r.Cancel)
	m.seen()
	if closeToast {
		return true, nil
	}
	m.approxSeen = m.approxSeen || m.ex != nil
	if key.Matches(k, r.ForceQuit) {
		return true, m.quit()
	}
	return false, nil
}

// seen is what every action (a key press, a paste, a click, the wheel)
// does first: what was said before it has been read (the rule is in
// status.go). The status bar's message goes at once; the notice and the
// copy toast wait while a modal covers them.
func (m *Model) seen() {
	m.status = status{}
	if m.modal == nil {
		m.notice, m.toast = "", nil
	}
}

// onKey handles a key while a pane has focus: the root's keys (actions),
// the rest (scrolling, selection, find) go to the pane.
func (m Model) onKey(k tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	switch find := m.deck.current().Finding(); {
	case find == findTyping:
		return m, m.deck.update(k) // the find line takes every key
	case find == findNone && key.Matches(k, m.kit.keys.find.Open):
		return m, m.newPAID(k) // nothing to find: / goes to the PAID input, as it always did
	}
	if done, cmd := m.onTyped(k); done {
		return m, cmd
	}
	cmd := m.act(k)
	return m, cmd
}

// act does what a key does while a pane has focus: one of the root's
// keys, or the pane's.
func (m *Model) act(k tea.KeyPressMsg) tea.Cmd {
	for _, a := range m.actions {
		if key.Matches(k, a.b) {
			return a.do(m, k)
		}
	}
	return m.deck.update(k)
}

// open shows a modal, sized for its area.
func (m *Model) open(md Modal) {
	m.modal = md.Resize(m.layout.modal.w, m.layout.modal.h)
}

func (m *Model) resize(w, h int) {
	m.layout = newLayout(w, h)
	if m.cfg.Files != nil {
		m.layout = m.layout.withBanner()
	}
	m.input.setWidth(w)
	in := m.layout.paneInner()
	m.deck.resize(in.w, in.h)
	if m.modal != nil {
		m.open(m.modal)
	}
}

func (m *Model) applyTheme(isDark bool) {
	m.kit.st = theme.New(isDark)
	m.kit.help.Styles = m.kit.st.Help
	m.input.restyle(m.kit.st)
	m.spinner.Style = m.kit.st.Accent
}
