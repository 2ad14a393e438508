package ui

import (
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/check"
	"github.com/padview/padview/api/notice"
	"github.com/padview/padview/api/text"
)

// noticeWide is the narrowest body that sets an entry's label beside its
// value; narrower, the value goes under its label.
const noticeWide = 90

// noticeLines lay out the transparency notice of the advertisement on
// screen (api/notice) in w cells: its heading, the label line, then the
// template's items in order, each entry's values or the check's marker.
func (p transparencyPane) noticeLines(w int) []string {
	st := p.k.st
	w = max(w, 20)
	n := p.ex.shownNotice()
	var out []string
	add := func(style lipgloss.Style, indent string, s string) {
		for _, l := range wrap(s, w-lipgloss.Width(indent)) {
			out = append(out, indent+style.Render(l))
		}
	}
	add(st.Title, "", n.Heading())
	if n.Masked {
		add(st.StatusWarn, "", notice.MaskedWords)
	}
	add(st.Muted, "", notice.About+" "+say(p.k.keys.transp.Notice, "shows the checklist")+
		"; "+p.k.cli+" notice "+fullFlag(n.View)+text.CleanText(n.PAID)+" prints it, e exports it.")
	out = append(out, "")
	add(st.Title, "", notice.LabelTitle)
	add(st.Value, "  ", strings.Join(n.LabelParts(), " · "))
	labelW := 0
	for _, it := range n.Items {
		for _, e := range it.Entries {
			labelW = max(labelW, lipgloss.Width(e.Label))
		}
	}
	for _, it := range n.Items {
		out = append(out, "")
		add(st.Title, "", pad(strconv.Itoa(it.Number)+".", 3)+" "+it.Title)
		for _, e := range it.Entries {
			out = append(out, p.noticeEntry(e, labelW, w)...)
		}
	}
	out = append(out, "")
	add(st.Muted, "", "Check: "+n.Verdict)
	return out
}

// noticeEntry is one entry's lines: label and value side by side on a
// wide pane, the value under its label on a narrow one.
func (p transparencyPane) noticeEntry(e notice.Entry, labelW, w int) []string {
	st := p.k.st
	style := st.Value
	switch {
	case e.Shown() && !e.Flagged:
	case e.Status == check.Missing && e.Required:
		style = st.StatusError
	case e.Required && e.Status != check.NotApplicable && e.Status != check.DeclaredNone, e.Flagged:
		style = st.StatusWarn // a required item padview could not decide, or one to look at
	default:
		style = st.Muted // an optional item not there does not alarm: it applies only sometimes
	}
	words := p.ex.say(e.Words())
	var out []string
	if w >= noticeWide {
		indent := strings.Repeat(" ", 4+labelW+2)
		for i, l := range wrap(words, w-len(indent)) {
			if i == 0 {
				out = append(out, "    "+st.Label.Render(pad(e.Label, labelW))+"  "+style.Render(l))
			} else {
				out = append(out, indent+style.Render(l))
			}
		}
		return out
	}
	for _, l := range wrap(e.Label, w-4) {
		out = append(out, "    "+st.Label.Render(l))
	}
	for _, l := range wrap(words, w-6) {
		out = append(out, "      "+style.Render(l))
	}
	return out
}

// Text is the pane for the copy menu's "this pane as text": the notice as
// `padview notice` writes it, or the whole checklist, unwrapped.
func (p transparencyPane) Text() string {
	if !p.notice {
		return plainLines(p.layout(maxTextWidth))
	}
	var b strings.Builder
	_ = notice.Write(&b, notice.Text, p.ex.shownNotice()) // a Builder does not fail
	return b.String()
}

// Selection: nothing in the Transparency tab is selected.
func (p transparencyPane) Selection() (string, []string) { return "", nil }

// shownNotice is the transparency notice of the document as shown: the
// masked copy's under the mask. Both are laid out in the command that
// brought the answer or masked it (fetchCmd, maskCmd), as the check is:
// the walk reads every sponsor where each meets an item.
func (e *exchange) shownNotice() notice.Notice {
	if e.mask {
		return e.masked.notice
	}
	return e.notice
}

// fullFlag is the flag a suggested command needs for the view on screen
// (the command asks for the confirmation itself).
func fullFlag(v advert.View) string {
	if v == advert.Full {
		return "--full "
	}
	return ""
}
