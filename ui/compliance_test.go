package ui

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/audit"
	"github.com/padview/padview/api/fake"
)

// personalValues are values of AB12CD's and ZZ7Q1A's full view that the
// mask hides and the access log never holds.
var personalValues = []string{"maren.holt", "+44 20 7946 0012", " 7946 ", // the phone's middle, not a port that holds its digits
	"14 Quayside Walk", "NB1 4QW",
	"info@estuary-friends.example", "privacy@riverside-civic.example", "ul. Długa 7", "t.wisniewski"}

// withAccessLog records the model's full-view lookups in a log under a
// temporary directory and returns the log's path.
func withAccessLog(t testing.TB, cfg *Config) string {
	dir := filepath.Join(t.TempDir(), "padview")
	cfg.AccessLog = sync.OnceValues(func() (*audit.Log, error) {
		return audit.Open(func(k string) string { return map[string]string{audit.EnvStateDir: dir}[k] })
	})
	path := filepath.Join(dir, audit.FileName)
	cfg.AccessHost = "fake.example"
	return path
}

func logEntries(t testing.TB, path string) []audit.Entry {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []audit.Entry
	if err := audit.Each(f, func(l audit.Line) error {
		if l.Err != nil {
			t.Fatalf("access log line %d: %v", l.N, l.Err)
		}
		out = append(out, l.Entry)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

// walk is everything the panes show: each tab scrolled from top to end,
// and each sponsor's and controller's details.
func walk(t testing.TB, m Model) string {
	var b strings.Builder
	for i := range m.deck.panes {
		m.deck.jump(i)
		m.chrome = m.drawChrome()
		b.WriteString(screen(m))
		if _, ok := m.deck.current().(partiesPane); ok {
			for range len(m.deck.current().(partiesPane).list) {
				_ = m.deck.update(keyMsg("down"))
				b.WriteString(screen(m))
			}
			continue
		}
		for range 200 {
			before := m.deck.current().Where()
			_ = m.deck.update(keyMsg("pgdown"))
			if m.deck.current().Where() == before {
				break
			}
			b.WriteString(screen(m))
		}
	}
	return b.String()
}

// requireLine finds a line that holds every part, in order.
func requireLine(t testing.TB, s string, parts ...string) {
	t.Helper()
	for _, l := range strings.Split(s, "\n") {
		rest, ok := l, true
		for _, p := range parts {
			i := strings.Index(rest, p)
			if i < 0 {
				ok = false
				break
			}
			rest = rest[i+len(p):]
		}
		if ok {
			return
		}
	}
	t.Fatalf("no line holds %q:\n%s", parts, s)
}

func TestTransparencyTab(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 120, 40)
	m = lookUpIn(t, m, "AB12CD")
	m = press(t, m, "9")
	if tab(m) != "Transparency" {
		t.Fatalf("9 → %q; the tabs: %s", tab(m), m.chrome.tabs)
	}
	scr := screen(m)
	requireContains(t, scr, "9 Transparency ✗1", "0 Raw", "AB12CD · standard view · transparency notice INCOMPLETE: 1 required item missing",
		"✓ present           Sponsor place of establishment", "– not applicable    Payer, if not the sponsor",
		"◌ not in this view  Sponsor contact email", "✓ present           Sponsor name",
		"required · read from the address of a sponsor that is not a natural person; uncertain")
	scr = walk(t, m)
	requireContains(t, scr, "✗ MISSING           How the amounts were calculated", "required · not in this response",
		"basis: Regulation (EU) 2024/900 Art. 12(1)(f)", "14 present · 6 missing · 5 not applicable · 2 not in this view")

	m = lookUpIn(t, m, "TN2026")
	if tab(m) != "Transparency" {
		t.Fatalf("a new answer left the Transparency tab for %q", tab(m))
	}
	// In the standard view the required sponsor email is not in the
	// answer: the notice is undetermined, not complete.
	scr = walk(t, m)
	requireContains(t, scr, "Transparency ?1", "transparency notice undetermined: the sponsor email is only in the full view",
		"– not applicable    Payer, if not the sponsor", "21 present · 4 not applicable · 2 not in this view")
	if strings.Contains(scr, "MISSING") || strings.Contains(scr, "complete: no required") {
		t.Fatalf("an undetermined notice reads MISSING or complete:\n%s", scr)
	}

	// Funding from outside the EU is flagged, with the rule's basis.
	m = lookUpIn(t, m, "JP2026A1")
	requireContains(t, walk(t, m), "⚑ needs a reviewer's eye", "basis: Regulation (EU) 2024/900 Art. 12(1)(e)")

	// In the full view the contact items are checked, not "not in this view".
	m, clk := newModel(t, demoConfig(s), 120, 40)
	m = lookUpIn(t, m, "TN2026")
	m = confirmFull(t, m, clk)
	scr = walk(t, m)
	requireContains(t, scr, "TN2026 · full view", "Transparency ✓", "transparency notice complete: no required item is missing")
	requireLine(t, scr, "✓ present", "Sponsor contact email")
	if strings.Contains(scr, "◌ not in this view  Sponsor") {
		t.Fatalf("the full view's contact items read not in this view:\n%s", scr)
	}
}

// A failed lookup has no Transparency tab: there is nothing to check.
func TestTransparencyTabOnlyForAnAdvertisement(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 100, 30)
	m = lookUpIn(t, m, "NOPE99")
	for _, p := range m.deck.panes {
		if p.Tab().Label == "Transparency" {
			t.Fatal("a failure has a Transparency tab")
		}
	}
}

// TestFullViewWithReasonIsLoggedFirst: the purpose chosen in the
// confirmation is recorded before the request reaches the service, with
// the outcome after it, and no value of personal data.
func TestFullViewWithReasonIsLoggedFirst(t *testing.T) {
	t.Parallel()
	f := startFake(t, fake.Options{})
	var logPath string
	var mu sync.Mutex
	seen := map[string]string{} // PAID → the log when its full-view request arrived
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if paid, ok := strings.CutPrefix(r.URL.Path, "/v1/advertisement-full/"); ok {
			b, _ := os.ReadFile(logPath)
			mu.Lock()
			seen[paid] = string(b)
			mu.Unlock()
		}
		f.Handler().ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	cfg := demoConfig(f)
	cfg.BaseURL = srv.URL + "/v1"
	cfg.NewClient = func(tok string) (*api.Client, error) { return api.New(cfg.BaseURL, tok, api.Options{}) }
	logPath = withAccessLog(t, &cfg)
	m, clk := newModel(t, cfg, 120, 36)
	m = lookUpIn(t, m, "AB12CD")
	if _, err := os.Stat(logPath); !os.IsNotExist(err) {
		t.Fatal("a standard-view lookup touched the access log")
	}

	m = press(t, m, "f")
	requireContains(t, screen(m), "Purpose, for the access log (optional):", "1 Compliance review", "4 Legal request", "5 other:")
	clk.add(confirmArmDelay)
	m = press(t, m, "3", "5")
	m = typeText(t, m, "ticket 4711")
	m = press(t, m, "enter")
	requireContains(t, screen(m), "[3 Support request]", "ticket 4711")
	m = press(t, m, "y")
	requireContains(t, screen(m), "FULL · personal data", "maren.holt@riverside-civic.example")
	// The full view stays on, but a purpose is given for one advertisement:
	// another's asks again with it filled in, and is recorded with it once
	// confirmed.
	m = lookUpIn(t, m, "XK9P2M")
	requireContains(t, strings.Join(strings.Fields(strings.ReplaceAll(screen(m), "║", "")), " "),
		"The purpose: Support request: ticket 4711 (from AB12CD). y confirms it for XK9P2M; change it below.")
	if seen["XK9P2M"] != "" {
		t.Fatal("XK9P2M's full view was asked for before its purpose was confirmed")
	}
	clk.add(confirmArmDelay)
	m = press(t, m, "y")

	for _, paid := range []string{"AB12CD", "XK9P2M"} {
		if !strings.Contains(seen[paid], `"event":"request"`) || !strings.Contains(seen[paid], `"paid":"`+paid+`"`) {
			t.Errorf("when the request for %s arrived, the log held:\n%s", paid, seen[paid])
		}
	}
	es := logEntries(t, logPath)
	if len(es) != 4 {
		t.Fatalf("%d entries: %+v", len(es), es)
	}
	for i, e := range es {
		want := audit.EventRequest
		if i%2 == 1 {
			want = audit.EventOutcome
		}
		if e.Event != want || e.Profile != "demo" || e.Host != "fake.example" || e.View != "full" {
			t.Errorf("entry %d: %+v", i, e)
		}
		if e.Event == audit.EventRequest && e.Reason != "Support request: ticket 4711" {
			t.Errorf("reason %q", e.Reason)
		}
		if e.Event == audit.EventOutcome && (e.Status == nil || *e.Status != 200 || len(e.Shown) == 0 || e.Masked) {
			t.Errorf("outcome %+v", e)
		}
	}
	raw, _ := os.ReadFile(logPath)
	for _, v := range personalValues {
		if strings.Contains(string(raw), v) {
			t.Errorf("the access log holds %q", v)
		}
	}
	// Leaving the full view drops the purpose: the next full view asks again.
	m = press(t, m, "s")
	m = press(t, m, "f")
	if md, ok := m.modal.(confirmModal); !ok || md.purpose != 0 || md.detail.Value() != "" || m.sess.reason != "" {
		t.Fatalf("the purpose outlived the full view: %+v", m.modal)
	}
}

// TestRequiredReason: with require_reason the confirmation does not open
// the full view until a purpose is given.
func TestRequiredReason(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	cfg := demoConfig(s)
	cfg.RequireReason = true
	path := withAccessLog(t, &cfg)
	m, clk := newModel(t, cfg, 100, 30)
	m = lookUpIn(t, m, "AB12CD")
	m = press(t, m, "f")
	clk.add(confirmArmDelay)
	requireContains(t, screen(m), "Purpose, for the access log (required):")
	m = press(t, m, "y")
	requireContains(t, screen(m), "✗ A purpose is required: 1–4, or 5 to type one.")
	if m.modal == nil || s.Stats().Full != 0 {
		t.Fatal("the full view opened without the purpose the profile requires")
	}
	// A second press takes a purpose back; a space is no purpose.
	m = press(t, m, "1", "1", "5", " ", "enter", "y")
	if m.modal == nil || s.Stats().Full != 0 {
		t.Fatal("the full view opened with an empty purpose")
	}
	m = press(t, m, "1", "y")
	if m.modal != nil || s.Stats().Full != 1 {
		t.Fatalf("purpose given, yet no full view:\n%s", screen(m))
	}
	if es := logEntries(t, path); len(es) != 2 || es[0].Reason != "Compliance review" {
		t.Fatalf("log %+v", es)
	}
}

// TestReadOnlyProfile: with full_view = "never", f says so and makes no
// request; a pasted full-view URL is looked up in the standard view.
func TestReadOnlyProfile(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	cfg := demoConfig(s)
	cfg.FullViewNever = true
	path := withAccessLog(t, &cfg)
	m, _ := newModel(t, cfg, 100, 30)
	m = lookUpIn(t, m, "AB12CD")
	before := s.Stats().Requests
	m = press(t, m, "f")
	if m.modal != nil {
		t.Fatal("f opened a dialog in a read-only profile")
	}
	requireContains(t, screen(m), `The full view is disabled for this profile (full_view = "never").`, "STANDARD")
	if strings.Contains(m.chrome.keys, "f full view") {
		t.Errorf("the key line offers f: %s", m.chrome.keys)
	}
	m = press(t, m, "?")
	requireContains(t, screen(m), "full view: disabled for this profile")
	m = press(t, m, "esc")
	m = lookUpIn(t, m, s.URL+"/advertisement-full/XK9P2M")
	requireContains(t, screen(m), "disabled for this profile", "Collectif", "STANDARD")
	if m.modal != nil || m.ex.personal() || s.Stats().Full != 0 || s.Stats().Requests != before+1 {
		t.Fatalf("full requests %d, total %d (before %d)", s.Stats().Full, s.Stats().Requests, before)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatal("a read-only profile touched the access log")
	}
}

// TestMaskCoversEveryPane: with the mask on, no email or phone number of
// the full view shows in any pane, scrolled through, nor in an error's
// panes; lifting it fetches the answer again, recorded unmasked.
func TestMaskCoversEveryPane(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	cfg := demoConfig(s)
	cfg.Mask = true
	path := withAccessLog(t, &cfg)
	m, clk := newModel(t, cfg, 120, 36)
	m = lookUpIn(t, m, "AB12CD")
	m = confirmFull(t, m, clk)
	requireContains(t, screen(m), "MASKED", "FULL · personal data", "m unmask")
	all := walk(t, m)
	requireContains(t, all, "m•••@riverside-civic.example", "+44 ••• •• 12", "i•••@estuary-friends.example",
		"the normalized JSON with personal data MASKED", "Transparency")
	requireUnmaskedNone(t, all)
	if m.ex.shown() == m.ex.doc || strings.Contains(m.ex.shown().Advertiser.Text(), "maren") {
		t.Fatal("shown() is not the masked document")
	}
	if es := logEntries(t, path); len(es) != 2 || !es[1].Masked {
		t.Fatalf("log %+v", es)
	}

	// Lifting the mask fetches again, recorded as shown unmasked.
	full := s.Stats().Full
	m = press(t, m, "m")
	if s.Stats().Full != full+1 {
		t.Fatal("lifting the mask did not fetch the answer again")
	}
	all = walk(t, m)
	requireContains(t, all, "maren.holt@riverside-civic.example")
	if !plainEmail.MatchString(all) || !plainPhone.MatchString(all) {
		t.Fatal("the test for unmasked emails and phones misses them on an unmasked screen")
	}
	if strings.Contains(screen(m), "MASKED") {
		t.Fatal("MASKED badge after m")
	}
	if es := logEntries(t, path); len(es) != 4 || es[3].Masked {
		t.Fatalf("log after unmasking %+v", es)
	}
	// Masking again needs no request.
	m = press(t, m, "m")
	if s.Stats().Full != full+1 || !strings.Contains(screen(m), "MASKED") {
		t.Fatal("masking fetched again or shows no badge")
	}

	// An error's panes: the service's words and body are masked too.
	s.Inject(fake.Fault{Kind: fake.FaultStatus, Status: 500, Message: "ask maren.holt@riverside-civic.example or +44 20 7946 0012"}, 1)
	m = lookUpIn(t, m, "ZZ7Q1A")
	all = walk(t, m)
	requireContains(t, all, "What happened", "m•••@riverside-civic.example", "+44 ••• •• 12", "→ 500", "personal data MASKED (m shows")
	requireUnmaskedNone(t, all)
}

// In the standard view the mask needs no record: m toggles at once.
func TestMaskToggleInTheStandardView(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 100, 30)
	m = lookUpIn(t, m, "AB12CD")
	total := s.Stats().Requests
	m = press(t, m, "m")
	requireContains(t, screen(m), "MASKED", "Personal data masked on screen, in copies and exports")
	m = press(t, m, "m")
	requireContains(t, screen(m), "Mask off")
	if strings.Contains(screen(m), "MASKED") || s.Stats().Requests != total {
		t.Fatal("the mask did not come off, or fetched")
	}
}

