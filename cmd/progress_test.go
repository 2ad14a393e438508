package cmd

import (
	"context"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/padview/padview/api"
)

// answered takes n slots of b and answers them at once, as a burst of n
// lookups within the limit does, each taking ex's time; p records them.
func answered(t *testing.T, p *progressLine, b *api.Budget, n int, ex api.Exchange) {
	for range n {
		release, err := b.Acquire(t.Context(), time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		release(true)
		p.record(result{input: "AB12CD", ex: &ex})
	}
}

// batchProgress is the progress line of a batch of total PAIDs, four
// lookups at a time, under a budget of 1,000 a minute; call it in a bubble.
func batchProgress(ctx context.Context, total int) (*progressLine, *api.Budget, *strings.Builder) {
	budget, w := api.NewBudget(1000, time.Minute), &strings.Builder{}
	return newProgressLine(ctx, w, nil, func() (int, bool) { return total, true }, budget, 4), budget, w
}

// lineNow is the line as p would draw it now, for a batch of total, in a
// terminal wide enough for all of it and without the bar.
func (p *progressLine) lineNow(total int) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	l := p.parts(total, true)
	return l.render(&p.bar)
}

// The progress line is honest while the rate limit holds a batch back:
// the ETA is the pace the budget allows (not the last seconds' rate), the
// rate is the requests the budget counts in its window (1,000 in 3 s is no
// "20,000 a minute"), and the note about the wait stays for as long as
// padview waits.
func TestProgressIsHonestAtTheRateLimit(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p, budget, _ := batchProgress(t.Context(), 2500)
		defer p.finish()
		answered(t, p, budget, 1000, api.Exchange{Duration: 100 * time.Millisecond})
		time.Sleep(3 * time.Second) // the bubble's clock: no real time passes
		line := p.lineNow(2500)
		// The window's use as a gauge beside the rate: full.
		want := "1,000/2,500 · 3.0s · ████████ 1,000 requests in the last minute · ETA 1m57s · at the rate limit of 1,000 requests a minute: next request in 57s"
		if line != want {
			t.Fatalf("at 3s:\n got %q\nwant %q", line, want)
		}
		p.plain = true // NO_COLOR: the rate in words only
		if line := p.lineNow(2500); line != strings.Replace(want, "████████ ", "", 1) {
			t.Fatalf("under NO_COLOR: %q", line)
		}
		time.Sleep(30 * time.Second) // no waiter in the budget now: the note is the budget's state, not a waiter's
		if line := p.lineNow(2500); line != "1,000/2,500 · 33.0s · 1,000 requests in the last minute · ETA 1m27s · at the rate limit of 1,000 requests a minute: next request in 27s" {
			t.Fatalf("at 33s: %q", line)
		}
	})
}

// Without pacing, the ETA is the time answers take, side by side.
func TestProgressETAWithRoomInTheBudget(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p, budget, _ := batchProgress(t.Context(), 100)
		defer p.finish()
		answered(t, p, budget, 20, api.Exchange{Duration: 2 * time.Second, Waited: time.Second})
		time.Sleep(10 * time.Second)
		// 80 left, four at a time, a second each: 20s.
		if line := p.lineNow(100); line != "20/100 · 10.0s · ▏░░░░░░░ 20 requests in the last minute · ETA 20s" { // 20 of 1,000: the gauge's least
			t.Fatalf("%q", line)
		}
	})
}

// After an interruption the bar and the line say how many were looked up
// and how many were not, not 2,500/2,500; requests sent when it came are
// canceled in flight, counted apart. At 80 columns the same in fewer words.
func TestProgressAfterAnInterruption(t *testing.T) {
	for width, want := range map[int]string{
		200: "1,000/2,500 · 1.0s · interrupted: 1,000 of 2,500 PAIDs done, 4 canceled in flight, 1,496 not looked up",
		80:  "1,000/2,500 · interrupted · 4 canceled · 1,496 not looked up",
	} {
		synctest.Test(t, func(t *testing.T) {
			ctx, cancel := context.WithCancel(t.Context())
			w := &strings.Builder{}
			p := newProgressLine(ctx, w, func() int { return width }, func() (int, bool) { return 2500, true }, api.NewBudget(1000, time.Minute), 4)
			for range 1000 {
				p.record(result{input: "AB12CD"})
			}
			cancel()
			for range 4 {
				p.record(result{input: "TN2026", err: &api.Error{Kind: api.KindCanceled, Err: errCanceledInFlight}})
			}
			for range 1496 {
				p.record(result{input: "XK9P2M", err: &api.Error{Kind: api.KindCanceled}})
			}
			time.Sleep(time.Second + time.Millisecond) // past the redraw at 1s
			p.finish()
			frames := strings.Split(strings.TrimSuffix(w.String(), "\r\x1b[2K"), "\r\x1b[2K")
			drawn, last := w.String(), ansi.Strip(frames[len(frames)-1])
			if strings.Contains(drawn, "2,500/2,500") || !strings.HasSuffix(last, " "+want) {
				t.Fatalf("at %d columns, last drawn %q", width, last)
			}
		})
	}
}

