package watch

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// timelineEvents is a month of an advertisement's history, newest first
// as Events gives it: a first snapshot, an amount, a period and a
// sponsor changed, the verdict flipped, it vanished and came back, a
// failed poll (no mark), a targeting change.
func timelineEvents() []Event {
	base := time.Date(2026, 10, 1, 9, 0, 0, 0, time.UTC)
	day := 24 * time.Hour
	evs := []Event{
		{At: base, Kind: First, Verdict: Verdict{"", "undetermined"}},
		{At: base.Add(4 * day), Kind: Changed, Verdict: Verdict{"undetermined", "undetermined"}, Changes: []Change{{Path: "/campaign/totalValue"}}},
		{At: base.Add(9 * day), Kind: Changed, Changes: []Change{{Path: "/campaign/startDate"}, {Path: "/sponsors/Friends of the Estuary/contribution"}}},
		{At: base.Add(15 * day), Kind: Changed, Verdict: Verdict{"undetermined", "incomplete"}, Changes: []Change{{Path: "/transparency/verdict"}}},
		{At: base.Add(22 * day), Kind: Vanished, Status: 410},
		{At: base.Add(26 * day), Kind: Reappeared},
		{At: base.Add(30 * day), Kind: Failed, Status: 503},
		{At: base.Add(40 * day), Kind: Changed, Changes: []Change{{Path: "/targeting/techniques"}}},
	}
	for i, j := 0, len(evs)-1; i < j; i, j = i+1, j-1 {
		evs[i], evs[j] = evs[j], evs[i]
	}
	return evs
}

// A change says in a word what it changed: by the vocabulary's type, the
// parties' group, or its group; the check's own changes say nothing.
func TestChangeWords(t *testing.T) {
	for path, want := range map[string]string{
		"/campaign/totalValue": "amount", "/campaign/startDate": "period", "/campaign/period/start": "period",
		"/sponsors/Friends of the Estuary/contribution": "sponsors", "/controllers/X/email": "controllers",
		"/advertiser/name": "advertiser", "/targeting/techniques": "targeting", "/complianceAndFunding/electionDate": "date",
		"/transparency/calculation": "", "/other/whatever": "other",
	} {
		if got := (Change{Path: path}).Word(); got != want {
			t.Errorf("%s: %q, want %q", path, got, want)
		}
	}
	cs := []Change{{Path: "/campaign/totalValue"}, {Path: "/campaign/endDate"}, {Path: "/campaign/budget"}, {Path: "/sponsors/A/name"}, {Path: "/targeting/x"}}
	if got := ChangeWords(cs, 2); got != "amount, period +3" { // campaign, sponsors, targeting
		t.Errorf("ChangeWords: %q", got)
	}
	if got := ChangeWords([]Change{{Path: VerdictPath}}, 2); got != "verdict" {
		t.Errorf("only the verdict: %q", got)
	}
}

// The timeline: oldest first, a mark for every poll that changed
// something (the failed one left out), each kind its glyph, the verdict's
// flip above the change it came with.
func TestTimelineMarks(t *testing.T) {
	tl := NewTimeline("REV2026", timelineEvents())
	var got []string
	for _, m := range tl.Marks {
		got = append(got, m.Kind.Glyph()+" "+m.Word)
	}
	want := "○ first|• amount|• period, sponsors|◆ verdict|✕ vanished|↺ back|• targeting"
	if strings.Join(got, "|") != want {
		t.Errorf("marks %q\nwant %q", strings.Join(got, "|"), want)
	}
}

