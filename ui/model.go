package ui

import (
	"cmp"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
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
	work int       // the worklist item opened last

	modal        Modal
	status       status
	notice       string           // something padview did on its own; above the panes until the next key
	toast        *copyToast       // what was just copied, until a key or its time is up
	mark         *advert.Document // the advertisement marked with =, that the next ones are compared with
	spinner      spinner.Model
	lastActivity time.Time
	startup      tea.Cmd // the first lookup of a worklist
	chrome       chrome
	approxSeen   bool // a key was pressed after an answer: the status bar's ≈ has been explained
}

// New builds the model from the command line's configuration.
func New(cfg Config) Model {
	if cfg.FullViewIdle <= 0 {
		cfg.FullViewIdle = defaultIdle
	}
	k := &kit{st: theme.New(true), keys: newKeyMap(), help: help.New(), now: time.Now, idle: cfg.FullViewIdle}
	if cfg.FullViewNever {
		k.keys.Full = rebind(k.keys.Full, "full view: disabled for this profile")
	}
	m := Model{cfg: cfg, kit: k, input: newPAIDInput(), focus: focusInput, mask: cfg.Mask, hist: history{at: -1},
		spinner: spinner.New(spinner.WithSpinner(spinner.Dot))}
	m.sess.access = newAccessLog(cfg)
	m.applyTheme(true)
	m.lastActivity = k.now()
	m.setToken(cfg.Token, cmp.Or(cfg.TokenSource, "command line"))
	m.deck = newDeck([]Pane{newStartPane(k, cfg.Samples, cfg.FailureDemos)}, "", 0, 0)
	if len(cfg.Worklist) > 0 {
		m.input.box.SetValue(cfg.Worklist[0])
	}
	switch {
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
	return tea.Batch(tea.RequestBackgroundColor, tick(), textinput.Blink, m.startup)
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

func (m Model) update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.resize(msg.Width, msg.Height)
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
	case copied:
		return m.onCopied(msg)
	case compared:
		return m.onCompared(msg)
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
	if k, ok := msg.(tea.KeyPressMsg); ok {
		if m.modal == nil && m.toast != nil && key.Matches(k, m.kit.keys.Cancel) {
			m.toast = nil // esc closes what was copied, and does nothing else
			return m, nil
		}
		if m.modal == nil {
			m.notice, m.toast = "", nil // read by now; a modal covers them, so they wait
		}
		m.approxSeen = m.approxSeen || m.ex != nil
		if key.Matches(k, m.kit.keys.ForceQuit) {
			m.sess.cancel()
			return m, tea.Quit
		}
	}
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
		return m, tea.Batch(cmd, m.input.update(msg))
	case tea.MouseWheelMsg:
		return m, m.deck.update(msg)
	case tea.MouseClickMsg:
		return m.onClick(msg)
	}
	return m, nil
}

// onKey handles a key while a pane has focus: the root's keys here, the
// rest (scrolling, selection) go to the pane.
func (m Model) onKey(k tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	keys := m.kit.keys
	find := m.deck.current().Finding()
	switch {
	case find == findTyping:
		return m, m.deck.update(k) // the find line takes every key
	case key.Matches(k, keys.Quit):
		m.sess.cancel()
		return m, tea.Quit
	case key.Matches(k, keys.Fetch):
		if m.input.value() == "" {
			return m, m.focusInput()
		}
		return m, m.lookUp(m.input.value())
	case key.Matches(k, keys.FocusInput), key.Matches(k, keys.Find) && find == findNone:
		if k.String() != "ctrl+l" {
			m.input.clear() // a new lookup starts empty; ↑ brings the last PAID back
		}
		return m, m.focusInput()
	case key.Matches(k, keys.Cancel) && m.sess.pending == nil && find == findKept:
		return m, m.deck.update(k) // clears the find
	case key.Matches(k, keys.Cancel):
		if m.sess.cancel() {
			m.status = status{level: levelInfo, text: "Canceled."}
			m.unfetching()
		} else if m.mark != nil {
			m.unmark()
		}
	case key.Matches(k, keys.BackForward):
		return m, m.stepHistory(k)
	case key.Matches(k, keys.Lookups):
		m.openHistory()
	case key.Matches(k, keys.Worklist):
		return m, m.stepWorklist(k)
	case key.Matches(k, keys.Help):
		m.open(newHelpModal(m.kit))
	case key.Matches(k, keys.CopyMenu):
		m.openCopy()
	case key.Matches(k, keys.Export):
		return m, m.openExport()
	case key.Matches(k, keys.Compare):
		m.toggleMark()
	case key.Matches(k, keys.NextTab), key.Matches(k, keys.Right):
		m.deck.move(1)
	case key.Matches(k, keys.PrevTab), key.Matches(k, keys.Left):
		m.deck.move(-1)
	case key.Matches(k, keys.Jump):
		m.deck.jump((int(k.String()[0]-'0') + 9) % 10) // 1 is the first tab, 0 the tenth
	case key.Matches(k, keys.Full):
		m.askFull()
	case key.Matches(k, keys.Mask):
		return m, m.toggleMask()
	case key.Matches(k, keys.Standard):
		if m.sess.view == advert.Standard {
			m.status = status{level: levelInfo, text: "Already in the standard view."}
			return m, nil
		}
		return m, m.leaveFull(m.backToStandard())
	case key.Matches(k, keys.Refetch):
		return m, m.refetch()
	case key.Matches(k, keys.Copy):
		return m, m.copyCurl()
	case key.Matches(k, keys.Token):
		return m, m.openToken("Enter a new partner token for profile " + m.cfg.Profile + ".")
	default:
		return m, m.deck.update(k)
	}
	return m, nil
}

// open shows a modal, sized for its area.
func (m *Model) open(md Modal) {
	m.modal = md.Resize(m.layout.modal.w, m.layout.modal.h)
}

func (m *Model) resize(w, h int) {
	m.layout = newLayout(w, h)
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
