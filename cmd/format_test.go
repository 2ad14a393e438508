package cmd

import (
	"encoding/csv"
	"regexp"
	"strings"
	"testing"

	"github.com/padview/padview/api/fake"
)

func TestGetFormats(t *testing.T) {
	h, _ := withService(t, fake.Options{})

	// The attempt log on error lines has times of its own; the rest is the same.
	timing := regexp.MustCompile(`"attempts":\[[^\]]*\]`)
	_, asJSON, _ := h.run("get", "--json", "AB12CD", "NOPE99")
	code, formatJSON, _ := h.run("get", "--format", "json", "AB12CD", "NOPE99")
	if code != ExitNotFound || timing.ReplaceAllString(formatJSON, "") != timing.ReplaceAllString(asJSON, "") || strings.Count(formatJSON, "\n") != 2 {
		t.Fatalf("--format json differs from --json (exit %d):\n%s\n%s", code, formatJSON, asJSON)
	}
	_, text, _ := h.run("get", "AB12CD")
	if _, formatText, _ := h.run("get", "--format", "text", "AB12CD"); formatText != text {
		t.Fatalf("--format text differs from the default")
	}

	code, md, errs := h.run("get", "--format", "markdown", "AB12CD", "NOPE99", "XK9P2M")
	if code != ExitNotFound || !strings.Contains(errs, "NOPE99") {
		t.Fatalf("markdown: exit %d, stderr %q", code, errs)
	}
	if !strings.HasPrefix(md, "# Advertisement AB12CD\n") || strings.Count(md, "\n---\n") != 1 ||
		!strings.Contains(md, "\n---\n\n# Advertisement XK9P2M\n") || !strings.Contains(md, "| Company name | Riverside Civic Alliance |") {
		t.Fatalf("markdown reports:\n%s", md)
	}

	code, out, _ := h.run("get", "--format", "csv", "AB12CD", "PAD-2026-000000123456")
	if code != 0 {
		t.Fatalf("csv: exit %d", code)
	}
	records, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	// AB12CD: 2 sponsors, 1 controller; PAD-2026-…: 3 sponsors, 2 controllers.
	if len(records) != 1+3+5 || strings.Join(records[0][:3], ",") != "paid,group,name" {
		t.Fatalf("%d records, header %q", len(records), records[0])
	}
	if r := records[4]; r[0] != "PAD-2026-000000123456" || r[1] != "sponsors" || r[2] != "Verkehrsclub Oberrhein" {
		t.Errorf("row 4: %q", r)
	}
	if strings.Contains(out, "@") {
		t.Errorf("the standard view's CSV holds an email:\n%s", out)
	}
	code, out, _ = h.run("get", "--full", "--accept-personal-data", "--format", "csv", "AB12CD")
	if code != 0 || !strings.Contains(out, "'+44 20 7946 0345") || !strings.Contains(out, "info@estuary-friends.example") {
		t.Fatalf("full-view CSV (exit %d), phone numbers defused:\n%s", code, out)
	}

	for _, args := range [][]string{
		{"get", "--format", "xml", "AB12CD"},
		{"get", "--format", "csv", "--json", "AB12CD"},
		{"get", "--format", "csv", "--raw", "AB12CD"},
	} {
		if code, _, errs := h.run(args...); code != ExitUsage {
			t.Errorf("%q: exit %d, stderr %q", args, code, errs)
		}
	}
	if _, _, errs := h.run("get", "--format", "xml", "AB12CD"); !strings.Contains(errs, "text, json, markdown, csv") {
		t.Errorf("bad format message: %q", errs)
	}
}