// The line appears only once a batch is known to have two PAIDs, and
// shows "+" while the input is still being read.
func TestProgressWhileTheInputIsRead(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var w strings.Builder
		n, all := 1, false
		p := newProgressLine(t.Context(), &w, nil, func() (int, bool) { return n, all }, api.NewBudget(1000, time.Minute), 4)
		time.Sleep(time.Second)
		if w.Len() != 0 {
			t.Fatalf("drawn for one PAID: %q", w.String())
		}
		p.mu.Lock()
		n = 10000
		p.mu.Unlock()
		p.record(result{input: "AB12CD"})
		p.finish()
		if !strings.Contains(w.String(), "1/10,000+ · 1.0s") || strings.Contains(w.String(), "ETA") {
			t.Fatalf("%q", w.String())
		}
	})
}

// The line always fits one row, with room left for the terminal to echo
// ^C (echoRoom): the width is read at every draw, and
// what does not fit goes, least useful first (the note's long form, the
// elapsed time, the rate, most of the bar, the ETA, the bar), then the
// rest is cut; the count and the note's short form stay longest.
func TestProgressLineFitsTheTerminal(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		width := 200
		budget, w := api.NewBudget(1000, time.Minute), &strings.Builder{}
		p := newProgressLine(t.Context(), w, func() int { return width }, func() (int, bool) { return 1200, true }, budget, 4)
		defer p.finish()
		answered(t, p, budget, 1000, api.Exchange{Duration: 100 * time.Millisecond})
		time.Sleep(36 * time.Second)
		for _, c := range []struct {
			width      int
			has, hasNo []string
		}{
			{200, []string{"▌", "1,000/1,200 · 36.0s · ████████ 1,000 requests in the last minute · ETA 24s · at the rate limit of 1,000 requests a minute: next request in 24s"}, nil},
			{120, []string{"▌", "1,000/1,200 · 36.0s · 1,000 requests in the last minute · ETA 24s · at the limit · next in 24s"}, []string{"rate limit of", "█"}},
			{80, []string{"▌", "1,000/1,200 · ETA 24s · at the limit · next in 24s"}, []string{"36.0s", "requests"}},
			{40, []string{"1,000/1,200 · at the limit · next in 24s"}, []string{"▌", "ETA"}},
			{20, []string{"1,000/1,200 · at th…"}, nil},
			{0, []string{"1,000/1,200 · ETA 24s · at the limit · next in 24s"}, nil}, // unknown: 80 columns
		} {
			p.mu.Lock()     // the ticker draws too
			width = c.width // the columns the line may take: the terminal's, less the room left for ^C's echo
			if c.width > 0 {
				width = c.width + echoRoom
			}
			p.draw()
			frames := strings.Split(w.String(), "\r\x1b[2K")
			p.mu.Unlock()
			last := frames[len(frames)-1]
			if n := ansi.StringWidth(last); c.width > 0 && n > c.width || c.width == 0 && n > 80 {
				t.Errorf("at %d columns the line takes %d: %q", c.width, n, ansi.Strip(last))
			}
			for _, s := range c.has {
				if !strings.Contains(ansi.Strip(last), s) {
					t.Errorf("at %d columns %q lacks %q", c.width, ansi.Strip(last), s)
				}
			}
			for _, s := range c.hasNo {
				if strings.Contains(ansi.Strip(last), s) {
					t.Errorf("at %d columns %q has %q", c.width, ansi.Strip(last), s)
				}
			}
		}
	})
}
