package cmd

import (
	"bufio"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/padview/padview/api/audit"
	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/keystore"
)

// personalValues are values of AB12CD's full view that must never reach
// the access log, the check's output or a masked output.
var personalValues = []string{"maren.holt", "+44 20 7946 0012", "14 Quayside Walk", "NB1 4QW",
	"info@estuary-friends.example", "t.wisniewski", "ul. Długa 7", "privacy@riverside-civic.example"}

func (h *harness) logPath() string { return filepath.Join(h.vars[audit.EnvStateDir], audit.FileName) }

func (h *harness) logEntries() []audit.Entry {
	h.t.Helper()
	f, err := os.Open(h.logPath())
	if err != nil {
		h.t.Fatal(err)
	}
	defer f.Close()
	var out []audit.Entry
	if err := audit.Each(f, func(l audit.Line) error {
		if l.Err != nil {
			h.t.Fatalf("log line %d: %v", l.N, l.Err)
		}
		out = append(out, l.Entry)
		return nil
	}); err != nil {
		h.t.Fatal(err)
	}
	return out
}

func TestCheckExitCodes(t *testing.T) {
	h, _ := withService(t, fake.Options{DemoTriggers: true})
	cases := []struct {
		name string
		args []string
		want int
	}{
		{"complete", []string{"check", "--full", "--accept-personal-data", "TN2026"}, ExitOK},
		{"undetermined: the email only in the full view", []string{"check", "TN2026"}, ExitUndetermined},
		{"incomplete", []string{"check", "AB12CD"}, ExitIncomplete},
		{"incomplete wins over undetermined", []string{"check", "TN2026", "AB12CD"}, ExitIncomplete},
		{"not found wins over undetermined", []string{"check", "TN2026", "NOPE99"}, ExitNotFound},
		{"one of two incomplete", []string{"check", "TN2026", "ZZ7Q1A"}, ExitIncomplete},
		{"not found wins over incomplete", []string{"check", "AB12CD", "NOPE99"}, ExitNotFound},
		{"usage wins over incomplete", []string{"check", "AB12CD", "AB/12"}, ExitUsage},
		{"token wins over incomplete", []string{"check", "AB12CD", "--full", "--accept-personal-data", "DEMO-403"}, ExitToken},
		{"failure wins over incomplete", []string{"check", "DEMO-HTML", "AB12CD"}, ExitFailure},
		{"no PAID", []string{"check"}, ExitUsage},
	}
	for _, c := range cases {
		if code, out, errs := h.run(c.args...); code != c.want {
			t.Errorf("%s: exit %d, want %d\n%s%s", c.name, code, c.want, out, errs)
		}
	}
	h.vars[keystore.EnvToken] = "wrong-token"
	if code, _, _ := h.run("check", "TN2026"); code != ExitToken {
		t.Errorf("rejected token: exit %d", code)
	}
}

