package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/padview/padview/api/check"
	"github.com/padview/padview/api/text"
)

// transparencyPane is the transparency check of the advertisement on
// screen (api/check): each rule with its state, why, and where the item
// was found. A required item that is missing reads "✗ MISSING", reversed,
// so it stands out without colour; the tab counts those items. v switches
// it to the transparency notice laid out in the template's order
// (noticeview.go), and back.
type transparencyPane struct {
	k      *kit
	ex     *exchange
	body   textView // laid out by Resize for width, theme and what it shows
	dark   bool
	notice bool // the body is the notice, not the checklist
}

func newTransparencyPane(k *kit, ex *exchange) Pane { return transparencyPane{k: k, ex: ex} }

// Tab says the verdict: the required items missing ("✗2"), else those
// padview could not decide ("?1": not recognised or only in the full
// view), else "✓".
func (p transparencyPane) Tab() Tab {
	rep := p.ex.report
	switch rep.Outcome() {
	case check.Incomplete:
		return Tab{Label: "Transparency", Count: "✗" + text.Thousands(int64(len(rep.Failures())))}
	case check.Undetermined:
		return Tab{Label: "Transparency", Count: "?" + text.Thousands(int64(len(rep.Undetermined())))}
	}
	return Tab{Label: "Transparency", Count: "✓"}
}

func (p transparencyPane) Resize(w, h int) Pane {
	if p.body.lines == nil || p.body.width != w || p.dark != p.k.st.IsDark || p.notice != p.k.showNotice {
		p.dark, p.notice = p.k.st.IsDark, p.k.showNotice
		if p.notice {
			p.body.setLines(p.noticeLines(w))
		} else {
			p.body.setLines(p.layout(w))
		}
	}
	p.body.resize(w, h)
	return p
}

func (p transparencyPane) layout(w int) []string {
	st, rep := p.k.st, p.ex.report
	w = max(w, 20)
	var out []string
	add := func(style lipgloss.Style, indent, s string) {
		for _, l := range wrap(s, w-lipgloss.Width(indent)) {
			out = append(out, indent+style.Render(l))
		}
	}
	verdict := st.Title
	switch rep.Outcome() {
	case check.Incomplete:
		verdict = st.StatusError
	case check.Undetermined:
		verdict = st.StatusWarn
	}
	add(verdict, "", text.CleanText(rep.PAID)+" · "+rep.View.String()+" view · transparency notice "+rep.Verdict())
	add(st.Muted, "", say(p.k.keys.transp.Notice, "shows the notice in the template's order"))
	out = append(out, "")

	statusW := 0
	for _, r := range rep.Results {
		statusW = max(statusW, lipgloss.Width(r.Words()))
	}
	for _, r := range rep.Results {
		out = append(out, p.result(r, statusW, w)...)
	}
	out = append(out, "")
	add(st.Text, "", rep.Tally())
	var legend []string
	for _, s := range check.Statuses {
		legend = append(legend, s.Symbol()+" "+s.Words())
	}
	add(st.Muted, "", strings.Join(legend, " · ")+". The items of Regulation (EU) 2024/900, Art. 12(1), "+
		"as padview reads them: a help for a reviewer, not legal advice (padview check --json gives each rule's basis).")
	return out
}

// result is one rule's lines: its state and label, then whether it is
// required, why it ended so, and for a failure or a flag its basis.
func (p transparencyPane) result(r check.Result, statusW, w int) []string {
	out := p.heading(r, statusW, w)
	const indent = "    "
	for _, n := range p.notes(r) {
		for _, l := range wrap(n, w-len(indent)) {
			out = append(out, indent+p.k.st.Muted.Render(l))
		}
	}
	return out
}

// heading is a rule's first lines: its state, marked so that a failure
// reads without colour, and its label, wrapped beside it.
func (p transparencyPane) heading(r check.Result, statusW, w int) []string {
	st := p.k.st
	mark := r.Status.Symbol() + " " + pad(r.Words(), statusW)
	label := r.Rule.Label
	if r.Flagged {
		label += " ⚑"
	}
	markStyle, labelStyle := st.Value, st.Value
	switch {
	case r.Failed():
		markStyle, labelStyle = st.Selected, st.Value.Bold(true)
	case r.Status == check.Missing || r.Status == check.Unknown || r.Flagged:
		markStyle = st.StatusWarn
	case r.Status == check.Present:
		markStyle = st.StatusOK
	default:
		markStyle = st.Muted
	}
	var out []string
	for i, l := range wrap(label, max(10, w-2-statusW-2)) {
		if i == 0 {
			out = append(out, markStyle.Render(mark)+"  "+labelStyle.Render(l))
		} else {
			out = append(out, strings.Repeat(" ", statusW+4)+labelStyle.Render(l))
		}
	}
	return out
}

// notes are what a rule's heading is followed by: whether it is required
// and why it ended so, then for a failure, a flag or an unknown its basis.
func (p transparencyPane) notes(r check.Result) []string {
	detail := "optional"
	if r.Rule.Required {
		detail = "required"
	}
	if d := r.Detail(); d != "" {
		detail += " · " + p.ex.say(d)
	}
	if r.Flagged {
		detail += " · ⚑ needs a reviewer's eye"
	}
	notes := []string{detail}
	if r.Failed() || r.Flagged || r.Status == check.Unknown {
		notes = append(notes, "basis: "+r.Rule.Basis)
	}
	return notes
}

func (p transparencyPane) Update(msg tea.Msg) (Pane, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok && p.body.find.mode() != findTyping && key.Matches(k, p.k.keys.transp.Notice) {
		p.k.showNotice = !p.k.showNotice
		p.body.scroll.offset = 0 // the other text starts at its top
		return p.Resize(p.body.width, p.body.height), nil
	}
	cmd := p.body.update(p.k, msg)
	return p, cmd
}

// Hints offer v in the key line, named by what it shows next.
func (p transparencyPane) Hints() []hint {
	if p.notice {
		return []hint{{rebind(p.k.keys.transp.Notice, "checklist"), 4}}
	}
	return []hint{{rebind(p.k.keys.transp.Notice, "notice"), 4}}
}

func (p transparencyPane) View() string { return p.body.view(p.k) }

func (p transparencyPane) Where() string { return p.body.where() }

func (p transparencyPane) Finding() findMode { return p.body.find.mode() }
