package ui

import (
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/theme"
)

// View draws the screen from the layout. It reads the model and what
// Resize built; it does no I/O and copes with a zero size.
func (m Model) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "padview"
	return v
}

func (m Model) render() string {
	l, st := m.layout, m.kit.st
	if l.width <= 0 || l.height <= 0 {
		return ""
	}
	if l.tooSmall {
		msg := fmt.Sprintf("padview needs at least %d×%d; this terminal is %d×%d. Enlarge the window, or press ctrl+c to quit.", minWidth, minHeight, l.width, l.height)
		return strings.Join(fitBlock(st.Warning.Render(ansi.Wrap(msg, l.width, " ")), l.width, l.height), "\n")
	}
	rows := make([]string, 0, l.height)
	rows = append(rows, m.header(l.width))
	if m.modal != nil {
		a := l.modal
		rows = append(rows, fitBlock(lipgloss.Place(a.w, a.h, lipgloss.Center, lipgloss.Center, m.modal.View()), a.w, a.h)...)
	} else {
		rows = append(rows, m.input.view(st, m.focus == focusInput, l.width), m.messageLine(l.width))
		if f := m.cfg.Files; f != nil {
			rows = append(rows, fit(st.Warning.Render(ansi.Truncate(f.banner(), l.width, "…")), l.width))
		}
		rows = append(rows, m.drawChrome().tabs)
		in := l.paneInner()
		pane := fitBlock(m.deck.current().View(), in.w, in.h)
		if m.toast != nil {
			pane = m.toast.cover(st, pane, in.w)
		}
		for _, line := range pane {
			rows = append(rows, " "+line+" ")
		}
	}
	rows = append(rows, m.statusBar(l.width), m.drawChrome().keys)
	return strings.Join(rows, "\n")
}

// badge is the header's badge, its rule in one place: FULL while personal
// data of a full view is on screen; "full view on" while the full view is
// asked for and nothing of it shows; STANDARD otherwise. Either of the
// last two adds "◆ personal data" when the standard answer on screen
// holds personal data anyway (the service chose to send it): the badge
// says whenever personal data is on screen, and claims the full view only
// for the full view. MASKED leads while the privacy mask is on. short
// says ◆ alone for "◆ personal data", for a header too narrow for its
// host otherwise.
func (m Model) badge(short bool) string {
	st := m.kit.st
	held, full := " · "+theme.PersonalMark+" personal data", "FULL · personal data"
	if short {
		held, full = " "+theme.PersonalMark, "FULL "+theme.PersonalMark
	}
	var badge string
	switch {
	case m.ex.personal():
		badge = st.BadgeFull.Render(full)
	case m.sess.view == advert.Full && m.ex.holdsPersonal():
		badge = st.Warning.Render("full view on" + held)
	case m.sess.view == advert.Full:
		badge = st.Warning.Render("full view on")
	case m.ex.holdsPersonal():
		badge = st.BadgeStandard.Render("STANDARD" + held)
	default:
		badge = st.BadgeStandard.Render("STANDARD")
	}
	if m.mask || m.ex != nil && m.ex.mask {
		badge = st.Selected.Padding(0, 1).Render("MASKED") + " " + badge
	}
	return badge
}

// header is the title, the profile and host, and the badge. What a
// narrow header keeps readable is the host: the badge says ◆ alone for
// "◆ personal data" first, then the mark (the Compare tab names it), the
// profile and the worklist's place (the message line says it) go, in that
// order, before the host is cut.
func (m Model) header(w int) string {
	st := m.kit.st
	host := serviceName(m.cfg.BaseURL)
	if m.cfg.Files != nil {
		host = "file, no service"
	}
	var left, badge string
	for try := 0; try <= 4; try++ {
		badge = m.badge(try > 0)
		if w := m.watchLabel(); w != "" {
			badge = st.Accent.Render(w) + " " + badge
		}
		drop := max(0, try-1) // 1: the mark, 2: the profile, 3: the worklist's place
		left = st.Title.Render("padview") + "  "
		if place := m.worklistPlace(); place != "" && drop < 3 {
			left += st.Accent.Render("worklist "+place) + "  "
		}
		if drop < 2 {
			left += st.Muted.Render(text.CleanText(m.cfg.Profile) + " · " + host)
		} else {
			left += st.Muted.Render(host)
		}
		if mark := m.markLabel(); mark != "" && drop < 1 {
			left += "  " + st.Accent.Render(mark)
		}
		if lipgloss.Width(left)+1+lipgloss.Width(badge) <= w {
			break
		}
	}
	if m.cfg.Demo && lipgloss.Width(left)+lipgloss.Width(badge)+24 <= w {
		left += "  " + st.BadgeDemo.Render("demo: fictional data")
	}
	left = ansi.Truncate(left, max(0, w-lipgloss.Width(badge)-1), "…")
	return left + strings.Repeat(" ", max(1, w-lipgloss.Width(left)-lipgloss.Width(badge))) + badge
}

