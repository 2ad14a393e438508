package watch

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestKeepBoundsTheEventsOfEachAdvertisement: with a timestamp that moves
// every poll, each advertisement keeps its newest Keep events and the
// snapshots they lead from and to, whatever the number of sweeps; one not
// yet delivered is never let go.
func TestKeepBoundsTheEventsOfEachAdvertisement(t *testing.T) {
	h := startHostile(t, func(paid string, n int) string { return adDoc(paid, volatile(n)) })
	s := openTest(t)
	s.SetBounds(Bounds{Keep: 3})
	s.Add([]string{"AAA111", "BBB222"})
	fetch := h.fetch(t)
	for range 10 {
		sweepDelivered(t, s, fetch)
	}
	for _, p := range []string{"AAA111", "BBB222"} {
		if n := countRows(t, s, "events", "paid = ?", p); n != 3 {
			t.Errorf("%s keeps %d events", p, n)
		}
		if n := countRows(t, s, "snapshots", "paid = ?", p); n != 4 { // 3 changes: 4 snapshots
			t.Errorf("%s keeps %d snapshots", p, n)
		}
	}
	evs, _ := s.Events(context.Background(), Query{PAIDs: []string{"AAA111"}})
	if len(evs) != 3 || evs[0].Kind != Changed || evs[0].Verdict.Before == "" || len(evs[2].Changes) == 0 {
		t.Errorf("the events kept read as before: %+v", evs)
	}
	// Not delivered: never let go, even beyond the bound.
	for range 3 {
		sweep(t, s, fetch)
	}
	sweepDelivered(t, s, fetch) // the newest delivered, three before it not
	left, _, _ := s.Undelivered(context.Background())
	if n := countRows(t, s, "events", "paid = 'AAA111'"); n != 4 || len(left) != 6 {
		t.Errorf("%d events, %d undelivered", n, len(left))
	}
	var ds []Delivery
	for _, e := range left {
		ds = append(ds, Delivery{ID: e.ID})
	}
	s.MarkDelivered(ds)
	p, err := s.Prune(context.Background())
	if err != nil || p.Events != 2 || p.Snapshots != 2 || countRows(t, s, "events", "1") != 6 {
		t.Errorf("prune: %+v %v; %d events", p, err, countRows(t, s, "events", "1"))
	}
	if fixed, _ := s.Repair(context.Background(), nil); len(fixed) != 0 {
		t.Errorf("pruning left rows that do not read: %+v", fixed)
	}
}

// TestALargeMemberIsKeptAsAHashInEvents: a 3 MB member that changes each
// poll costs its snapshot, not twice more in the event: the change keeps
// a hash of each side and reads "changed (large value)".
func TestALargeMemberIsKeptAsAHashInEvents(t *testing.T) {
	const big = 3 << 20
	h := startHostile(t, func(paid string, n int) string {
		return adDoc(paid, fmt.Sprintf(`"retentionPeriod":"%d %s"`, n, strings.Repeat("x", big)))
	})
	s := openTest(t)
	s.Add([]string{"BIG333"})
	fetch := h.fetch(t)
	sweepDelivered(t, s, fetch)
	evs := sweepDelivered(t, s, fetch)
	e := evs[0]
	if e.Kind != Changed || len(e.Changes) != 1 {
		t.Fatalf("%s %+v", e.Kind, e.Changes)
	}
	c := e.Changes[0]
	if !c.Large || !strings.HasPrefix(c.Before.Str, "sha256:") || !strings.HasPrefix(c.After.Str, "sha256:") || c.Before.Str == c.After.Str {
		t.Errorf("the change: large %v, %.40q → %.40q", c.Large, c.Before.Str, c.After.Str)
	}
	if got := c.Text(0); got != "Legal and Metadata › Retention period: changed (large value)" {
		t.Errorf("text %q", got)
	}
	if c.BeforeText() != "" || c.AfterText() != "" || c.Mark() != "~" {
		t.Errorf("a side shown: %q %q %s", c.BeforeText(), c.AfterText(), c.Mark())
	}
	var size int
	s.db.QueryRow(`SELECT max(length(changes)) FROM events`).Scan(&size)
	if size > 300 {
		t.Errorf("an event of %d bytes", size)
	}
	stored, _ := s.Events(context.Background(), Query{})
	if !stored[0].Changes[0].Large || stored[0].Changes[0].After.Str != c.After.Str {
		t.Errorf("read back: %+v", stored[0].Changes[0])
	}
	line := string(stored[0].AppendJSON(nil))
	if !strings.Contains(line, `"after":"sha256:`) || !strings.Contains(line, `"large":true`) {
		t.Errorf("the JSON line: %.300s", line)
	}
}

