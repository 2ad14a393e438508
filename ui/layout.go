package ui

import "github.com/padview/padview/api/advert"

// Screen rows, top to bottom: header, PAID input, input message, tab bar,
// the pane, the status bar, the key help.
const (
	inputRow   = 1
	tabBarRow  = 3
	chromeRows = 6 // every row but the pane's
)

// rawHeader is how many lines the Raw pane's exchange summary takes.
const rawHeader = 3

// Smallest size padview lays out; below it the screen says so.
const minWidth, minHeight = 60, 15

func (m Model) paneHeight() int { return max(1, m.height-chromeRows) }

// prepare builds what View will read for the current pane: its lines at
// the current width and theme. View itself only reads, so it stays cheap.
func (m *Model) prepare() {
	m.prepareChrome()
	t := m.currentTab()
	if m.doc == nil || t.isParties() {
		return
	}
	if t == tabRaw {
		if m.raw == nil {
			m.raw = prettyJSON(m.doc.Raw)
		}
		return
	}
	p := m.pane(t)
	if p.lines == nil || p.linesWidth != m.width {
		p.lines = fieldLines(m.st, m.doc.Group(t.group()), m.width-2)
		p.linesWidth = m.width
	}
}

// lineCount is the number of lines the current text pane has.
func (m *Model) lineCount(t tabID) int {
	if t == tabRaw {
		return len(m.raw)
	}
	return len(m.pane(t).lines)
}

// scroll moves the current pane by d lines (or the table cursor by d rows).
func (m *Model) scroll(d int) {
	if m.doc == nil {
		return
	}
	t := m.currentTab()
	p := m.pane(t)
	if t.isParties() {
		list := m.parties(t)
		if len(list) == 0 {
			return
		}
		if c := min(max(p.cursor+d, 0), len(list)-1); c != p.cursor {
			p.cursor, p.detailOffset = c, 0
		}
		rows := visibleRows(m.width, m.paneHeight())
		if p.cursor < p.offset {
			p.offset = p.cursor
		}
		if p.cursor >= p.offset+rows {
			p.offset = p.cursor - rows + 1
		}
		return
	}
	m.prepare()
	p.offset = min(max(p.offset+d, 0), max(0, m.lineCount(t)-m.textHeight(t)))
}

// textHeight is how many lines of a text pane are visible.
func (m *Model) textHeight(t tabID) int {
	if t == tabRaw {
		return max(1, m.paneHeight()-rawHeader)
	}
	return m.paneHeight()
}

// clampPane keeps scroll positions valid after a resize.
func (m *Model) clampPane() {
	m.prepare()
	for t, p := range m.panes {
		if t.isParties() {
			rows := visibleRows(m.width, m.paneHeight())
			if p.cursor >= p.offset+rows {
				p.offset = p.cursor - rows + 1
			}
			continue
		}
		p.offset = min(p.offset, max(0, m.lineCount(t)-m.textHeight(t)))
	}
}

func (m *Model) parties(t tabID) []advert.Value {
	if t == tabSponsors {
		return m.doc.Sponsors
	}
	return m.doc.Controllers
}

// scrollDetail moves the details of the selected sponsor or controller.
func (m *Model) scrollDetail(d int) {
	if m.doc == nil || !m.currentTab().isParties() {
		return
	}
	p := m.pane(m.currentTab())
	p.detailOffset = max(0, p.detailOffset+d)
}