// messageLine is what was wrong with the input, or a notice padview gave
// on its own, or which exchange the panes show (status.go has the rule);
// on the right, where the pane is scrolled.
func (m Model) messageLine(w int) string {
	st := m.kit.st
	if p := m.input.problem; p != "" {
		return fit(st.InputError.Render("✗ "+longestFit(w-2, p, m.input.brief)), w)
	}
	var left string
	switch {
	case m.notice != "":
		left = st.StatusWarn.Render(longestFit(w-1-lipgloss.Width(m.deck.current().Where()), m.notice, withoutAsides(m.notice)))
	case m.ex != nil && m.ex.err != nil:
		left = st.StatusError.Render(m.ex.headline() + m.inWorklist())
	case m.ex != nil && m.ex.doc.AnsweredFor() != "":
		// The answer is for another advertisement than the one named
		// everywhere else on the screen: that leads, before the panes.
		warn := "⚠ " + capitalize(text.CleanText(m.ex.doc.AnsweredFor()))
		left = st.StatusError.Render(longestFit(w-1-lipgloss.Width(m.deck.current().Where()), warn+" · "+m.ex.headline(), warn))
	case m.ex != nil:
		left = st.Muted.Render(m.ex.headline()+m.inWorklist()) + m.warnings()
	case m.focus == focusInput:
		left = st.Muted.Render("Type or paste a PAID and press " + m.kit.keys.root.Fetch.Help().Key + " · " + say(m.kit.keys.input.History(), "history"))
	}
	right := m.deck.current().Where()
	gap := w - lipgloss.Width(left) - lipgloss.Width(right)
	if gap < 1 {
		return fit(left, w)
	}
	return left + strings.Repeat(" ", gap) + st.Muted.Render(right)
}

// inWorklist is the exchange's place in the worklist for the message line
// (" · worklist 1 of 3"), while it is the worklist's item.
func (m Model) inWorklist() string {
	at, n, ok := strings.Cut(m.worklistPlace(), "/")
	if !ok {
		return ""
	}
	return " · worklist " + at + " of " + n
}

// warnings is the normalizer's warnings in brief, as the mask shows them
// (a warning may quote a value); Raw lists them all.
func (m Model) warnings() string {
	d := m.ex.shown()
	if d == nil {
		return ""
	}
	ws := d.Warnings
	switch len(ws) {
	case 0:
		return ""
	case 1:
		return m.kit.st.StatusWarn.Render(" · ⚠ " + text.CleanText(ws[0]))
	}
	return m.kit.st.StatusWarn.Render(fmt.Sprintf(" · ⚠ %d warnings (Raw lists them): %s", len(ws), text.CleanText(ws[0])))
}

func (m Model) exErr() error {
	if m.ex == nil {
		return nil
	}
	return m.ex.err
}

// chrome is the tab bar and the key line as last drawn. Update redraws
// them when what they show changed, so View rarely lays them out.
type chrome struct {
	key        chromeKey
	tabs, keys string
}

// chromeKey is everything the tab bar and the key line depend on.
type chromeKey struct {
	width, active, panes int
	ex                   *exchange
	focus                focusArea
	view                 advert.View
	dark, mask           bool
	mark                 *advert.Document
	find                 findMode
	visits               int
	last                 string // the PAID r fetches again
	scrolls              bool   // the pane has more than shows
	notice               bool   // the Transparency tab shows the notice: its key names the checklist
}

// drawChrome returns the chrome, drawn again only when it changed. A modal
// brings its own keys, so the key line is not kept while one is open.
func (m Model) drawChrome() chrome {
	k := chromeKey{m.layout.width, m.deck.active, len(m.deck.panes), m.ex, m.focus, m.sess.view, m.kit.st.IsDark, m.mask, m.mark,
		m.deck.current().Finding(), len(m.hist.visits), m.sess.last.paid, m.deck.current().Where() != "", m.kit.showNotice}
	if m.modal != nil {
		return chrome{tabs: m.chrome.tabs, keys: fit(m.keyLine(k.width), k.width)}
	}
	if k == m.chrome.key && m.chrome.keys != "" {
		return m.chrome
	}
	bar, _ := m.deck.bar(m.kit, k.width)
	return chrome{key: k, tabs: fit(bar, k.width), keys: fit(m.keyLine(k.width), k.width)}
}

