package ui

import (
	"fmt"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"

	"github.com/padview/padview/api/fake"
)

// The full-view confirmation's purposes stand in one column: the keys 1,
// 3 and 5 (the typed purpose) start at the same cell, whether a purpose
// is chosen (bracketed) or not, and while one is typed; at 120×36, 80×24
// and 60×15.
func TestConfirmPurposesAlign(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	for _, size := range [][2]int{{120, 36}, {80, 24}, {60, 15}} {
		m, clk := newModel(t, demoConfig(s), size[0], size[1])
		m = lookUpIn(t, m, "AB12CD")
		m = press(t, m, "f")
		clk.add(confirmArmDelay)
		for _, keys := range [][]string{nil, {"3"}, {"5"}} {
			m = press(t, m, keys...)
			scr := screen(m)
			where := fmt.Sprintf("%v after %v", size, keys)
			one, three, five := cellOf(scr, "1 Compliance review"), cellOf(scr, "3 Support request"), cellOf(scr, "5 other:")
			if one < 0 || one != three || one != five {
				t.Errorf("%s: 1 at %d, 3 at %d, 5 at %d:\n%s", where, one, three, five, scr)
			}
			for _, l := range strings.Split(scr, "\n") {
				if strings.Contains(l, "5 other:") && strings.HasSuffix(strings.TrimRight(l, " ║"), "…") {
					t.Errorf("%s: the typed purpose's line is cut:\n%s", where, scr)
				}
			}
		}
	}
}

// cellOf is the cell where s starts on the screen, or -1.
func cellOf(scr, s string) int {
	for _, l := range strings.Split(scr, "\n") {
		if i := strings.Index(l, s); i >= 0 {
			return lipgloss.Width(l[:i])
		}
	}
	return -1
}
