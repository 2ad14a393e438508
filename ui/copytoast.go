package ui

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"github.com/padview/padview/api/text"
	"github.com/padview/padview/theme"
)

// toastFor is how long what was copied stays on screen unless a key
// closes it first.
const toastFor = 15 * time.Second

// copyToast shows what was just copied over the bottom of the pane, so
// that it can be selected by hand where the terminal blocks OSC 52. The
// text lines stand alone, without a frame, so a selection takes nothing
// else with it.
type copyToast struct {
	what   string
	lines  []string
	offers []offer // what the toast offers for the rest of a long text
	until  time.Time
}

func newCopyToast(c copied, now time.Time) *copyToast {
	return &copyToast{what: c.what, lines: strings.Split(strings.TrimSuffix(c.text, "\n"), "\n"), offers: c.offers, until: now.Add(toastFor)}
}

// offer is a key that acts on what was copied, and what it does ("saves
// it to a file"): the toast and the status offer it only where it applies.
type offer struct {
	key  key.Binding
	does string
}

// exportOffer is e: it saves the advertisement on screen to a file.
func exportOffer(k *kit) offer { return offer{k.keys.root.Export, "saves it to a file"} }

// offerer is a pane whose text the keys it names act on: the copy toast
// offers them after that text was copied. A pane without it offers none:
// e saves the advertisement, not a comparison, a history or an error.
type offerer interface{ Offers() []offer }

// paneOffers is what a pane offers for its text.
func paneOffers(p Pane) []offer {
	if o, ok := p.(offerer); ok {
		return o.Offers()
	}
	return nil
}

// offering writes offers as the end of a sentence: "; e saves it to a
// file", or "" when there are none.
func offering(offers []offer) string {
	var parts []string
	for _, o := range offers {
		parts = append(parts, o.key.Help().Key+" "+o.does)
	}
	if len(parts) == 0 {
		return ""
	}
	return "; " + strings.Join(parts, ", ")
}

// cover draws the toast over the last lines of a pane w cells wide: at
// most two thirds of them, the rest of a long text counted.
func (t *copyToast) cover(st theme.Styles, pane []string, w int) []string {
	room := max(1, len(pane)*2/3-2)
	var shown []string
	for _, l := range t.lines {
		for _, part := range strings.Split(ansi.Hardwrap(text.CleanText(l), w, false), "\n") {
			shown = append(shown, fit(part, w))
		}
	}
	if len(shown) > room {
		rest := len(shown) - room + 1
		shown = append(shown[:room-1:room-1], fit(st.Muted.Render(fmt.Sprintf("… %d more lines on the clipboard%s", rest, offering(t.offers))), w))
	}
	rule := func(s string) string {
		s = ansi.Truncate("── "+s+" ", w, "…")
		return st.Accent.Render(s + strings.Repeat("─", max(0, w-ansi.StringWidth(s))))
	}
	box := append([]string{rule("Copied " + t.what)}, shown...)
	box = append(box, rule("nothing pasted? select the text above by hand (shift+drag) · a key closes"))
	if len(box) > len(pane) {
		box = box[len(box)-len(pane):]
	}
	out := append([]string(nil), pane[:len(pane)-len(box)]...)
	return append(out, box...)
}
