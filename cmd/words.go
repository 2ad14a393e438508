package cmd

import (
	"time"

	"github.com/padview/padview/api/text"
)

// minRateSpan is the shortest time a rate is given for: a handful of
// answers in a few milliseconds makes "40,908/min", which says nothing.
const minRateSpan = time.Second

// perMinute is a rate as "994/min"; "" before minRateSpan has passed.
func perMinute(n int, d time.Duration) string {
	if d < minRateSpan {
		return ""
	}
	return text.Thousands(int64(float64(n)/d.Minutes()+0.5)) + "/min"
}
