package cmd

import (
	"fmt"
	"strconv"
	"time"
)

// count is n with the noun in the right number: "1 PAID", "2,500 PAIDs".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return thousands(n) + " " + many
}

// thousands writes n with comma separators: 2500 → "2,500".
func thousands(n int) string {
	s := strconv.Itoa(n)
	neg := n < 0
	if neg {
		s = s[1:]
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		s = "-" + s
	}
	return s
}

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

// perMinute is a rate as "994/min"; "" when no time has passed.
func perMinute(n int, d time.Duration) string {
	if d <= 0 {
		return ""
	}
	return thousands(int(float64(n)/d.Minutes()+0.5)) + "/min"
}
