package ui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/fake"
)

// TestBackAndForwardSendNoRequest: [ and ] (and alt+←/→) reopen this
// session's standard-view answers from memory, and say so; r fetches
// again and updates the visit instead of adding one.
func TestBackAndForwardSendNoRequest(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 100, 30)
	m = lookUpIn(t, m, "AB12CD")
	m = lookUpIn(t, m, "XK9P2M")
	requests := s.Stats().Requests
	m = press(t, m, "[")
	if m.ex == nil || m.ex.paid != "AB12CD" || s.Stats().Requests != requests {
		t.Fatalf("[ showed %v with %d requests", m.ex, s.Stats().Requests-requests)
	}
	requireContains(t, screen(m), "Showing AB12CD", "Riverside Civic Alliance", "from this session, fetched 12:00")
	// At 60 columns the bar keeps the time whole, in a shorter wording.
	narrow, _ := m.Update(tea.WindowSizeMsg{Width: 60, Height: 30})
	if bar := statusLine(screen(narrow.(Model))); !strings.Contains(bar, "fetched 12:00") || strings.Contains(bar, "…") {
		t.Errorf("the narrow bar: %q", bar)
	}
	m = press(t, m, "[")
	requireContains(t, screen(m), "first lookup of the session")
	m = press(t, m, "]")
	if m.ex.paid != "XK9P2M" || s.Stats().Requests != requests {
		t.Fatalf("] showed %s", m.ex.paid)
	}
	m = press(t, m, "alt+left")
	if m.ex.paid != "AB12CD" || m.input.value() != "AB12CD" {
		t.Fatalf("alt+← showed %s, input %q", m.ex.paid, m.input.value())
	}
	m = press(t, m, "alt+right", "]")
	requireContains(t, screen(m), "latest lookup of the session")
	if s.Stats().Requests != requests {
		t.Fatal("going back and forth sent a request")
	}
	m = press(t, m, "[", "r")
	if s.Stats().Requests != requests+1 || len(m.hist.visits) != 2 || m.hist.at != 0 || m.ex.paid != "AB12CD" {
		t.Fatalf("r: %d requests, %d visits, at %d", s.Stats().Requests-requests, len(m.hist.visits), m.hist.at)
	}
	if strings.Contains(screen(m), "from this session") {
		t.Fatal("a fresh answer says it is from memory")
	}
}

// TestFullViewAnswersAreNotKept: a full-view lookup is listed, but its
// answer is never kept; going back to it after s fetches it again in the
// standard view.
func TestFullViewAnswersAreNotKept(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, clk := newModel(t, demoConfig(s), 100, 30)
	m = lookUpIn(t, m, "AB12CD")
	m = confirmFull(t, m, clk)
	if !m.ex.personal() {
		t.Fatal("no full view")
	}
	for _, v := range m.hist.visits {
		if v.ex != nil && v.ex.personal() || v.view == advert.Full && (v.ex != nil || v.advertiser != "") {
			t.Fatalf("a full-view answer is kept: %+v", v.lookup)
		}
	}
	m = press(t, m, "s") // back to the standard view: AB12CD fetched again
	m = lookUpIn(t, m, "XK9P2M")
	// The visits: AB12CD standard, AB12CD full, AB12CD standard (after s), XK9P2M.
	if len(m.hist.visits) != 4 || m.hist.visits[1].view != advert.Full {
		t.Fatalf("%d visits", len(m.hist.visits))
	}
	requests, fulls := s.Stats().Requests, s.Stats().Full
	m = press(t, m, "[", "[")
	if s.Stats().Requests != requests+1 || s.Stats().Full != fulls || m.ex.view != advert.Standard || m.ex.personal() {
		t.Fatalf("back to a full-view visit: %d requests, %d full, view %v", s.Stats().Requests-requests, s.Stats().Full-fulls, m.ex.view)
	}
	requireContains(t, screen(m), "STANDARD")
}

// TestHistoryList: H lists the lookups, newest first, with PAID,
// advertiser, view, status and time; enter reopens one without a request.
func TestHistoryList(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{DemoTriggers: true})
	m, clk := newModel(t, demoConfig(s), 100, 30)
	m = lookUpIn(t, m, "AB12CD")
	clk.add(2 * time.Minute)
	m = lookUpIn(t, m, "NOPE42")
	clk.add(time.Minute)
	m = lookUpIn(t, m, "XK9P2M")
	m = press(t, m, "H")
	if _, ok := m.modal.(historyModal); !ok {
		t.Fatal("H did not open the history list")
	}
	scr := screen(m)
	requireContains(t, scr, "This session's lookups", "12:03  XK9P2M", "standard  200 OK", "Collectif",
		"12:02  NOPE42", "404 Not Found", "12:00  AB12CD", "Riverside Civic Alliance")
	if strings.Index(scr, "XK9P2M") > strings.Index(scr, "AB12CD") {
		t.Fatal("the list is not newest first")
	}
	requests := s.Stats().Requests
	m = press(t, m, "down", "down", "enter")
	if m.modal != nil || m.ex.paid != "AB12CD" || s.Stats().Requests != requests || m.hist.at != 0 {
		t.Fatalf("enter reopened %v (%d requests)", m.ex.lookup, s.Stats().Requests-requests)
	}
	m = press(t, m, "H", "esc")
	if m.modal != nil || m.ex.paid != "AB12CD" {
		t.Fatal("esc did not just close the list")
	}
}

