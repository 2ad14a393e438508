package ui

import (
	"fmt"
	"testing"
	"time"
)

// BenchmarkCopyMenu is y on the sponsors table of 5,000 and 50,000: the
// menu opens with the selected row's preview and is drawn. The pane's text
// and the JSON are worked out only when chosen, in a command, so opening
// does not grow with the list.
func BenchmarkCopyMenu(b *testing.B) {
	for _, n := range []int{5000, 50000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			m := shown(b, bigExchange(b, n), "Sponsors")
			b.ReportAllocs()
			for b.Loop() {
				next, _ := m.Update(keyMsg("y"))
				_ = next.(Model).View()
			}
		})
	}
}

// BenchmarkCompareScroll is a key press on the Compare tab of two
// advertisements of 50,000 sponsors each that differ in every sponsor:
// scrolling reads lines laid out once, so it stays far under a frame.
func BenchmarkCompareScroll(b *testing.B) {
	a, c := bigExchange(b, 50000), bigExchange(b, 50000)
	m := shown(b, a, "Advertiser")
	m.mark = c.doc
	m.mark.Sponsors = m.mark.Sponsors[1:] // every sponsor pairs differently… and one is gone
	m.show(a)
	next, _ := m.Update(m.compareCmd()())
	m = next.(Model)
	keys := []string{"pgdown", "pgup"}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		next, _ := m.Update(keyMsg(keys[i%2]))
		_ = next.(Model).View()
		i++
	}
}

// BenchmarkCompareOpen is the comparison made for a lookup of 50,000
// sponsors against a marked one: once per lookup, in a command.
func BenchmarkCompareOpen(b *testing.B) {
	a, c := bigExchange(b, 50000), bigExchange(b, 50000)
	c.doc.Sponsors = c.doc.Sponsors[:49000]
	k := shown(b, a, "Advertiser").kit
	b.ReportAllocs()
	for b.Loop() {
		_ = compare(k, c.doc, a.doc, false, time.Time{}, time.Time{}).Resize(118, 30).View()
	}
}

// BenchmarkCompareOpenMasked is BenchmarkCompareOpen under the privacy
// mask: the comparison of the documents as they are, its changes then
// masked each side in its own document, as padview diff --mask does.
func BenchmarkCompareOpenMasked(b *testing.B) {
	a, c := bigExchange(b, 50000), bigExchange(b, 50000)
	c.doc.Sponsors = c.doc.Sponsors[:49000]
	k := shown(b, a, "Advertiser").kit
	b.ReportAllocs()
	for b.Loop() {
		_ = compare(k, c.doc, a.doc, true, time.Time{}, time.Time{}).Resize(118, 30).View()
	}
}