// TestBudgetSentence: the status bar's budget is a sentence; the first
// time it shows an estimate it says what ≈ means, then the window's time.
func TestBudgetSentence(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 120, 30)
	m.kit.now = time.Now // the budget's clock is the real one
	requireContains(t, screen(m), "≈1,000 of 1,000 left · ≈ padview's own estimate")
	m = lookUpIn(t, m, "AB12CD")
	requireContains(t, screen(m), "≈999 of 1,000 left · ≈ padview's own estimate")
	m = press(t, m, "2")
	scr := screen(m)
	requireContains(t, scr, "≈999 of 1,000 left · window resets in ")
	if strings.Contains(scr, "padview's own estimate") || strings.Contains(scr, "budget") || strings.Contains(scr, "next slot") {
		t.Fatalf("status bar:\n%s", scr)
	}
	m = press(t, m, "?")
	requireContains(t, strings.Join(strings.Fields(screen(m)), " "), "≈ marks padview's own budget estimate")
}

// A 429 whose wait padview refused (longer than max_wait) counts nothing
// down: the service may have asked for years.
func TestRefusedWaitHasNoCountdown(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 120, 30)
	s.Inject(fake.Fault{Kind: fake.FaultRateLimit, RetryAfter: 1000000000 * time.Second}, 1)
	m = lookUpIn(t, m, "AB12CD")
	scr := screen(m)
	requireContains(t, scr, "Rate limited (429): the service asks to wait 11,574 days, more than max_wait")
	if strings.Contains(scr, "try again in") || strings.Contains(scr, "free again") || !m.sess.retryAt.IsZero() {
		t.Fatalf("a refused wait counts down:\n%s", scr)
	}
	if ae := m.ex.apiError(); ae == nil || ae.MaxWait == 0 {
		t.Fatalf("not a refused wait: %#v", ae)
	}
}

