package cmd

import (
	"context"
	"fmt"
	"io"
	"sync"
	"time"

	"charm.land/bubbles/v2/progress"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/theme"
)

// progressRedraw is how often the line is redrawn while nothing finishes,
// so that the clock and a pacing wait visibly move.
const progressRedraw = 250 * time.Millisecond

// progressLine draws a batch's progress on stderr when it is a terminal:
// looked up/total, elapsed time, rate, ETA, and what padview waits for
// while it waits. It moves with every finished PAID, in whatever order they
// finish. Its figures are honest: the ETA comes from the pace the rate
// budget allows, the rate is the requests the budget counts (never above
// the limit), and after an interruption it says how many were done and
// how many were not. It always fits one row of the terminal (fitLine),
// so that each redraw replaces it. A nil progressLine draws nothing, so
// callers need not check.
type progressLine struct {
	mu          sync.Mutex
	w           io.Writer
	width       func() int               // the terminal's columns now; 0 when unknown
	size        func() (n int, all bool) // how many PAIDs the batch has read, and whether that is all
	ctx         context.Context          // ends when the user interrupts the batch
	concurrency int
	budget      *api.Budget
	counts      tally         // the PAIDs with an outcome, those not looked up included
	busy        time.Duration // the time answers took, waits for the budget left out
	bar         progress.Model
	shown       bool // the line is on the terminal
	stopped     bool
	last        time.Time
	quit, ended chan struct{}
	now         func() time.Time
	// plain: NO_COLOR is set; the window's use is said in words only,
	// without its gauge.
	plain bool
}

func newProgressLine(ctx context.Context, w io.Writer, width func() int, size func() (int, bool), b *api.Budget, concurrency int) *progressLine {
	bar := progress.New(progress.WithWidth(barWidth), progress.WithoutPercentage(), progress.WithDefaultBlend())
	if width == nil {
		width = func() int { return 0 }
	}
	p := &progressLine{w: w, width: width, size: size, ctx: ctx, concurrency: max(1, concurrency), bar: bar, budget: b,
		counts: tally{started: time.Now()}, quit: make(chan struct{}), ended: make(chan struct{}), now: time.Now}
	p.mu.Lock()
	p.draw()
	p.mu.Unlock()
	go p.tick()
	return p
}

func (p *progressLine) tick() {
	defer close(p.ended)
	t := time.NewTicker(progressRedraw)
	defer t.Stop()
	for {
		select {
		case <-p.quit:
			return
		case <-t.C:
			p.mu.Lock()
			if !p.stopped {
				p.draw()
			}
			p.mu.Unlock()
		}
	}
}

// record counts a PAID's result as it is known; it is called from the
// lookups' goroutines.
func (p *progressLine) record(r result) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.counts.add(r)
	if r.ex != nil && api.OutcomeOf(r.err) != api.OutcomeCanceled {
		p.busy += max(0, r.ex.Duration-r.ex.Waited)
	}
	total, _ := p.size()
	if !p.stopped && (p.counts.done() >= total || p.now().Sub(p.last) > 50*time.Millisecond) {
		p.draw()
	}
}

