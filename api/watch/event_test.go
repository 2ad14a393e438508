package watch

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/fake"
)

// eventLine is an event line as the issue shapes it, and the members
// padview adds: every one there on every line.
type eventLine struct {
	PAID    string       `json:"paid"`
	At      string       `json:"at"`
	Event   string       `json:"event"`
	Changes []changeLine `json:"changes"`
	Verdict struct {
		Before *string `json:"before"`
		After  *string `json:"after"`
	} `json:"verdict"`
	Service string  `json:"service"`
	Status  *int    `json:"status"`
	Error   *string `json:"error"`
	ID      *string `json:"id"`
}

type changeLine struct {
	Path     string          `json:"path"`
	Before   json.RawMessage `json:"before"`
	After    json.RawMessage `json:"after"`
	Change   string          `json:"change"`
	Personal bool            `json:"personal"`
	Large    bool            `json:"large"`
}

// members lists an object's member names, in order.
func members(t *testing.T, raw []byte) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("not an object: %s", raw)
	}
	var names []string
	for dec.More() {
		tok, _ := dec.Token()
		names = append(names, tok.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return names
}

// parseEventLine reads one line strictly: no member missing, none
// unknown, and each change and the verdict with exactly their members.
func parseEventLine(t *testing.T, line []byte) eventLine {
	t.Helper()
	if got := strings.Join(members(t, line), " "); got != "paid at event changes verdict service status error id" {
		t.Fatalf("members %q: %s", got, line)
	}
	var all map[string]json.RawMessage
	json.Unmarshal(line, &all)
	if got := strings.Join(members(t, all["verdict"]), " "); got != "before after" {
		t.Fatalf("verdict members %q: %s", got, line)
	}
	var changes []json.RawMessage
	json.Unmarshal(all["changes"], &changes)
	for _, c := range changes {
		if got := strings.Join(members(t, c), " "); got != "path before after change personal large" {
			t.Fatalf("change members %q: %s", got, c)
		}
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	var ev eventLine
	if err := dec.Decode(&ev); err != nil {
		t.Fatalf("%v: %s", err, line)
	}
	if ev.Changes == nil {
		t.Fatalf("changes is not an array: %s", line)
	}
	return ev
}

// TestEveryEventLineHasEveryMember parses the line of each kind of event
// strictly, as `watch run --json` prints it and `watch log --json` reads
// it back: the members on every line, null where nothing is known
// or kept.
func TestEveryEventLineHasEveryMember(t *testing.T) {
	srv := startFake(t, fake.Options{})
	s := openTest(t)
	s.Add([]string{fake.ChangingPAID, "AB12CD", "NOPE99"})
	get := fetcher(t, srv, advert.Standard)
	sweepNo := 0
	fetch := func(ctx context.Context, paid string) (*advert.Document, error) {
		if paid == "AB12CD" && sweepNo == 2 { // found, then a server error: failed, its verdict standing
			return nil, &api.Error{Kind: api.KindServer, Status: 503, Message: "maintenance"}
		}
		return get(ctx, paid)
	}
	var lines [][]byte
	for sweepNo = 1; sweepNo <= 4; sweepNo++ {
		evs, _ := sweep(t, s, fetch)
		for _, e := range evs {
			if e.Kind != Unchanged {
				lines = append(lines, e.AppendJSON(nil))
			}
		}
	}
	stored, err := s.Events(context.Background(), Query{})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range stored {
		if e.UID == "" || !strings.Contains(string(e.AppendJSON(nil)), `,"id":"`+e.UID+`"}`) {
			t.Errorf("a stored event without its id: %s", e.AppendJSON(nil))
		}
		lines = append(lines, e.AppendJSON(nil))
	}
	seen := map[string]bool{}
	for _, line := range lines {
		ev := parseEventLine(t, line)
		seen[ev.Event] = true
		checkEventLine(t, ev, line)
	}
	for _, k := range []Kind{First, Changed, Vanished, Reappeared, Failed} {
		if !seen[string(k)] {
			t.Errorf("no %s event among %d lines", k, len(lines))
		}
	}
}

// checkEventLine checks what each kind of event says of its verdict,
// status and error, and each change's sides. Its complexity is the
// table of what each kind must say, better read whole.
func checkEventLine(t *testing.T, ev eventLine, line []byte) {
	t.Helper()
	str := func(p *string) string {
		if p == nil {
			return "null"
		}
		return *p
	}
	verdict := str(ev.Verdict.Before) + " → " + str(ev.Verdict.After)
	failure := ev.Status != nil && ev.Error != nil
	want := map[string]bool{
		"first":      ev.Verdict.Before == nil && ev.Verdict.After != nil && !failure,
		"changed":    ev.Verdict.Before != nil && ev.Verdict.After != nil && !failure && len(ev.Changes) > 0,
		"reappeared": ev.Verdict.Before != nil && ev.Verdict.After != nil && !failure,
		"vanished":   ev.Verdict.Before != nil && ev.Verdict.After == nil && failure && *ev.Status == 410,
		// failed: nothing changed; the verdict that stands, or none
		"failed": failure && str(ev.Verdict.Before) == str(ev.Verdict.After) &&
			(ev.PAID != "AB12CD" || str(ev.Verdict.After) == "incomplete"),
	}
	if !want[ev.Event] || ev.Service != testService || (!failure && (ev.Status != nil || ev.Error != nil)) {
		t.Errorf("%s: verdict %s, status %v: %s", ev.Event, verdict, ev.Status, line)
	}
	for _, c := range ev.Changes {
		null := func(r json.RawMessage) bool { return string(r) == "null" }
		ok := slices.Contains([]string{"added", "removed", "changed"}, c.Change)
		switch {
		case c.Personal:
			ok = ok && null(c.Before) && null(c.After)
		case c.Change == "added":
			ok = ok && null(c.Before) && !null(c.After)
		case c.Change == "removed":
			ok = ok && !null(c.Before) && null(c.After)
		}
		if !ok {
			t.Errorf("%s: change %s", ev.Event, fmt.Sprintf("%+v", c))
		}
	}
}
