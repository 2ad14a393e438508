package ui

import (
	"testing"

	"github.com/padview/padview/api/fake"
)

// loaded is a model showing paid in the full view on tab, at 120×40.
func loaded(b *testing.B, paid string, tab tabID) Model {
	s := startFake(b, fake.Options{})
	m, clk := newModel(b, demoConfig(s), 120, 40)
	m.input.SetValue(paid)
	m = press(b, m, "enter", "f")
	clk.add(confirmArmDelay)
	m = press(b, m, "y")
	for i, t := range m.tabs {
		if t == tab {
			m.tab = i
		}
	}
	m.prepare()
	return m
}

// BenchmarkViewManySponsors draws the Sponsors pane of the 5,000-sponsor
// advertisement with the cursor in the middle; compare with the 2-sponsor
// one to see that the cost does not grow with the count.
func BenchmarkViewManySponsors(b *testing.B) {
	for _, c := range []struct{ name, paid string }{{"5000", fake.ManySponsorsPAID}, {"2", "AB12CD"}} {
		b.Run(c.name, func(b *testing.B) {
			m := loaded(b, c.paid, tabSponsors)
			m.scroll(len(m.doc.Sponsors) / 2)
			b.ReportAllocs()
			for b.Loop() {
				_ = m.View()
			}
		})
	}
}

// BenchmarkViewManySponsorsRaw draws the Raw pane of the same document
// (about 60,000 lines), scrolled to the middle.
func BenchmarkViewManySponsorsRaw(b *testing.B) {
	m := loaded(b, fake.ManySponsorsPAID, tabRaw)
	m.scroll(len(m.raw) / 2)
	b.ReportAllocs()
	for b.Loop() {
		_ = m.View()
	}
}

// BenchmarkKeystroke is one key press on a typical advertisement: Update
// (moving down the sponsors table) and the View that follows.
func BenchmarkKeystroke(b *testing.B) {
	m := loaded(b, "PAD-2026-000000123456", tabSponsors)
	keys := []string{"j", "k"}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		next, _ := m.Update(keyMsg(keys[i%2]))
		m = next.(Model)
		_ = m.View()
		i++
	}
}

// BenchmarkKeystrokeTabSwitch switches panes, which rebuilds a pane's lines.
func BenchmarkKeystrokeTabSwitch(b *testing.B) {
	m := loaded(b, "PAD-2026-000000123456", tabAdvertiser)
	b.ReportAllocs()
	for b.Loop() {
		next, _ := m.Update(keyMsg("tab"))
		m = next.(Model)
		_ = m.View()
	}
}
