package cmd

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/vocab"
)

// partnerConfig is a hand-written config file: comments, a profile whose
// base URL is the test service's, another after it.
func partnerConfig(h *harness) string {
	base := h.vars[EnvBaseURL]
	delete(h.vars, EnvBaseURL)
	return "# padview, by hand\n" +
		"default_profile = \"partner\"   # the one I use\n\n" +
		"[profiles.partner]  # the German service\n" +
		"base_url = \"" + base + "\"\n" +
		"mask_personal_data = true # screen sharing\n\n" +
		"# staging, to come\n" +
		"[profiles.staging]\n" +
		"base_url = \"https://staging.example/v1\"\n"
}

// abbrevLines are the lines fields suggests for abbreviated-names: each
// name's words give a field but for an abbreviation padview cannot read.
const abbrevLines = "\"adv_naam\" = \"advertiser.name\"\n\"adv_mail\" = \"advertiser.email\"\n" +
	"\"camp_startdatum\" = \"campaign.startDate\"\n\"camp_einddatum\" = \"campaign.endDate\"\n" +
	"\"kosten_ttl_eur\" = \"complianceAndFunding.amountsReceived\"\n"

// fields --write adds the lines it suggests to the table of the profile
// in use, and every other byte of the file stays; afterwards the config
// loads and fields shows the members recognised through [fields]. A line
// two answers suggest is written once.
func TestFieldsWriteAddsTheSuggestedLines(t *testing.T) {
	h := withRecords(t)
	before := partnerConfig(h)
	path := h.writeConfig(before)
	os.Chmod(path, 0o644)
	code, out, errs := h.run("fields", "--write", "--yes", "abbreviated-names", "ABBREVIATED-NAMES")
	if code != 0 || !strings.Contains(out, "abbreviated-names · standard view") {
		t.Fatalf("exit %d: %s\n%s", code, out, errs)
	}
	for _, want := range []string{"5 lines to add to [profiles.partner.fields] in " + path + ":\n  \"adv_naam\" = \"advertiser.name\"\n",
		"Added 5 lines to [profiles.partner.fields] in " + path} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
	after, _ := os.ReadFile(path)
	want := strings.Replace(before, "screen sharing\n\n", "screen sharing\n\n[profiles.partner.fields]\n"+abbrevLines+"\n", 1)
	if string(after) != want {
		t.Fatalf("the file:\n%s\nwant:\n%s", after, want)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %04o, was 0644", fi.Mode().Perm())
	}
	if es, _ := os.ReadDir(filepath.Dir(path)); len(es) != 1 {
		t.Errorf("left beside it: %v", es)
	}

	code, out, errs = h.run("fields", "--json", "abbreviated-names")
	var line fieldsLine
	if code != 0 || json.Unmarshal([]byte(out), &line) != nil {
		t.Fatalf("exit %d: %s %s", code, out, errs)
	}
	if *line.Unrecognised != 0 {
		t.Errorf("%d unrecognised after the write", *line.Unrecognised)
	}
	for _, m := range line.Members {
		if strings.HasPrefix(m.Source, "adv_") && !strings.Contains(m.By, "your [fields]: adv_") {
			t.Errorf("%s recognised by %q", m.Source, m.By)
		}
	}
	code, _, errs = h.run("fields", "--write", "--yes", "abbreviated-names")
	if code != 0 || !strings.Contains(errs, "No [fields] lines to add") {
		t.Errorf("again: exit %d, %s", code, errs)
	}
}

// With no profile named the lines go to the top-level [fields], which
// every profile reads: made at the end of the file, or a new file (0600)
// when there is none.
func TestFieldsWriteTopLevel(t *testing.T) {
	h := withRecords(t)
	path := filepath.Join(h.vars[EnvConfigDir], "config.toml")
	if code, _, errs := h.run("fields", "--write", "--yes", "abbreviated-names"); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	b, _ := os.ReadFile(path)
	if string(b) != "[fields]\n"+abbrevLines {
		t.Errorf("a new file:\n%s", b)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %04o", fi.Mode().Perm())
	}

	h = withRecords(t)
	path = h.writeConfig("max_wait = \"3m\" # patient\n\n[profiles.other]\nbase_url = \"https://other.example/v1\"")
	if code, _, errs := h.run("fields", "--write", "--yes", "abbreviated-names"); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	b, _ = os.ReadFile(path)
	if string(b) != "max_wait = \"3m\" # patient\n\n[profiles.other]\nbase_url = \"https://other.example/v1\"\n\n[fields]\n"+abbrevLines {
		t.Errorf("the table added at the end:\n%s", b)
	}
}

