package watch

import (
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/api/vocab"
)

// This file is an advertisement's history as a timeline: the model (which
// polls are marks, what each says in a word) and its layout as a strip of
// text over time, fitted to a width. It knows no terminal: the TUI's
// History tab styles the strip's cells, `padview watch log --format text`
// prints it, and `--format html` puts it on a page.

// MarkKind is what a mark of the timeline stands for, most telling last:
// where several polls fall in one column, the column shows the most
// telling one.
type MarkKind int

// The kinds of marks.
const (
	MarkNone       MarkKind = iota // no poll in this column
	MarkFirst                      // the first snapshot
	MarkChanged                    // the answer changed
	MarkReappeared                 // found again after it vanished
	MarkVanished                   // 404 or 410 after it was found
	MarkVerdict                    // the transparency verdict changed
)

// Glyph is the mark's sign on the strip: a shape of its own for each
// kind, so that the strip reads without colour.
func (k MarkKind) Glyph() string {
	return [...]string{MarkNone: "─", MarkFirst: "○", MarkChanged: "•", MarkReappeared: "↺", MarkVanished: "✕", MarkVerdict: "◆"}[k]
}

// TimelineLegend names the glyphs, in 57 columns.
const TimelineLegend = "○ first  • changed  ◆ verdict  ✕ vanished  ↺ reappeared"

// Mark is one poll on the timeline.
type Mark struct {
	At   time.Time
	Kind MarkKind
	// Word says what happened in a word or two: what changed ("amount",
	// "period, sponsors"), "verdict", "vanished", "back", "first".
	Word string
}

// Timeline is an advertisement's polls that changed something, oldest
// first: the first snapshot, each change, each vanishing and
// reappearance. Failed polls change nothing and are left out.
type Timeline struct {
	PAID  string
	Marks []Mark
}

// NewTimeline reads the timeline of paid from its events, in any order
// (Events gives them newest first).
func NewTimeline(paid string, evs []Event) Timeline {
	t := Timeline{PAID: paid, Marks: make([]Mark, 0, len(evs))}
	for _, ev := range evs {
		if m, ok := markOf(ev); ok {
			t.Marks = append(t.Marks, m)
		}
	}
	slices.SortStableFunc(t.Marks, func(a, b Mark) int { return a.At.Compare(b.At) })
	return t
}

// markOf is the event's mark: none for a poll that changed nothing.
func markOf(ev Event) (Mark, bool) {
	m := Mark{At: ev.At}
	switch ev.Kind {
	case First:
		m.Kind, m.Word = MarkFirst, "first"
	case Vanished:
		m.Kind, m.Word = MarkVanished, "vanished"
	case Reappeared:
		m.Kind, m.Word = MarkReappeared, "back"
	case Changed:
		m.Kind, m.Word = MarkChanged, ChangeWords(ev.Changes, 2)
	default:
		return m, false
	}
	if ev.Verdict.Before != "" && ev.Verdict.After != "" && ev.Verdict.Before != ev.Verdict.After {
		if m.Kind == MarkReappeared { // its coming back is the news; the verdict is said beside it
			m.Word = "back, verdict"
		} else {
			m.Kind, m.Word = MarkVerdict, "verdict"
		}
	}
	return m, true
}

// ChangeWords says what the changes changed in at most n words, each once,
// in the order they first come: "amount, period", "sponsors +2" when more
// were left out; "verdict" when only the check changed.
func ChangeWords(cs []Change, n int) string {
	var words []string
	for _, c := range cs {
		w := c.Word()
		if w != "" && !slices.Contains(words, w) {
			words = append(words, w)
		}
	}
	if len(words) == 0 {
		return "verdict"
	}
	more := ""
	if len(words) > n {
		more = " +" + text.Thousands(int64(len(words)-n))
		words = words[:n]
	}
	return strings.Join(words, ", ") + more
}

// Word is what the change changed, in a word: the parties' group for a
// sponsor or controller ("sponsors"), else what its value is by the
// vocabulary's type ("amount", "period", "link"), else its group
// ("targeting"); "" for the check's own changes, which the verdict says.
func (c Change) Word() string {
	if c.IsCheck() {
		return ""
	}
	d := c.asDiff()
	if d.InParty || d.Group == advert.GroupAdvertiser {
		return strings.ToLower(d.Group.Label())
	}
	if len(d.Path) > 0 && !d.Path[0].IsIndex {
		if f, ok := vocab.Builtin().Field(string(d.Group) + "." + d.Path[0].Key); ok {
			switch f.Type {
			case vocab.Money, vocab.Benefit, vocab.Currency:
				return "amount"
			case vocab.Date, vocab.Period:
				if d.Group == advert.GroupCampaign {
					return "period"
				}
				return "date"
			case vocab.URL:
				return "link"
			}
		}
	}
	return strings.ToLower(d.Group.Label())
}

