package cmd

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// TestManWritesAPagePerCommand runs `padview man DIR` as the release does
// and holds the pages against the command tree: one page per command a
// user can run, each naming its command, and none for the hidden ones.
func TestManWritesAPagePerCommand(t *testing.T) {
	h := newHarness(t)
	dir := filepath.Join(t.TempDir(), "manpages")
	if code, out, errs := h.run("man", dir); code != 0 || out != "" || errs != "" {
		t.Fatalf("padview man: exit %d\nstdout %s\nstderr %s", code, out, errs)
	}

	env, _, _ := h.env()
	root := newRoot(&env)
	root.InitDefaultCompletionCmd() // as Execute does: `completion` has pages too
	want := map[string]*cobra.Command{}
	var walk func(*cobra.Command)
	walk = func(c *cobra.Command) {
		want[strings.ReplaceAll(c.CommandPath(), " ", "-")+".1"] = c
		for _, sub := range c.Commands() {
			if sub.IsAvailableCommand() {
				walk(sub)
			}
		}
	}
	walk(root)
	for _, name := range []string{"padview.1", "padview-get.1", "padview-check.1", "padview-diff.1",
		"padview-audit.1", "padview-token-set.1", "padview-config-path.1", "padview-demo-server.1", "padview-completion-bash.1"} {
		if want[name] == nil {
			t.Errorf("the command tree has no %s: the test's walk is wrong", name)
		}
	}

	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	var names []string
	for name := range want {
		names = append(names, name)
	}
	sort.Strings(names)
	if strings.Join(got, " ") != strings.Join(names, " ") {
		t.Errorf("pages written:\n%v\nwant one per command:\n%v", got, names)
	}
	for name, c := range want {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Error(err)
			continue
		}
		page := string(b)
		dashed := strings.TrimSuffix(name, ".1")
		for _, s := range []string{
			`.TH "` + strings.ToUpper(dashed) + `" "1"`,
			".SH NAME\n" + dashed + " - " + c.Short,
			`"padview 1.2.3-test" "padview manual"`,
		} {
			if !strings.Contains(page, s) {
				t.Errorf("%s does not contain %q:\n%s", name, s, page)
			}
		}
		if strings.Contains(page, "Auto generated") {
			t.Errorf("%s carries cobra's generated-on tag", name)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "padview-man.1")); err == nil {
		t.Error("the hidden man command has a page of its own")
	}
	// -v is --verbose everywhere, and --version has no short form.
	root1, _ := os.ReadFile(filepath.Join(dir, "padview.1"))
	get1, _ := os.ReadFile(filepath.Join(dir, "padview-get.1"))
	for name, page := range map[string]string{"padview.1": string(root1), "padview-get.1": string(get1)} {
		if !strings.Contains(page, `\fB-v\fP, \fB--verbose\fP`) || strings.Contains(page, `\fB-v\fP, \fB--version\fP`) {
			t.Errorf("%s does not document -v as --verbose:\n%s", name, page)
		}
	}
}

func TestManIsHiddenFromHelp(t *testing.T) {
	code, out, _ := newHarness(t).run("--help")
	if code != 0 || !strings.Contains(out, "Available Commands:") {
		t.Fatalf("padview --help: exit %d\n%s", code, out)
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "man ") {
			t.Errorf("padview --help lists the man command: %q", line)
		}
	}
}

// TestManPagesAreDatedByTheBuild: a release's pages carry its build date,
// not the day they were generated, so that they are reproducible.
func TestManPagesAreDatedByTheBuild(t *testing.T) {
	h := newHarness(t)
	env, _, _ := h.env()
	dir := t.TempDir()
	if err := writeManPages(newRoot(&env), Version{Version: "1.4.0", Date: "2026-03-04T05:06:07Z"}, dir); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "padview-check.1"))
	if err != nil {
		t.Fatal(err)
	}
	if want := `.TH "PADVIEW-CHECK" "1" "Mar 2026" "padview 1.4.0" "padview manual"`; !strings.Contains(string(b), want) {
		t.Errorf("padview-check.1 has no %q:\n%s", want, b)
	}
	// GoReleaser passes a zero date when it cannot read the commit: cobra's
	// own date (SOURCE_DATE_EPOCH, else today) is better than year 1.
	t.Setenv("SOURCE_DATE_EPOCH", "1781697600") // 2026-06-17
	if err := writeManPages(newRoot(&env), Version{Version: "1.4.0", Date: "0001-01-01T00:00:00Z"}, dir); err != nil {
		t.Fatal(err)
	}
	b, _ = os.ReadFile(filepath.Join(dir, "padview-check.1"))
	if want := `.TH "PADVIEW-CHECK" "1" "Jun 2026" "padview 1.4.0"`; !strings.Contains(string(b), want) {
		t.Errorf("with a zero build date padview-check.1 has no %q:\n%s", want, b)
	}
}

func TestManSaysWhyItCannotWrite(t *testing.T) {
	h := newHarness(t)
	file := filepath.Join(t.TempDir(), "taken")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, errs := h.run("man", file)
	if code != ExitFailure || !strings.Contains(errs, "cannot make "+file+" for the man pages") {
		t.Errorf("padview man onto a file: exit %d\n%s", code, errs)
	}
	if code, _, errs := h.run("man"); code != ExitUsage || !strings.Contains(errs, "arg") {
		t.Errorf("padview man without DIR: exit %d\n%s", code, errs)
	}
}
