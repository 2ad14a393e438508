package watch

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/fake"
)

// TestEachEventAcrossSweeps polls a fake whose answers change between
// sweeps: the changing advertisement goes through first, changed (with
// its verdict), vanished and reappeared; a steady one stays unchanged; an
// unknown PAID and a failing one fail, stored once per run of failures.
func TestEachEventAcrossSweeps(t *testing.T) {
	srv := startFake(t, fake.Options{DemoTriggers: true})
	s := openTest(t)
	fetch := fetcher(t, srv, advert.Standard)
	if _, err := s.Add([]string{"AB12CD", fake.ChangingPAID, "NOPE99", "DEMO-503"}); err != nil {
		t.Fatal(err)
	}

	evs, sum := sweep(t, s, fetch)
	want := map[string]Kind{"AB12CD": First, fake.ChangingPAID: First, "NOPE99": Failed, "DEMO-503": Failed}
	if got := kinds(evs); !sameKinds(got, want) {
		t.Fatalf("sweep 1: %v, want %v", got, want)
	}
	if !sum.Done || sum.Polled != 4 {
		t.Fatalf("sweep 1: %+v", sum)
	}
	for _, e := range evs {
		switch e.PAID {
		case fake.ChangingPAID:
			if e.Verdict != (Verdict{After: "undetermined"}) || len(e.Changes) != 0 {
				t.Errorf("first: verdict %+v, changes %v", e.Verdict, e.Changes)
			}
		case "NOPE99":
			if e.Status != 404 || !strings.Contains(e.Error, "NOPE99") {
				t.Errorf("never found: status %d, error %q", e.Status, e.Error)
			}
		case "DEMO-503":
			if e.Status != 503 {
				t.Errorf("failed: status %d", e.Status)
			}
		}
	}

	evs, _ = sweep(t, s, fetch)
	want = map[string]Kind{"AB12CD": Unchanged, fake.ChangingPAID: Changed, "NOPE99": Failed, "DEMO-503": Failed}
	if got := kinds(evs); !sameKinds(got, want) {
		t.Fatalf("sweep 2: %v, want %v", got, want)
	}
	changed := evs[1]
	if changed.Verdict != (Verdict{Before: "undetermined", After: "incomplete"}) {
		t.Errorf("changed: verdict %+v", changed.Verdict)
	}
	ps := paths(changed.Changes)
	if c := ps["/campaign/totalValue"]; c.Before.Len() == 0 || !strings.Contains(string(c.After.AppendJSON(nil)), "21900") {
		t.Errorf("the amount's change: %+v", c)
	}
	if c, ok := ps["/complianceAndFunding/transparencyNoticeUrl"]; !ok || c.After.IsPresent() || !c.Before.IsPresent() {
		t.Errorf("the notice link's removal: %+v (%v)", c, ok)
	}
	if c := ps[VerdictPath]; c.Before.Str != "undetermined" || c.After.Str != "incomplete" {
		t.Errorf("the verdict as a change of its own: %+v", c)
	}
	if c := ps["/transparency/notice_url"]; c.Before.Str != "present" || c.After.Str != "missing" {
		t.Errorf("the rule's status as a change of its own: %+v", c)
	}
	if c := ps["/basicInformation/description"]; !c.Personal || c.Before.IsPresent() || c.After.IsPresent() {
		t.Errorf("the description holds an email: its change has no values: %+v", c)
	}
	if got := changed.Changes[len(changed.Changes)-1].Label(); got != "Transparency › Link to the transparency notice" {
		t.Errorf("a rule's label: %q", got)
	}

	evs, _ = sweep(t, s, fetch)
	if got := kinds(evs)[fake.ChangingPAID]; got != Vanished {
		t.Fatalf("sweep 3: %v", kinds(evs))
	}
	if e := evs[1]; e.Status != 410 || e.Verdict.Before != "incomplete" || e.Verdict.After != "" {
		t.Errorf("vanished: status %d, verdict %+v", e.Status, e.Verdict)
	}

	evs, _ = sweep(t, s, fetch)
	if got := kinds(evs)[fake.ChangingPAID]; got != Reappeared {
		t.Fatalf("sweep 4: %v", kinds(evs))
	}
	if e := evs[1]; e.Verdict != (Verdict{Before: "incomplete", After: "undetermined"}) || paths(e.Changes)["/legalAndMetadata/noticeVersion"].After.Str != "1.2" {
		t.Errorf("reappeared: verdict %+v, changes %v", e.Verdict, e.Changes)
	}

	// Stored: every event but unchanged, each failure once.
	stored, err := s.Events(context.Background(), Query{})
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, e := range stored {
		count[e.PAID+" "+string(e.Kind)]++
	}
	wantCount := map[string]int{"AB12CD first": 1, fake.ChangingPAID + " first": 1, fake.ChangingPAID + " changed": 1,
		fake.ChangingPAID + " vanished": 1, fake.ChangingPAID + " reappeared": 1, "NOPE99 failed": 1, "DEMO-503 failed": 1}
	if len(count) != len(wantCount) {
		t.Errorf("stored %v, want %v", count, wantCount)
	}
	for k, n := range wantCount {
		if count[k] != n {
			t.Errorf("stored %d × %s, want %d (all: %v)", count[k], k, n, count)
		}
	}
	if stored[0].Kind != Reappeared {
		t.Errorf("newest first: %s", stored[0].Kind)
	}
	for _, e := range stored {
		if e.Kind == Changed && len(e.Changes) != len(changed.Changes) {
			t.Errorf("the stored change has %d changes, the event had %d", len(e.Changes), len(changed.Changes))
		}
	}

	// The history as a History pane reads it: the snapshots, and the
	// changes between neighbours, without a request.
	snaps, err := s.Snapshots(fake.ChangingPAID)
	if err != nil || len(snaps) != 3 {
		t.Fatalf("%d snapshots, %v", len(snaps), err)
	}
	between := Compare(snaps[0], snaps[1])
	if len(between) != len(changed.Changes) {
		t.Errorf("Compare of the stored snapshots: %d changes, the event had %d", len(between), len(changed.Changes))
	}
	for i := range between {
		if between[i].Path != changed.Changes[i].Path || between[i].Personal != changed.Changes[i].Personal {
			t.Errorf("change %d: %+v, the event had %+v", i, between[i], changed.Changes[i])
		}
	}
	if snaps[1].Verdict != "incomplete" || snaps[1].Document.PAID != fake.ChangingPAID || len(snaps[1].Checks) == 0 {
		t.Errorf("snapshot 2: %+v", snaps[1])
	}
	if d, _ := snaps[1].Document.BasicInformation.Get("description"); !IsKeyedHash(d) {
		t.Errorf("the stored description is not a keyed hash: %q", d.Str)
	}

	ws, err := s.Watches()
	if err != nil {
		t.Fatal(err)
	}
	byPAID := map[string]Watch{}
	for _, w := range ws {
		byPAID[w.PAID] = w
	}
	if w := byPAID[fake.ChangingPAID]; w.State != StateFound || w.Verdict != "undetermined" || w.LastStatus != 200 || w.LastChange.IsZero() {
		t.Errorf("the changing one's row: %+v", w)
	}
	if w := byPAID["DEMO-503"]; w.LastError != "server_error" || w.LastStatus != 503 || !w.LastSeen.IsZero() || w.State != StateNew {
		t.Errorf("the failing one's row: %+v", w)
	}
}

