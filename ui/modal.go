package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// Modal is the one thing that can sit over the panes: the help, the
// full-view confirmation, the token entry, and what comes later (a copy
// menu, export, the history list). While one is open it gets every key,
// paste and mouse event before anything else. Update returns nil when the
// modal is done; what it decided reaches the root as a message from the
// command it returns. The root sizes it (Resize, when it opens and on
// every window change), centres what View draws and shows Keys in the key
// line. A new modal is one file with a type that implements this.
type Modal interface {
	Resize(w, h int) Modal
	Update(msg tea.Msg) (Modal, tea.Cmd)
	View() string
	Keys() []hint
}

// frame is a dialog's box in an area of w×h cells: at most 64 wide, with
// vertical padding only where there is room. Its head and foot always
// show; the body between them scrolls.
type frame struct{ outer, inner, h int }

func newFrame(w, h int) frame {
	outer := max(20, min(64, w-2))
	return frame{outer: outer, inner: outer - 6, h: h}
}

// room is how many body lines fit.
func (f frame) room(head, foot int) int {
	return max(1, f.h-2-f.vpad()*2-head-foot)
}

func (f frame) vpad() int {
	if f.h >= 22 {
		return 1
	}
	return 0
}

// maxOffset is how far a body of n lines can scroll.
func (f frame) maxOffset(n, head, foot int) int { return max(0, n-f.room(head, foot)) }

// render draws the box: head, the body from off, foot. A body that does
// not fit says so at its edges.
func (f frame) render(style lipgloss.Style, head, body, foot []string, off int) string {
	room := f.room(len(head), len(foot))
	off = min(max(off, 0), f.maxOffset(len(body), len(head), len(foot)))
	shown := append([]string(nil), body[off:min(len(body), off+room)]...)
	more := " more (" + say(newScrollKeys().UpDown(), "scroll") + ")"
	if off > 0 && len(shown) > 1 {
		shown[0] = "↑" + more
	}
	if off+room < len(body) && len(shown) > 1 {
		shown[len(shown)-1] = "↓" + more
	}
	lines := append(append(append([]string(nil), head...), shown...), foot...)
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, f.inner, "…")
	}
	return style.Padding(f.vpad(), 2).Width(f.outer).Render(strings.Join(lines, "\n"))
}
