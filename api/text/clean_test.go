package text

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestCleanText(t *testing.T) {
	cases := map[string]string{
		"plain":                      "plain",
		"Łódź 大阪 🚃":                  "Łódź 大阪 🚃",
		"\x1b[2J\x1b[31mRED\x1b[0m":  "[2J[31mRED[0m",
		"a\x07b\u009bc":              "abc",
		"\x1b]52;c;cGFz\x07x":        "]52;c;cGFzx",
		"Feed \u202eenilno\u202c":    "Feed enilno",
		"tab\tand\nline":             "tab and⏎line",
		"bad\xffutf8":                "bad\uFFFDutf8",
		"del\x7f":                    "del",
		"\u2066iso\u2069 \u200fmark": "iso mark",
	}
	for in, want := range cases {
		got := CleanText(in)
		if got != want {
			t.Errorf("CleanText(%q) = %q; want %q", in, got, want)
		}
		if strings.ContainsRune(got, 0x1b) || !utf8.ValidString(got) {
			t.Errorf("CleanText(%q) left something unsafe: %q", in, got)
		}
	}
	if got := CleanBlock("a\x1b\nb"); got != "a\nb" {
		t.Errorf("CleanBlock = %q", got)
	}
}

func FuzzCleanText(f *testing.F) {
	f.Add("\x1b[31mx\u202e")
	f.Fuzz(func(t *testing.T, s string) {
		out := CleanText(s)
		if !utf8.ValidString(out) {
			t.Fatalf("invalid UTF-8 out of %q", s)
		}
		for _, r := range out {
			if unsafeRune(r) || r == '\n' || r == '\t' {
				t.Fatalf("unsafe rune %U left in %q", r, out)
			}
		}
	})
}
