package cmd

import (
	"fmt"
	"io"
	"time"

	"charm.land/bubbles/v2/progress"

	"github.com/padview/padview/api"
)

// progressLine draws a batch's progress on stderr when it is a terminal,
// with the wait when pacing holds requests back. A nil progressLine draws
// nothing, so callers need not check.
type progressLine struct {
	w      io.Writer
	total  int
	done   int
	bar    progress.Model
	budget *api.Budget
	last   time.Time
}

func newProgressLine(w io.Writer, total int, b *api.Budget) *progressLine {
	bar := progress.New(progress.WithWidth(30), progress.WithoutPercentage(), progress.WithDefaultBlend())
	p := &progressLine{w: w, total: total, bar: bar, budget: b}
	p.draw()
	return p
}

func (p *progressLine) step() {
	if p == nil {
		return
	}
	p.done++
	if p.done == p.total || time.Since(p.last) > 50*time.Millisecond {
		p.draw()
	}
}

func (p *progressLine) draw() {
	p.last = time.Now()
	line := fmt.Sprintf("%s %d/%d", p.bar.ViewAs(float64(p.done)/float64(p.total)), p.done, p.total)
	if s := p.budget.Snapshot(); s.Waiting > 0 && !s.WaitUntil.IsZero() {
		line += fmt.Sprintf(" · pacing: next request in %s", time.Until(s.WaitUntil).Round(100*time.Millisecond))
	}
	fmt.Fprintf(p.w, "\r\x1b[2K%s", line)
}

// finish clears the line so that results and the prompt start clean.
func (p *progressLine) finish() {
	if p == nil {
		return
	}
	fmt.Fprint(p.w, "\r\x1b[2K")
}
