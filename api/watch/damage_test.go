package watch

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// TestADamagedSnapshotIsOnePAIDsProblem: a stored snapshot that does not
// read (torn JSON, a byte flipped that still parses, one that is
// missing) stops its own advertisement alone:
// its poll is skipped, named with its PAID and the repair, nothing of it
// is stored, and the others are polled and recorded. Repair then removes
// the row; the next poll compares with the latest snapshot that reads,
// or is a first.
func TestADamagedSnapshotIsOnePAIDsProblem(t *testing.T) {
	for _, tc := range []struct {
		name, damage string
		says         string
	}{
		{"torn", `UPDATE snapshots SET document = substr(document, 1, 8) WHERE id = ?`, "unexpected EOF"},
		{"a byte flipped", `UPDATE snapshots SET document = replace(document, 'Riverside', 'Riversidf') WHERE id = ?`, "hash does not match"},
		{"missing", `PRAGMA foreign_keys = OFF; DELETE FROM snapshots WHERE id = ?`, "it is missing"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := startHostile(t, func(paid string, n int) string { return adDoc(paid, volatile(n)) })
			s := openTest(t)
			s.Add([]string{"AAA111", "BAD222", "CCC333"})
			fetch := h.fetch(t)
			sweepDelivered(t, s, fetch)
			sweepDelivered(t, s, fetch)
			w, _, _ := s.Watch("BAD222")
			var bad int64
			s.db.QueryRow(`SELECT snapshot_id FROM watches WHERE paid = 'BAD222'`).Scan(&bad)
			conn, _ := s.db.Conn(context.Background())
			if _, err := conn.ExecContext(context.Background(), tc.damage, bad); err != nil {
				t.Fatal(err)
			}
			conn.ExecContext(context.Background(), `PRAGMA foreign_keys = ON`)
			conn.Close()
			snaps, events := countRows(t, s, "snapshots", "1"), countRows(t, s, "events", "1")

			evs, sum := sweep(t, s, fetch)
			k := kinds(evs)
			if k["AAA111"] != Changed || k["CCC333"] != Changed || k["BAD222"] != Skipped || !sum.Done {
				t.Fatalf("kinds %v, done %v", k, sum.Done)
			}
			var d *DamagedError
			for _, e := range evs {
				if e.PAID == "BAD222" && (!errors.As(e.Err, &d) || e.ID != 0) {
					t.Fatalf("the skipped poll: %+v", e)
				}
			}
			msg := d.Damage.Text("padview --profile staging")
			for _, want := range []string{"snapshot ", " of BAD222 does not read", tc.says, "'padview --profile staging watch repair BAD222' removes it"} {
				if !strings.Contains(msg, want) {
					t.Errorf("the damage says %q, not %q", msg, want)
				}
			}
			if got := countRows(t, s, "snapshots", "paid = 'BAD222'"); got != countRows(t, s, "snapshots", "paid = 'AAA111'")-1-boolInt(tc.name == "missing") {
				t.Errorf("something of BAD222 was stored: %d snapshots", got)
			}
			if countRows(t, s, "snapshots", "1") != snaps+2 || countRows(t, s, "events", "1") != events+2 {
				t.Errorf("the others were not stored")
			}
			if after, _, _ := s.Watch("BAD222"); !after.LastPolled.Equal(w.LastPolled) {
				t.Errorf("the skipped poll moved last polled: %v → %v", w.LastPolled, after.LastPolled)
			}

			fixed, err := s.Repair(context.Background(), nil)
			if err != nil || len(fixed) != 1 || fixed[0].PAID != "BAD222" || fixed[0].Snapshots != 1 || !fixed[0].Watched || fixed[0].Latest == 0 || fixed[0].Latest == bad {
				t.Fatalf("repair: %+v %v", fixed, err)
			}
			if again, _ := s.Repair(context.Background(), nil); len(again) != 0 {
				t.Errorf("repaired twice: %+v", again)
			}
			evs, _ = sweep(t, s, fetch)
			if k := kinds(evs); k["BAD222"] != Changed {
				t.Errorf("after the repair: %v", k)
			}
			if _, damage, _ := s.EventsAndDamage(context.Background(), Query{}); len(damage) != 0 {
				t.Errorf("the log after the repair: %v", damage)
			}
		})
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestADamagedEventHidesNoOther: an event whose changes do not parse, or
// whose kind padview never stores, is left out of the log and named; the
// others are listed, and Repair deletes it alone.
func TestADamagedEventHidesNoOther(t *testing.T) {
	h := startHostile(t, func(paid string, n int) string { return adDoc(paid, volatile(n)) })
	s := openTest(t)
	s.Add([]string{"AAA111", "BBB222"})
	fetch := h.fetch(t)
	for range 3 {
		sweepDelivered(t, s, fetch)
	}
	s.db.Exec(`UPDATE events SET changes = '[{"path":' WHERE id = 3`)
	s.db.Exec(`UPDATE events SET event = 'exploded' WHERE id = 6`)
	evs, damage, err := s.EventsAndDamage(context.Background(), Query{})
	if err != nil || len(evs) != 4 || len(damage) != 2 {
		t.Fatalf("%d events, damage %+v, %v", len(evs), damage, err)
	}
	if d := damage[0]; d.ID != 6 || d.PAID != "BBB222" || d.Table != "events" || !strings.Contains(d.Text("padview"), `event 6 of BBB222 does not read ("exploded" is not an event padview stores)`) {
		t.Errorf("damage %+v: %s", d, d.Text("padview"))
	}
	if evs2, _ := s.Events(context.Background(), Query{PAIDs: []string{"AAA111"}}); len(evs2) != 2 {
		t.Errorf("AAA111's events: %d", len(evs2))
	}
	fixed, err := s.Repair(context.Background(), []string{"AAA111"})
	if err != nil || len(fixed) != 1 || fixed[0].Events != 1 || fixed[0].Snapshots != 0 || fixed[0].Latest == 0 {
		t.Fatalf("repair of AAA111: %+v %v", fixed, err)
	}
	if _, damage, _ := s.EventsAndDamage(context.Background(), Query{}); len(damage) != 1 || damage[0].PAID != "BBB222" {
		t.Errorf("the repair of AAA111 touched BBB222: %+v", damage)
	}
	if countRows(t, s, "events", "1") != 5 {
		t.Errorf("%d events left", countRows(t, s, "events", "1"))
	}
}

// TestDamagedRuleStatusesStopNobody: the rule statuses many snapshots
// share, damaged, stop no advertisement: each poll is compared and
// stored, without the rule changes it cannot know.
func TestDamagedRuleStatusesStopNobody(t *testing.T) {
	h := startHostile(t, func(paid string, n int) string { return adDoc(paid, volatile(n)) })
	s := openTest(t)
	s.Add([]string{"AAA111", "BBB222"})
	fetch := h.fetch(t)
	sweepDelivered(t, s, fetch)
	if _, err := s.db.Exec(`UPDATE checks SET statuses = '{"payer":'`); err != nil {
		t.Fatal(err)
	}
	evs, _ := sweep(t, s, fetch)
	for _, e := range evs {
		if e.Kind != Changed || e.ID == 0 {
			t.Errorf("%s: %s", e.PAID, e.Kind)
		}
		for _, c := range e.Changes {
			if c.IsCheck() {
				t.Errorf("%s: a rule change against unknown statuses: %+v", e.PAID, c)
			}
		}
	}
	if fixed, _ := s.Repair(context.Background(), nil); len(fixed) != 0 {
		t.Errorf("repair removed %+v", fixed)
	}
}
