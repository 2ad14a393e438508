package ui

import (
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/diff"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/theme"
)

// compareLabel is the Compare tab's label; a lookup made while an
// advertisement is marked opens on it.
const compareLabel = "Compare"

// comparePane shows what changed from the marked advertisement (A) to the
// one on screen (B), as `padview diff` writes it: group by group, one line
// a change marked + (only in B), - (only in A) or ~ (changed, A → B), so
// that it reads the same without colour. It scrolls like a text pane.
//
// Comparing two large advertisements takes a while, so the tab opens
// saying so and the comparison is made by a command (compareCmd).
type comparePane struct {
	k      *kit
	marked string       // A's PAID and view, while the comparison is being made
	result *diff.Result // nil until it is made
	text   []string     // the diff as text, one change a line
	// at is when each side was fetched, for a comparison of one PAID
	// with itself, whose sides the PAIDs do not tell apart.
	at   [2]time.Time
	body textView // laid out by Resize for width and theme
	dark bool
}

// newComparePane is the tab while the comparison is being made.
func newComparePane(k *kit, marked *advert.Document) Pane {
	return comparePane{k: k, marked: marked.PAID + " " + marked.View.String()}
}

// compare makes the comparison of a with b, under the mask as `padview
// diff --mask` makes it: the documents compared as they are, the changes
// then masked, each side in its own document.
// Personal data is marked ◆ as in the other panes; aAt and bAt are when
// each was fetched.
func compare(k *kit, a, b *advert.Document, masked bool, aAt, bAt time.Time) comparePane {
	r := diff.Compare(a, b)
	if masked {
		r = r.Mask()
	}
	var sb strings.Builder
	diff.WriteTextMarked(&sb, r) // a strings.Builder does not fail
	return comparePane{k: k, result: r, text: strings.Split(strings.TrimSuffix(sb.String(), "\n"), "\n"), at: [2]time.Time{aAt, bAt}}
}

// compared is a comparison made for the exchange on screen, or one the
// user has moved on from.
type compared struct {
	ex   *exchange
	pane comparePane
}

// compareCmd makes the comparison for the exchange on screen, laid out at
// the pane's size, off the UI goroutine; nil when nothing is marked.
func (m Model) compareCmd() tea.Cmd {
	ex := m.ex
	if ex == nil || ex.against == nil || ex.doc == nil || ex.maskPending() {
		return nil // after a failure, or until the masked copy comes
	}
	k := *m.kit // a copy: the command must not read what Update may change
	in := m.layout.paneInner()
	return func() tea.Msg {
		return compared{ex: ex, pane: compare(&k, ex.against, ex.doc, ex.mask, ex.againstAt, ex.rec.Answered()).Resize(in.w, in.h).(comparePane)}
	}
}

// onCompared puts a comparison in its tab, if its exchange is still on
// screen.
func (m Model) onCompared(c compared) (tea.Model, tea.Cmd) {
	if c.ex != m.ex {
		return m, nil
	}
	c.pane.k = m.kit
	in := m.layout.paneInner()
	panes := append([]Pane(nil), m.deck.panes...)
	for i, p := range panes {
		if _, ok := p.(comparePane); ok {
			panes[i] = c.pane.Resize(in.w, in.h)
		}
	}
	m.deck.panes = panes
	m.chrome = chrome{} // the tab's count changed: draw the bar again
	return m, nil
}

func (p comparePane) Tab() Tab {
	if p.result == nil {
		return Tab{Label: compareLabel, Count: "…"}
	}
	return Tab{Label: compareLabel, Count: text.Thousands(int64(len(p.result.Changes)))}
}

func (p comparePane) Resize(w, h int) Pane {
	if p.body.lines == nil || p.body.width != w || p.dark != p.k.st.IsDark {
		p.dark = p.k.st.IsDark
		p.body.setLines(p.layout(w))
	}
	p.body.resize(w, h)
	return p
}