// The check's report names where items are, never a personal value, in
// the full view too; json is how the CLI writes the same report.
func TestTransparencyReportHasNoPersonalData(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, clk := newModel(t, demoConfig(s), 120, 36)
	m = lookUpIn(t, m, "AB12CD")
	m = confirmFull(t, m, clk)
	b, _ := json.Marshal(m.ex.report)
	for _, v := range personalValues {
		if strings.Contains(string(b), v) {
			t.Fatalf("the report holds %q", v)
		}
	}
}

// Shapes of an email address or a phone number that the mask did not
// touch: a masked one keeps one character before "•••".
var (
	plainEmail = regexp.MustCompile(`[A-Za-z0-9._%+-]{2,}@[A-Za-z0-9-]+\.`)
	plainPhone = regexp.MustCompile(`\+\d{1,3}[ -]\d`)
)

func requireUnmaskedNone(t testing.TB, s string) {
	t.Helper()
	if e := plainEmail.FindString(s); e != "" {
		t.Fatalf("an email shows unmasked (%q):\n%s", e, s)
	}
	if p := plainPhone.FindString(s); p != "" {
		t.Fatalf("a phone number shows unmasked (%q):\n%s", p, s)
	}
	for _, v := range personalValues {
		if strings.Contains(s, v) {
			t.Fatalf("the masked screen shows %q", v)
		}
	}
}

