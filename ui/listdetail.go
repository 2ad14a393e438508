package ui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// A list with the selected entry's details, beside it on a wide pane and
// below it otherwise: the sponsors and controllers tables and the History
// tab. The panes draw their rows and details; these lay them out.

// listWindow keeps the cursor among n rows and in sight in a window of
// rows lines from offset, the window full when there are enough rows
// below; it returns the cursor and the offset.
func listWindow(cursor, offset, n, rows int) (int, int) {
	cursor = min(max(cursor, 0), max(0, n-1))
	offset = min(max(offset, cursor-rows+1), cursor)
	return cursor, max(0, min(offset, n-rows))
}

// listAndDetails lays out body lines of width cells: the rows (rows(w)
// draws them w wide) and the details (details(h), h lines at most),
// beside the list, listW wide, past a bar, or below it under a rule.
func listAndDetails(k *kit, beside bool, width, listW, body int, rows func(w int) []string, details func(h int) []string) []string {
	st := k.st
	if !beside {
		list := rows(width)
		out := append(list, st.TabBar.Render(strings.Repeat("─", width)))
		return append(out, details(body-len(list)-1)...)
	}
	list, detail := rows(listW), details(body)
	bar := st.TabBar.Render("│")
	out := make([]string, 0, body)
	for i := range body {
		left, right := "", ""
		if i < len(list) {
			left = list[i]
		}
		if i < len(detail) {
			right = detail[i]
		}
		out = append(out, fit(left, listW)+" "+bar+" "+right)
	}
	return out
}

// detailWindow is lines from offset on, cut to height with a note of what
// is left below and the key that scrolls there.
func detailWindow(k *kit, lines []string, offset, height int) []string {
	if height <= 0 {
		return nil
	}
	lines = lines[min(offset, max(len(lines)-1, 0)):]
	if len(lines) > height {
		lines = append(lines[:height-1:height-1], k.st.Muted.Render(fmt.Sprintf("… %d more lines (%s)", len(lines)-height+1, say(k.keys.table.DetailDown, "scrolls"))))
	}
	return lines
}

// listInput is what msg does to a list with details: J/K scroll the
// details (detail is -1 or +1), a click on a row (rowAt says which) or a
// scroll key or the wheel (a page is page rows) selects a row among n
// (row, or -1 for none).
func listInput(k *kit, msg tea.Msg, cursor, n, page int, rowAt func(x, y int) (int, bool)) (row, detail int) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, k.keys.table.DetailDown):
			return -1, 1
		case key.Matches(msg, k.keys.table.DetailUp):
			return -1, -1
		}
	case tea.MouseClickMsg:
		if r, ok := rowAt(msg.X, msg.Y); ok {
			return r, 0
		}
		return -1, 0
	}
	if d, ok := scrollDelta(k.keys.scroll, msg, page); ok && n > 0 {
		return min(max(cursor+d, 0), n-1), 0
	}
	return -1, 0
}
