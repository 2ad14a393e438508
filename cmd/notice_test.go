package cmd

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/padview/padview/api/check"
	"github.com/padview/padview/api/fake"
)

// noticeItems finds the numbered items of a text notice.
var noticeItems = regexp.MustCompile(`(?m)^ ?(\d+)\. (.+)$`)

func TestNoticeText(t *testing.T) {
	h, _ := withService(t, fake.Options{})
	code, out, errs := h.run("notice", "TN2026")
	if code != ExitOK || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	items := check.Items()
	got := noticeItems.FindAllStringSubmatch(out, -1)
	if len(got) != len(items) {
		t.Fatalf("%d items, want %d:\n%s", len(got), len(items), out)
	}
	for i, m := range got {
		if m[2] != items[i].Label {
			t.Errorf("item %d reads %q, want %q", i+1, m[2], items[i].Label)
		}
	}
	for _, want := range []string{"Transparency notice · TN2026 · standard view",
		"Political advertisement · Sponsor name: Bridges for Bikes", "Link to the transparency notice: https://transparency.bridgesforbikes.example/tn2026",
		"Start date: 2026-08-20; End date: 2026-10-15", "EUR 18,400.00", "◌ not in this view", "the full view shows it",
		"the controller listed under Controllers is a data controller", "Check: undetermined"} {
		if !strings.Contains(out, want) {
			t.Errorf("the notice lacks %q:\n%s", want, out)
		}
	}
}

// notice exits as get does: the verdict of the check is no exit code of
// its own.
func TestNoticeExitCodes(t *testing.T) {
	h, _ := withService(t, fake.Options{DemoTriggers: true})
	cases := []struct {
		name string
		args []string
		want int
		says string
	}{
		{"incomplete is still a notice", []string{"notice", "AB12CD"}, ExitOK, ""},
		{"not found", []string{"notice", "TN2026", "NOPE99"}, ExitNotFound, "NOPE99"},
		{"a bad PAID", []string{"notice", "AB/12"}, ExitUsage, ""},
		{"no PAID", []string{"notice"}, ExitUsage, "padview: notice needs at least one PAID (or - to read them from stdin, or --list FILE); e.g. padview notice TN2026\nRun 'padview notice --help' for usage."},
		{"unknown format", []string{"notice", "--format", "pdf", "TN2026"}, ExitUsage, `--format "pdf": use one of text, markdown, html`},
		{"full without consent", []string{"notice", "--full", "AB12CD"}, ExitUsage, "--accept-personal-data"},
		{"a refused token", []string{"notice", "--full", "--accept-personal-data", "DEMO-403"}, ExitToken, ""},
		{"a missing list", []string{"notice", "--list", "nowhere.txt"}, ExitUsage, "--list"},
	}
	for _, c := range cases {
		code, out, errs := h.run(c.args...)
		if code != c.want || !strings.Contains(errs, c.says) {
			t.Errorf("%s: exit %d, want %d; stderr lacks %q\n%s%s", c.name, code, c.want, c.says, out, errs)
		}
	}
}

// Several PAIDs, '-' and --list go through the one batch runner: in input
// order, each once, closed by the summary.
func TestNoticeBatch(t *testing.T) {
	h, _ := withService(t, fake.Options{})
	list := filepath.Join(t.TempDir(), "paids.txt")
	if err := os.WriteFile(list, []byte("# a list\nXK9P2M\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, errs := h.run("notice", "--format", "markdown", "TN2026", "AB12CD", "--list", list)
	if code != ExitOK {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	order := []string{"# Transparency notice · TN2026", "# Transparency notice · AB12CD", "# Transparency notice · XK9P2M"}
	last := -1
	for _, s := range order {
		i := strings.Index(out, s)
		if i <= last || strings.Count(out, s) != 1 {
			t.Errorf("%q at %d (after %d), %d times:\n%s", s, i, last, strings.Count(out, s), out)
		}
		last = i
	}
	if !strings.Contains(errs, "3 ") {
		t.Errorf("no summary of three lookups on stderr: %q", errs)
	}
	h.stdin = "AB12CD\n"
	if code, _, errs := h.run("notice", "-", "--list", list); code != ExitUsage || !strings.Contains(errs, "each read a list of PAIDs") {
		t.Errorf("'-' and --list FILE: exit %d %q", code, errs)
	}
	h.stdin = "TN2026\nAB12CD\n"
	code, out, _ = h.run("notice", "--format", "html", "--list", "-")
	if code != ExitOK || strings.Count(out, "<article>") != 2 || strings.Count(out, "<html") != 1 {
		t.Errorf("HTML of a list: exit %d:\n%s", code, out)
	}
}

// Personal values appear only in the full view, and masked under --mask;
// the full view's lookup is in the access log.
func TestNoticeViewsAndMask(t *testing.T) {
	h, _ := withService(t, fake.Options{})
	code, out, _ := h.run("notice", "AB12CD")
	if code != ExitOK {
		t.Fatalf("exit %d", code)
	}
	for _, v := range personalValues {
		if strings.Contains(out, v) {
			t.Errorf("the standard view's notice shows %q", v)
		}
	}
	code, out, _ = h.run("notice", "--full", "--accept-personal-data", "--reason", "Compliance review", "AB12CD")
	if code != ExitOK || !strings.Contains(out, "maren.holt@riverside-civic.example") || !strings.Contains(out, "14 Quayside Walk") {
		t.Errorf("the full view's notice: exit %d\n%s", code, out)
	}
	if entries := h.logEntries(); len(entries) == 0 || entries[0].PAID != "AB12CD" || entries[0].View != "full" {
		t.Errorf("access log: %+v", entries)
	}
	for _, f := range []string{"text", "markdown", "html"} {
		code, out, _ = h.run("notice", "--format", f, "--mask", "--full", "--accept-personal-data", "--reason", "Compliance review", "AB12CD")
		out = strings.ReplaceAll(out, `\@`, "@") // Markdown escapes an address's @, which reads as written
		if code != ExitOK || !strings.Contains(out, "MASKED") || !strings.Contains(out, "m•••@riverside-civic.example") {
			t.Errorf("%s, masked: exit %d\n%s", f, code, out)
		}
		for _, v := range personalValues {
			if strings.Contains(out, v) {
				t.Errorf("%s, masked: the notice shows %q", f, v)
			}
		}
	}
}
