package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"charm.land/bubbles/v2/progress"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/text"
)

// progressRedraw is how often the line is redrawn while nothing finishes,
// so that the clock and a pacing wait visibly move.
const progressRedraw = 250 * time.Millisecond

// progressLine draws a batch's progress on stderr when it is a terminal:
// looked up/total, elapsed time, rate, ETA, and what padview waits for
// while it waits. It moves with every finished PAID, in whatever order they
// finish. Its figures are honest: the ETA comes from the pace the rate
// budget allows, the rate never reads above the limit, and after an
// interruption it says how many were not looked up. A nil progressLine
// draws nothing, so callers need not check.
type progressLine struct {
	mu          sync.Mutex
	w           io.Writer
	size        func() (n int, all bool) // how many PAIDs the batch has read, and whether that is all
	ctx         context.Context          // ends when the user interrupts the batch
	concurrency int
	budget      *api.Budget
	counts      tally         // the PAIDs looked up (or found bad)
	skipped     int           // the PAIDs not looked up
	busy        time.Duration // the time answers took, waits for the budget left out
	bar         progress.Model
	shown       bool // the line is on the terminal
	stopped     bool
	last        time.Time
	quit, ended chan struct{}
	now         func() time.Time
}

func newProgressLine(ctx context.Context, w io.Writer, size func() (int, bool), b *api.Budget, concurrency int) *progressLine {
	bar := progress.New(progress.WithWidth(24), progress.WithoutPercentage(), progress.WithDefaultBlend())
	p := &progressLine{w: w, size: size, ctx: ctx, concurrency: max(1, concurrency), bar: bar, budget: b,
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
// lookups' goroutines. A PAID not looked up is counted apart.
func (p *progressLine) record(r result) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if api.KindOf(r.err) == api.KindCanceled && !errors.Is(r.err, errCanceledInFlight) {
		p.skipped++
	} else {
		p.counts.add(r)
		if r.ex != nil {
			p.busy += max(0, r.ex.Duration-r.ex.Waited)
		}
	}
	total, _ := p.size()
	if !p.stopped && (p.counts.done()+p.skipped >= total || p.now().Sub(p.last) > 50*time.Millisecond) {
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

// line is the progress as text, without the bar: "1,204/2,500", or
// "1,204/10,000+" while more is still to be read, then the time, the rate,
// the ETA and what padview is waiting for.
func (p *progressLine) line(total int, all bool) string {
	done := p.counts.done()
	now := p.now()
	took := now.Sub(p.counts.started)
	of := text.Thousands(int64(total))
	if !all {
		of += "+"
	}
	s := fmt.Sprintf("%s/%s · %s", text.Thousands(int64(done)), of, text.Elapsed(took))
	snap := p.budget.Snapshot()
	switch {
	case p.ctx.Err() != nil: // whatever has no answer now will have none
		return s + " · interrupted: " + text.Thousands(int64(total-done)) + " not looked up"
	case p.skipped > 0:
		return s + " · stopped: " + text.Thousands(int64(p.skipped)) + " not requested"
	}
	if done == 0 {
		s += " · waiting for the first answer"
	}
	if rate := perMinute(p.counts.answered(), took, limitPerMinute(snap)); rate != "" && done > 0 {
		s += " · " + rate
	}
	if all && done > 0 && done < total {
		s += " · ETA " + text.Countdown(p.eta(snap, total-done, now))
	}
	if wait := waitNote(snap, now); wait != "" {
		s += " · " + wait
	}
	return s
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
// rate limit's next free slot.
func waitNote(snap api.BudgetSnapshot, now time.Time) string {
	switch {
	case snap.Blocked.After(now):
		return fmt.Sprintf("waiting %s, as the service asked (%s)", text.Countdown(snap.Blocked.Sub(now)), snap.BlockedBy)
	case snap.Remaining == 0 && snap.NextFree.After(now):
		return fmt.Sprintf("at the rate limit of %s requests per %s: next request in %s", text.Thousands(int64(snap.Limit)),
			text.Duration(snap.Window), text.Countdown(snap.NextFree.Sub(now)))
	case snap.Waiting > 0 && snap.WaitUntil.After(now):
		return "pacing: next request in " + text.Countdown(snap.WaitUntil.Sub(now))
	}
	return ""
}

// limitPerMinute is the budget's limit as a rate a minute.
func limitPerMinute(snap api.BudgetSnapshot) float64 {
	if snap.Limit <= 0 || snap.Window <= 0 {
		return 0
	}
	return float64(snap.Limit) / snap.Window.Minutes()
}

// draw puts the line on the terminal, once the batch is known to have
// more than one PAID: a single lookup needs no progress.
func (p *progressLine) draw() {
	total, all := p.size()
	if total < 2 {
		return
	}
	p.last, p.shown = p.now(), true
	fmt.Fprintf(p.w, "\r\x1b[2K%s %s", p.bar.ViewAs(float64(p.counts.done())/float64(total)), p.line(total, all))
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