// TestAGrowingMemberKeepsEachEventBounded: a service that adds thousands
// of members at once (each small, together megabytes) costs an event its
// MaxEventChanges at most: past it, the rest of the changes are one a
// group.
func TestAGrowingMemberKeepsEachEventBounded(t *testing.T) {
	h := startHostile(t, func(paid string, n int) string {
		var b strings.Builder
		b.WriteString(`"lastUpdated":"2026-11-01T09:00:00Z"`)
		for i := range n * 6000 {
			fmt.Fprintf(&b, `,"x%05d":"%s"`, i, strings.Repeat("v", 80))
		}
		return adDoc(paid, b.String())
	})
	s := openTest(t)
	s.Add([]string{"GROW44"})
	fetch := h.fetch(t)
	sweepDelivered(t, s, fetch)
	evs := sweepDelivered(t, s, fetch)
	var size int
	s.db.QueryRow(`SELECT length(changes) FROM events WHERE id = ?`, evs[0].ID).Scan(&size)
	if size > MaxEventChanges+4096 {
		t.Errorf("an event of %d bytes", size)
	}
	last := evs[0].Changes[len(evs[0].Changes)-1]
	if len(evs[0].Changes) < 1000 || !last.Large || !strings.HasPrefix(last.Path, "/") || strings.Count(last.Path, "/") != 1 {
		t.Errorf("%d changes, the last %+v", len(evs[0].Changes), last)
	}
}

// TestMaxSizeBoundsTheDatabase: past MaxSize the oldest delivered events
// go, with the snapshots they alone needed, until the database holds 90 %
// of it; once it holds only what it must keep, a changed answer is not
// stored, and the poll fails saying what to do.
func TestMaxSizeBoundsTheDatabase(t *testing.T) {
	const member = 40 << 10
	h := startHostile(t, func(paid string, n int) string {
		return adDoc(paid, fmt.Sprintf(`"retentionPeriod":"%d %s"`, n, strings.Repeat("y", member)))
	})
	s := openTest(t)
	const max = 2 << 20
	s.SetBounds(Bounds{MaxSize: max, Keep: 1000})
	paids := []string{"AAA111", "BBB222", "CCC333", "DDD444"}
	s.Add(paids)
	fetch := h.fetch(t)
	for range 30 {
		sweepDelivered(t, s, fetch)
		if used, _, _ := s.Used(); used > max+8*member {
			t.Fatalf("the database holds %d bytes, more than its bound of %d and a sweep", used, max)
		}
	}
	if n := countRows(t, s, "events", "1"); n >= 30*4 || n < 4 {
		t.Errorf("%d events kept of 120", n)
	}
	if n := countRows(t, s, "events", "id = 1"); n != 0 {
		t.Error("the oldest event was kept")
	}
	if fixed, _ := s.Repair(context.Background(), nil); len(fixed) != 0 {
		t.Errorf("pruning left rows that do not read: %+v", fixed)
	}
	// Only what it must keep: the latest snapshots, and events not delivered.
	s.SetBounds(Bounds{MaxSize: 64 << 10, Keep: 1000})
	p, err := s.Prune(context.Background())
	if err != nil || !p.Full {
		t.Fatalf("prune to 64 KiB: %+v %v", p, err)
	}
	if n := countRows(t, s, "snapshots", "1"); n != len(paids) {
		t.Errorf("%d snapshots kept, want each watch's latest", n)
	}
	evs, _ := sweep(t, s, fetch)
	var full *FullError
	for _, e := range evs {
		if e.Kind != Failed || !errors.As(e.Err, &full) || !strings.Contains(e.Error, "raise watch_max_size") {
			t.Errorf("%s: %s %q", e.PAID, e.Kind, e.Error)
		}
	}
	if n := countRows(t, s, "snapshots", "1"); n != len(paids) {
		t.Errorf("%d snapshots after a sweep while full", n)
	}
	s.SetBounds(Bounds{MaxSize: 64 << 20})
	evs, _ = sweep(t, s, fetch)
	if k := kinds(evs); k["AAA111"] != Changed {
		t.Errorf("with room again: %v", k)
	}
}
