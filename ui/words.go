package ui

import (
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/padview/padview/api/text"
)

// How padview writes times, waits and counts in its messages.

// latency writes a duration for the status bar: "34ms", "1.2s", "<1ms".
func latency(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return "<1ms"
	case d < time.Second:
		return d.Round(time.Millisecond).String()
	}
	return d.Round(100 * time.Millisecond).String()
}

// humanDuration writes "10 minutes" or "90 seconds".
func humanDuration(d time.Duration) string {
	switch {
	case d >= time.Minute && d%time.Minute == 0:
		if d == time.Minute {
			return "1 minute"
		}
		return fmt.Sprintf("%d minutes", d/time.Minute)
	case d >= time.Second:
		return fmt.Sprintf("%d seconds", d/time.Second)
	}
	return d.String()
}

func attempts(n int) string {
	if n > 1 {
		return fmt.Sprintf(" after %d attempts", n)
	}
	return ""
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// serviceName is the base URL's host for messages.
func serviceName(base string) string {
	if u, err := url.Parse(base); err == nil && u.Host != "" {
		return text.CleanText(u.Host)
	}
	return "this profile's service"
}
