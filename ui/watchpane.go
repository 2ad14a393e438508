package ui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/padview/padview/api/stamp"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/api/watch"
)

// historyLabel is the History tab's label.
const historyLabel = "History"

// watchPane is the History tab of a watched advertisement: the events the
// watch database holds of it, newest first, and the selected one's
// changes, beside the list on a wide terminal and below it otherwise. It
// reads only what readHistory brought: nothing here makes a request. Like
// the sponsors table, ↑/↓ select, J/K scroll the changes, and / leaves the
// events that hold what is typed.
type watchPane struct {
	k *kit
	h *watchHistory

	width, height int
	cursor        int // the selected row, among the rows shown
	offset        int // the first row in sight
	detail        int // how far the selected event's changes are scrolled
	find          finder
	shown         []int // the events the find leaves, in order; nil: all of them

	// strip is the timeline above the list, drawn when the size or the
	// theme changes (Resize), so that View only reads it.
	strip []string

	// The selected event laid out, when the selection, the width or the
	// theme changes, so that View only reads it.
	lines                 []string
	linesOf, linesWidth   int
	linesDark, linesValid bool
}

// newWatchPane shows h; a pane it replaces (the history read again) hands
// on its find and its selected event, unless that was the newest: then
// the newest, which may have just come, is selected.
func newWatchPane(k *kit, h *watchHistory, old *watchPane) watchPane {
	p := watchPane{k: k, h: h}
	if old == nil {
		return p
	}
	p.find = old.find
	p.filter()
	if old.n() > 0 && old.cursor > 0 {
		id := old.h.events[old.entry(old.cursor)].id
		for i := range p.n() {
			if p.h.events[p.entry(i)].id == id {
				p.cursor = i
			}
		}
	}
	return p
}

func (p watchPane) Tab() Tab {
	if p.h.problem != "" {
		return Tab{Label: historyLabel, Count: "!"}
	}
	n := text.Thousands(int64(len(p.h.events)))
	if p.h.more {
		n += "+"
	}
	return Tab{Label: historyLabel, Count: n, Empty: len(p.h.events) == 0}
}

// sideBySide is whether the changes sit right of the list.
func (p watchPane) sideBySide() bool { return p.width >= 100 }

// listWidth is the list's width: a row whole when there is room.
func (p watchPane) listWidth() int {
	if p.sideBySide() {
		return min(54, p.width/2) // a row whole: "2026-11-24 14:46Z  reappeared  INCOMPLETE  12 changes"
	}
	return p.width
}

func (p watchPane) n() int {
	if p.shown != nil {
		return len(p.shown)
	}
	return len(p.h.events)
}

func (p watchPane) entry(i int) int {
	if p.shown != nil {
		return p.shown[i]
	}
	return i
}

// body is the pane's height less the find line.
func (p watchPane) body() int { return p.height - p.find.rows() }

// top is how many lines are above the list: the summary line and the
// timeline's strip.
func (p watchPane) top() int { return 1 + len(p.strip) }

// rows is how many rows of the list show: below the summary line and the
// strip, and when the changes are below, no more than there are, to leave
// them room.
func (p watchPane) rows() int {
	if p.sideBySide() {
		return max(1, p.body()-p.top())
	}
	return max(1, min(max(1, p.n()), (p.body()-p.top()-2)/2))
}

func (p watchPane) Resize(w, h int) Pane {
	p.width, p.height = w, h
	p.find.setWidth(w)
	p.strip = p.stripLines()
	p.clamp()
	p.layout()
	return p
}

