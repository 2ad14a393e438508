package cmd

import (
	"fmt"
	"time"

	"github.com/padview/padview/api"
)

// elapsed writes a duration with a unit that cannot be read as an HTTP
// status: "0.4s", "12.3s", "2m31s", "1h02m03s".
func elapsed(d time.Duration) string {
	switch {
	case d.Round(100*time.Millisecond) < time.Minute:
		return fmt.Sprintf("%.1fs", d.Seconds())
	case d < time.Hour:
		d = d.Round(time.Second)
		return fmt.Sprintf("%dm%02ds", int(d.Minutes()), int(d.Seconds())%60)
	}
	d = d.Round(time.Second)
	return fmt.Sprintf("%dh%02dm%02ds", int(d.Hours()), int(d.Minutes())%60, int(d.Seconds())%60)
}

// minRateSpan is the shortest time a rate is given for: a handful of
// answers in a few milliseconds makes "40,908/min", which says nothing.
const minRateSpan = time.Second

// perMinute is a rate as "994/min"; "" before minRateSpan has passed.
func perMinute(n int, d time.Duration) string {
	if d < minRateSpan {
		return ""
	}
	return api.Thousands(int64(float64(n)/d.Minutes()+0.5)) + "/min"
}
