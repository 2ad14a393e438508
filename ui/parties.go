package ui

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/theme"
)

// column is one column of the sponsors and controllers table.
type column struct {
	title string
	width int
	cell  func(advert.Value) string
}

func memberText(keys ...string) func(advert.Value) string {
	return func(v advert.Value) string {
		for _, k := range keys {
			if m, ok := v.Get(k); ok && m.Kind != advert.Absent {
				return text.CleanText(text.FormatField(k, m))
			}
		}
		return ""
	}
}

// partyColumns fits the columns into width, dropping the least needed
// first. Email and phone appear in the full view only.
func partyColumns(width int, full bool) []column {
	name := column{"Name", 0, func(v advert.Value) string { return text.CleanText(text.PartyName(v)) }}
	kind := column{"Kind", 14, memberText("kind", "type", "role", "category", "partyType")}
	city := column{"City", 16, memberText("city", "town")}
	country := column{"Country", 8, memberText("country", "countryCode")}
	email := column{"Email", 28, memberText("email")}
	phone := column{"Phone", 18, memberText("phone")}
	// Columns are dropped from the right when space runs out: in the full
	// view the contact data a reviewer came for goes first.
	cols := []column{kind, city, country}
	if full {
		cols = []column{email, phone, country, city, kind}
	}
	// Drop from the right until the name keeps at least 16 cells.
	for len(cols) > 0 {
		used := 0
		for _, c := range cols {
			used += c.width + 1
		}
		if width-used >= 16 {
			name.width = width - used
			break
		}
		cols = cols[:len(cols)-1]
	}
	if name.width == 0 {
		name.width = width
	}
	return append([]column{name}, cols...)
}

// partyRows renders the header and the rows in [offset, offset+rows): only
// what is visible, so the cost does not grow with the number of entries.
func partyRows(st theme.Styles, list []advert.Value, cursor, offset, rows, width int, full bool) []string {
	cols := partyColumns(width, full)
	out := make([]string, 0, rows+1)
	var hdr strings.Builder
	for i, c := range cols {
		if i > 0 {
			hdr.WriteByte(' ')
		}
		hdr.WriteString(pad(c.title, c.width))
	}
	out = append(out, st.TableHeader.Render(hdr.String()))
	for i := offset; i < min(len(list), offset+rows); i++ {
		var row strings.Builder
		for j, c := range cols {
			if j > 0 {
				row.WriteByte(' ')
			}
			row.WriteString(pad(c.cell(list[i]), c.width))
		}
		line := row.String()
		if i == cursor {
			line = st.Selected.Render(line)
		}
		out = append(out, line)
	}
	return out
}

// pad truncates or pads s to exactly w cells, wide characters counted.
func pad(s string, w int) string {
	s = ansi.Truncate(s, w, "…")
	if gap := w - lipgloss.Width(s); gap > 0 {
		s += strings.Repeat(" ", gap)
	}
	return s
}

// partyPane lays out the table and the selected entry's details: side by
// side on wide terminals, stacked otherwise.
func partyPane(st theme.Styles, title string, list []advert.Value, present bool, cursor, offset, detailOffset, width, height int, full bool) string {
	if !present || len(list) == 0 {
		msg := "not in this response"
		if present {
			msg = "none in this response"
		}
		return st.Null.Render(fmt.Sprintf("%s: %s", title, msg))
	}
	count := st.Muted.Render(fmt.Sprintf("%d %s · entry %d · ↑/↓ select · J/K scroll details", len(list), strings.ToLower(title), cursor+1))
	body := height - 1
	if width >= 110 {
		// Side by side, joined line by line: cheaper than laying out blocks.
		tableW := width * 3 / 5
		rows := partyRows(st, list, cursor, offset, body-1, tableW, full)
		detail := detailLines(st, list[cursor], width-tableW-3, body, detailOffset)
		bar := st.TabBar.Render("│")
		lines := make([]string, body)
		for i := range lines {
			left, right := "", ""
			if i < len(rows) {
				left = rows[i]
			}
			if i < len(detail) {
				right = detail[i]
			}
			lines[i] = fit(left, tableW) + " " + bar + " " + right
		}
		return count + "\n" + strings.Join(lines, "\n")
	}
	tableRows := tableHeight(height)
	rows := partyRows(st, list, cursor, offset, tableRows, width, full)
	detail := detailLines(st, list[cursor], width, body-len(rows)-1, detailOffset)
	sep := st.TabBar.Render(strings.Repeat("─", width))
	return count + "\n" + strings.Join(rows, "\n") + "\n" + sep + "\n" + strings.Join(detail, "\n")
}

// tableHeight is how many rows the stacked table shows in a pane of height h.
func tableHeight(h int) int { return max(1, (h-3)/2) }

// visibleRows is how many rows the table shows, for scrolling.
func visibleRows(width, height int) int {
	if width >= 110 {
		return max(1, height-2)
	}
	return tableHeight(height)
}

// detailLines is the selected entry's fields from line offset on, cut to
// height with a note of what is left below.
func detailLines(st theme.Styles, entry advert.Value, width, height, offset int) []string {
	if height <= 0 {
		return nil
	}
	var lines []string
	if entry.Kind == advert.Object {
		lines = fieldLines(st, entry, width)
	} else {
		lines = []string{st.Value.Render(text.CleanText(entry.Text()))}
	}
	lines = lines[min(max(offset, 0), max(len(lines)-1, 0)):]
	if len(lines) > height {
		lines = append(lines[:height-1], st.Muted.Render(fmt.Sprintf("… %d more lines (J scrolls)", len(lines)-height+1)))
	}
	return lines
}