// pause takes the line away while fn writes to the terminal, then draws it
// again below what fn wrote.
func (p *progressLine) pause(fn func() error) error {
	if p == nil {
		return fn()
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clear()
	err := fn()
	if !p.stopped {
		p.draw()
	}
	return err
}

// parts is the progress as the pieces fitLine lays out: the share done,
// "1,204/2,500" ("1,204/10,000+" while more is still to be read), the
// time, the rate, the ETA and what padview is waiting for, or how an
// interrupted or stopped batch stands.
func (p *progressLine) parts(total int, all bool) lineParts {
	done := p.counts.looked()
	now := p.now()
	of := text.Thousands(int64(total))
	if !all {
		of += "+"
	}
	l := lineParts{share: float64(done) / float64(max(1, total)),
		count: text.Thousands(int64(done)) + "/" + of, elapsed: text.Elapsed(now.Sub(p.counts.started))}
	if p.ctx.Err() != nil || p.counts.skipped() > 0 {
		// Whatever has no answer now will have none.
		sf := shortfall{done: done, canceled: p.counts.canceled, left: max(0, total-done-p.counts.canceled)}
		if p.ctx.Err() != nil {
			sf.why = errInterrupted
		}
		l.note, l.shortNote = sf.String(), sf.short()
		return l
	}
	snap := p.budget.Snapshot()
	if done == 0 {
		l.note = "waiting for the first answer"
	}
	if snap.Used > 0 {
		l.rate = requestsIn(snap.Used, snap.Window)
		if !p.plain && snap.Limit > 0 {
			// The window's use, as the TUI's status bar draws the budget.
			l.window = theme.Gauge(float64(snap.Used)/float64(snap.Limit), theme.GaugeCells, nil, nil)
		}
	}
	if all && done > 0 && done < total {
		l.eta = "ETA " + text.Countdown(p.eta(snap, total-done, now))
	}
	if wait, short := waitNote(snap, now); wait != "" {
		l.note, l.shortNote = wait, short
	}
	return l
}

// eta is how long the PAIDs left take: the pace the rate budget allows for
// the requests still to be sent, or, when the budget has room for them,
// the time answers take with the lookups running side by side. The
// answers so far only say how long one takes: a burst within the limit
// says nothing of the pace after it, and a wait says nothing of the pace
// before it.
func (p *progressLine) eta(snap api.BudgetSnapshot, left int, now time.Time) time.Duration {
	work := time.Duration(0)
	if n := p.counts.answered(); n > 0 {
		per := p.busy / time.Duration(n)
		work = per * time.Duration((left+p.concurrency-1)/p.concurrency)
	}
	return max(work, paceETA(snap, left, now))
}

// paceETA is when the budget will have let left more requests go: those
// the window still has room for at once, the rest as slots free, a window
// of the limit at a time.
func paceETA(snap api.BudgetSnapshot, left int, now time.Time) time.Duration {
	over := left - snap.Remaining
	if over <= 0 || snap.Limit <= 0 {
		return 0
	}
	start := now
	if snap.NextFree.After(start) {
		start = snap.NextFree
	}
	if snap.Blocked.After(start) {
		start = snap.Blocked
	}
	windows := time.Duration((over - 1) / snap.Limit)
	return start.Sub(now) + windows*snap.Window
}

// waitNote says what padview waits for while the budget holds requests
// back, for as long as it does: the service's wait after a 429, or the
// rate limit's next free slot; short is the same in fewer columns.
func waitNote(snap api.BudgetSnapshot, now time.Time) (long, short string) {
	switch {
	case snap.Blocked.After(now):
		in := text.Countdown(snap.Blocked.Sub(now))
		return fmt.Sprintf("waiting %s, as the service asked (%s)", in, snap.BlockedBy), "service asked to wait · " + in
	case snap.Remaining == 0 && snap.NextFree.After(now):
		in := text.Countdown(snap.NextFree.Sub(now))
		return fmt.Sprintf("at the rate limit of %s requests %s: next request in %s", text.Thousands(int64(snap.Limit)),
			text.Per(snap.Window), in), "at the limit · next in " + in
	case snap.Waiting > 0 && snap.WaitUntil.After(now):
		in := text.Countdown(snap.WaitUntil.Sub(now))
		return "pacing: next request in " + in, "pacing · next in " + in
	}
	return "", ""
}

// draw puts the line on the terminal, once the batch is known to have
// more than one PAID: a single lookup needs no progress. The width is read
// at every draw, so that a resized terminal gets a line that fits it.
func (p *progressLine) draw() {
	total, all := p.size()
	if total < 2 {
		return
	}
	p.last, p.shown = p.now(), true
	fmt.Fprint(p.w, "\r\x1b[2K"+fitLine(p.parts(total, all), &p.bar, roomFor(p.width())))
}

// echoRoom is the columns the line leaves free at its end: Ctrl-C makes
// the terminal echo "^C" where the cursor stands, and on a line that
// filled the row that echo wraps, so that clearing the cursor's row would
// leave the bar on the row above.
const echoRoom = 3

// roomFor is the columns the line may take on a terminal of width
// columns (0, unknown, stays 0).
func roomFor(width int) int {
	if width <= 0 {
		return 0
	}
	return max(1, width-echoRoom)
}

// clear takes the line off the terminal, if it is on it.
func (p *progressLine) clear() {
	if p.shown {
		fmt.Fprint(p.w, "\r\x1b[2K")
		p.shown = false
	}
}

// finish clears the line so that the summary and the prompt start clean;
// calling it again does nothing.
func (p *progressLine) finish() {
	if p == nil {
		return
	}
	p.mu.Lock()
	if p.stopped {
		p.mu.Unlock()
		return
	}
	p.stopped = true
	p.clear()
	p.mu.Unlock()
	close(p.quit)
	<-p.ended
}
