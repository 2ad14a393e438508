package stamp

import "time"

// Layouts of the formats, for the rare caller that parses or documents
// them; the functions below are how padview writes them.
const (
	// Stored is how the watch history stores a moment: UTC, milliseconds.
	Stored = "2006-01-02T15:04:05.000Z07:00"
	// ToTheSecond is a moment for people, to the second.
	ToTheSecond = "2006-01-02 15:04:05Z"
	// ToTheMinute is a moment for people, to the minute, where a list has
	// no room for seconds.
	ToTheMinute = "2006-01-02 15:04Z"
)

// Format writes t as the watch history stores it.
func Format(t time.Time) string { return t.UTC().Format(Stored) }

// Parse reads a stored moment: Stored, or any RFC 3339 time (written by
// hand, or before milliseconds were kept); the zero time when it is
// neither.
func Parse(s string) time.Time {
	t, err := time.Parse(Stored, s)
	if err != nil {
		t, _ = time.Parse(time.RFC3339Nano, s)
	}
	return t
}

// Second writes t for people, in UTC, to the second: "2026-11-29 05:40:12Z".
func Second(t time.Time) string { return t.UTC().Format(ToTheSecond) }

// Minute writes t for people, in UTC, to the minute: "2026-11-29 05:40Z".
func Minute(t time.Time) string { return t.UTC().Format(ToTheMinute) }
