package ui

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/vocab"
)

// unrecognisedAnswer is an advertisement with one member padview does not
// recognise but knows a close name for (Impressionz: impressions), and
// one it knows nothing close to.
const unrecognisedAnswer = `{"paid": "NEW001", "advertiser": {"name": "Fictional Civic Union"},
 "campaign": {"name": "Clean Air 2027"}, "Impressionz": "12000", "Kustannukset": 29}`

// newService is a service that answers every lookup with body, counting
// the requests; its clients read with the lines w was given, as the
// command line's do.
func newService(t *testing.T, body string, w *lineWriter) (Config, *atomic.Int32) {
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(body))
	}))
	t.Cleanup(srv.Close)
	base := srv.URL + "/v1"
	return Config{Profile: "partner", BaseURL: base, Token: "t0ken-for-tests",
		NewClient: func(tok string) (*api.Client, error) {
			v, _ := vocab.Builtin().With(w.written())
			return api.New(base, tok, api.Options{Vocabulary: v})
		}}, &n
}

// lineWriter is the command line's FieldsWriter as the tests see it: the
// lines it was given, and the vocabulary they make.
type lineWriter struct {
	mu    sync.Mutex
	lines []vocab.Mapping
	fail  error
}

func (w *lineWriter) write(line vocab.Mapping) (*vocab.Vocabulary, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.fail != nil {
		return nil, w.fail
	}
	w.lines = append(w.lines, line)
	return vocab.Builtin().With(w.lines)
}

func (w *lineWriter) written() []vocab.Mapping {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]vocab.Mapping(nil), w.lines...)
}

const testTable, testFile = "[profiles.partner.fields]", "/home/someone/.config/padview/config.toml"

// The Other tab lists the members not recognised with their lines; a asks
// naming the file and the line, y adds it, and the answer is read again
// from its bytes: Impressionz leaves Other for Targeting, no request is
// made, and later lookups read with the line.
func TestAddingALineRereadsTheAnswer(t *testing.T) {
	t.Parallel()
	w := &lineWriter{}
	cfg, requests := newService(t, unrecognisedAnswer, w)
	cfg.Fields, cfg.FieldsTable, cfg.FieldsFile = w.write, testTable, testFile
	m, _ := newModel(t, cfg, 110, 34)
	m = lookUpIn(t, m, "NEW001")
	m = press(t, m, "0", "tab")
	scr := screen(m)
	requireContains(t, scr, "Other 2", "Not recognised · 2 members", "Impressionz", "now other.Impressionz",
		`"Impressionz" = "targeting.impressions" (words: impressionz`, `"impressionz" as "impression")`, "Kustannukset", "no line to suggest",
		"a add its [fields] line")

	m = press(t, m, "a")
	if _, ok := m.modal.(lineModal); !ok {
		t.Fatalf("a opened no confirmation:\n%s", screen(m))
	}
	requireContains(t, screen(m), "Add a [fields] line", `"Impressionz" = "targeting.impressions"`,
		"It goes into [profiles.partner.fields] of the config file", "  /home/someone/.config/padview/config.toml", "y adds the line")
	m = press(t, m, "y")
	if got := w.written(); len(got) != 1 || got[0] != (vocab.Mapping{Name: "Impressionz", Path: "targeting.impressions"}) {
		t.Fatalf("written %v", got)
	}
	scr = screen(m)
	requireContains(t, scr, "Added, and read again without a request", "Not recognised · 1 member", "Other 1")
	if strings.Contains(scr, "now other.Impressionz") || m.ex.doc.Targeting.Len() != 1 {
		t.Fatalf("Impressionz still in Other:\n%s", scr)
	}
	m = press(t, m, "7")
	requireContains(t, screen(m), "Impressions", "12000")
	if n := requests.Load(); n != 1 {
		t.Fatalf("%d requests", n)
	}
	// Later lookups read with the line: the client was built again.
	m = press(t, m, "r")
	if n := requests.Load(); n != 2 || m.ex.doc.Targeting.Len() != 1 || m.ex.unplacedTotal != 1 {
		t.Fatalf("the lookup after: %d requests, %d unrecognised", n, m.ex.unplacedTotal)
	}
}

