package ui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/padview/padview/api/fake"
)

// TestProgramExportComparison: e on the Compare tab offers the
// comparison, not the advertisement: Markdown with the text padview diff
// prints, and JSON as diff --json writes it.
func TestProgramExportComparison(t *testing.T) {
	work := t.TempDir()
	t.Chdir(work)
	s := startFake(t, fake.Options{})
	tm, _ := program(t, demoConfig(s), 120, 36)
	tm.Type("AB12CD")
	send(tm, "enter")
	waitFor(t, tm, "Showing AB12CD")
	send(tm, "=", "o")
	tm.Type("AB12CE")
	send(tm, "enter")
	waitFor(t, tm, "Comparing AB12CD (marked) with AB12CE (on screen)")
	send(tm, "e")
	waitFor(t, tm, "Comparison: AB12CD → AB12CE", "Comparison (JSON)", "padview-compare-AB12CD-standard-AB12CE-standard-20")
	send(tm, "enter")
	waitFor(t, tm, "Saved the comparison AB12CD → AB12CE as Comparison (MD)")
	send(tm, "e", "down", "enter")
	waitFor(t, tm, "as Comparison (JSON)")
	finalModel(t, tm)

	md, err := os.ReadFile(filepath.Join(work, "padview-compare-AB12CD-standard-AB12CE-standard-20261121.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"# Comparison: AB12CD standard → AB12CE standard", "```text\nAB12CD standard → AB12CE standard: 11 changes", "+ Northbank Harbour Traders"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("the Markdown lacks %q:\n%s", want, md)
		}
	}
	js, err := os.ReadFile(filepath.Join(work, "padview-compare-AB12CD-standard-AB12CE-standard-20261121.json"))
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Changes []json.RawMessage `json:"changes"`
	}
	if err := json.Unmarshal(js, &got); err != nil || len(got.Changes) != 11 {
		t.Fatalf("%v, %d changes:\n%s", err, len(got.Changes), js)
	}
}