// The strip at 60, 80 and 120 columns: every line within the width, the
// marks in their order on the rule, dates under their ticks, the words
// where there is room; and the text at 60 columns as docs/watch.md shows it.
func TestTimelineStrip(t *testing.T) {
	tl := NewTimeline("REV2026", timelineEvents())
	for _, w := range []int{60, 80, 120} {
		s := tl.Draw(w)
		for _, l := range s.Lines() {
			if n := utf8.RuneCountInString(l); n > w {
				t.Errorf("%d: a line of %d: %q", w, n, l)
			}
		}
		if utf8.RuneCountInString(s.Axis) != w || len(s.Marks) != w {
			t.Errorf("%d: the rule is %d wide", w, utf8.RuneCountInString(s.Axis))
		}
		var order []string
		for _, k := range s.Marks {
			if k != MarkNone {
				order = append(order, k.Glyph())
			}
		}
		if strings.Join(order, "") != "○••◆✕↺•" || s.Marks[0] != MarkFirst || s.Marks[w-1] != MarkChanged {
			t.Errorf("%d: marks %q", w, strings.Join(order, ""))
		}
		axis, dates := []rune(s.Axis), []rune(s.Dates)
		for c, r := range dates {
			starts := c == 0 || dates[c-1] == ' ' && (c < 2 || dates[c-2] == ' ') // labels are two spaces apart
			if r != ' ' && starts && axis[c] != '┼' && s.Marks[c] == MarkNone {
				t.Errorf("%d: a date at %d without its tick:\n%s\n%s", w, c, s.Axis, s.Dates)
			}
		}
		if !strings.Contains(s.Words, "verdict") || !strings.Contains(s.Words, "targeting") {
			t.Errorf("%d: words %q", w, s.Words)
		}
	}
	want := strings.Join([]string{
		"REV2026: 1 Oct → 10 Nov 2026 · 7 polls that changed",
		"○ first  • changed  ◆ verdict  ✕ vanished  ↺ reappeared",
		"○────┼•──────•──┼─────◆───┼─────✕───┼─↺────────┼───────────•",
		"first amount    verdict  vanished     back         targeting",
		"     5 Oct      12 Oct    19 Oct    26 Oct     2 Nov",
		"no room for the words of 1 mark",
	}, "\n")
	if got := strings.Join(tl.Draw(60).Lines(), "\n"); got != want {
		t.Errorf("at 60 columns:\n%s\nwant\n%s", got, want)
	}
}

// A thousand polls: the strip keeps the newest it can show apart (half
// the width) and says where it was cut; one poll, and none, still draw.
func TestTimelineCutAndEdges(t *testing.T) {
	base := time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)
	var evs []Event
	for i := range 1000 {
		evs = append(evs, Event{At: base.Add(time.Duration(i) * time.Hour), Kind: Changed, Changes: []Change{{Path: "/campaign/totalValue"}}})
	}
	s := NewTimeline("X1", evs).Draw(60)
	if s.Cut != "cut: 970 older polls, before 10 Nov 2026 10:00Z, not shown" || !strings.Contains(s.Head, "1,000 polls") {
		t.Errorf("head %q, cut %q", s.Head, s.Cut)
	}
	one := NewTimeline("X1", evs[:1]).Draw(60)
	if one.Marks[0] != MarkChanged || !strings.HasPrefix(one.Head, "X1: 1 Oct 2026 00:00Z") {
		t.Errorf("one poll: %q %q", one.Head, one.Axis)
	}
	if none := NewTimeline("X1", nil).Draw(60); none.Head != "X1: no polls that changed anything yet" || none.Axis != "" {
		t.Errorf("none: %+v", none)
	}
	// A value that is not text stays text on one line.
	if h := NewTimeline("A\u202eB\nC", evs[:1]).Draw(60).Head; strings.ContainsAny(h, "\u202e\n") {
		t.Errorf("head %q", h)
	}
}

// BenchmarkTimeline1000 reads and lays out a history of 1,000 polls at 120
// columns, as the History tab and watch log do (the target: under 16 ms,
// a frame).
func BenchmarkTimeline1000(b *testing.B) {
	base := time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)
	evs := make([]Event, 1000)
	for i := range evs {
		evs[i] = Event{At: base.Add(time.Duration(1000-i) * 37 * time.Minute), Kind: Changed,
			Changes: []Change{{Path: "/campaign/totalValue"}, {Path: "/sponsors/A/name"}}}
	}
	for b.Loop() {
		NewTimeline("REV2026", evs).Draw(120)
	}
}
