package ui

import (
	"fmt"
	"net/url"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
)

// View draws the screen. It reads the model and what prepare built; it
// does no I/O and copes with a zero size before the first WindowSizeMsg.
func (m Model) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "padview"
	return v
}

func (m Model) render() string {
	w, h := m.width, m.height
	if w <= 0 || h <= 0 {
		return ""
	}
	if w < minWidth || h < minHeight {
		msg := fmt.Sprintf("padview needs at least %d×%d; this terminal is %d×%d. Enlarge the window, or press ctrl+c to quit.", minWidth, minHeight, w, h)
		return strings.Join(fitBlock(m.st.Warning.Render(ansi.Wrap(msg, w, " ")), w, h), "\n")
	}
	ph := m.paneHeight()
	var pane string
	switch {
	case m.tokenEntry != nil:
		pane = lipgloss.Place(w, ph, lipgloss.Center, lipgloss.Center, m.tokenView(w))
	case m.confirm != nil:
		pane = lipgloss.Place(w, ph, lipgloss.Center, lipgloss.Center, m.confirmView(w))
	case m.showHelp:
		pane = m.helpView(w, ph)
	default:
		pane = m.paneView(w, ph)
	}
	rows := []string{m.header(w), m.inputLine(w), m.messageLine(w), m.chrome.tabs}
	rows = append(rows, fitBlock(pane, w, ph)...)
	rows = append(rows, m.statusBar(w), m.helpLine(w))
	return strings.Join(rows, "\n")
}

// fit makes a line exactly w cells: truncated or padded.
func fit(s string, w int) string {
	lw := ansi.StringWidth(s)
	if lw > w {
		s = ansi.Truncate(s, w, "…")
		lw = ansi.StringWidth(s)
	}
	if lw < w {
		s += strings.Repeat(" ", w-lw)
	}
	return s
}

// fitBlock makes a block exactly h lines of w cells.
func fitBlock(s string, w, h int) []string {
	lines := strings.Split(s, "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	for i := range lines {
		lines[i] = fit(lines[i], w)
	}
	for len(lines) < h {
		lines = append(lines, strings.Repeat(" ", w))
	}
	return lines
}

func (m Model) header(w int) string {
	st := m.st
	where := text.CleanText(m.cfg.Profile)
	if u, err := url.Parse(m.cfg.BaseURL); err == nil && u.Host != "" {
		where += " · " + text.CleanText(u.Host)
	}
	badge := st.BadgeStandard.Render("STANDARD")
	if m.view == advert.Full {
		badge = st.BadgeFull.Render("FULL · personal data")
	}
	left := st.Title.Render("padview") + "  " + st.Muted.Render(where)
	if m.cfg.Demo && lipgloss.Width(left)+lipgloss.Width(badge)+24 <= w {
		left += "  " + st.BadgeDemo.Render("demo: fictional data")
	}
	left = ansi.Truncate(left, max(0, w-lipgloss.Width(badge)-1), "…")
	return left + strings.Repeat(" ", max(1, w-lipgloss.Width(left)-lipgloss.Width(badge))) + badge
}

func (m Model) inputLine(w int) string {
	prompt := m.st.InputPrompt.Render("PAID ❯ ")
	if m.focus != focusInput || m.tokenEntry != nil {
		prompt = m.st.Muted.Render("PAID ❯ ")
	}
	return fit(prompt+m.input.View(), w)
}

func (m Model) messageLine(w int) string {
	st := m.st
	if m.inputMsg != "" {
		return fit(st.InputError.Render("✗ "+m.inputMsg), w)
	}
	var left string
	switch {
	case m.detail != "" && m.pending == nil:
		left = st.StatusError.Render(m.detail)
	case m.notice != "":
		left = st.StatusWarn.Render(m.notice)
	case m.doc != nil:
		left = st.Muted.Render(fmt.Sprintf("Showing %s · %s view", text.CleanText(m.doc.PAID), m.doc.View))
	case m.focus == focusInput:
		left = st.Muted.Render("Type or paste a PAID and press enter · ↑/↓ history")
	}
	right := m.scrollInfo()
	gap := w - lipgloss.Width(left) - lipgloss.Width(right)
	if gap < 1 {
		return fit(left, w)
	}
	return left + strings.Repeat(" ", gap) + st.Muted.Render(right)
}

// scrollInfo tells where the current pane is scrolled to.
func (m Model) scrollInfo() string {
	if m.doc == nil {
		return ""
	}
	t := m.currentTab()
	if t.isParties() {
		return ""
	}
	total := len(m.raw)
	offset := 0
	if p, ok := m.panes[t]; ok {
		offset = p.offset
		if t != tabRaw {
			total = len(p.lines)
		}
	}
	h := m.textHeight(t)
	if total <= h {
		return ""
	}
	return fmt.Sprintf("lines %d–%d of %d", offset+1, min(offset+h, total), total)
}

