package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// fetchingPane stands in for an exchange that was taken off the screen
// while the next lookup is under way: the personal data of an earlier
// advertisement never waits on screen for the next one.
type fetchingPane struct {
	k     *kit
	what  string // "Fetching XY12 (full view)…"
	why   string
	width int
}

func newFetchingPane(k *kit, what, why string) Pane {
	return fetchingPane{k: k, what: what, why: why}
}

// Tab has no label: there is nothing to show in tabs until the answer.
func (p fetchingPane) Tab() Tab { return Tab{} }

func (p fetchingPane) Resize(w, h int) Pane { p.width = w; return p }

func (p fetchingPane) Update(tea.Msg) (Pane, tea.Cmd) { return p, nil }

func (p fetchingPane) View() string {
	st := p.k.st
	out := []string{"", st.Title.Render(ansi.Wrap(p.what, max(1, p.width), " "))}
	if p.why != "" {
		out = append(out, "", st.Muted.Render(ansi.Wrap(p.why, max(1, p.width), " ")))
	}
	return strings.Join(out, "\n")
}

func (p fetchingPane) Where() string { return "" }

func (p fetchingPane) Finding() findMode { return findNone }
