package text

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/padview/padview/api/advert"
)

func TestCleanText(t *testing.T) {
	cases := map[string]string{
		"plain":                      "plain",
		"Łódź 大阪 🚃":                  "Łódź 大阪 🚃",
		"\x1b[2J\x1b[31mRED\x1b[0m":  "␛[2J␛[31mRED␛[0m",
		"a\x07b\u009bc":              "a␇b⟨U+009B⟩c",
		"\x1b]52;c;cGFz\x07x":        "␛]52;c;cGFz␇x",
		"Feed \u202eenilno\u202c":    "Feed ⟨U+202E⟩enilno⟨U+202C⟩",
		"tab\tand\nline\r":           "tab and⏎line␍",
		"bad\xffutf8":                "bad\uFFFDutf8",
		"del\x7f":                    "del␡",
		"\u2066iso\u2069 \u200fmark": "⟨U+2066⟩iso⟨U+2069⟩ ⟨U+200F⟩mark",
		"pay\u200bpal":               "pay⟨U+200B⟩pal",
		"soft\u00adhyphen":           "soft⟨U+00AD⟩hyphen",
		"line\u2028sep":              "line⟨U+2028⟩sep",
		"tag\U000E0041":              "tag⟨U+E0041⟩",
		"heart\u2764\ufe0f":          "heart\u2764⟨U+FE0F⟩",
		"\ufeffbom":                  "⟨U+FEFF⟩bom",
		"nul\x00":                    "nul␀",
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
	if got := CleanBlock("a\x1b\r\nb\u202e"); got != "a␛\nb⟨U+202E⟩" {
		t.Errorf("CleanBlock = %q", got)
	}
}

// FuzzCleanText checks that the output holds nothing that can drive a
// terminal or hide, and that nothing was dropped: every visible character
// of the input is in the output, in order, and every other one became a
// marker.
func FuzzCleanText(f *testing.F) {
	for _, s := range []string{"\x1b[31mx\u202e", "a\u200bb\tc\n", "\xff\xfe", "\U000E0001x\u0085"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := CleanText(s)
		if !utf8.ValidString(out) {
			t.Fatalf("invalid UTF-8 out of %q", s)
		}
		for _, r := range out {
			if advert.IsInvisible(r) {
				t.Fatalf("invisible rune %U left in %q", r, out)
			}
		}
		rest := out
		for i := 0; i < len(s); {
			r, size := utf8.DecodeRuneInString(s[i:])
			i += size
			want := string(r)
			switch {
			case r == utf8.RuneError && size == 1:
				want = "\uFFFD"
			case advert.IsInvisible(r):
				want = Marker(r)
			}
			at := strings.Index(rest, want)
			if at != 0 {
				t.Fatalf("%q: %q is not next in the output %q (rest %q)", s, want, out, rest)
			}
			rest = rest[len(want):]
		}
		if rest != "" {
			t.Fatalf("%q: output %q has more than the input: %q", s, out, rest)
		}
	})
}
