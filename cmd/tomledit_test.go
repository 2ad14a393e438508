package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/padview/padview/api/vocab"
)

// addToTable adds the lines where a person would, and every byte of the
// file stays, in order: what comes out is what went in with the new
// lines inserted at one place.
func TestAddToTableKeepsEveryByte(t *testing.T) {
	lines := []string{`"a_b" = "campaign.name"`, `"c*" = "payer.*"`}
	for _, c := range []struct {
		name, in string
		keys     []string
		want     string // the file after, with the lines at ⟨⟩
	}{
		{"the table at the end, without a last line break", "# top\n[fields]\n\"x\" = \"campaign.name\" # mine", []string{"fields"},
			"# top\n[fields]\n\"x\" = \"campaign.name\" # mine\n⟨⟩"},
		{"comments after the last line stay with what follows", "[fields]\n\"x\" = \"campaign.name\"\n\n# the partner\n[profiles.partner]\nbase_url = \"https://p.example/v1\"\n",
			[]string{"fields"}, "[fields]\n\"x\" = \"campaign.name\"\n⟨⟩\n# the partner\n[profiles.partner]\nbase_url = \"https://p.example/v1\"\n"},
		{"an empty table", "[fields] # mine\n\n[profiles.p]\n", []string{"fields"}, "[fields] # mine\n⟨⟩\n[profiles.p]\n"},
		{"no table: one at the end", "default_profile = \"p\" # c\n[profiles.p]\nbase_url = \"u\"\n", []string{"fields"},
			"default_profile = \"p\" # c\n[profiles.p]\nbase_url = \"u\"\n\n[fields]\n⟨⟩"},
		{"no profile table: under the profile", "# c\n[profiles.p]\nbase_url = \"u\"\n\n# next\n[profiles.q]\n", []string{"profiles", "p", "fields"},
			"# c\n[profiles.p]\nbase_url = \"u\"\n\n[profiles.p.fields]\n⟨⟩\n# next\n[profiles.q]\n"},
		{"a header written loosely, quoted", "[ profiles . \"p\" . 'fields' ]\n\"x\" = \"campaign.name\"\n[fields]\n", []string{"profiles", "p", "fields"},
			"[ profiles . \"p\" . 'fields' ]\n\"x\" = \"campaign.name\"\n⟨⟩[fields]\n"},
		{"lines like headers inside strings and arrays", "[fields]\n\"x\" = \"campaign.name\"\nnote = \"\"\"\n[profiles.p]\n\"\"\"\nlist = [\n  [\"a\"],\n  '''\n[fields]''',\n]\n# end\n", []string{"fields"},
			"[fields]\n\"x\" = \"campaign.name\"\nnote = \"\"\"\n[profiles.p]\n\"\"\"\nlist = [\n  [\"a\"],\n  '''\n[fields]''',\n]\n⟨⟩# end\n"},
		{"CRLF line endings", "[fields]\r\n\"x\" = \"campaign.name\"\r\n", []string{"fields"}, "[fields]\r\n\"x\" = \"campaign.name\"\r\n⟨⟩"},
		{"an empty file", "", []string{"fields"}, "[fields]\n⟨⟩"},
	} {
		header := "[" + strings.Join(c.keys, ".") + "]"
		got := string(addToTable([]byte(c.in), c.keys, header, lines))
		nl := "\n"
		if strings.Contains(c.in, "\r\n") {
			nl = "\r\n"
		}
		want := strings.Replace(c.want, "⟨⟩", strings.Join(lines, nl)+nl, 1)
		if got != want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, want)
		}
	}
}

// A table padview cannot add lines to as the file writes it (an inline
// table) is refused, and the file is left as it was: the
// text is read back before anything is written.
func TestFieldsWriteRefusesWhatWouldNotReadBack(t *testing.T) {
	for _, in := range []string{
		"fields = { \"x\" = \"campaign.name\" }\n",
		"[profiles.p]\nbase_url = \"u\"\nfields = { x = \"campaign.name\" }\n",
	} {
		dir := t.TempDir()
		path := filepath.Join(dir, "config.toml")
		os.WriteFile(path, []byte(in), 0o600)
		profile := ""
		if strings.Contains(in, "profiles.p") {
			profile = "p"
		}
		f, err := openFieldsFile(fieldsTable{file: path, profile: profile}, os.Getuid())
		if err != nil {
			t.Fatal(err)
		}
		err = f.write([]vocab.Mapping{{Name: "Impressionz", Path: "targeting.impressions"}})
		if err == nil || !strings.Contains(err.Error(), `add to the table yourself: "Impressionz" = "targeting.impressions"; nothing was written`) {
			t.Errorf("%q: %v", in, err)
		}
		if b, _ := os.ReadFile(path); string(b) != in {
			t.Errorf("the file changed: %q", b)
		}
		if es, _ := os.ReadDir(dir); len(es) != 1 {
			t.Errorf("left behind: %v", es)
		}
	}
}

// A hostile member name is one key of the table: the line written cannot
// open a table of its own or set anything else.
func TestFieldsWriteHostileNameStaysOneKey(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.toml")
	os.WriteFile(path, []byte("[profiles.p]\nbase_url = \"https://p.example/v1\"\n"), 0o600)
	f, err := openFieldsFile(fieldsTable{file: path, profile: "p"}, os.Getuid())
	if err != nil {
		t.Fatal(err)
	}
	name := "x\"\n[profiles.p]\nbase_url = \"https://evil.example\"\n\"y"
	if err := f.write([]vocab.Mapping{{Name: name, Path: "campaign.name"}}); err != nil {
		t.Fatal(err)
	}
	c, err := LoadConfig(path)
	if err != nil || c.Profiles["p"].BaseURL != "https://p.example/v1" || c.Profiles["p"].Fields[name] != "campaign.name" || len(c.Profiles["p"].Fields) != 1 {
		t.Fatalf("%+v %v", c, err)
	}
}
