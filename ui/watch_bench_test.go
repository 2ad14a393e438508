package ui

import (
	"context"
	"testing"
	"time"

	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/api/watch"
)

// BenchmarkHistory measures the History tab at its bound, the newest 100
// events (REV2026 polled through its cycle 101 times): reading and wording
// them (the command, off the UI goroutine), laying the tab out at 120×40
// and drawing it, and a key that selects the next event and draws the tab
// again (what Update and View do).
func BenchmarkHistory(b *testing.B) {
	d := watched(b, fake.ChangingPAID)
	s := d.own(b)
	poll := startFake(b, fake.Options{})
	for range maxHistoryEvents + 1 {
		d.sweep(b, poll)
	}
	ctx := context.Background()
	h, err := readHistory(ctx, s, fake.ChangingPAID, "padview watch run")
	if err != nil || len(h.events) != maxHistoryEvents || !h.more {
		b.Fatalf("%d events, more %v: %v", len(h.events), h.more, err)
	}
	m, _ := newModel(b, demoConfig(poll), 120, 40)
	in := m.layout.paneInner()
	b.Run("read", func(b *testing.B) {
		for b.Loop() {
			if _, err := readHistory(ctx, s, fake.ChangingPAID, "padview watch run"); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("layout", func(b *testing.B) {
		for b.Loop() {
			_ = newWatchPane(m.kit, h, nil).Resize(in.w, in.h).View()
		}
	})
	b.Run("select", func(b *testing.B) {
		var p Pane = newWatchPane(m.kit, h, nil).Resize(in.w, in.h)
		down, up := keyMsg("down"), keyMsg("up")
		i := 0
		for b.Loop() {
			k := down
			if i%(2*maxHistoryEvents) >= maxHistoryEvents {
				k = up
			}
			i++
			p, _ = p.Update(k)
			_ = p.View()
		}
	})
}

// BenchmarkHistoryTimeline1000 draws the History tab of a watch history
// of 1,000 polls at 120×40: reading the newest of them into words and a
// timeline (the command), laying the tab out with its strip (Resize) and
// drawing it (View). The target is a frame: under 16 ms.
func BenchmarkHistoryTimeline1000(b *testing.B) {
	month := aMonthOfREV2026()
	evs := make([]watch.Event, 1000)
	for i := range evs {
		evs[i] = month[i%len(month)]
		evs[i].At = month[0].At.Add(-time.Duration(i) * 37 * time.Minute)
	}
	s := storedHistory{evs}
	m, _ := newModel(b, demoConfig(startFake(b, fake.Options{})), 120, 40)
	in := m.layout.paneInner()
	ctx := context.Background()
	for b.Loop() {
		h, err := readHistory(ctx, s, fake.ChangingPAID, "padview watch run")
		if err != nil {
			b.Fatal(err)
		}
		_ = newWatchPane(m.kit, h, nil).Resize(in.w, in.h).View()
	}
}
