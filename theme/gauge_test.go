package theme

import (
	"testing"
	"unicode/utf8"
)

// A gauge is always as wide as asked, fills to the eighth, and shows a
// little as some and nearly all as not all.
func TestGauge(t *testing.T) {
	for _, c := range []struct {
		share float64
		want  string
	}{
		{0, "░░░░░░░░"}, {0.001, "▏░░░░░░░"}, {0.5, "████░░░░"}, {0.53, "████▎░░░"},
		{0.999, "███████▉"}, {1, "████████"}, {1.7, "████████"}, {-1, "░░░░░░░░"},
	} {
		got := Gauge(c.share, GaugeCells, nil, nil)
		if got != c.want || utf8.RuneCountInString(got) != GaugeCells {
			t.Errorf("%v: %q, want %q", c.share, got, c.want)
		}
	}
	styled := Gauge(0.5, 4, func(s ...string) string { return "[" + s[0] + "]" }, func(s ...string) string { return "(" + s[0] + ")" })
	if styled != "[██](░░)" {
		t.Errorf("styled: %q", styled)
	}
}