// stripLines draws the timeline in the pane's width, as much of it as the
// height leaves room for beside the list and the changes: the rule of
// marks with its dates, then the words, the legend and what was cut, as
// the height grows; none on a pane too low for it, where the list needs
// every line.
func (p watchPane) stripLines() []string {
	if p.h.problem != "" || len(p.h.events) == 0 {
		return nil
	}
	body := p.height
	s := p.h.timeline.Draw(p.width)
	if p.h.more {
		s.Cut = fitText("the "+text.Thousands(maxHistoryEvents)+" newest events; padview watch log "+text.CleanText(p.h.paid)+
			" --format text draws them all", p.width)
	}
	var kinds []string
	switch {
	case body >= 20:
		kinds = []string{"legend", "axis", "words", "dates", "cut"}
	case body >= 14:
		kinds = []string{"axis", "words", "dates"}
	case body >= 10:
		kinds = []string{"axis", "dates"}
	default:
		return nil
	}
	st := p.k.st
	var out []string
	for _, k := range kinds {
		switch k {
		case "legend":
			if s.Legend != "" {
				out = append(out, st.Muted.Render(s.Legend))
			}
		case "axis":
			out = append(out, p.axis(s))
		case "words":
			out = append(out, st.Text.Render(s.Words))
		case "dates":
			out = append(out, st.Muted.Render(s.Dates))
		case "cut":
			if s.Cut != "" {
				out = append(out, st.Muted.Render(s.Cut))
			}
		}
	}
	return out
}

// axis is the strip's rule with each mark styled by its kind; its glyph
// alone already tells the kinds apart.
func (p watchPane) axis(s watch.Strip) string {
	st := p.k.st
	var b strings.Builder
	for i, r := range []rune(s.Axis) {
		g := string(r)
		switch s.Marks[i] {
		case watch.MarkNone:
			b.WriteString(st.TabBar.Render(g))
		case watch.MarkVerdict:
			b.WriteString(st.StatusWarn.Render(g))
		case watch.MarkVanished:
			b.WriteString(st.StatusError.Render(g))
		case watch.MarkReappeared:
			b.WriteString(st.StatusOK.Render(g))
		default:
			b.WriteString(st.Title.Render(g))
		}
	}
	return b.String()
}

// fitText cuts plain s to w cells with "…".
func fitText(s string, w int) string {
	if lipgloss.Width(s) <= w {
		return s
	}
	return ansi.Truncate(s, max(0, w), "…")
}

// clamp keeps the selection in sight.
func (p *watchPane) clamp() {
	p.cursor, p.offset = listWindow(p.cursor, p.offset, p.n(), p.rows())
}

func (p *watchPane) selectRow(c int) {
	if c != p.cursor {
		p.cursor, p.detail = c, 0
	}
	p.clamp()
	p.layout()
}

// detailWidth is the width of the selected event's changes.
func (p watchPane) detailWidth() int {
	if p.sideBySide() {
		return p.width - p.listWidth() - 3
	}
	return p.width
}

// layout lays the selected event out when needed: its head, what it
// means, and its changes, each marked and wrapped under its text.
func (p *watchPane) layout() {
	if p.n() == 0 {
		p.lines, p.linesValid = nil, false
		return
	}
	w, e := p.detailWidth(), p.entry(p.cursor)
	if p.linesValid && p.linesOf == e && p.linesWidth == w && p.linesDark == p.k.st.IsDark {
		return
	}
	st, ev := p.k.st, p.h.events[e]
	var out []string
	add := func(style lipgloss.Style, s string, hang int) {
		for i, l := range wrap(s, max(8, w-hang)) {
			if i > 0 {
				l = strings.Repeat(" ", hang) + style.Render(l)
			} else {
				l = style.Render(l)
			}
			out = append(out, l)
		}
	}
	add(st.Title, string(ev.kind)+" · "+stamp.Second(ev.at), 2)
	if ev.verdict != "" {
		add(st.Text, ev.verdict, 2)
	}
	if ev.failure != "" {
		add(st.StatusError, ev.failure, 2)
	}
	if note := ev.note(); note != "" {
		add(st.Muted, note, 0)
	}
	for _, c := range ev.changes {
		style := st.StatusWarn
		switch c.mark {
		case "+":
			style = st.StatusOK
		case "-":
			style = st.StatusError
		}
		add(style, c.mark+" "+c.text, 2)
	}
	if more := ev.count - len(ev.changes); more > 0 {
		add(st.Muted, fmt.Sprintf("… and %d more: padview watch log %s lists them all.", more, text.CleanText(p.h.paid)), 0)
	}
	p.lines, p.linesOf, p.linesWidth, p.linesDark, p.linesValid = out, e, w, p.k.st.IsDark, true
	p.detail = min(p.detail, max(0, len(p.lines)-1))
}

