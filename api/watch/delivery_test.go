package watch

import (
	"context"
	"database/sql"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/fake"
)

// TestAnEventIsUndeliveredUntilMarked: a recorded event waits, under a
// stable UID, until it is marked delivered, with its alert's failure when
// it failed; marking is per event, and one service's events are its own.
func TestAnEventIsUndeliveredUntilMarked(t *testing.T) {
	h := startHostile(t, func(paid string, n int) string { return adDoc(paid, volatile(n)) })
	s := openTest(t)
	s.Add([]string{"AAA111", "BBB222", "CCC333"})
	fetch := h.fetch(t)
	sweep(t, s, fetch)
	evs, _ := sweep(t, s, fetch)
	if len(evs) != 3 || evs[0].Kind != Changed {
		t.Fatalf("%+v", evs)
	}
	uidShape := regexp.MustCompile(`^[0-9a-f]{16}-[0-9]+$`)
	for _, e := range evs {
		if !uidShape.MatchString(e.UID) || !strings.HasSuffix(e.UID, "-"+strconv.FormatInt(e.ID, 10)) {
			t.Errorf("UID %q of event %d", e.UID, e.ID)
		}
	}
	left, damage, err := s.Undelivered(context.Background())
	if err != nil || len(left) != 6 || len(damage) != 0 || left[0].Kind != First || left[5].UID != evs[2].UID {
		t.Fatalf("undelivered: %d %v %v", len(left), damage, err)
	}
	third := left[2]
	if err := s.MarkDelivered([]Delivery{{ID: left[0].ID}, {ID: left[1].ID}, {ID: evs[0].ID, AlertError: "exit status 3"}}); err != nil {
		t.Fatal(err)
	}
	left, _, _ = s.Undelivered(context.Background())
	if n, _ := s.CountUndelivered(); len(left) != 3 || n != 3 || left[0].UID != third.UID || left[1].UID != evs[1].UID || left[2].UID != evs[2].UID {
		t.Errorf("after marking 3: %+v left (%d counted)", left, n)
	}
	var alertErr sql.NullString
	s.db.QueryRow(`SELECT alert_error FROM events WHERE id = ?`, evs[0].ID).Scan(&alertErr)
	if alertErr.String != "exit status 3" {
		t.Errorf("the alert's failure: %+v", alertErr)
	}
	// The same UIDs when read again, and from the log.
	all, _ := s.Events(context.Background(), Query{})
	for _, e := range all {
		if e.ID == evs[1].ID && e.UID != evs[1].UID {
			t.Errorf("the UID read back: %q, recorded as %q", e.UID, evs[1].UID)
		}
	}
	other, err := Open(s.Path(), "b.example/v1")
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if n, _ := other.CountUndelivered(); n != 0 {
		t.Errorf("another service has %d undelivered", n)
	}
	if err := other.MarkDelivered([]Delivery{{ID: evs[1].ID}}); err != nil {
		t.Fatal(err)
	}
	if n, _ := s.CountUndelivered(); n != 3 {
		t.Errorf("another service marked this one's event: %d left", n)
	}
}

// TestAnEventsUIDIsTheDatabasesOwn: a database made anew after one was
// moved away gives its events other UIDs, so that a receiver that drops
// what it had drops nothing new.
func TestAnEventsUIDIsTheDatabasesOwn(t *testing.T) {
	srv := startFake(t, fake.Options{})
	var uids []string
	for range 2 {
		s, err := Open(filepath.Join(t.TempDir(), "state", FileName), testService)
		if err != nil {
			t.Fatal(err)
		}
		s.Add([]string{"AB12CD"})
		evs, _ := sweep(t, s, fetcher(t, srv, advert.Standard))
		uids = append(uids, evs[0].UID)
		s.Close()
	}
	if uids[0] == uids[1] || !strings.HasSuffix(uids[0], "-1") || !strings.HasSuffix(uids[1], "-1") {
		t.Errorf("UIDs %v", uids)
	}
}