// fields --write asks on a terminal; without one, or with stdin giving
// the PAIDs, it needs --yes, and says so before any request (exit 2).
// --demo has no config file, and --yes goes with --write.
func TestFieldsWriteAsks(t *testing.T) {
	h := withRecords(t)
	before := partnerConfig(h)
	path := h.writeConfig(before)
	h.tty = true
	h.stdin = "n\n"
	code, out, errs := h.run("fields", "--write", "abbreviated-names")
	if code != 0 || !strings.Contains(errs, "Add them? [y/N] ") || !strings.Contains(errs, "Nothing was written.") {
		t.Fatalf("no: exit %d %s", code, errs)
	}
	if b, _ := os.ReadFile(path); string(b) != before {
		t.Fatalf("written after no:\n%s", b)
	}
	h.stdin = "y\n"
	if code, _, errs = h.run("fields", "--write", "abbreviated-names"); code != 0 || !strings.Contains(errs, "Added 5 lines") {
		t.Fatalf("yes: exit %d %s", code, errs)
	}

	h = withRecords(t)
	path = h.writeConfig(partnerConfig(h))
	for _, c := range []struct {
		tty  bool
		args []string
		says string
	}{
		{false, []string{"fields", "--write", "abbreviated-names"}, "stdin is not a terminal to ask on: add --yes"},
		{true, []string{"fields", "--write", "-"}, "stdin gives the PAIDs here: add --yes"},
		{true, []string{"fields", "--write", "--list", "-"}, "stdin gives the PAIDs here"},
		{true, []string{"--demo", "fields", "--write", "AB12CD"}, "--demo does not read: drop --demo"},
		{true, []string{"fields", "--yes", "abbreviated-names"}, "--yes goes with --write"},
	} {
		h.tty, h.stdin = c.tty, "abbreviated-names\n"
		code, out, errs = h.run(c.args...)
		if code != ExitUsage || !strings.Contains(errs, c.says) || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %s", c.args, code, out, errs)
		}
	}
	if b, _ := os.ReadFile(path); strings.Contains(string(b), "[profiles.partner.fields]") {
		t.Errorf("written:\n%s", b)
	}
}

// The config file is the user's: fields --write refuses, before any
// request and writing nothing, a file another user owns (faked through
// the uid padview compares with), one others may write to, a read-only
// file or directory, one that is not a regular file, and a file that does
// not load. A symbolic link to the user's own file is written through:
// the file it leads to gets the lines, the link stays.
func TestFieldsWriteRefusesAFileNotToWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "config.toml")
	os.WriteFile(path, []byte("# mine\n"), 0o600)
	table := fieldsTable{file: path}
	_, err := openFieldsFile(table, os.Getuid()+4242)
	wantRefusal(t, err, "refusing to write "+path+": it belongs to uid", "padview writes only a config file of your own", "chown")
	// The directory is checked too: it is the one the file is replaced in.
	os.Chmod(path, 0o600)

	for _, c := range []struct {
		mode, dirMode os.FileMode
		says          []string
	}{
		{0o666, 0o700, []string{"other users may write to it (mode 0666)", "chmod go-w " + path}},
		{0o400, 0o700, []string{"it is read-only (mode 0400)", "chmod u+w " + path}},
		{0o600, 0o500, []string{"cannot write in " + dir + ": the directory is read-only for you (mode 0500)", "chmod u+w " + dir}},
		{0o600, 0o777, []string{"other users may write to the directory (mode 0777)", "chmod go-w " + dir}},
	} {
		os.Chmod(path, c.mode)
		os.Chmod(dir, c.dirMode)
		_, err := openFieldsFile(table, os.Getuid())
		wantRefusal(t, err, c.says...)
		os.Chmod(dir, 0o700)
	}
	os.Chmod(path, 0o600)

	os.WriteFile(path, []byte("[fields\n"), 0o600)
	_, err = openFieldsFile(table, os.Getuid())
	wantRefusal(t, err, "config file "+path+", line ", "padview adds nothing to a config file it cannot read")

	os.Remove(path)
	os.Mkdir(path, 0o700)
	_, err = openFieldsFile(table, os.Getuid())
	wantRefusal(t, err, "it is not a regular file")
	os.Remove(path)

	os.Symlink(filepath.Join(dir, "nowhere.toml"), path)
	_, err = openFieldsFile(table, os.Getuid())
	wantRefusal(t, err, "is a symbolic link that leads nowhere")
	os.Remove(path)

	dots := filepath.Join(dir, "dotfiles", "padview.toml")
	os.MkdirAll(filepath.Dir(dots), 0o700)
	os.WriteFile(dots, []byte("# in my dotfiles\n"), 0o640)
	os.Symlink(dots, path)
	f, err := openFieldsFile(table, os.Getuid())
	if err != nil {
		t.Fatal(err)
	}
	if err := f.write([]vocab.Mapping{{Name: "Impressionz", Path: "targeting.impressions"}}); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(dots)
	fi, _ := os.Lstat(path)
	if string(b) != "# in my dotfiles\n\n[fields]\n\"Impressionz\" = \"targeting.impressions\"\n" || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("through the link: %q, link %v", b, fi.Mode())
	}
	if fi, _ := os.Stat(dots); fi.Mode().Perm() != 0o640 {
		t.Errorf("mode %04o, was 0640", fi.Mode().Perm())
	}
}

