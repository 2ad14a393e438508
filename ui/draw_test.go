package ui

import (
	"fmt"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/padview/padview/api/fake"
)

// wrap keeps a word whole when it fits a line by itself; a word that
// cannot is the only one broken: it starts beside the marker or text it
// follows, at the seam that keeps most of it whole (an email after its @,
// a URL after a /), and is cut only where it has none.
func TestWrapBreaksOnlyWhatCannotFit(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		s    string
		w    int
		want string // lines joined by |
	}{
		// The reviewer's: a masked email one cell wider than the line.
		{"◆ h•••@ciclistas-madrid.example", 27, "◆ h•••@|ciclistas-madrid.example"},
		{"◆ hola@ciclistas-madrid.example", 31, "◆ hola@ciclistas-madrid.example"},
		// Fits a line by itself: moved whole, never broken.
		{"Contact hola@ciclistas-madrid.example today", 30, "Contact|hola@ciclistas-madrid.example|today"},
		{"◆ info@estuary-friends.example and https://a-b.example/x-y", 30, "◆ info@estuary-friends.example|and https://a-b.example/x-y"},
		// Fits no line: broken at its seams, a // left whole.
		{"see https://ciclistas-madrid.example/eventos/2026", 28, "see https://|ciclistas-madrid.example/|eventos/2026"},
		{"◆ averyveryverylongmailbox@x.example", 20, "◆ averyveryverylongm|ailbox@x.example"},
		// No seam: cut at the line's end; a marker keeps its value beside it.
		{"◆ 0123456789abcdef0123456789", 20, "◆ 0123456789abcdef01|23456789"},
		{"ab abcdefghij", 4, "ab|abcd|efgh|ij"},
		{"日本語日本語", 5, "日本|語日|本語"},
		// Spaces and line breaks as given.
		{"  two  spaces\nnext", 40, "  two  spaces|next"},
	} {
		got := wrap(c.s, c.w)
		if strings.Join(got, "|") != c.want {
			t.Errorf("wrap(%q, %d) = %q; want %q", c.s, c.w, got, strings.Split(c.want, "|"))
		}
		for _, l := range got {
			if lipgloss.Width(l) > c.w {
				t.Errorf("wrap(%q, %d): %q is wider than the line", c.s, c.w, l)
			}
		}
	}
}

// The sponsors' details at 120 columns (side by side, 45 cells) keep a
// masked email's ◆ beside it and its domain whole; at 80 and 60 (the
// details under the table) the email stands whole on its line.
func TestSponsorDetailsKeepAMaskedEmailReadable(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	for _, c := range []struct {
		w, h int
		want []string
	}{
		{120, 36, []string{"Email           ◆ h•••@", "ciclistas-madrid.example"}},
		{80, 24, []string{"◆ h•••@ciclistas-madrid.example"}},
		{60, 15, []string{"◆ h•••@ciclistas-madrid.example"}},
	} {
		t.Run(fmt.Sprintf("%dx%d", c.w, c.h), func(t *testing.T) {
			m, clk := newModel(t, demoConfig(s), c.w, c.h)
			m = lookUpIn(t, m, "ES55MAD")
			m = confirmFull(t, m, clk)
			m = press(t, m, "m")
			m = settle(t, m, m.maskCmd())
			m = press(t, m, "3")
			p := m.deck.current().(partiesPane)
			details := ansi.Strip(strings.Join(p.fields, "\n"))
			requireContains(t, details, c.want...)
			for _, l := range strings.Split(details, "\n") {
				if l := strings.TrimSpace(l); l == "◆" || strings.HasSuffix(l, "examp") || l == "le" {
					t.Fatalf("the email is cut:\n%s", details)
				}
			}
		})
	}
}

func TestWithoutAsides(t *testing.T) {
	got := withoutAsides("The OS keyring is unavailable: there is no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is unset and /run/user/0/bus does not exist), so no Secret Service can be reached.")
	if want := "The OS keyring is unavailable: there is no D-Bus session bus, so no Secret Service can be reached."; got != want {
		t.Errorf("got %q", got)
	}
	if got := withoutAsides("no asides (nested (ones) too) here"); got != "no asides here" {
		t.Errorf("got %q", got)
	}
}

// A notice too long for the message line drops its asides rather than
// being cut.
func TestLongNoticeDropsItsAsides(t *testing.T) {
	t.Parallel()
	m, _ := newModel(t, demoConfig(startFake(t, fake.Options{})), 110, 24)
	m.notice = "The OS keyring is unavailable: there is no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is unset and /run/user/0/bus does not exist), so no Secret Service can be reached."
	scr := screen(m)
	if !strings.Contains(scr, "there is no D-Bus session bus, so no Secret Service can be reached.") || strings.Contains(scr, "DBUS_SESSION") || strings.Contains(scr, "…") {
		t.Fatalf("the notice:\n%s", scr)
	}
}

// The demo's start screen lists every kind of sample: those to look up,
// the failing ones, and the one to watch, with the command that polls it.
func TestStartScreenListsTheSampleToWatch(t *testing.T) {
	t.Parallel()
	cfg := demoConfig(startFake(t, fake.Options{}))
	cfg.Changing = []string{fake.ChangingPAID}
	m, _ := newModel(t, cfg, 120, 30)
	requireContains(t, screen(m), "DEMO-403", "Or watch one that changes between polls (w watches it, padview --demo watch run polls it):", fake.ChangingPAID)
}