func (m Model) paneView(w, h int) string {
	if m.doc == nil {
		return m.emptyState(w)
	}
	t := m.currentTab()
	p, ok := m.panes[t]
	if !ok {
		p = &paneState{}
	}
	full := m.doc.View == advert.Full
	switch {
	case t == tabSponsors:
		return indent(partyPane(m.st, "Sponsors", m.doc.Sponsors, m.doc.SponsorsPresent, p.cursor, p.offset, p.detailOffset, w-2, h, full))
	case t == tabControllers:
		return indent(partyPane(m.st, "Controllers", m.doc.Controllers, m.doc.ControllersPresent, p.cursor, p.offset, p.detailOffset, w-2, h, full))
	case t == tabRaw:
		out := m.exchangeSummary(w - 2)
		end := min(len(m.raw), p.offset+h-rawHeader)
		for _, l := range m.raw[min(p.offset, end):end] {
			out = append(out, colorJSONLine(m.st, ansi.Truncate(l, w-2, "…")))
		}
		return indent(strings.Join(out, "\n"))
	}
	if tabEmpty(t, m.doc) && !m.doc.Group(t.group()).IsPresent() {
		return " " + m.st.Null.Render(t.String()+": not in this response")
	}
	lines := p.lines
	end := min(len(lines), p.offset+h)
	return indent(strings.Join(lines[min(p.offset, end):end], "\n"))
}

// indent sets a pane one cell in from the edge.
func indent(s string) string { return " " + strings.ReplaceAll(s, "\n", "\n ") }

// exchangeSummary heads the Raw pane for support staff: the request, the
// answer, and the curl command that repeats it (token as $PADVIEW_TOKEN).
func (m Model) exchangeSummary(w int) []string {
	ex := m.ex
	if ex == nil {
		return []string{"", "", ""}
	}
	line := fmt.Sprintf("%s %s → %d %s · %s · %s", ex.Method, ex.URL, ex.Status, ex.Proto, latency(ex.Duration), text.FormatSize(ex.Size))
	if ex.RequestID != "" {
		line += " · request id " + ex.RequestID
	}
	return []string{
		m.st.Muted.Render(ansi.Truncate(line, w, "…")),
		m.st.Muted.Render(ansi.Truncate(ex.Curl, w-10, "…")) + m.st.Accent.Render("  c copies"),
		"",
	}
}

func (m Model) emptyState(w int) string {
	st := m.st
	var b strings.Builder
	b.WriteString("\n " + st.Title.Render("Look up a political advertisement") + "\n\n")
	b.WriteString(" Type its PAID above and press enter, or paste an endpoint URL.\n")
	list := func(title string, ids []string) {
		if len(ids) == 0 {
			return
		}
		b.WriteString("\n " + st.Muted.Render(title) + "\n")
		for _, l := range fillLines(ids, w-6) {
			b.WriteString("   " + l + "\n")
		}
	}
	list("Try one of these:", m.cfg.Samples)
	list("Or see how padview handles a failing service:", m.cfg.FailureDemos)
	b.WriteString("\n " + st.Muted.Render("f opens the full view (personal data) after a confirmation · ? shows every key"))
	return b.String()
}