// A line that cannot be added says why, naming the file; nothing else
// changes. The last member taken from Other takes the reader to the
// member's pane. Without a config file (the demo) a says why, and asks
// nothing.
func TestAddingALineFailsOrIsNotOffered(t *testing.T) {
	t.Parallel()
	w := &lineWriter{fail: errors.New("refusing to write /home/someone/.config/padview/config.toml: it belongs to uid 4242, not to you; nothing was written")}
	cfg, _ := newService(t, `{"advertiser": {"name": "Fictional Civic Union"}, "Impressionz": "12000"}`, w)
	cfg.Fields, cfg.FieldsTable, cfg.FieldsFile = w.write, testTable, testFile
	m, _ := newModel(t, cfg, 110, 34)
	m = lookUpIn(t, m, "NEW002")
	m = press(t, m, "0", "tab", "a", "y")
	requireContains(t, screen(m), "Not added: Refusing to write /home/someone/.config/padview/config.toml", "now other.Impressionz")
	if m.adding || m.deck.label() != "Other" {
		t.Fatalf("adding %v, on %q", m.adding, m.deck.label())
	}
	m = press(t, m, "a", "n")
	requireContains(t, screen(m), "Nothing was added to the config file.")

	w.mu.Lock()
	w.fail = nil
	w.mu.Unlock()
	m = press(t, m, "a", "y")
	if m.deck.label() != "Targeting" || strings.Contains(tabBar(m), "Other") {
		t.Fatalf("after the last member: on %q, tabs %s", m.deck.label(), tabBar(m))
	}

	cfg, _ = newService(t, `{"advertiser": {"name": "Fictional Civic Union"}, "Impressionz": "12000"}`, &lineWriter{})
	cfg.Demo = true
	m, _ = newModel(t, cfg, 110, 34)
	m = lookUpIn(t, m, "NEW002")
	m = press(t, m, "0", "tab", "a")
	if m.modal != nil {
		t.Fatal("the demo asked")
	}
	requireContains(t, screen(m), "The demo reads no config file")
}

// tabBar is the tabs' labels in order.
func tabBar(m Model) string {
	var labels []string
	for _, p := range m.deck.panes {
		labels = append(labels, p.Tab().Label)
	}
	return strings.Join(labels, " ")
}

// The accept flow in a running program: select, a, y; the member leaves
// Other for Targeting, and the service gets no second request.
func TestProgramAddsALine(t *testing.T) {
	t.Parallel() // each program has its own service, clock and terminal
	w := &lineWriter{}
	cfg, requests := newService(t, unrecognisedAnswer, w)
	cfg.Fields, cfg.FieldsTable, cfg.FieldsFile = w.write, testTable, testFile
	tm, _ := program(t, cfg, 110, 34)
	tm.Type("NEW001")
	send(tm, "enter")
	waitFor(t, tm, "Fictional Civic Union")
	send(tm, "0", "tab")
	waitFor(t, tm, "Not recognised", `"Impressionz" = "targeting.impressions"`)
	send(tm, "a")
	waitFor(t, tm, "Add a [fields] line", "config.toml")
	send(tm, "y")
	waitFor(t, tm, "read again without a request")
	send(tm, "7")
	redraw(tm, 110, 34)
	waitFor(t, tm, "Impressions", "12000")
	m := finalModel(t, tm)
	if requests.Load() != 1 || len(w.written()) != 1 || m.ex.unplacedTotal != 1 || m.ex.doc.Targeting.Len() != 1 {
		t.Fatalf("%d requests, written %v, %d unrecognised", requests.Load(), w.written(), m.ex.unplacedTotal)
	}
}
