package cmd

import (
	"testing"
	"time"
)

func TestWords(t *testing.T) {
	for got, want := range map[string]string{
		perMinute(2500, 151*time.Second, 0):     "993/min",
		perMinute(3, 0, 0):                      "",
		perMinute(3, 440*time.Microsecond, 0):   "",
		perMinute(1000, 3*time.Second, 1000):    "1,000/min", // a burst within the limit is no pace above it
		perMinute(2500, 151*time.Second, 1000):  "993/min",
		perMinute(100, 10*time.Second, 15000.0): "600/min",
	} {
		if got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	}
}

func TestSummaryLine(t *testing.T) {
	start := time.Now()
	s := tally{started: start, found: 2431, notFound: 61, failed: 8}
	if got := s.summary(start.Add(151 * time.Second)); got != "2,500 PAIDs: 2,431 found, 61 not found, 8 failed · 2m31s · 993/min" {
		t.Fatalf("%q", got)
	}
	s = tally{started: start, found: 1, invalid: 1, notLookedUp: 3, stopped: errInterrupted}
	if got := s.summary(start.Add(time.Second)); got != "3 of 5 PAIDs not looked up: interrupted; 1 found, 0 not found, 0 failed, 1 invalid · 1.0s · 60/min" {
		t.Fatalf("%q", got)
	}
	s.partial = true
	if got := s.skippedLine(); got != "3 of the 5 PAIDs read were not looked up: interrupted, and the rest of stdin was not read" {
		t.Fatalf("%q", got)
	}
	s = tally{started: start, failed: 1, notLookedUp: 298, stopped: errFullViewRefused}
	if got := s.skippedLine(); got != "298 of 299 PAIDs not requested: the service had refused the full view" {
		t.Fatalf("%q", got)
	}
	// Lookups whose requests were sent when the batch stopped are canceled,
	// not "not requested".
	s = tally{started: start, found: 1, failed: 1, notLookedUp: 16, canceled: 3, stopped: errFullViewRefused}
	if got := s.summary(start.Add(time.Second)); got != "16 of 21 PAIDs not requested, 3 canceled in flight: the service had refused the full view; 1 found, 0 not found, 1 failed · 1.0s · 120/min" {
		t.Fatalf("%q", got)
	}
	s = tally{started: start, failed: 1, canceled: 2, stopped: errTokenRejected}
	if got := s.skippedLine(); got != "2 of 3 PAIDs canceled in flight: the service had rejected the token" {
		t.Fatalf("%q", got)
	}
	// A batch under a second has no rate: 3 answers in 4.4 ms are no "40,908/min".
	s = tally{started: start, found: 3}
	if got := s.summary(start.Add(4400 * time.Microsecond)); got != "3 PAIDs: 3 found, 0 not found, 0 failed · 0.0s" {
		t.Fatalf("%q", got)
	}
}