// fillLines lays words out in lines of at most w cells, two spaces apart,
// never breaking a word (a PAID must stay whole to be typed back).
func fillLines(words []string, w int) []string {
	var lines []string
	cur := ""
	for _, word := range words {
		switch {
		case cur == "":
			cur = word
		case lipgloss.Width(cur)+2+lipgloss.Width(word) <= w:
			cur += "  " + word
		default:
			lines = append(lines, cur)
			cur = word
		}
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}

func (m Model) statusBar(w int) string {
	st := m.st
	now := m.now()
	var left string
	switch {
	case m.pending != nil:
		view := ""
		if m.pending.lookup.view == advert.Full {
			view = " (full view)"
		}
		left = m.spinner.View() + " " + st.Text.Render(fmt.Sprintf("Fetching %s%s…", text.CleanText(m.pending.lookup.paid), view))
		if b := m.budget; b.Blocked.After(now) {
			left += st.StatusWarn.Render(fmt.Sprintf(" rate limited: retrying in %s", countdown(b.Blocked.Sub(now))))
		} else if b.Waiting > 0 && b.WaitUntil.After(now) {
			left += st.StatusWarn.Render(fmt.Sprintf(" waiting for the rate budget: %s", countdown(b.WaitUntil.Sub(now))))
		}
		left += st.Muted.Render(" · esc cancels")
	case m.retryAt.After(now):
		left = st.StatusWarn.Render(fmt.Sprintf("%s: try again in %s", m.status.text, countdown(m.retryAt.Sub(now)))) + st.Muted.Render(m.retryHint())
	default:
		style := map[statusLevel]lipgloss.Style{levelInfo: st.Text, levelOK: st.StatusOK, levelWarn: st.StatusWarn, levelError: st.StatusError}[m.status.level]
		left = style.Render(m.status.text)
		if m.status.retry {
			left += st.Muted.Render(m.retryHint())
		}
	}
	right := m.budgetText(now)
	gap := w - lipgloss.Width(left) - lipgloss.Width(right) - 1
	if gap < 1 {
		left = ansi.Truncate(left, max(0, w-lipgloss.Width(right)-2), "…")
		gap = max(1, w-lipgloss.Width(left)-lipgloss.Width(right)-1)
	}
	return fit(left+strings.Repeat(" ", gap)+right, w)
}

// retryHint says how to retry with the key that works where focus is.
func (m Model) retryHint() string {
	if m.focus == focusInput {
		return " · enter retries"
	}
	return " · r retries"
}

// budgetText is the rate budget: "budget 987/1000", ≈ when it is the local
// estimate, with the time until the next slot frees.
func (m Model) budgetText(now time.Time) string {
	if m.client == nil {
		return ""
	}
	b := m.budget
	approx := "≈"
	if b.FromServer {
		approx = ""
	}
	s := fmt.Sprintf("budget %s%d/%d", approx, b.Remaining, b.Limit)
	if b.Remaining < b.Limit && b.NextFree.After(now) {
		s += " · next slot " + countdown(b.NextFree.Sub(now))
	}
	style := m.st.Budget
	if b.Limit > 0 && b.Remaining*10 < b.Limit {
		style = m.st.BudgetLow
	}
	return style.Render(s)
}

// countdown writes a wait in whole seconds, rounding up.
func countdown(d time.Duration) string {
	secs := int((d + time.Second - 1) / time.Second)
	if secs >= 60 {
		return fmt.Sprintf("%dm%02ds", secs/60, secs%60)
	}
	return fmt.Sprintf("%ds", secs)
}

func (m Model) helpLine(w int) string {
	if m.tokenEntry != nil || m.confirm != nil {
		return ""
	}
	return m.chrome.help
}

// chrome is the tab bar and key help as last drawn; prepare redraws them
// when what they show changed, so View does not draw them every frame.
type chrome struct {
	tabs, help string
	key        chromeKey
}

type chromeKey struct {
	width, tab int
	doc        any
	focus      focusArea
	dark       bool
}

func (m *Model) prepareChrome() {
	k := chromeKey{width: m.width, tab: m.tab, doc: m.doc, focus: m.focus, dark: m.st.IsDark}
	if k == m.chrome.key && m.chrome.tabs != "" {
		return
	}
	m.chrome.key = k
	tabs, _ := tabBar(m.st, m.tabs, m.tab, m.doc, m.width)
	m.chrome.tabs = fit(tabs, m.width)
	if m.focus == focusInput {
		m.chrome.help = fit(m.help.ShortHelpView(inputHelp{m.keys}.ShortHelp()), m.width)
	} else {
		m.chrome.help = fit(m.help.ShortHelpView(paneHelp{m.keys}.ShortHelp()), m.width)
	}
}

func (m Model) helpView(w, h int) string {
	hm := m.help // a copy: the full help is laid out inside the padding
	hm.SetWidth(w - 4)
	title := m.st.Title.Render("Keys") + m.st.Muted.Render("  (? or esc closes)")
	body := hm.FullHelpView(paneHelp{m.keys}.FullHelp())
	notes := m.st.Muted.Render(ansi.Wrap("Mouse: the wheel scrolls, a click selects a tab. Typing goes to the PAID input while it has focus. In the sponsors and controllers tables J/K scroll the selected entry's details.", w-4, " "))
	out := lipgloss.NewStyle().Padding(1, 2, 0, 2).Render(title + "\n\n" + body + "\n\n" + notes)
	lines := strings.Split(out, "\n")
	// On a small screen the help scrolls with ↑/↓ like a pane.
	off := min(m.helpOffset, max(0, len(lines)-h))
	lines = lines[off:]
	if len(lines) > h {
		lines = append(lines[:h-1], m.st.Muted.Render("  ↓ more"))
	}
	return strings.Join(lines, "\n")
}