// Strip is a timeline laid out in a width: lines of text, each exactly as
// wide, and the mark of each column of the marks line, for a front end
// that styles them.
type Strip struct {
	Head   string     // "REV2026: 1 Oct → 24 Nov 2026 · 9 polls that changed"
	Legend string     // TimelineLegend, or "" where it does not fit
	Marks  []MarkKind // a column each
	Axis   string     // the marks line as text: the marks on a ─ rule, ┼ at the dates
	Words  string     // what each mark says, where there is room
	Dates  string     // the dates under their ┼
	// Cut says what the strip leaves out, "" when nothing: the older polls
	// beyond what the width holds, the marks hidden behind others.
	Cut string
}

// Lines are the strip's lines in order, as text prints them.
func (s Strip) Lines() []string {
	var out []string
	for _, l := range []string{s.Head, s.Legend, s.Axis, s.Words, s.Dates, s.Cut} {
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}

// MinStripWidth is the narrowest a strip is laid out in.
const MinStripWidth = 20

// Draw lays the timeline out in width columns (at least MinStripWidth).
// Each mark takes the column of its time on a scale from the first mark
// shown to the last; where the marks are more than half the columns,
// only the newest that many are shown and Cut says where the strip
// begins, so that marks stay apart enough to read. The dates are at
// readable steps (an hour to a year) that leave room for their labels.
func (t Timeline) Draw(width int) Strip {
	width = max(width, MinStripWidth)
	s := Strip{Marks: make([]MarkKind, width)}
	marks := t.Marks
	paid := text.CleanText(t.PAID)
	if len(marks) == 0 {
		s.Head = fitRunes(paid+": no polls that changed anything yet", width)
		return s
	}
	keep := max(1, width/2)
	cut := 0
	if len(marks) > keep {
		cut = len(marks) - keep
		marks = marks[cut:]
	}
	start, end := marks[0].At, marks[len(marks)-1].At
	span := end.Sub(start)
	col := func(at time.Time) int {
		if span <= 0 {
			return 0
		}
		return int((int64(at.Sub(start))*int64(width-1) + int64(span)/2) / int64(span))
	}

	s.Head = paid + ": " + rangeWords(start, end) + " · " + text.Plural(len(t.Marks), "poll", "polls") + " that changed"
	if utf8.RuneCountInString(s.Head) > width {
		s.Head = fitRunes(paid+": "+rangeWords(start, end), width)
	}
	if utf8.RuneCountInString(TimelineLegend) <= width {
		s.Legend = TimelineLegend
	}

	// The marks: in each column the most telling; the newest of equals.
	at := make([]int, width) // the mark each column shows, -1 for none
	for i := range at {
		at[i] = -1
	}
	hidden := 0
	for i, m := range marks {
		c := col(m.At)
		if at[c] >= 0 {
			hidden++
			if marks[at[c]].Kind > m.Kind {
				continue
			}
		}
		at[c] = i
		s.Marks[c] = m.Kind
	}

	// The dates: a step whose labels fit, ticks where the rule is free.
	step := pickStep(span, width)
	axis := make([]string, width)
	for i := range axis {
		axis[i] = MarkNone.Glyph()
	}
	dates := []rune(strings.Repeat(" ", width))
	free := 0 // the first column a label may start at
	for _, tick := range ticks(start, end, step) {
		c := col(tick)
		label := []rune(step.label(tick))
		if c < free || c+len(label) > width {
			continue
		}
		axis[c] = "┼"
		copy(dates[c:], label)
		free = c + len(label) + 2
	}
	for c, k := range s.Marks {
		if k != MarkNone {
			axis[c] = k.Glyph()
		}
	}
	s.Axis = strings.Join(axis, "")
	s.Dates = strings.TrimRight(string(dates), " ")

	// The words: newest first, each from its mark's column (or ending
	// there), where it leaves a space on either side.
	words := []rune(strings.Repeat(" ", width))
	used := make([]bool, width)
	placed := 0
	shown := 0
	for c := width - 1; c >= 0; c-- {
		i := at[c]
		if i < 0 {
			continue
		}
		shown++
		w := []rune(marks[i].Word)
		for _, from := range []int{c, c - len(w) + 1} {
			if from < 0 || from+len(w) > width || !freeRun(used, from-1, from+len(w)+1) {
				continue
			}
			copy(words[from:], w)
			for j := from; j < from+len(w); j++ {
				used[j] = true
			}
			placed++
			break
		}
	}
	s.Words = strings.TrimRight(string(words), " ")

	var notes []string
	if cut > 0 {
		notes = append(notes, "cut: "+text.Plural(cut, "older poll", "older polls")+", before "+marks[0].At.UTC().Format("2 Jan 2006 15:04Z")+", not shown")
	}
	if hidden > 0 {
		notes = append(notes, text.Plural(hidden, "poll", "polls")+" behind another mark")
	}
	if unnamed := shown - placed; unnamed > 0 && len(notes) == 0 {
		notes = append(notes, "no room for the words of "+text.Plural(unnamed, "mark", "marks"))
	}
	if len(notes) > 0 {
		s.Cut = fitRunes(strings.Join(notes, "; "), width)
	}
	return s
}

// freeRun reports whether used is false from i to j (exclusive), the
// columns outside the strip counting as free.
func freeRun(used []bool, i, j int) bool {
	for k := max(0, i); k < min(len(used), j); k++ {
		if used[k] {
			return false
		}
	}
	return true
}

// fitRunes cuts s to width runes, marking the cut with "…".
func fitRunes(s string, width int) string {
	if utf8.RuneCountInString(s) <= width {
		return s
	}
	return string([]rune(s)[:width-1]) + "…"
}

// rangeWords is the strip's span for its head: "1 Oct → 24 Nov 2026",
// "24 Nov 2026 09:00 → 15:30Z" within a day.
func rangeWords(a, b time.Time) string {
	a, b = a.UTC(), b.UTC()
	switch {
	case a.Equal(b):
		return b.Format("2 Jan 2006 15:04Z")
	case a.YearDay() == b.YearDay() && a.Year() == b.Year():
		return a.Format("2 Jan 2006 15:04") + " → " + b.Format("15:04Z")
	case a.Year() == b.Year():
		return a.Format("2 Jan") + " → " + b.Format("2 Jan 2006")
	}
	return a.Format("2 Jan 2006") + " → " + b.Format("2 Jan 2006")
}

// dateStep is a readable interval between the dates under a strip.
type dateStep struct {
	d      time.Duration // its length; months and years are counted as 30 and 365 days
	months int           // for months and years: how many months
	layout string        // how a date at this step reads
}

var dateSteps = []dateStep{
	{time.Hour, 0, "15:04"}, {3 * time.Hour, 0, "15:04"}, {6 * time.Hour, 0, "15:04"}, {12 * time.Hour, 0, "2 Jan 15h"},
	{24 * time.Hour, 0, "2 Jan"}, {2 * 24 * time.Hour, 0, "2 Jan"}, {7 * 24 * time.Hour, 0, "2 Jan"},
	{14 * 24 * time.Hour, 0, "2 Jan"}, {30 * 24 * time.Hour, 1, "Jan 2006"}, {91 * 24 * time.Hour, 3, "Jan 2006"},
	{182 * 24 * time.Hour, 6, "Jan 2006"}, {365 * 24 * time.Hour, 12, "2006"},
}

func (s dateStep) label(t time.Time) string { return t.UTC().Format(s.layout) }

// pickStep is the shortest step whose labels, two spaces apart, fit the
// width over span.
func pickStep(span time.Duration, width int) dateStep {
	for _, s := range dateSteps {
		room := len(s.label(time.Date(2026, 12, 22, 22, 0, 0, 0, time.UTC))) + 2
		if span <= 0 || int64(span/s.d)*int64(room) <= int64(width) {
			return s
		}
	}
	last := dateSteps[len(dateSteps)-1]
	for n := 2; ; n *= 2 { // decades and more: years at a wider step
		s := dateStep{last.d * time.Duration(n), 12 * n, "2006"}
		if int64(span/s.d)*6 <= int64(width) {
			return s
		}
	}
}

// ticks are the times from start to end at step's round values: hours on
// the hour (in UTC), days at midnight, weeks on Mondays, months on the
// first.
func ticks(start, end time.Time, s dateStep) []time.Time {
	start, end = start.UTC(), end.UTC()
	var t time.Time
	switch {
	case s.months > 0:
		t = time.Date(start.Year(), start.Month(), 1, 0, 0, 0, 0, time.UTC)
		if m := (int(t.Month()) - 1) % s.months; m != 0 {
			t = t.AddDate(0, -m, 0)
		}
	case s.d >= 7*24*time.Hour:
		t = time.Date(start.Year(), start.Month(), start.Day(), 0, 0, 0, 0, time.UTC)
		t = t.AddDate(0, 0, -((int(t.Weekday()) + 6) % 7)) // Monday
	default:
		t = start.Truncate(s.d)
	}
	var out []time.Time
	for ; !t.After(end); t = next(t, s) {
		if !t.Before(start) {
			out = append(out, t)
		}
		if len(out) > 1000 {
			break
		}
	}
	if len(out) == 0 {
		out = append(out, start)
	}
	return out
}

func next(t time.Time, s dateStep) time.Time {
	if s.months > 0 {
		return t.AddDate(0, s.months, 0)
	}
	return t.Add(s.d)
}