func (p watchPane) Update(msg tea.Msg) (Pane, tea.Cmd) {
	if taken, cmd := p.updateFind(msg); taken {
		return p, cmd
	}
	row, detail := listInput(p.k, msg, p.cursor, p.n(), p.rows(), p.rowAt)
	p.detail = min(max(0, p.detail+detail), max(0, len(p.lines)-1))
	if row >= 0 {
		p.selectRow(row)
	}
	return p, nil
}

// updateFind takes a message for the find and reports whether it was the
// find's. The events are few (maxHistoryEvents) and their words indexed
// when they were read, so each key typed filters at once.
func (p *watchPane) updateFind(msg tea.Msg) (bool, tea.Cmd) {
	ev, cmd := p.find.update(p.k, msg)
	switch ev {
	case findIgnored:
		return false, nil
	case findChanged, findCleared:
		p.filter()
	case findNext:
		if p.n() > 0 {
			p.cursor = (p.cursor + 1) % p.n()
			p.detail = 0
		}
	case findPrev:
		if p.n() > 0 {
			p.cursor = (p.cursor - 1 + p.n()) % p.n()
			p.detail = 0
		}
	}
	p.clamp() // the find line came or went: the rows changed
	p.layout()
	return true, cmd
}

// filter leaves the events that hold the query, keeping the selected one
// selected when it is among them.
func (p *watchPane) filter() {
	sel := -1
	if p.n() > 0 {
		sel = p.entry(p.cursor)
	}
	p.shown = nil
	if q := p.find.query; q != "" {
		p.shown = p.h.hay.lines(q)
	}
	p.cursor = 0
	for i := range p.n() {
		if p.entry(i) == sel {
			p.cursor = i
		}
	}
	if p.n() == 0 || p.entry(p.cursor) != sel {
		p.detail = 0
	}
}

// rowAt is the row drawn at x, y (the pane's own cells), if any: the
// summary line is above the rows.
func (p watchPane) rowAt(x, y int) (int, bool) {
	if x >= p.listWidth() {
		return 0, false
	}
	r := y - p.top()
	if r < 0 || r >= p.rows() || p.offset+r >= p.n() {
		return 0, false
	}
	return p.offset + r, true
}

func (p watchPane) Where() string { return "" }

func (p watchPane) Finding() findMode { return p.find.mode() }

func (p watchPane) View() string {
	st := p.k.st
	if p.h.problem != "" {
		return strings.Join(p.problemLines(p.width), "\n")
	}
	out := []string{fit(st.Muted.Render(p.summary()), p.width)}
	if len(p.h.events) == 0 {
		for _, l := range wrap("Nothing stored yet: "+p.h.run+" polls "+text.CleanText(p.h.paid)+
			" and keeps a snapshot of it whenever it changed. "+say(p.k.keys.root.Refetch, "reads the history again")+".", p.width) {
			out = append(out, st.Text.Render(l))
		}
		return strings.Join(out, "\n")
	}
	for _, l := range p.strip {
		out = append(out, fit(l, p.width))
	}
	out = append(out, listAndDetails(p.k, p.sideBySide(), p.width, p.listWidth(), p.body()-p.top(), p.list, p.details)...)
	return withFindLine(p.k, out, p.body(), p.find, p.findCount())
}

