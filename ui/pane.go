package ui

import (
	"fmt"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/theme"
)

// Pane is one tab: the exchange on screen seen one way (a group's fields,
// the sponsors table, the raw answer, the failure). The root model knows
// panes only through this interface; a new pane is one file with a type
// that implements it and one line in panesFor.
type Pane interface {
	// Tab is what the tab bar shows for the pane.
	Tab() Tab
	// Resize sets the size the pane draws at and builds what View reads;
	// scroll position and selection stay valid.
	Resize(w, h int) Pane
	// Update takes the keys and mouse events meant for the pane (the root
	// keeps tab, view and lookup keys) and returns the next pane. Clicks
	// arrive in the pane's own coordinates.
	Update(msg tea.Msg) (Pane, tea.Cmd)
	// View draws the pane at its size. It only reads.
	View() string
	// Where says where the pane is scrolled to ("lines 3–30 of 80"), or ""
	// when everything shows.
	Where() string
	// Finding is what the pane's find line (find.go) is doing: while it is
	// typed in, the root hands the pane every key.
	Finding() findMode
}

// Tab is a pane's entry in the tab bar.
type Tab struct {
	Label string // "Sponsors"
	Count string // shown after the label ("3"), or ""
	Empty bool   // nothing from this response: drawn dim
}

// kit is what panes and modals draw with and read keys by. The model owns
// one and shares it; a theme change replaces its styles in place.
type kit struct {
	st   theme.Styles
	keys keyMap
	help help.Model
	// The clock: now, and after, which fires a message after a while
	// (tea.Tick). Tests set both to a clock they move.
	now   func() time.Time
	after func(time.Duration, func(time.Time) tea.Msg) tea.Cmd
	idle  time.Duration // the full view's idle timeout, for the texts that name it
	// typing is how long a command key waits for typing to follow
	// (typing.go); 0 turns the typing rule off, for tests of other keys
	// in a program whose clock moves only when the test moves it.
	typing time.Duration
	cli    string // how a command the screen suggests starts (text.Command)
	seq    int    // the last request id handed out (request)
	// showNotice: the Transparency tab shows the notice rather than the
	// checklist. The reader's choice outlives the pane, which each answer
	// and the mask build anew; only the Transparency pane's Update sets it.
	showNotice bool
}

// request is a new id for something a pane asks a command for, so that
// an answer nobody waits for any more is told apart. Only Update calls it.
func (k *kit) request() int {
	k.seq++
	return k.seq
}

// panesFor lists the panes of an exchange: one per group in advert.Groups
// but Other (1 to 8), the transparency check (9), Raw (0), then the tabs
// without a number key: Other when something was not placed or not
// recognised, Compare
// when an advertisement was marked to compare with (it opens on its own
// after = and a lookup), and History when it is watched. A failure has
// its error and Raw (and History). They draw the document as shown
// (masked under the privacy mask).
func panesFor(k *kit, ex *exchange) []Pane {
	if ex.maskPending() {
		return []Pane{newFetchingPane(k, "Masking the personal data…", "Nothing of this advertisement shows until its masked copy is ready.")}
	}
	doc := ex.shown()
	if doc == nil {
		return withHistory(k, ex, []Pane{newErrorPane(k, ex), newRawPane(k, ex)})
	}
	var ps []Pane
	var other Pane
	for _, g := range advert.Groups {
		switch {
		case g.Parties:
			ps = append(ps, newPartiesPane(k, g, doc))
		case g.Group == advert.GroupOther:
			if doc.Other.Len() > 0 || ex.unplacedTotal > 0 {
				other = newOtherPane(k, g, doc, ex.unplaced, ex.unplacedTotal)
			}
		default:
			ps = append(ps, newFieldsPane(k, g, doc))
		}
	}
	ps = append(ps, newTransparencyPane(k, ex), newRawPane(k, ex))
	if other != nil {
		ps = append(ps, other)
	}
	if ex.against != nil {
		ps = append(ps, newComparePane(k, ex.against))
	}
	return withHistory(k, ex, ps)
}

// withHistory adds the History tab, last, when the advertisement is
// watched (a failed lookup too: it may have vanished).
func withHistory(k *kit, ex *exchange, ps []Pane) []Pane {
	if ex.watched == nil {
		return ps
	}
	return append(ps, newWatchPane(k, ex.watched, nil))
}

// scroller is a text pane's scroll position in a window of height lines.
type scroller struct{ offset, height int }

// far is a scroll distance that reaches either end.
const far = 1 << 30

// scrollDelta is how far a key or the wheel asks to move: lines for a
// text pane, rows for a table.
func scrollDelta(keys scrollKeys, msg tea.Msg, page int) (int, bool) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, keys.Up):
			return -1, true
		case key.Matches(msg, keys.Down):
			return 1, true
		case key.Matches(msg, keys.PageUp):
			return -max(1, page), true
		case key.Matches(msg, keys.PageDown):
			return max(1, page), true
		case key.Matches(msg, keys.Home):
			return -far, true
		case key.Matches(msg, keys.End):
			return far, true
		}
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelUp:
			return -3, true
		case tea.MouseWheelDown:
			return 3, true
		}
	}
	return 0, false
}

// move scrolls by d. lines(need) is the number of lines, counted at least
// need far when counting is work (the lazily laid out Raw pane).
func (s *scroller) move(d int, lines func(need int) int) {
	n := lines(max(0, s.offset+d) + s.height)
	s.offset = min(max(s.offset+d, 0), max(0, n-s.height))
}

// update moves for a scroll key or the wheel, and says whether it did.
func (s *scroller) update(keys scrollKeys, msg tea.Msg, lines func(need int) int) bool {
	d, ok := scrollDelta(keys, msg, s.height)
	if ok {
		s.move(d, lines)
	}
	return ok
}

// resize keeps the window inside n lines at a new height.
func (s *scroller) resize(h, n int) {
	s.height = max(1, h)
	s.offset = min(s.offset, max(0, n-s.height))
}

// where writes the scroll position; total < 0 when not yet counted.
func (s scroller) where(known, total int) string {
	if total >= 0 && total <= s.height {
		return ""
	}
	last := min(s.offset+s.height, known)
	if total < 0 {
		return fmt.Sprintf("lines %d–%d", s.offset+1, last)
	}
	return fmt.Sprintf("lines %d–%d of %d", s.offset+1, last, total)
}

// window is the part of lines the scroller shows.
func (s scroller) window(lines []string) []string {
	from := min(s.offset, len(lines))
	return lines[from:min(len(lines), from+s.height)]
}
