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

	// The attempt log on error lines and the provenance of documents have
	// times and request ids of their own; the rest is the same.
	timing := regexp.MustCompile(`"attempts":\[[^\]]*\]|"provenance":\{[^}]*\}`)
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
	cr := csv.NewReader(strings.NewReader(out))
	cr.Comment = '#' // the provenance's comment lines
	records, err := cr.ReadAll()
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

// In every format a PAID that fails in a batch is one line on stderr, the
// exit code says so, and the other PAIDs are still written.
func TestFormatsWithAFailedPAIDInABatch(t *testing.T) {
	h, _ := withService(t, fake.Options{})
	for _, format := range []string{"text", "markdown", "csv"} {
		code, out, errs := h.run("get", "--format", format, "AB12CD", "NOPE99", "XK9P2M")
		if code != ExitNotFound {
			t.Errorf("%s: exit %d; want %d", format, code, ExitNotFound)
		}
		var failed []string
		for _, line := range strings.Split(strings.TrimSpace(errs), "\n") {
			if strings.Contains(line, "NOPE99") {
				failed = append(failed, line)
			}
		}
		if len(failed) != 1 || !strings.HasPrefix(failed[0], "padview: NOPE99: no advertisement with PAID NOPE99") {
			t.Errorf("%s: stderr %q", format, errs)
		}
		if !strings.Contains(errs, "3 PAIDs: 2 found, 1 not found") {
			t.Errorf("%s: no summary in %q", format, errs)
		}
		if strings.Contains(out, "NOPE99") {
			t.Errorf("%s: the failed PAID is in the output:\n%s", format, out)
		}
		var a, x string
		switch format {
		case "text":
			a, x = "AB12CD · standard view", "XK9P2M · standard view"
		case "markdown":
			a, x = "# Advertisement AB12CD\n", "# Advertisement XK9P2M\n"
		case "csv":
			a, x = "\nAB12CD,sponsors,", "\nXK9P2M,"
		}
		if i, j := strings.Index(out, a), strings.Index(out, x); i < 0 || j < i {
			t.Errorf("%s: the other PAIDs are missing or out of order:\n%s", format, out)
		}
	}
}
