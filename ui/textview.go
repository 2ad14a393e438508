package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
)

// textView is the body of a pane of laid-out lines (a group's fields, the
// error): it scrolls, and / finds in it with the matches marked. The pane
// lays the lines out; textView shows them.
type textView struct {
	lines  []string
	width  int
	height int // the pane's; the find line takes one of them while it shows
	scroll scroller
	find   textFind
}

func (v *textView) count(int) int { return len(v.lines) }

// index reads a copy of the view: it runs in a command.
func (v textView) index() *lineIndex { return styledIndex(v.lines) }

// setLines takes lines laid out again (another width or theme).
func (v *textView) setLines(lines []string) {
	v.lines = lines
	v.find.reindex(v.index, v.scroll.offset)
}

func (v *textView) resize(w, h int) {
	v.width, v.height = w, h
	v.find.setWidth(w)
	v.scroll.resize(h-v.find.rows(), len(v.lines))
}

func (v *textView) update(k *kit, msg tea.Msg) tea.Cmd {
	taken, show, cmd := v.find.handle(k, msg, v.scroll.offset, v.index)
	if taken {
		v.scroll.resize(v.height-v.find.rows(), len(v.lines))
		v.scroll.reveal(show, v.count)
		return cmd
	}
	v.scroll.update(k.keys.scroll, msg, v.count)
	return nil
}

func (v textView) view(k *kit) string {
	mk := v.find.marker(k)
	win := v.scroll.window(v.lines)
	out := make([]string, len(win), v.height)
	for i, l := range win {
		out[i] = mk.line(v.scroll.offset+i, l)
	}
	return withFindLine(k, out, v.scroll.height, v.find.finder, v.find.count())
}

func (v textView) where() string { return v.scroll.where(len(v.lines), len(v.lines)) }

// withFindLine puts the find line, when it shows, under the body's height
// lines.
func withFindLine(k *kit, body []string, height int, f finder, count string) string {
	if f.rows() == 0 {
		return strings.Join(body, "\n")
	}
	for len(body) < height {
		body = append(body, "")
	}
	return strings.Join(append(body[:height:height], f.view(k, count)), "\n")
}
