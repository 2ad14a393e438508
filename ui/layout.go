package ui

// Smallest size padview lays out; below it the screen says so.
const minWidth, minHeight = 60, 15

// rect is a part of the screen, in cells.
type rect struct{ x, y, w, h int }

func (r rect) contains(x, y int) bool {
	return x >= r.x && x < r.x+r.w && y >= r.y && y < r.y+r.h
}

// layout is where everything sits for one window size. It is computed once
// per size; drawing, scrolling and mouse hit-testing all read it.
//
// Rows, top to bottom: header, PAID input, message line, tab bar, the pane,
// the status bar, the key line. A modal covers everything from the input
// to the pane, so a dialog or the help keeps the header (and its badge) and
// the status bar in sight.
type layout struct {
	width, height int
	tooSmall      bool

	header, input, message, tabs, pane, status, keys rect
	modal                                            rect
	// banner is the row above the tab bar that says the answers come from
	// a file (padview --file); empty otherwise.
	banner rect
}

func newLayout(w, h int) layout {
	l := layout{width: w, height: h, tooSmall: w < minWidth || h < minHeight}
	row := func(y, n int) rect { return rect{0, y, w, max(0, n)} }
	l.header = row(0, 1)
	l.input = row(1, 1)
	l.message = row(2, 1)
	l.tabs = row(3, 1)
	l.pane = row(4, h-6)
	l.status = row(h-2, 1)
	l.keys = row(h-1, 1)
	l.modal = row(1, h-3)
	return l
}

// withBanner makes room for the file banner above the panes: the tab
// bar and the pane move down a row.
func (l layout) withBanner() layout {
	l.banner = rect{0, l.tabs.y, l.width, 1}
	l.tabs.y++
	l.pane.y++
	l.pane.h = max(0, l.pane.h-1)
	return l
}

// paneInner is the pane's drawing area: one cell in from each side edge.
func (l layout) paneInner() rect {
	return rect{l.pane.x + 1, l.pane.y, max(1, l.pane.w-2), max(1, l.pane.h)}
}