// TestMaskCoversCopyExportAndCompare: under the mask, what is copied or
// exported is the masked document, and a Compare tab compares masked
// documents.
func TestMaskCoversCopyExportAndCompare(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	cfg := demoConfig(s)
	cfg.Mask = true
	m, clk := newModel(t, cfg, 120, 36)
	m = lookUpIn(t, m, "AB12CD")
	m = confirmFull(t, m, clk)
	if m.exportDoc() != m.ex.shown() || m.exportDoc() == m.ex.doc {
		t.Fatal("copy and export do not take the document as shown")
	}
	js := docJSON(m.exportDoc())
	requireContains(t, js, "m•••@riverside-civic.example")
	for _, v := range personalValues {
		if strings.Contains(js, v) {
			t.Fatalf("the JSON copied under the mask holds %q", v)
		}
	}
	m = press(t, m, "=")
	m = lookUpIn(t, m, "AB12CE")
	if tab(m) != "Compare" {
		t.Fatalf("the lookup after = opened on %q", tab(m))
	}
	all := walk(t, m)
	requireContains(t, all, "AB12CD → AB12CE")
	requireUnmaskedNone(t, all)
	// Off again (a recorded-masked full view is fetched again): the
	// comparison is made again, unmasked.
	m = press(t, m, "m")
	requireContains(t, walk(t, m), "maren.holt@riverside-civic.example")
}

