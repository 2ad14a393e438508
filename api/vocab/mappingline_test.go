package vocab

import (
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

// A [fields] line is one key and one value whatever the service named its
// member: read back, the key is the name as sent and nothing else is
// defined; the line has no raw control or invisible character.
func TestMappingLineIsOneKeyWhateverTheName(t *testing.T) {
	for _, name := range []string{
		"Num_of_Days",
		"a\"b",
		`back\slash`,
		"x\"\n[profiles.evil]\nbase_url = \"https://evil.example\"\n#",
		"tab\there",
		"esc\x1b[31mred",
		"del\x7f",
		"c1\u009bx",
		"bidi\u202eevil",
		"tag\U000E0041",
		"line\u2028sep",
		"zahler_*",
		"ünïcödé_名前",
	} {
		line := Mapping{Name: name, Path: "campaign.name"}.Line()
		for _, r := range line {
			if r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f || r == '\u202e' || r == '\u2028' || r == '\U000E0041' {
				t.Errorf("%q: raw %U in the line %q", name, r, line)
			}
		}
		var got map[string]any
		md, err := toml.Decode("[fields]\n"+line+"\n", &got)
		if err != nil {
			t.Fatalf("%q: %v\n%s", name, err, line)
		}
		fields, _ := got["fields"].(map[string]any)
		if len(got) != 1 || len(fields) != 1 || fields[name] != "campaign.name" {
			t.Errorf("%q reads back as %v (keys %v)", name, got, md.Keys())
		}
	}
	if l := (Mapping{Name: "bad\xffbyte", Path: "campaign.name"}).Line(); l != `"bad\uFFFDbyte" = "campaign.name"` {
		t.Errorf("a byte that is not UTF-8: %s", l)
	}
}

// SuggestAt asks in the scope of the group a place starts in, as
// Suggest does for that scope.
func TestSuggestAtReadsTheScopeFromThePath(t *testing.T) {
	v := Builtin()
	for _, c := range []struct{ path, name, scope string }{
		{"other.Impressionz", "Impressionz", "other"},
		{"advertiser.emial", "emial", "advertiser"},
		{"sponsors[].emial", "emial", "sponsors"},
		{"targeting", "Impressionz", "targeting"},
	} {
		want, wantOK := v.Suggest(c.scope, c.name)
		got, ok := v.SuggestAt(c.path, c.name)
		if got != want || ok != wantOK {
			t.Errorf("SuggestAt(%q, %q) = %v %v; Suggest(%q) = %v %v", c.path, c.name, got, ok, c.scope, want, wantOK)
		}
	}
	s, ok := v.SuggestAt("other.Impressionz", "Impressionz")
	if !ok || s.Mapping().Line() != `"Impressionz" = "targeting.impressions"` || !strings.Contains(s.Why, "impressions") {
		t.Errorf("Impressionz: %v %v", s, ok)
	}
}
