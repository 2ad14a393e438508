package cmd

import (
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
// done/total, elapsed time, rate, ETA, and the wait while pacing holds
// requests back. It moves with every finished PAID, in whatever order they
// finish. A nil progressLine draws nothing, so callers need not check.
type progressLine struct {
	mu      sync.Mutex
	w       io.Writer
	size    func() (n int, all bool) // how many PAIDs the batch has read, and whether that is all
	shown   bool                     // the line is on the terminal
	counts  tally
	bar     progress.Model
	budget  *api.Budget
	last    time.Time
	stopped bool
	quit    chan struct{}
	ended   chan struct{}
	now     func() time.Time
}

func newProgressLine(w io.Writer, size func() (int, bool), b *api.Budget) *progressLine {
	bar := progress.New(progress.WithWidth(24), progress.WithoutPercentage(), progress.WithDefaultBlend())
	p := &progressLine{w: w, size: size, bar: bar, budget: b, counts: tally{started: time.Now()},
		quit: make(chan struct{}), ended: make(chan struct{}), now: time.Now}
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

// record counts a finished lookup; it is called from the lookups' goroutines.
func (p *progressLine) record(r result) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.counts.add(r)
	if total, _ := p.size(); !p.stopped && (p.counts.done() == total || p.now().Sub(p.last) > 50*time.Millisecond) {
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
// "1,204/10,000+" while more is still to be read.
func (p *progressLine) line(total int, all bool) string {
	done := p.counts.done()
	took := p.now().Sub(p.counts.started)
	of := text.Thousands(int64(total))
	if !all {
		of += "+"
	}
	s := fmt.Sprintf("%s/%s · %s", text.Thousands(int64(done)), of, text.Elapsed(took))
	switch {
	case done == 0:
		s += " · waiting for the first answer"
	case done < total:
		if rate := perMinute(done, took); rate != "" {
			s += " · " + rate
		}
		left := time.Duration(float64(took) / float64(done) * float64(total-done))
		s += " · ETA " + eta(left)
	}
	if b := p.budget.Snapshot(); b.Waiting > 0 && b.WaitUntil.After(p.now()) {
		s += " · pacing: next request in " + eta(b.WaitUntil.Sub(p.now()))
	}
	return s
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

// eta writes a wait in whole seconds: "<1s", "20s", "2m31s".
func eta(d time.Duration) string {
	if d < 500*time.Millisecond {
		return "<1s"
	}
	d = d.Round(time.Second)
	if d < time.Minute {
		return fmt.Sprintf("%ds", int(d.Seconds()))
	}
	return text.Elapsed(d)
}