// statusBar is what the last action said, or the latest lookup's own line,
// or the fetch in flight, on the left (status.go has the rule), and the
// rate budget on the right.
func (m Model) statusBar(w int) string {
	st := m.kit.st
	now := m.kit.now()
	var mains []string
	var hint, rid string
	switch p := m.sess.pending; {
	case p != nil:
		view := ""
		if p.l.view == advert.Full {
			view = " (full view)"
		}
		main := m.spinner.View() + " " + st.Text.Render(fmt.Sprintf("Fetching %s%s…", text.CleanText(p.l.paid), view))
		if b := m.sess.budget; b.Blocked.After(now) {
			main += st.StatusWarn.Render(" rate limited: retrying in " + text.Countdown(b.Blocked.Sub(now)))
		} else if b.Waiting > 0 && b.WaitUntil.After(now) {
			main += st.StatusWarn.Render(" waiting for the rate budget: " + text.Countdown(b.WaitUntil.Sub(now)))
		}
		mains = []string{main}
		hint = st.Muted.Render(" · " + say(m.kit.keys.root.Cancel, "cancels"))
	case m.sess.retryAt.After(now) && m.status.text == "":
		until := m.sess.retryAt
		if b := m.sess.budget.Blocked; b.After(now) {
			until = b // the budget's sentence counts down the same wait
		}
		mains = []string{st.StatusWarn.Render(m.line.text + ": try again in " + text.Countdown(until.Sub(now)))}
		hint = st.Muted.Render(m.retryHint())
		rid = m.line.requestID
	default:
		said := m.status
		if said.text == "" {
			said = m.line
		}
		for _, s := range said.wordings() {
			mains = append(mains, m.levelStyle(said.level).Render(s))
		}
		if said.retry {
			hint = st.Muted.Render(m.retryHint())
		}
		rid = said.requestID
	}
	if rid != "" {
		rid = st.Muted.Render(" · request id ") + st.Text.Render(text.CleanText(rid))
	}
	budget, gauge, slot := m.budgetText(now)
	return fitStatus(w, mains, hint, rid, budget, gauge, slot)
}

// levelStyle is how a message of a level is drawn.
func (m Model) levelStyle(l statusLevel) lipgloss.Style {
	st := m.kit.st
	return map[statusLevel]lipgloss.Style{levelInfo: st.Text, levelOK: st.StatusOK, levelWarn: st.StatusWarn, levelError: st.StatusError}[l]
}

// retryHint says how to retry with the key that works where focus is.
func (m Model) retryHint() string {
	switch {
	case m.focus == focusInput:
		return " · " + say(m.kit.keys.root.Fetch, "retries")
	case m.onHistory():
		return "" // r reads the watch history there; another tab retries
	}
	return " · " + say(m.kit.keys.root.Refetch, "retries")
}

// budgetText is the rate budget as a sentence a new user reads without
// help (api.BudgetSnapshot.Summary: "999 of 1,000 left"), and apart, to go
// first on a narrow terminal, its time ("· window resets in 59s"). Until a
// key is pressed after the first answer, an estimate says what its ≈ means
// in place of the time; the ? help says it too.
func (m Model) budgetText(now time.Time) (string, string, string) {
	if m.sess.client == nil {
		return "", "", ""
	}
	b := m.sess.budget
	left, when, _ := strings.Cut(b.Summary(now), " · ")
	if when != "" {
		when = " · " + when
	}
	if !b.FromServer && !m.approxSeen {
		when = " · ≈ padview's own estimate"
	}
	style := m.kit.st.Budget
	if b.Limit > 0 && b.Remaining*10 < b.Limit {
		style = m.kit.st.BudgetLow
	}
	gauge := ""
	if m.colour && b.Limit > 0 && m.layout.width >= gaugeMinWidth {
		gauge = " " + theme.Gauge(float64(b.Remaining)/float64(b.Limit), theme.GaugeCells, style.Render, m.kit.st.Muted.Render)
	}
	return style.Render(left), gauge, style.Render(when)
}

// gaugeMinWidth is the narrowest status bar that draws the budget's
// gauge: below it the figure says the same in fewer cells.
const gaugeMinWidth = 80