// layout styles each line by its marker and wraps long ones under their
// text, the marker standing out to the left.
func (p comparePane) layout(w int) []string {
	st := p.k.st
	if p.result == nil {
		return []string{st.Muted.Render("Comparing with " + text.CleanText(p.marked) + "…")}
	}
	r := p.result
	// The diff's title below names the views.
	a, b := text.CleanText(r.A), text.CleanText(r.B)
	if r.A == r.B && !p.at[0].IsZero() {
		// One advertisement over time: the fetch times tell the sides apart.
		a += " fetched " + p.at[0].Format(time.TimeOnly)
		b += " fetched " + p.at[1].Format(time.TimeOnly)
	}
	head := longestFit(w, "Comparing "+a+" (marked) with "+b+" (on screen) · "+clearMark(p.k),
		"Comparing "+a+" (marked) with "+b+" (on screen)", a+" (marked) → "+b, a+" → "+b)
	out := []string{st.Muted.Render(ansi.Truncate(head, w, "…")), ""}
	title := 0 // the diff's title: after the MASKED line, under the mask
	if r.Masked {
		title = 1
	}
	for i, l := range p.text {
		body := strings.TrimLeft(l, " ")
		indent := len(l) - len(body)
		style := st.Muted
		if i >= title {
			style = lineStyle(st, i-title, indent, body, r.Equal())
		}
		hang := strings.Repeat(" ", min(indent+2, w/2))
		for j, part := range wrap(body, max(8, w-len(hang))) {
			if j == 0 {
				out = append(out, strings.Repeat(" ", indent)+style.Render(part))
			} else {
				out = append(out, hang+style.Render(part))
			}
		}
	}
	return out
}

// lineStyle is the style of line i of the diff's text: the title and the
// heading of what only the full view holds, the legend, a group, or a
// line by its marker.
func lineStyle(st theme.Styles, i, indent int, body string, equal bool) lipgloss.Style {
	switch {
	case i == 0, indent == 0 && strings.HasPrefix(body, diff.FullOnlyHeading):
		return st.Title
	case i == 1 && !equal:
		return st.Muted // the legend
	case indent == 0:
		return st.Label.Bold(true) // a group
	case strings.HasPrefix(body, "+ "):
		return st.StatusOK
	case strings.HasPrefix(body, "- "):
		return st.StatusError
	case strings.HasPrefix(body, "~ "):
		return st.StatusWarn
	case strings.HasPrefix(body, diff.FullOnlyMarker+" "):
		return st.Personal
	}
	return st.Value
}

func (p comparePane) Update(msg tea.Msg) (Pane, tea.Cmd) {
	cmd := p.body.update(p.k, msg)
	return p, cmd
}

func (p comparePane) View() string { return p.body.view(p.k) }

func (p comparePane) Where() string { return p.body.where() }

func (p comparePane) Finding() findMode { return p.body.find.mode() }

// Selection: the comparison has nothing to select.
func (p comparePane) Selection() (string, []string) { return "", nil }

// Text is the comparison as `padview diff` prints it.
func (p comparePane) Text() string { return strings.Join(p.text, "\n") + "\n" }

// toggleMark is =: it marks the advertisement on screen, so that the
// lookups after it open a Compare tab against it, or clears the mark.
func (m *Model) toggleMark() {
	switch {
	case m.mark != nil:
		m.unmark()
	case m.ex == nil || m.ex.doc == nil:
		m.status = status{level: levelInfo, text: "Nothing to mark: = marks the advertisement on screen for comparing."}
	default:
		m.mark, m.markAt = m.ex.doc, m.ex.rec.Answered()
		m.status = markedStatus(m.kit, text.CleanText(m.ex.paid), m.ex.view)
	}
}

// markedStatus says what = did, from the whole to the gist: the status bar
// shows the longest that fits, and the key line offers = to clear it.
func markedStatus(k *kit, paid string, v advert.View) status {
	return status{level: levelOK, text: "Marked " + paid + " (" + v.String() + " view): the next lookup is compared with it · " + clearMark(k) + ".",
		short: []string{"Marked " + paid + ": the next lookup is compared with it.", "Marked " + paid + " for comparing."}}
}

// unmark clears the mark, and the Compare tab with it.
func (m *Model) unmark() {
	paid := text.CleanText(m.mark.PAID)
	m.mark = nil
	if m.ex != nil && m.ex.against != nil {
		ex := *m.ex // exchanges are shared by earlier models: change a copy
		ex.against = nil
		m.show(&ex) // as shown: its masked copy, if any, comes along
	}
	m.status = status{level: levelInfo, text: "Mark on " + paid + " cleared."}
}

// clearMark says how the mark is cleared: "= or esc clears the mark".
func clearMark(k *kit) string {
	return k.keys.root.Compare.Help().Key + " or " + k.keys.root.Cancel.Help().Key + " clears the mark"
}

// markLabel names the marked advertisement for the header.
func (m Model) markLabel() string {
	if m.mark == nil {
		return ""
	}
	return "= " + text.CleanText(m.mark.PAID) + " marked"
}
