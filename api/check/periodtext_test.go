package check

import (
	"testing"
	"time"
)

// periodInText reads a period as people write it: two dates, a day and
// month whose year follows, Danish day/month-year, months in words.
func TestPeriodInTextReadsPeriodsAsWritten(t *testing.T) {
	for _, tc := range []struct {
		text, start, end string
	}{
		{"01.01.2026 – 31.03.2026", "2026-01-01", "2026-03-31"},
		{"vom 01. Dezember 2025 bis zum 22. März 2026", "2025-12-01", "2026-03-22"},
		{"November 2025 bis März 2026", "2025-11-01", "2026-03-31"},
		{"• Zeitraum: 03.02.–12.02.2026 sowie 24.02.–05.03.2026, Budget 1000 Euro", "2026-02-03", "2026-03-05"},
		{"i perioden fra 1/9-2025 og frem til kommunalvalget 18/11-2025", "2025-09-01", "2025-11-18"},
		{"26.02.2026", "2026-02-26", "2026-02-26"},
	} {
		s, e, ok := periodInText(tc.text)
		if !ok {
			t.Errorf("%q: no period read", tc.text)
			continue
		}
		if got := s.in.Time.Format(time.DateOnly); got != tc.start {
			t.Errorf("%q: start %s, want %s", tc.text, got, tc.start)
		}
		if got := e.in.Time.Format(time.DateOnly); got != tc.end {
			t.Errorf("%q: end %s, want %s", tc.text, got, tc.end)
		}
	}
	for _, text := range []string{"Stand: Dezember", "bis auf Weiteres", "1000 Euro"} {
		if _, _, ok := periodInText(text); ok {
			t.Errorf("%q read as a period", text)
		}
	}
}
