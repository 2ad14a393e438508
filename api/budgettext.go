package api

import (
	"strings"
	"time"

	"github.com/padview/padview/api/text"
)

// Summary is the budget as one plain sentence, the same in the status bar
// and in -v: "999 of 1,000 left · window resets in 59s". "≈" marks
// padview's own estimate; while the service's 429 wait runs, the only time
// shown is that wait, so that no figure contradicts its countdown.
func (s BudgetSnapshot) Summary(now time.Time) string {
	approx := "≈"
	if s.FromServer {
		approx = ""
	}
	left := approx + text.Thousands(int64(s.Remaining)) + " of " + text.Thousands(int64(s.Limit)) + " left"
	switch {
	case s.Blocked.After(now):
		return left + " · free again in " + text.Countdown(s.Blocked.Sub(now))
	case s.Remaining == 0 && s.NextFree.After(now):
		return left + " · next request in " + text.Countdown(s.NextFree.Sub(now))
	case s.Remaining < s.Limit && s.ResetAt.After(now):
		return left + " · window resets in " + text.Countdown(s.ResetAt.Sub(now))
	}
	return left
}

// Origins says where each figure of Summary came from, for -v:
// "limit: the service's X-RateLimit-* headers; remaining: …; reset: …".
func (s BudgetSnapshot) Origins() string {
	parts := []string{
		"limit: " + s.LimitFrom.describe(s.HeaderStyle),
		"remaining: " + s.RemainingFrom.describe(s.HeaderStyle),
		"reset: " + s.ResetFrom.describe(s.HeaderStyle),
	}
	if s.BlockedBy != "" && s.RemainingFrom == SourceRetryAfter {
		parts = append(parts, "the service asked: "+s.BlockedBy)
	}
	return strings.Join(parts, "; ")
}

// String names the source in a few words.
func (f FigureSource) String() string { return f.describe("") }

func (f FigureSource) describe(style string) string {
	switch f {
	case SourceDefault:
		return "padview's default (the partner interface's 1,000 a minute)"
	case SourceEstimate:
		return "padview's estimate from its own requests"
	case SourceServer:
		if style != "" {
			return "the service's " + style + " headers"
		}
		return "the service's rate-limit headers"
	case SourceRetryAfter:
		return "the service's Retry-After"
	}
	return "unknown"
}