func TestCheckText(t *testing.T) {
	h, _ := withService(t, fake.Options{})
	code, out, _ := h.run("check", "AB12CD")
	if code != ExitIncomplete {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"AB12CD · standard view · transparency notice INCOMPLETE: 1 required item missing",
		"✓ present", "Sponsor name", "✗ MISSING", "How the amounts were calculated", "required",
		"◌ not in this view", "the full view shows it", "✗ missing", "Suspension or removal history", "optional",
		"funded from inside the EU", "not in this view"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	code, out, _ = h.run("check", "TN2026", "JP2026A1")
	if code != ExitIncomplete || !strings.Contains(out, "TN2026 · standard view · transparency notice undetermined: the sponsor email is only in the full view") ||
		!strings.Contains(out, "– not applicable") || !strings.Contains(out, "⚑ funded from outside the EU") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	if strings.Index(out, "TN2026") > strings.Index(out, "JP2026A1") {
		t.Error("reports are not in input order")
	}
}

func TestCheckJSON(t *testing.T) {
	h, _ := withService(t, fake.Options{})
	code, out, _ := h.run("check", "--json", "TN2026", "AB12CD", "NOPE99")
	if code != ExitNotFound {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d lines:\n%s", len(lines), out)
	}
	type checkLine struct {
		PAID     string `json:"paid"`
		Verdict  string `json:"verdict"`
		Complete *bool  `json:"complete"`
		Checks   []struct {
			ID       string   `json:"id"`
			Label    string   `json:"label"`
			Status   string   `json:"status"`
			Required *bool    `json:"required"`
			Basis    string   `json:"basis"`
			Fields   []string `json:"fields"`
		} `json:"checks"`
		Error *struct {
			Kind string `json:"kind"`
		} `json:"error"`
	}
	var got []checkLine
	for _, l := range lines {
		var c checkLine
		if err := json.Unmarshal([]byte(l), &c); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		got = append(got, c)
	}
	if got[0].PAID != "TN2026" || got[0].Complete == nil || *got[0].Complete || got[0].Verdict != "undetermined" || len(got[0].Checks) < 15 {
		t.Errorf("TN2026: %+v", got[0])
	}
	if got[1].PAID != "AB12CD" || *got[1].Complete || got[1].Verdict != "incomplete" {
		t.Errorf("AB12CD: %+v", got[1])
	}
	for _, c := range got[1].Checks {
		if c.ID == "" || c.Label == "" || c.Status == "" || c.Required == nil || c.Basis == "" || len(c.Fields) == 0 {
			t.Errorf("incomplete check %+v", c)
		}
	}
	if got[2].PAID != "NOPE99" || got[2].Error == nil || got[2].Error.Kind != "not_found" {
		t.Errorf("NOPE99: %s", lines[2])
	}
}

// In the full view contact items are checked, not left to it, and the
// check shows no value of personal data.
func TestCheckFullView(t *testing.T) {
	h, s := withService(t, fake.Options{})
	code, out, _ := h.run("check", "--full", "AB12CD")
	if code != ExitUsage || s.Stats().Requests != 0 {
		t.Fatalf("--full without consent: exit %d, %d requests", code, s.Stats().Requests)
	}
	code, out, errs := h.run("check", "--full", "--accept-personal-data", "--reason", "Compliance review", "AB12CD")
	if code != ExitIncomplete || strings.Contains(out, "not in this view") || !strings.Contains(out, "advertiser.email") {
		t.Fatalf("exit %d:\n%s%s", code, out, errs)
	}
	for _, v := range personalValues {
		if strings.Contains(out, v) {
			t.Errorf("check output shows %q", v)
		}
	}
	es := h.logEntries()
	if len(es) != 2 || es[0].Reason != "Compliance review" || es[0].PAID != "AB12CD" {
		t.Fatalf("access log: %+v", es)
	}
	// check prints no value, so the outcome records none shown.
	if o := es[1]; o.Event != audit.EventOutcome || len(o.Shown) != 0 || *o.Status != 200 {
		t.Errorf("outcome of check --full: %+v", o)
	}
	if _, out, _ := h.run("audit"); !strings.Contains(out, "answered 200 · no personal data shown") {
		t.Errorf("audit:\n%s", out)
	}
}

// The access log line exists before the service sees the request, and
// holds no value of personal data.
func TestGetFullWritesAccessLogFirst(t *testing.T) {
	f := startFake(t, fake.Options{})
	h := newHarness(t)
	var mu sync.Mutex
	seen := map[string]string{} // PAID → what the log held when its full-view request arrived
	inner := f.Handler()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if paid, ok := strings.CutPrefix(r.URL.Path, "/v1/advertisement-full/"); ok {
			b, _ := os.ReadFile(h.logPath())
			mu.Lock()
			seen[paid] = string(b)
			mu.Unlock()
		}
		inner.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	h.vars[EnvBaseURL] = srv.URL + "/v1"
	h.vars[keystore.EnvToken] = fake.DemoToken

	code, out, errs := h.run("get", "--full", "--accept-personal-data", "--reason", "Editorial verification", "AB12CD", "XK9P2M")
	if code != 0 || !strings.Contains(out, "maren.holt@riverside-civic.example") {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	if len(seen) != 2 {
		t.Fatalf("the service saw full-view requests for %d PAIDs", len(seen))
	}
	for paid, log := range seen {
		found := false
		for _, line := range strings.Split(strings.TrimSpace(log), "\n") {
			var e audit.Entry
			if json.Unmarshal([]byte(line), &e) == nil && e.Event == audit.EventRequest && e.PAID == paid &&
				e.Reason == "Editorial verification" {
				found = true
			}
		}
		if !found {
			t.Errorf("when the request for %s arrived, the log held no line for it:\n%s", paid, log)
		}
	}

	es := h.logEntries()
	if len(es) != 4 {
		t.Fatalf("%d log entries", len(es))
	}
	outcomes := 0
	for _, e := range es {
		if e.Profile != DefaultProfile || e.Host != strings.TrimPrefix(srv.URL, "http://") || e.View != "full" || e.User == "" {
			t.Errorf("entry %+v", e)
		}
		if e.Event == audit.EventOutcome {
			outcomes++
			if e.Status == nil || *e.Status != 200 || strings.Join(e.Shown, ",") != "email,phone,address,name" {
				t.Errorf("outcome %+v", e)
			}
		}
	}
	if outcomes != 2 {
		t.Errorf("%d outcomes", outcomes)
	}
	raw, _ := os.ReadFile(h.logPath())
	for _, v := range personalValues {
		if strings.Contains(string(raw), v) {
			t.Errorf("the access log holds %q", v)
		}
	}
	if code, _, _ := h.run("audit", "--verify"); code != 0 {
		t.Errorf("verify: exit %d", code)
	}

	// The standard view is not logged.
	h.run("get", "TN2026")
	if n := len(h.logEntries()); n != 4 {
		t.Errorf("a standard-view request was logged (%d entries)", n)
	}
}

func TestGetFullRefusedIsLogged(t *testing.T) {
	h, _ := withService(t, fake.Options{DemoTriggers: true})
	if code, _, _ := h.run("get", "--full", "--accept-personal-data", "DEMO-403"); code != ExitToken {
		t.Fatalf("exit %d", code)
	}
	es := h.logEntries()
	if len(es) != 2 || es[1].Error != "forbidden" || *es[1].Status != 403 || len(es[1].Shown) != 0 {
		t.Errorf("entries %+v", es)
	}
}

func TestAccessLogCannotBeWritten(t *testing.T) {
	h, s := withService(t, fake.Options{})
	blocker := filepath.Join(t.TempDir(), "a-file")
	os.WriteFile(blocker, nil, 0o600)
	h.vars[audit.EnvStateDir] = filepath.Join(blocker, "padview")
	code, _, errs := h.run("get", "--full", "--accept-personal-data", "AB12CD")
	if code != ExitFailure || !strings.Contains(errs, "no request was made") || s.Stats().Requests != 0 {
		t.Fatalf("exit %d, %d requests, stderr %q", code, s.Stats().Requests, errs)
	}
}

func TestProfileSettings(t *testing.T) {
	h, s := withService(t, fake.Options{})
	h.writeConfig("[profiles.default]\nfull_view = \"never\"\n")
	for _, args := range [][]string{
		{"get", "--full", "--accept-personal-data", "AB12CD"},
		{"get", "--full", "AB12CD"},
		{"check", "--full", "--accept-personal-data", "AB12CD"},
	} {
		code, _, errs := h.run(args...)
		if code != ExitUsage || !strings.Contains(errs, "full view is disabled for profile \"default\"") || !strings.Contains(errs, "no request was made") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
	if s.Stats().Requests != 0 {
		t.Fatalf("a read-only profile made %d requests", s.Stats().Requests)
	}
	if code, _, _ := h.run("get", "AB12CD"); code != 0 {
		t.Errorf("the standard view of a read-only profile: exit %d", code)
	}

	h.writeConfig("[profiles.default]\nrequire_reason = true\n")
	code, _, errs := h.run("get", "--full", "--accept-personal-data", "AB12CD")
	if code != ExitUsage || !strings.Contains(errs, "--reason") || s.Stats().Full != 0 {
		t.Errorf("missing reason: exit %d, %d full-view requests, stderr %q", code, s.Stats().Full, errs)
	}
	if code, _, _ := h.run("get", "--full", "--accept-personal-data", "--reason", "   ", "AB12CD"); code != ExitUsage {
		t.Errorf("blank reason: exit %d", code)
	}
	if code, _, _ := h.run("get", "--full", "--accept-personal-data", "--reason", strings.Repeat("x", 201), "AB12CD"); code != ExitUsage {
		t.Errorf("over-long reason: exit %d", code)
	}
	if code, _, _ := h.run("get", "--full", "--accept-personal-data", "--reason", "Support request", "AB12CD"); code != 0 {
		t.Errorf("with a reason: exit %d", code)
	}

	h.writeConfig("[profiles.default]\naccess_log = false\n")
	os.Remove(h.logPath())
	if code, _, _ := h.run("get", "--full", "--accept-personal-data", "AB12CD"); code != 0 {
		t.Errorf("access_log = false: exit %d", code)
	}
	if _, err := os.Stat(h.logPath()); !os.IsNotExist(err) {
		t.Errorf("access_log = false wrote a log: %v", err)
	}

	h.writeConfig("[profiles.default]\nfull_view = \"sometimes\"\n")
	code, _, errs = h.run("get", "AB12CD")
	if code != ExitUsage || !strings.Contains(errs, "full_view") || !strings.Contains(errs, "never") {
		t.Errorf("bad full_view: exit %d, stderr %q", code, errs)
	}
}

func TestMask(t *testing.T) {
	h, _ := withService(t, fake.Options{})
	check := func(name, out string) {
		t.Helper()
		for _, v := range personalValues {
			if strings.Contains(out, v) {
				t.Errorf("%s shows %q", name, v)
			}
		}
		for _, want := range []string{"m•••@riverside-civic.example", "+44 ••• •• 12", "Northbank"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s lacks %q:\n%s", name, want, out)
			}
		}
	}
	code, out, _ := h.run("get", "--full", "--accept-personal-data", "--mask", "AB12CD")
	if code != 0 || !strings.HasPrefix(out, "MASKED") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	check("--mask text", out)
	_, out, _ = h.run("get", "--full", "--accept-personal-data", "--mask", "--json", "AB12CD")
	check("--mask --json", out)
	for _, format := range []string{"markdown", "csv"} {
		code, out, _ := h.run("get", "--full", "--accept-personal-data", "--mask", "--format", format, "AB12CD")
		out = strings.ReplaceAll(out, `\@`, "@") // Markdown escapes an address's @, which reads as written
		if code != 0 || !strings.Contains(out, "m•••@riverside-civic.example") && !strings.Contains(out, "i•••@estuary-friends.example") {
			t.Errorf("--mask --format %s: exit %d\n%s", format, code, out)
		}
		for _, v := range personalValues {
			if strings.Contains(out, v) {
				t.Errorf("--mask --format %s shows %q", format, v)
			}
		}
	}
	if code, _, errs := h.run("get", "--mask", "--raw", "AB12CD"); code != ExitUsage || !strings.Contains(errs, "--json") {
		t.Errorf("--mask --raw: exit %d, %q", code, errs)
	}

	h.writeConfig("[profiles.default]\nmask_personal_data = true\n")
	_, out, _ = h.run("get", "--full", "--accept-personal-data", "AB12CD")
	check("mask_personal_data text", out)
	if es := h.logEntries(); !es[len(es)-1].Masked {
		t.Error("the access log does not say the answer was masked")
	}
	if code, _, _ := h.run("get", "--raw", "AB12CD"); code != ExitUsage {
		t.Errorf("--raw under mask_personal_data: exit %d", code)
	}
}

func TestAuditCommand(t *testing.T) {
	h, _ := withService(t, fake.Options{})
	if code, _, errs := h.run("audit"); code != 0 || !strings.Contains(errs, "No access log yet") {
		t.Fatalf("no log: exit %d, %q", code, errs)
	}
	if code, _, _ := h.run("audit", "--verify"); code != 0 {
		t.Fatalf("verify without a log: exit %d", code)
	}
	h.run("get", "--full", "--accept-personal-data", "--reason", "Legal request", "AB12CD")
	h.run("get", "--full", "--accept-personal-data", "XK9P2M")

	code, out, _ := h.run("audit")
	for _, want := range []string{h.logPath(), "AB12CD  full view requested · reason: Legal request",
		"AB12CD  answered 200 · personal data: email, phone, address", "XK9P2M  full view requested · no reason given"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("audit lacks %q:\n%s", want, out)
		}
	}
	code, out, _ = h.run("audit", "--json", "--since", "1h")
	sc := bufio.NewScanner(strings.NewReader(out))
	n := 0
	for sc.Scan() {
		var e audit.Entry
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil || e.Seq != n+1 {
			t.Errorf("line %d: %v %+v", n+1, err, e)
		}
		n++
	}
	if code != 0 || n != 4 {
		t.Errorf("--json: exit %d, %d lines", code, n)
	}
	// --paid lists one PAID's entries (issue 24 §7), a pasted URL too.
	code, out, _ = h.run("audit", "--paid", "XK9P2M")
	if code != 0 || !strings.Contains(out, "XK9P2M  full view requested") || strings.Contains(out, "AB12CD") {
		t.Errorf("--paid XK9P2M: exit %d\n%s", code, out)
	}
	code, out, _ = h.run("audit", "--json", "--paid", "https://api.partner.example/v1/advertisement-full/AB12CD", "--paid", "NOPE42")
	if code != 0 || strings.Count(out, `"paid":"AB12CD"`) != 2 || strings.Contains(out, "XK9P2M") {
		t.Errorf("--paid URL --json: exit %d\n%s", code, out)
	}
	if code, out, errs := h.run("audit", "--paid", "NOPE42"); code != 0 || strings.Contains(out, "full view") || !strings.Contains(errs, "No entries of NOPE42 in the access log.") {
		t.Errorf("--paid NOPE42: exit %d\n%s%s", code, out, errs)
	}
	if code, _, errs := h.run("audit", "--paid", "a b"); code != ExitUsage || !strings.Contains(errs, "--paid: the PAID has a space") {
		t.Errorf("--paid 'a b': exit %d %s", code, errs)
	}
	for _, bad := range []string{"yesterday", "-1h", "0d"} {
		if code, _, _ := h.run("audit", "--since", bad); code != ExitUsage {
			t.Errorf("--since %s: exit %d", bad, code)
		}
	}
	if code, out, _ := h.run("audit", "--verify"); code != 0 || !strings.Contains(out, "4 lines, chain intact") {
		t.Errorf("verify: exit %d %q", code, out)
	}

	raw, _ := os.ReadFile(h.logPath())
	lines := strings.SplitAfter(string(raw), "\n")
	edited := strings.Replace(lines[1], `"status":200`, `"status":404`, 1)
	os.WriteFile(h.logPath(), []byte(lines[0]+edited+lines[2]+lines[3]), 0o600)
	if code, _, errs := h.run("audit", "--verify"); code != ExitFailure || !strings.Contains(errs, "broken at line 2") {
		t.Errorf("edited line: exit %d %q", code, errs)
	}
	os.WriteFile(h.logPath(), []byte(lines[0]+lines[2]+lines[3]), 0o600)
	if code, _, errs := h.run("audit", "--verify"); code != ExitFailure || !strings.Contains(errs, "broken at line 2") || !strings.Contains(errs, "removed") {
		t.Errorf("deleted line: exit %d %q", code, errs)
	}
}

// TestTUIComplianceSettings: the profile's full_view, require_reason,
// access_log and mask_personal_data, and --mask, reach the TUI; the access
// log is opened only when a full-view lookup needs it.
func TestTUIComplianceSettings(t *testing.T) {
	h := newHarness(t)
	h.tty = true
	h.vars[keystore.EnvToken] = fake.DemoToken
	h.writeConfig(`[profiles.default]
base_url = "https://partner.example/v1"
[profiles.readonly]
base_url = "https://partner.example/v1"
full_view = "never"
access_log = false
[profiles.strict]
base_url = "https://partner.example/v1"
require_reason = true
mask_personal_data = true
`)
	if code, _, errs := h.run(); code != 0 || h.tuiCfg == nil {
		t.Fatalf("exit %d: %s", code, errs)
	}
	c := h.tuiCfg
	if c.FullViewNever || c.RequireReason || c.Mask || c.AccessLog == nil || c.AccessHost != "partner.example" {
		t.Fatalf("default profile: %+v", c)
	}
	if _, err := os.Stat(h.logPath()); !os.IsNotExist(err) {
		t.Fatalf("the access log was touched before a full-view lookup: %v", err)
	}
	log, err := c.AccessLog()
	if err != nil || log.Path() != h.logPath() {
		t.Fatalf("access log %v at %q; want %q", err, log.Path(), h.logPath())
	}
	if again, _ := c.AccessLog(); again != log {
		t.Error("the access log was opened twice")
	}

	if code, _, _ := h.run("--profile", "readonly"); code != 0 || !h.tuiCfg.FullViewNever || h.tuiCfg.AccessLog != nil {
		t.Fatalf("read-only profile: %+v", h.tuiCfg)
	}
	if code, _, _ := h.run("--profile", "strict"); code != 0 || !h.tuiCfg.RequireReason || !h.tuiCfg.Mask {
		t.Fatalf("strict profile: %+v", h.tuiCfg)
	}
	if code, _, _ := h.run("--mask"); code != 0 || !h.tuiCfg.Mask {
		t.Fatalf("--mask: %+v", h.tuiCfg)
	}
	if code, _, _ := h.run("--demo", "--mask"); code != 0 || !h.tuiCfg.Mask || h.tuiCfg.AccessLog == nil || h.tuiCfg.FullViewNever {
		t.Fatalf("demo with --mask: %+v", h.tuiCfg)
	}
}

// --verify sees the end of the log through its head file, and counts the
// file's lines, not the lines read up to the break.
func TestAuditVerifyEndAndLineCount(t *testing.T) {
	t.Parallel() // its own service, state directory and database
	h, _ := withService(t, fake.Options{})
	for range 11 {
		h.run("get", "--full", "--accept-personal-data", "AB12CD")
	}
	raw, _ := os.ReadFile(h.logPath())
	head, _ := os.ReadFile(audit.HeadPath(h.logPath()))
	lines := strings.SplitAfter(strings.TrimSuffix(string(raw), "\n"), "\n")
	if len(lines) != 22 || len(head) == 0 {
		t.Fatalf("%d lines, head %q", len(lines), head)
	}
	put := func(ls []string) {
		os.WriteFile(h.logPath(), []byte(strings.Join(ls, "")+"\n"), 0o600)
		os.WriteFile(audit.HeadPath(h.logPath()), head, 0o600)
	}
	edited := append([]string(nil), lines...)
	edited[5] = strings.Replace(edited[5], `"status":200`, `"status":404`, 1)
	lastEdited := append([]string(nil), lines...)
	lastEdited[21] = strings.Replace(lastEdited[21], `"status":200`, `"status":404`, 1)
	cut := append([]string(nil), lines[:20]...)
	cut[19] = strings.TrimSuffix(cut[19], "\n")
	for _, c := range []struct {
		name string
		ls   []string
		says string
	}{
		{"edited line", edited, "broken at line 6 of 22:"},
		{"edited last line", lastEdited, "broken at line 22 of 22: it was changed"},
		{"lines cut from the end", cut, "(20 lines) is broken: it ends at entry 20, but its head file says entry 22 was written last: 2 cut from the end"},
	} {
		put(c.ls)
		if code, _, errs := h.run("audit", "--verify"); code != ExitFailure || !strings.Contains(errs, c.says) {
			t.Errorf("%s: exit %d %q", c.name, code, errs)
		}
	}
	put(lines)
	if code, out, errs := h.run("audit", "--verify"); code != 0 || !strings.Contains(out, "22 lines, chain intact") {
		t.Fatalf("restored: exit %d %q %q", code, out, errs)
	}
	os.Remove(h.logPath())
	if code, _, errs := h.run("audit", "--verify"); code != ExitFailure || !strings.Contains(errs, "the log is missing, but its head file says it held 22 entries") {
		t.Errorf("deleted log: exit %d %q", code, errs)
	}
	if code, _, errs := h.run("audit"); code != ExitFailure || !strings.Contains(errs, "deleted") {
		t.Errorf("listing a deleted log: exit %d %q", code, errs)
	}
}
