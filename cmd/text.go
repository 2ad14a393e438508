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
// the TUI's tabs, after the normalizer's warnings. Every string from the
// server is cleaned first.
func writeText(w io.Writer, d *advert.Document) {
	fmt.Fprintf(w, "%s · %s view\n", text.CleanText(d.PAID), d.View)
	section := func(title string) { fmt.Fprintf(w, "\n%s\n", title) }

	if len(d.Warnings) > 0 {
		section(fmt.Sprintf("Warnings (%d)", len(d.Warnings)))
		for _, warning := range d.Warnings {
			fmt.Fprintf(w, "  ! %s\n", text.CleanText(warning))
		}
	}
	for _, g := range advert.Groups {
		if g.Parties {
			list, state := d.Parties(g.Group)
			switch state {
			case advert.ListNull:
				section(g.Label)
				fmt.Fprintf(w, "  %s\n", text.NotDisclosed)
				continue
			case advert.ListAbsent:
				section(fmt.Sprintf("%s (0)", g.Label))
				fmt.Fprintf(w, "  %s\n", text.NotInResponse)
				continue
			}
			section(fmt.Sprintf("%s (%d)", g.Label, len(list)))
			if len(list) == 0 {
				fmt.Fprintf(w, "  %s\n", text.EmptyList)
			}
			for i, e := range list {
				name := text.PartyName(e)
				fmt.Fprintf(w, "  %d. %s\n", i+1, text.CleanText(name))
				if e.Kind == advert.Object {
					writeFields(w, withoutHeading(e, name), "     ", nil)
				}
			}
			continue
		}
		v := d.Group(g.Group)
		if g.Group == advert.GroupOther {
			if v.Len() > 0 {
				section(fmt.Sprintf("%s (%d)", g.Label, v.Len()))
				writeFields(w, v, "  ", nil)
			}
			continue
		}
		section(g.Label)
		writeFields(w, v, "  ", text.AbsentSpecFields(v, g.Group, d.View))
	}
}

// withoutHeading drops the "name" member already printed as the entry's
// heading, so it is not said twice.
func withoutHeading(e advert.Value, name string) advert.Value {
	out := make([]advert.Member, 0, e.Len())
	for _, m := range e.Members() {
		if m.Key == "name" && m.Value.Kind == advert.String && m.Value.Str == name {
			continue
		}
		out = append(out, m)
	}
	return advert.NewObject(out...)
}

// writeFields prints an object's members as aligned label/value lines,
// nested objects and arrays indented below their label, then the absent
// fields with what is said for them.
func writeFields(w io.Writer, v advert.Value, indent string, absent []advert.Member) {
	if v.Kind != advert.Object {
		fmt.Fprintf(w, "%s%s\n", indent, text.NotInResponse)
		return
	}
	if v.Len() == 0 && len(absent) == 0 {
		fmt.Fprintf(w, "%s(empty)\n", indent)
		return
	}
	width := 0
	for _, m := range append(v.Members(), absent...) {
		width = max(width, ansi.StringWidth(text.CleanText(text.LabelFor(m.Key))))
	}
	line := func(key, value string) {
		label := text.CleanText(text.LabelFor(key))
		pad := strings.Repeat(" ", width-ansi.StringWidth(label))
		fmt.Fprintf(w, "%s%s%s  %s\n", indent, label, pad, value)
	}
	for _, m := range v.Members() {
		label := text.CleanText(text.LabelFor(m.Key))
		switch {
		case m.Value.Kind == advert.Object && !text.IsAmount(m.Value):
			fmt.Fprintf(w, "%s%s\n", indent, label)
			writeFields(w, m.Value, indent+"  ", nil)
		case m.Value.Kind == advert.Array && !text.IsScalarList(m.Value):
			fmt.Fprintf(w, "%s%s\n", indent, label)
			for i, it := range m.Value.Items() {
				if it.Kind == advert.Object {
					fmt.Fprintf(w, "%s  %d.\n", indent, i+1)
					writeFields(w, it, indent+"     ", nil)
				} else {
					fmt.Fprintf(w, "%s  %d. %s\n", indent, i+1, text.CleanText(text.FormatField(m.Key, it)))
				}
			}
		default:
			line(m.Key, text.CleanText(formatValue(m.Key, m.Value)))
		}
	}
	for _, m := range absent {
		line(m.Key, m.Value.Str)
	}
}

// formatValue is FormatField, with short lists of scalars joined.
func formatValue(key string, v advert.Value) string {
	if v.Kind == advert.Array {
		parts := make([]string, v.Len())
		for i, it := range v.Items() {
			parts[i] = text.FormatField(key, it)
		}
		if len(parts) == 0 {
			return "(none)"
		}
		return strings.Join(parts, ", ")
	}
	return text.FormatField(key, v)
}
