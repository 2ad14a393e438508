package cmd

import (
	"time"

	"github.com/padview/padview/api/text"
)

// minRateSpan is the shortest batch the summary gives a rate for: a
// handful of answers in a few milliseconds has no pace to speak of.
const minRateSpan = time.Second

// mostRequests is the summary's rate: the most requests the rate budget
// counted in one window, "at most 1,000 requests a minute". It is
// measured, not worked out from the elapsed time, and the budget never
// lets it above the limit: a burst of 1,000 in 2 s is no "30,000 a
// minute", and 2,000 over 61 s no "1,967 a minute".
func mostRequests(peak int, window time.Duration) string {
	return "at most " + text.Plural(peak, "request", "requests") + " " + text.Per(window)
}

// requestsIn is the progress line's rate: the requests the rate budget
// counts now, those in flight and those answered within its window,
// "1,000 requests in the last minute"; never above the limit.
func requestsIn(used int, window time.Duration) string {
	return text.Plural(used, "request", "requests") + " in " + text.Past(window)
}