// m on the full view takes the personal data off the screen at once and
// masks in a command: until the masked copy comes nothing of the
// advertisement shows, copying and exporting wait, and a copy the screen
// no longer waits for (the mask went off, another answer came) is dropped.
func TestMaskKeyHidesUntilTheMaskedCopyComes(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, clk := newModel(t, demoConfig(s), 120, 36)
	m = lookUpIn(t, m, "AB12CD")
	m = confirmFull(t, m, clk)
	m = press(t, m, "3") // Sponsors
	next, cmd := m.Update(keyMsg("m"))
	pending := next.(Model)
	if !pending.ex.maskPending() || pending.ex.shown() != nil {
		t.Fatal("m did not wait for the masked copy")
	}
	all := walk(t, pending)
	requireContains(t, all, "MASKED", "Masking the personal data…")
	requireUnmaskedNone(t, all)
	if next, _ := pending.Update(keyMsg("y")); next.(Model).modal != nil {
		t.Fatal("the copy menu opened before the masked copy came")
	}
	c := messageOf[maskedCopy](t, cmd)
	next, _ = pending.Update(c)
	masked := next.(Model)
	if tab(masked) != "Sponsors" || masked.ex.maskPending() {
		t.Fatalf("the masked copy did not come on the tab the reader was on (%q)", tab(masked))
	}
	all = walk(t, masked)
	requireContains(t, all, "m•••@riverside-civic.example", "i•••@estuary-friends.example")
	requireUnmaskedNone(t, all)

	// The mask went off before the copy came: the copy is dropped.
	next, _ = pending.Update(keyMsg("m"))
	next, _ = next.(Model).Update(c)
	off := next.(Model)
	if off.ex.mask || strings.Contains(screen(off), "MASKED") || !strings.Contains(walk(t, off), "maren.holt@riverside-civic.example") {
		t.Fatalf("a masked copy that came after the mask went off was shown:\n%s", screen(off))
	}

	// Another answer came before the copy: the copy is dropped, the new
	// answer is masked in its fetch.
	other := lookUpIn(t, pending, "AB12CE")
	next, _ = other.Update(c)
	if got := next.(Model); got.ex.paid != "AB12CE" || got.ex.maskPending() || got.ex.shown() == c.masking.doc {
		t.Fatalf("a stale masked copy replaced %s", got.ex.paid)
	}
}

// An answer kept from before the mask went on is shown masked when it is
// reopened ([, H), as everything on screen is.
func TestReopenedAnswerFollowsTheMask(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 120, 36)
	m = lookUpIn(t, m, "AB12CD")
	m = lookUpIn(t, m, "AB12CE")
	m = press(t, m, "m", "[")
	if m.ex.paid != "AB12CD" || !m.ex.mask || m.ex.maskPending() || m.ex.shown() == m.ex.doc {
		t.Fatalf("reopened %s unmasked under the mask", m.ex.paid)
	}
	requireContains(t, screen(m), "MASKED", "from this session")
	requireUnmaskedNone(t, walk(t, m))
	m = press(t, m, "m", "]")
	if m.ex.paid != "AB12CE" || m.ex.mask {
		t.Fatalf("reopened %s masked after the mask came off", m.ex.paid)
	}
}