// problemLines say why the watch database cannot be used, whole, and
// what to do.
func (p watchPane) problemLines(w int) []string {
	st := p.k.st
	var out []string
	para := func(style lipgloss.Style, s string) {
		for _, l := range wrap(s, max(10, w)) {
			out = append(out, style.Render(l))
		}
	}
	para(st.StatusError, "✗ The watch database cannot be used, so padview cannot tell whether "+text.CleanText(p.h.paid)+" is watched.")
	out = append(out, "")
	para(st.Value, capitalize(p.h.problem))
	out = append(out, "")
	para(st.Muted, "Mend what it says, then "+say(p.k.keys.root.Refetch, "reads the database again")+" here, and "+
		say(p.k.keys.root.Watch, "watches")+". padview watch list shows the same from the command line. Nothing else of padview needs the database.")
	return out
}

// summary is the line above the list: how many events, how the last poll
// went, and the keys.
func (p watchPane) summary() string {
	w := p.h.info
	var parts []string
	if len(p.h.events) > 0 {
		parts = append(parts, historyCount(p.h))
	}
	switch {
	case w.LastPolled.IsZero():
		parts = append(parts, "watched since "+stamp.Minute(w.Added)+", not polled yet")
	case w.LastError != "":
		parts = append(parts, "last poll "+stamp.Minute(w.LastPolled)+" failed ("+text.CleanText(w.LastError)+")")
	case w.State == watch.StateVanished:
		parts = append(parts, "vanished; last polled "+stamp.Minute(w.LastPolled))
	default:
		parts = append(parts, "last polled "+stamp.Minute(w.LastPolled))
	}
	if p.n() > 0 {
		keys := p.k.keys
		parts = append(parts, say(keys.scroll.UpDown(), "select"), say(keys.table.Details(), "scroll changes"))
	}
	return strings.Join(parts, " · ")
}

// list renders the visible rows in width cells.
func (p watchPane) list(width int) []string {
	st := p.k.st
	out := make([]string, 0, p.rows())
	for i := p.offset; i < min(p.n(), p.offset+p.rows()); i++ {
		row := pad(p.h.events[p.entry(i)].row(), width)
		if i == p.cursor {
			row = st.Selected.Render(row)
		}
		out = append(out, row)
	}
	return out
}

// details is the selected event's lines from the detail offset on, cut
// to height with a note of what is left below.
func (p watchPane) details(height int) []string {
	if p.n() == 0 {
		return nil
	}
	return detailWindow(p.k, p.lines, p.detail, height)
}

// findCount is "2 of 7 events", or "no match".
func (p watchPane) findCount() string {
	switch {
	case p.find.query == "":
		return ""
	case p.n() == 0:
		return "no match"
	}
	return fmt.Sprintf("%d of %s", p.n(), text.Plural(len(p.h.events), "event", "events"))
}

// Selection is the selected event's first line, and its row's cells.
func (p watchPane) Selection() (string, []string) {
	if p.n() == 0 {
		return "", nil
	}
	e := p.h.events[p.entry(p.cursor)]
	return e.head(), []string{stamp.Second(e.at), string(e.kind), e.outcome, e.what()}
}

// Text is the history as `padview watch log` writes it: each event
// (whatever a find leaves) on a line, its changes beneath.
func (p watchPane) Text() string {
	if p.h.problem != "" {
		return plainLines(p.problemLines(maxTextWidth))
	}
	var b strings.Builder
	for i := range p.n() {
		e := p.h.events[p.entry(i)]
		b.WriteString(stamp.Second(e.at) + "  " + text.CleanText(p.h.paid) + "  " + string(e.kind))
		for _, s := range []string{e.verdict, e.failure} {
			if s != "" {
				b.WriteString("  " + s)
			}
		}
		b.WriteByte('\n')
		for _, c := range e.changes {
			b.WriteString("    " + c.mark + " " + c.text + "\n")
		}
	}
	return b.String()
}