func wantRefusal(t *testing.T, err error, says ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("not refused; want %q", says)
	}
	for _, s := range says {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("the refusal does not say %q: %v", s, err)
		}
	}
	if !strings.Contains(err.Error(), "nothing was written") {
		t.Errorf("the refusal does not say that nothing was written: %v", err)
	}
}

// The command line refuses a file another user owns with exit 2, before
// any request; root gives the file away for real.
func TestFieldsWriteRefusesAnotherUsersFile(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("giving a file to another user needs root (TestFieldsWriteRefusesAFileNotToWrite fakes it)")
	}
	h := withRecords(t)
	before := partnerConfig(h)
	path := h.writeConfig(before)
	os.Chown(path, 4242, 4242)
	code, out, errs := h.run("fields", "--write", "--yes", "abbreviated-names")
	if code != ExitUsage || out != "" || !strings.Contains(errs, "it belongs to uid 4242") {
		t.Fatalf("exit %d, stdout %q: %s", code, out, errs)
	}
	if b, _ := os.ReadFile(path); string(b) != before {
		t.Fatalf("another user's file changed:\n%s", b)
	}
}

// plan skips a name the table has, saying what it maps it to, and a
// second line for a name an earlier one takes.
func TestFieldsPlanSkipsWhatTheTableHas(t *testing.T) {
	f := &fieldsFile{table: fieldsTable{profile: "p"}, cfg: Config{Profiles: map[string]Profile{"p": {Fields: map[string]string{"a": "campaign.name"}}}}}
	add, skip := f.plan([]vocab.Mapping{{Name: "a", Path: "campaign.period"}, {Name: "b", Path: "campaign.name"},
		{Name: "b", Path: "campaign.name"}, {Name: "b", Path: "campaign.period"}})
	if len(add) != 1 || add[0].Name != "b" || len(skip) != 2 || skip[0].has != "campaign.name" || skip[1].has != "campaign.name" {
		t.Errorf("add %v, skip %v", add, skip)
	}
}

// The TUI adds its lines through the same writer, to the same table: the
// config file gets the line, the clients built from then on read with it
// (and keep the token's rate budget), and a name the table maps to
// another path is refused. The demo has no config file to add to.
func TestTUIAddsLinesThroughTheSameWriter(t *testing.T) {
	h := withRecords(t)
	path := h.writeConfig(partnerConfig(h))
	h.tty = true
	if code, _, errs := h.run(); code != 0 || h.tuiCfg == nil {
		t.Fatalf("exit %d: %s", code, errs)
	}
	cfg := *h.tuiCfg
	if cfg.Fields == nil || cfg.FieldsTable != "[profiles.partner.fields]" || cfg.FieldsFile != path {
		t.Fatalf("fields writer %v, table %q in %q", cfg.Fields != nil, cfg.FieldsTable, cfg.FieldsFile)
	}
	before, err := cfg.NewClient(cfg.Token)
	if err != nil {
		t.Fatal(err)
	}
	doc, _, err := before.Get(t.Context(), "abbreviated-names", advert.Standard)
	if err != nil || doc.Unrecognised != 5 {
		t.Fatalf("%v, %d unrecognised", err, doc.Unrecognised)
	}
	v, err := cfg.Fields(vocab.Mapping{Name: "adv_*", Path: "advertiser.*"})
	if err != nil || !v.Lookup("", "adv_mail").Recognised() {
		t.Fatalf("%v", err)
	}
	b, _ := os.ReadFile(path)
	if !strings.Contains(string(b), "[profiles.partner.fields]\n\"adv_*\" = \"advertiser.*\"\n") {
		t.Errorf("the file:\n%s", b)
	}
	after, err := cfg.NewClient(cfg.Token)
	if err != nil {
		t.Fatal(err)
	}
	if after.Budget() != before.Budget() {
		t.Error("the client built again has a new rate budget")
	}
	doc, _, err = after.Get(t.Context(), "abbreviated-names", advert.Standard)
	if err != nil || doc.Unrecognised != 3 {
		t.Fatalf("%v, %d unrecognised after the line", err, doc.Unrecognised)
	}
	if _, err := cfg.Fields(vocab.Mapping{Name: "adv_*", Path: "payer.*"}); err == nil ||
		!strings.Contains(err.Error(), `maps "adv_*" already, to "advertiser.*"`) {
		t.Errorf("another path for a name the table maps: %v", err)
	}
	if _, err := cfg.Fields(vocab.Mapping{Name: "adv_*", Path: "advertiser.*"}); err != nil {
		t.Errorf("the line the table has: %v", err)
	}
	if b2, _ := os.ReadFile(path); string(b2) != string(b) {
		t.Errorf("written again:\n%s", b2)
	}

	h.tuiCfg = nil
	if code, _, errs := h.run("--demo"); code != 0 || h.tuiCfg == nil || h.tuiCfg.Fields != nil {
		t.Fatalf("demo: exit %d %s", code, errs)
	}
}
