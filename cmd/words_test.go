package cmd

import (
	"testing"
	"time"

	"github.com/padview/padview/api/check"
)

func TestWords(t *testing.T) {
	for got, want := range map[string]string{
		mostRequests(1000, time.Minute): "at most 1,000 requests a minute",
		mostRequests(1, 30*time.Second): "at most 1 request every 30 s",
		requestsIn(994, time.Minute):    "994 requests in the last minute",
		requestsIn(1, time.Hour):        "1 request in the last hour",
		requestsIn(12, 90*time.Second):  "12 requests in the last 1 min 30 s",
	} {
		if got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	}
}

func TestSummaryLine(t *testing.T) {
	start := time.Now()
	s := tally{started: start, found: 2431, notFound: 61, failed: 8, peak: 1000, window: time.Minute}
	if got := s.summary(start.Add(151 * time.Second)); got != "2,500 PAIDs: 2,431 found, 61 not found, 8 failed · 2m31s · at most 1,000 requests a minute" {
		t.Fatalf("%q", got)
	}
	s = tally{started: start, found: 1, invalid: 1, notLookedUp: 3, stopped: errInterrupted, peak: 1, window: time.Minute}
	if got := s.summary(start.Add(time.Second)); got != "interrupted: 2 of 5 PAIDs done, 3 not looked up; 1 found, 0 not found, 0 failed, 1 invalid · 1.0s · at most 1 request a minute" {
		t.Fatalf("%q", got)
	}
	s.partial = true
	if got := s.skippedLine(); got != "interrupted: 2 of the 5 PAIDs read done, 3 not looked up, and the rest of stdin was not read" {
		t.Fatalf("%q", got)
	}
	s = tally{started: start, failed: 1, notLookedUp: 298, stopped: errFullViewRefused}
	if got := s.skippedLine(); got != "stopped, as the service had refused the full view: 1 of 299 PAIDs done, 298 not requested" {
		t.Fatalf("%q", got)
	}
	// Lookups whose requests were sent when the batch stopped are canceled,
	// not "not requested".
	s = tally{started: start, found: 1, failed: 1, notLookedUp: 16, canceled: 3, stopped: errFullViewRefused}
	if got := s.summary(start.Add(time.Second)); got != "stopped, as the service had refused the full view: 2 of 21 PAIDs done, 3 canceled in flight, 16 not requested; 1 found, 0 not found, 1 failed · 1.0s" {
		t.Fatalf("%q", got)
	}
	s = tally{started: start, failed: 1, canceled: 2, stopped: errTokenRejected}
	if got := s.skippedLine(); got != "stopped, as the service had rejected the token: 1 of 3 PAIDs done, 2 canceled in flight" {
		t.Fatalf("%q", got)
	}
	// The same after an interruption: requests sent when Ctrl-C came are
	// canceled in flight, the others not looked up.
	s = tally{started: start, found: 1000, canceled: 4, notLookedUp: 1496, stopped: errInterrupted}
	if got := s.skippedLine(); got != "interrupted: 1,000 of 2,500 PAIDs done, 4 canceled in flight, 1,496 not looked up" {
		t.Fatalf("%q", got)
	}
	// A batch under a second has no rate: 3 answers in 4.4 ms are no "40,908/min".
	s = tally{started: start, found: 3, peak: 3, window: time.Minute}
	if got := s.summary(start.Add(4400 * time.Microsecond)); got != "3 PAIDs: 3 found, 0 not found, 0 failed · 0.0s" {
		t.Fatalf("%q", got)
	}
	// check counts what it found by verdict.
	s = tally{started: start, found: 3, notFound: 1, verdicts: map[check.Verdict]int{check.Complete: 1, check.Incomplete: 2}}
	if got := s.summary(start.Add(400 * time.Millisecond)); got != "4 PAIDs: 3 found (1 complete, 2 incomplete, 0 undetermined), 1 not found, 0 failed · 0.4s" {
		t.Fatalf("%q", got)
	}
}
