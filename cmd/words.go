package cmd

import (
	"time"

	"github.com/padview/padview/api/text"
)

// minRateSpan is the shortest time a rate is given for: a handful of
// answers in a few milliseconds makes "40,908/min", which says nothing.
const minRateSpan = time.Second

// perMinute is a rate as "994/min", never more than most (the rate
// limit's, when above 0): a burst within the limit is no pace beyond it.
// It is "" before minRateSpan has passed.
func perMinute(n int, d time.Duration, most float64) string {
	if d < minRateSpan {
		return ""
	}
	rate := float64(n) / d.Minutes()
	if most > 0 {
		rate = min(rate, most)
	}
	return text.Thousands(int64(rate+0.5)) + "/min"
}
