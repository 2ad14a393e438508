package cmd

import (
	"fmt"
	"io"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
)

// writeText prints a document as readable grouped text, the same groups as
// the TUI's tabs. Every string from the server is cleaned first.
func writeText(w io.Writer, d *advert.Document) {
	fmt.Fprintf(w, "%s · %s view\n", text.CleanText(d.PAID), d.View)
	section := func(title string) { fmt.Fprintf(w, "\n%s\n", title) }

	for _, g := range advert.Groups {
		if g.Parties {
			list, present := d.Parties(g.Group)
			section(fmt.Sprintf("%s (%d)", g.Label, len(list)))
			if !present {
				fmt.Fprintln(w, "  not in this response")
				continue
			}
			for i, e := range list {
				name := text.PartyName(e)
				fmt.Fprintf(w, "  %d. %s\n", i+1, text.CleanText(name))
				if e.Kind == advert.Object {
					writeFields(w, withoutHeading(e, name), "     ")
				}
			}
			continue
		}
		v := d.Group(g.Group)
		if g.Group == advert.GroupOther {
			if v.Len() > 0 {
				section(fmt.Sprintf("%s (%d)", g.Label, v.Len()))
				writeFields(w, v, "  ")
			}
			continue
		}
		section(g.Label)
		writeFields(w, v, "  ")
	}
}

// writeFields prints an object's members as aligned label/value lines,
// nested objects and arrays indented below their label.
// withoutHeading drops the "name" member already printed as the entry's
// heading, so it is not said twice.
func withoutHeading(e advert.Value, name string) advert.Value {
	out := advert.Value{Kind: advert.Object, Members: make([]advert.Member, 0, len(e.Members))}
	for _, m := range e.Members {
		if m.Key == "name" && m.Value.Kind == advert.String && m.Value.Str == name {
			continue
		}
		out.Members = append(out.Members, m)
	}
	return out
}

func writeFields(w io.Writer, v advert.Value, indent string) {
	if v.Kind != advert.Object {
		fmt.Fprintf(w, "%snot in this response\n", indent)
		return
	}
	if len(v.Members) == 0 {
		fmt.Fprintf(w, "%s(empty)\n", indent)
		return
	}
	width := 0
	for _, m := range v.Members {
		width = max(width, ansi.StringWidth(text.CleanText(text.LabelFor(m.Key))))
	}
	for _, m := range v.Members {
		label := text.CleanText(text.LabelFor(m.Key))
		pad := strings.Repeat(" ", width-ansi.StringWidth(label))
		switch {
		case m.Value.Kind == advert.Object && !text.IsAmount(m.Value):
			fmt.Fprintf(w, "%s%s\n", indent, label)
			writeFields(w, m.Value, indent+"  ")
		case m.Value.Kind == advert.Array && !text.IsScalarList(m.Value):
			fmt.Fprintf(w, "%s%s\n", indent, label)
			for i, it := range m.Value.Items {
				if it.Kind == advert.Object {
					fmt.Fprintf(w, "%s  %d.\n", indent, i+1)
					writeFields(w, it, indent+"     ")
				} else {
					fmt.Fprintf(w, "%s  %d. %s\n", indent, i+1, text.CleanText(text.FormatField(m.Key, it)))
				}
			}
		default:
			fmt.Fprintf(w, "%s%s%s  %s\n", indent, label, pad, text.CleanText(formatValue(m.Key, m.Value)))
		}
	}
}

// formatValue is FormatField, with short lists of scalars joined.
func formatValue(key string, v advert.Value) string {
	if v.Kind == advert.Array {
		parts := make([]string, len(v.Items))
		for i, it := range v.Items {
			parts[i] = text.FormatField(key, it)
		}
		if len(parts) == 0 {
			return "(none)"
		}
		return strings.Join(parts, ", ")
	}
	return text.FormatField(key, v)
}
