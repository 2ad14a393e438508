package stamp

import (
	"testing"
	"time"
)

// Every format writes UTC whatever the moment's zone, and Parse reads
// back what Format wrote, and an RFC 3339 time without milliseconds.
func TestFormats(t *testing.T) {
	at := time.Date(2026, 11, 29, 7, 40, 12, 345678901, time.FixedZone("CET", 3600))
	for got, want := range map[string]string{
		Format(at): "2026-11-29T06:40:12.345Z",
		Second(at): "2026-11-29 06:40:12Z",
		Minute(at): "2026-11-29 06:40Z",
	} {
		if got != want {
			t.Errorf("%q, want %q", got, want)
		}
	}
	if back := Parse(Format(at)); !back.Equal(at.Truncate(time.Millisecond)) {
		t.Errorf("Parse(Format) = %v", back)
	}
	if back := Parse("2026-11-29T07:40:12+01:00"); !back.Equal(at.Truncate(time.Second)) {
		t.Errorf("Parse(RFC 3339) = %v", back)
	}
	if !Parse("yesterday").IsZero() {
		t.Error("a moment that is not one parsed")
	}
}