// TestHistoryBounds: the list keeps the last maxVisits lookups, and the
// answers of the newest maxKept standard lookups within maxKeptBytes.
func TestHistoryBounds(t *testing.T) {
	t.Parallel()
	h := history{at: -1}
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	ex := func(i, size int) *exchange {
		return &exchange{lookup: lookup{fmt.Sprintf("AD%04d", i), advert.Standard},
			rec: &api.Exchange{Status: 200, Body: make([]byte, size)}}
	}
	for i := range maxVisits + 20 {
		h.record(ex(i, 1000), now)
	}
	kept := 0
	for _, v := range h.visits {
		if v.ex != nil {
			kept++
		}
	}
	if len(h.visits) != maxVisits || kept != maxKept || h.at != maxVisits-1 || h.visits[0].paid != "AD0020" || h.visits[maxVisits-1].ex == nil {
		t.Fatalf("%d visits, %d kept, at %d, oldest %s", len(h.visits), kept, h.at, h.visits[0].paid)
	}
	// Two big answers do not fit together: the older one goes, the newer
	// (on screen) stays.
	h.record(ex(1, maxKeptBytes/2+1), now)
	h.record(ex(2, maxKeptBytes/2+1), now)
	if n := len(h.visits); h.visits[n-1].ex == nil || h.visits[n-2].ex != nil {
		t.Fatal("the byte bound let both big answers stay")
	}
}

// TestWorklistKeys: the header says where the worklist is; ctrl+n and
// ctrl+p step through it, reopening what the session already holds.
func TestWorklistKeys(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	cfg := demoConfig(s)
	cfg.Worklist = []string{"AB12CD", "XK9P2M", "ZZ7Q1A"}
	m, _ := newModel(t, cfg, 100, 30)
	m = settle(t, m, m.startup)
	requireContains(t, screen(m), "worklist 1/3", "Showing AB12CD")
	m = press(t, m, "ctrl+n")
	requireContains(t, screen(m), "worklist 2/3", "Showing XK9P2M")
	requests := s.Stats().Requests
	m = press(t, m, "ctrl+p")
	requireContains(t, screen(m), "worklist 1/3", "Showing AB12CD", "from this session")
	m = press(t, m, "ctrl+p")
	requireContains(t, screen(m), "first item of the worklist (1/3)")
	if s.Stats().Requests != requests {
		t.Fatal("going back in the worklist sent a request")
	}
	m = press(t, m, "ctrl+n", "ctrl+n")
	requireContains(t, screen(m), "worklist 3/3", "Showing ZZ7Q1A")
	m = press(t, m, "ctrl+n")
	requireContains(t, screen(m), "last item of the worklist (3/3)")
	// ctrl+n works from the PAID input too: it cannot be part of a PAID.
	m = press(t, m, "o", "ctrl+p")
	requireContains(t, screen(m), "worklist 2/3", "Showing XK9P2M")

	// Without a worklist the keys say how to get one.
	m, _ = newModel(t, demoConfig(s), 100, 30)
	m = press(t, m, "esc", "ctrl+n")
	requireContains(t, screen(m), "No worklist")
	if strings.Contains(screen(m), "worklist 1/") {
		t.Fatal("a worklist place without a worklist")
	}
}

// TestClickSelectsARow: a click on a row of the table selects it, read
// through the layout; clicks on the header or the details do not.
func TestClickSelectsARow(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	for _, size := range [][2]int{{120, 36}, {80, 24}} {
		m, _ := newModel(t, demoConfig(s), size[0], size[1])
		m = lookUpIn(t, m, fake.ManySponsorsPAID)
		m = press(t, m, "3", "pgdown")
		p := m.deck.current().(partiesPane)
		first := m.layout.paneInner().y + 2 // the count line and the header
		click := func(x, y int) Model {
			next, _ := m.Update(tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft})
			return next.(Model)
		}
		m = click(5, first+3)
		got := m.deck.current().(partiesPane)
		if got.cursor != p.offset+3 {
			t.Fatalf("%v: click on row 3 selected %d (offset %d)", size, got.cursor, p.offset)
		}
		requireContains(t, screen(m), fmt.Sprintf("entry %d", p.offset+4), fmt.Sprintf("Donor %04d", p.offset+4))
		m = click(5, first-1) // the header
		if p.sideBySide() {
			m = click(m.layout.paneInner().x+p.width*3/5+4, first+5) // the details
		} else {
			m = click(5, m.layout.pane.y+m.layout.pane.h-1) // the details, below the table
		}
		if c := m.deck.current().(partiesPane).cursor; c != p.offset+3 {
			t.Fatalf("%v: a click off the rows moved the selection to %d", size, c)
		}
	}
}

// statusLine is the status bar: the line above the key line.
func statusLine(scr string) string {
	lines := strings.Split(strings.TrimRight(scr, "\n"), "\n")
	if len(lines) < 2 {
		return ""
	}
	return lines[len(lines)-2]
}
