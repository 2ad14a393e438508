package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/padview/padview/api/fake"
)

// TestCompareSamePAIDNamesFetchTimes: REV2026 compared with itself later
// names each side's fetch time in the tab's head, not REV2026 → REV2026
// alone.
func TestCompareSamePAIDNamesFetchTimes(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{DemoTriggers: true})
	m, _ := newModel(t, demoConfig(s), 160, 36)
	m = lookUpIn(t, m, fake.ChangingPAID)
	m = press(t, m, "=")
	m = press(t, m, "r")
	if tab(m) != compareLabel {
		t.Fatalf("on %q", tab(m))
	}
	head := regexp.MustCompile(`Comparing REV2026 fetched \d\d:\d\d:\d\d \(marked\) with REV2026 fetched \d\d:\d\d:\d\d \(on screen\)`)
	if !head.MatchString(screen(m)) {
		t.Fatalf("no fetch times in the head:\n%s", screen(m))
	}
}

// TestCompareMarksAddedPersonalData: the Compare tab marks personal data
// ◆ as the other panes do (AB12CE's full view adds a sponsor with an
// email and a phone); a value that is none (a city) has no ◆.
func TestCompareMarksAddedPersonalData(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, clk := newModel(t, demoConfig(s), 140, 60)
	m = lookUpIn(t, m, "AB12CD")
	m = confirmFull(t, m, clk)
	m = press(t, m, "=")
	m = lookUpIn(t, m, "AB12CE")
	text := m.deck.current().(comparePane).Text()
	requireContains(t, text, "+ Email: ◆ office@harbour-traders.example", "+ Phone: ◆ +44 20 7946 0410", "+ City: Northbank")
	if strings.Contains(text, "City: ◆") || strings.Contains(text, "Contribution: ◆") {
		t.Fatalf("a title is marked personal:\n%s", text)
	}
}