func sameKinds(a, b map[string]Kind) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestTokenRejectedStopsTheSweep: every other poll would be refused too.
// The refused poll is about the token, not the advertisement: it is not
// recorded, so the next sweep, with a token the service takes, polls it
// with the others.
func TestTokenRejectedStopsTheSweep(t *testing.T) {
	srv := startFake(t, fake.Options{Tokens: []string{"another-token-1234"}})
	s := openTest(t)
	paids := []string{"AB12CD", "TN2026", "XK9P2M"}
	if _, err := s.Add(paids); err != nil {
		t.Fatal(err)
	}
	var emitted []Event
	p := &Poller{Store: s, Fetch: fetcher(t, srv, advert.Standard), Workers: 1, Emit: func(e []Event) { emitted = append(emitted, e...) }}
	sum, err := p.Sweep(context.Background())
	var stop *StopError
	if !errors.As(err, &stop) || api.KindOf(stop.Err) != api.KindUnauthorized || sum.Done || sum.Polled != 0 || len(emitted) != 0 {
		t.Fatalf("err %v, summary %+v, events %v", err, sum, emitted)
	}
	if n := srv.Stats().Requests; n != 1 {
		t.Errorf("%d requests after the token was rejected", n)
	}
	evs, err := s.Events(context.Background(), Query{})
	if err != nil || len(evs) != 0 {
		t.Errorf("the refusal was stored as an advertisement's event: %v %v", evs, err)
	}
	if w, _, _ := s.Watch("AB12CD"); !w.LastPolled.IsZero() || w.LastError != "" {
		t.Errorf("the refused poll was recorded: %+v", w)
	}
	sw, ok, err := s.Unfinished()
	if err != nil || !ok || !slices.Equal(sw.Left, paids) {
		t.Fatalf("the sweep left %+v %v %v; want all three", sw, ok, err)
	}

	good := startFake(t, fake.Options{})
	evs, sum = sweep(t, s, fetcher(t, good, advert.Standard))
	if !sum.Sweep.Resumed || sum.Polled != 3 || len(evs) != 3 || evs[0].PAID != "AB12CD" || evs[0].Kind != First {
		t.Errorf("the resumed sweep: %+v %v", sum, evs)
	}
}
