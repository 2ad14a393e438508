package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// startPane is the screen before the first lookup: what to type, and the
// sample PAIDs the demo offers.
type startPane struct {
	k              *kit
	samples, demos []string
	changing       []string // demo PAIDs that change between polls
	lines          []string
	width          int
	dark           bool
	scroll         scroller
}

func newStartPane(k *kit, samples, demos, changing []string) Pane {
	return startPane{k: k, samples: samples, demos: demos, changing: changing}
}

// Tab has no label: before the first lookup there are no tabs to show.
func (p startPane) Tab() Tab { return Tab{} }

func (p startPane) Resize(w, h int) Pane {
	if p.lines == nil || p.width != w || p.dark != p.k.st.IsDark {
		p.lines, p.width, p.dark = p.layout(w), w, p.k.st.IsDark
	}
	p.scroll.resize(h, len(p.lines))
	return p
}

func (p startPane) layout(w int) []string {
	st := p.k.st
	out := []string{"", st.Title.Render("Look up a political advertisement"), ""}
	out = append(out, strings.Split(ansi.Wrap("Type its PAID above and press "+p.k.keys.root.Fetch.Help().Key+", or paste an endpoint URL.", w, " "), "\n")...)
	list := func(title string, ids []string) {
		if len(ids) == 0 {
			return
		}
		out = append(out, "", st.Muted.Render(title))
		for _, l := range fillLines(ids, w-4) {
			out = append(out, "  "+l)
		}
	}
	list("Try one of these:", p.samples)
	list("Or see how padview handles a failing service:", p.demos)
	list("Or watch one that changes between polls ("+say(p.k.keys.root.Watch, "watches it")+", "+p.k.cli+" watch run polls it):", p.changing)
	out = append(out, "")
	r := p.k.keys.root
	keys := sayAll(say(r.Full, "opens the full view (personal data) after a confirmation"), say(r.Help, "shows every key"))
	out = append(out, strings.Split(st.Muted.Render(ansi.Wrap(keys, w, " ")), "\n")...)
	return out
}

func (p startPane) Update(msg tea.Msg) (Pane, tea.Cmd) {
	p.scroll.update(p.k.keys.scroll, msg, func(int) int { return len(p.lines) })
	return p, nil
}

func (p startPane) View() string { return strings.Join(p.scroll.window(p.lines), "\n") }

func (p startPane) Where() string { return "" }

// Finding: there is nothing to find before the first lookup; / goes to
// the PAID input as it always did.
func (p startPane) Finding() findMode { return findNone }

// fillLines lays words out in lines of at most w cells, two spaces apart,
// never breaking a word (a PAID must stay whole to be typed back).
func fillLines(words []string, w int) []string {
	var lines []string
	cur := ""
	for _, word := range words {
		switch {
		case cur == "":
			cur = word
		case lipgloss.Width(cur)+2+lipgloss.Width(word) <= w:
			cur += "  " + word
		default:
			lines = append(lines, cur)
			cur = word
		}
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}
