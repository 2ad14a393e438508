package ui

import (
	"bytes"
	"encoding/json"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/theme"
)

// fieldLines renders an object as aligned label/value lines, nested values
// as an indented tree. Every string is cleaned of control sequences, long
// values wrap under themselves, personal data is marked.
func fieldLines(st theme.Styles, v advert.Value, width int) []string {
	if v.Kind != advert.Object {
		return []string{st.Null.Render("not in this response")}
	}
	if len(v.Members) == 0 {
		return []string{st.Null.Render("(empty)")}
	}
	var out []string
	writeMembers(st, &out, v.Members, "", max(width, 20))
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
		personal := text.IsPersonalField(m.Key)
		switch {
		case m.Value.Kind == advert.Object && !text.IsAmount(m.Value):
			*out = append(*out, indent+st.Label.Bold(true).Render(label))
			if len(m.Value.Members) == 0 {
				*out = append(*out, indent+"  "+st.Null.Render("(empty)"))
			}
			writeMembers(st, out, m.Value.Members, indent+"  ", width)
		case m.Value.Kind == advert.Array && !text.IsScalarList(m.Value):
			*out = append(*out, indent+st.Label.Bold(true).Render(label))
			for _, it := range m.Value.Items {
				if it.Kind == advert.Object {
					*out = append(*out, indent+"  "+st.Muted.Render("•"))
					writeMembers(st, out, it.Members, indent+"    ", width)
				} else {
					*out = append(*out, indent+"  "+st.Muted.Render("• ")+st.Value.Render(text.CleanText(text.FormatField(m.Key, it))))
				}
			}
		default:
			pad := strings.Repeat(" ", labelW-lipgloss.Width(label))
			prefix := indent + st.Label.Render(label) + pad + "  "
			valueW := max(8, width-lipgloss.Width(prefix)-2)
			text, style := valueText(st, m.Key, m.Value)
			if personal {
				style = st.Personal
				text = theme.PersonalMark + " " + text
			}
			lines := strings.Split(ansi.Wrap(text, valueW, " -"), "\n")
			for i, l := range lines {
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
		if len(v.Items) == 0 {
			return "(none)", st.Null
		}
		parts := make([]string, len(v.Items))
		for i, it := range v.Items {
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

// prettyJSON indents the server's bytes for the Raw pane, cleaned line by
// line. Bytes that are not JSON are shown as text.
func prettyJSON(raw []byte) []string {
	var buf bytes.Buffer
	if err := json.Indent(&buf, raw, "", "  "); err != nil {
		return strings.Split(text.CleanBlock(string(raw)), "\n")
	}
	return strings.Split(text.CleanBlock(buf.String()), "\n")
}

// colorJSONLine colours one line of indented JSON: keys, strings, numbers
// and literals. It runs on visible lines only.
func colorJSONLine(st theme.Styles, line string) string {
	var b strings.Builder
	i := 0
	for i < len(line) {
		c := line[i]
		switch {
		case c == '"':
			j := i + 1
			for j < len(line) && line[j] != '"' {
				if line[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j+1, len(line))
			tok := line[i:j]
			rest := strings.TrimLeft(line[j:], " ")
			if strings.HasPrefix(rest, ":") {
				b.WriteString(st.JSONKey.Render(tok))
			} else {
				b.WriteString(st.JSONString.Render(tok))
			}
			i = j
		case c == '-' || c >= '0' && c <= '9':
			j := i
			for j < len(line) && strings.IndexByte("+-.eE0123456789", line[j]) >= 0 {
				j++
			}
			b.WriteString(st.JSONNumber.Render(line[i:j]))
			i = j
		case strings.HasPrefix(line[i:], "true"), strings.HasPrefix(line[i:], "null"):
			b.WriteString(st.JSONLiteral.Render(line[i : i+4]))
			i += 4
		case strings.HasPrefix(line[i:], "false"):
			b.WriteString(st.JSONLiteral.Render(line[i : i+5]))
			i += 5
		case c == ' ':
			b.WriteByte(c)
			i++
		default:
			b.WriteString(st.JSONPunct.Render(line[i : i+1]))
			i++
		}
	}
	return b.String()
}
