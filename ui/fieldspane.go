package ui

import (
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/theme"
)

// fieldsPane shows one group of the advertisement as aligned label/value
// lines.
type fieldsPane struct {
	k      *kit
	info   advert.GroupInfo
	value  advert.Value
	absent []advert.Member // spec fields the answer lacks, with what to say
	lines  []string        // laid out by Resize for width and theme
	width  int
	dark   bool
	scroll scroller
}

func newFieldsPane(k *kit, g advert.GroupInfo, d *advert.Document) Pane {
	v := d.Group(g.Group)
	return fieldsPane{k: k, info: g, value: v, absent: text.AbsentSpecFields(v, g.Group, d.View)}
}

func (p fieldsPane) Tab() Tab {
	t := Tab{Label: p.info.Label, Empty: p.value.Len() == 0}
	if p.info.Group == advert.GroupOther {
		t.Count = strconv.Itoa(p.value.Len())
	}
	return t
}

func (p fieldsPane) Resize(w, h int) Pane {
	if p.lines == nil || p.width != w || p.dark != p.k.st.IsDark {
		p.lines, p.width, p.dark = p.layout(w), w, p.k.st.IsDark
	}
	p.scroll.resize(h, len(p.lines))
	return p
}

func (p fieldsPane) layout(w int) []string {
	st := p.k.st
	switch {
	case !p.value.IsPresent():
		return []string{st.Null.Render(p.info.Label + ": not in this response")}
	case p.value.Kind != advert.Object:
		return []string{st.Null.Render(p.info.Label + ": not an object in this response; Raw shows it")}
	}
	if len(p.value.Members()) == 0 && len(p.absent) > 0 {
		return absentLines(st, p.absent, w)
	}
	lines := fieldLines(st, p.value, w)
	if len(p.absent) > 0 {
		lines = append(append(lines, ""), absentLines(st, p.absent, w)...)
	}
	return lines
}

// absentLines lists the spec's fields an answer lacks, dimmed and in
// words, so that absent never reads like null ("not disclosed").
func absentLines(st theme.Styles, absent []advert.Member, width int) []string {
	labelW := 0
	for _, m := range absent {
		labelW = max(labelW, lipgloss.Width(text.LabelFor(m.Key)))
	}
	labelW = min(labelW, max(12, width/3))
	out := make([]string, 0, len(absent))
	for _, m := range absent {
		label := ansi.Truncate(text.LabelFor(m.Key), labelW, "…")
		pad := strings.Repeat(" ", labelW-lipgloss.Width(label))
		out = append(out, ansi.Truncate(st.Muted.Render(label)+pad+"  "+st.Null.Render(m.Value.Str), max(width, 1), "…"))
	}
	return out
}

func (p fieldsPane) Update(msg tea.Msg) (Pane, tea.Cmd) {
	p.scroll.update(p.k.keys, msg, func(int) int { return len(p.lines) })
	return p, nil
}

func (p fieldsPane) View() string { return strings.Join(p.scroll.window(p.lines), "\n") }

func (p fieldsPane) Where() string { return p.scroll.where(len(p.lines), len(p.lines)) }

// fieldLines renders an object as aligned label/value lines, nested values
// as an indented tree. Every string is cleaned of control sequences, long
// values wrap under themselves, personal data is marked.
func fieldLines(st theme.Styles, v advert.Value, width int) []string {
	if v.Kind != advert.Object {
		return []string{st.Null.Render("not in this response")}
	}
	if len(v.Members()) == 0 {
		return []string{st.Null.Render("(empty)")}
	}
	var out []string
	writeMembers(st, &out, v.Members(), "", max(width, 20))
	return out
}

func writeMembers(st theme.Styles, out *[]string, members []advert.Member, indent string, width int) {
	labelW := 0
	for _, m := range members {
		labelW = max(labelW, lipgloss.Width(text.CleanText(text.LabelFor(m.Key))))
	}
	labelW = min(labelW, max(12, width/3))
	for _, m := range members {
		label := ansi.Truncate(text.CleanText(text.LabelFor(m.Key)), labelW, "…")
		switch {
		case m.Value.Kind == advert.Object && !text.IsAmount(m.Value):
			*out = append(*out, indent+st.Label.Bold(true).Render(label))
			if len(m.Value.Members()) == 0 {
				*out = append(*out, indent+"  "+st.Null.Render("(empty)"))
			}
			writeMembers(st, out, m.Value.Members(), indent+"  ", width)
		case m.Value.Kind == advert.Array && !text.IsScalarList(m.Value):
			*out = append(*out, indent+st.Label.Bold(true).Render(label))
			for _, it := range m.Value.Items() {
				if it.Kind == advert.Object {
					*out = append(*out, indent+"  "+st.Muted.Render("•"))
					writeMembers(st, out, it.Members(), indent+"    ", width)
				} else {
					*out = append(*out, indent+"  "+st.Muted.Render("• ")+st.Value.Render(text.CleanText(text.FormatField(m.Key, it))))
				}
			}
		default:
			pad := strings.Repeat(" ", labelW-lipgloss.Width(label))
			prefix := indent + st.Label.Render(label) + pad + "  "
			valueW := max(8, width-lipgloss.Width(prefix)-2)
			// Break at spaces only: an email or a URL stays whole when it fits.
			s, style := valueText(st, m.Key, m.Value)
			if text.IsPersonalField(m.Key) && m.Value.Kind != advert.Null {
				s, style = theme.PersonalMark+" "+s, st.Personal
			}
			for i, l := range strings.Split(ansi.Wrap(s, valueW, " "), "\n") {
				if i == 0 {
					*out = append(*out, prefix+style.Render(l))
				} else {
					*out = append(*out, strings.Repeat(" ", lipgloss.Width(prefix))+style.Render(l))
				}
			}
		}
	}
}

// valueText is a scalar (or amount, or list of scalars) as a person reads it.
func valueText(st theme.Styles, key string, v advert.Value) (string, lipgloss.Style) {
	switch v.Kind {
	case advert.Null:
		return text.NotDisclosed, st.Null
	case advert.Array:
		if len(v.Items()) == 0 {
			return "(none)", st.Null
		}
		parts := make([]string, len(v.Items()))
		for i, it := range v.Items() {
			parts[i] = text.CleanText(text.FormatField(key, it))
		}
		return strings.Join(parts, ", "), st.Value
	}
	s := text.CleanText(text.FormatField(key, v))
	if s == "" {
		return `""`, st.Null
	}
	return s, st.Value
}
