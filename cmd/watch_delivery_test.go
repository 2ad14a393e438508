package cmd

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/api/fake/faketest"
	"github.com/padview/padview/api/watch"
	"github.com/padview/padview/keystore"
)

// volatileService is a hostile fake for the watch: each answer carries a
// timestamp that moves every poll, so that every poll of every PAID after
// the first is a change.
func volatileService(t *testing.T) *httptest.Server {
	var mu sync.Mutex
	polls := map[string]int{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		paid := r.URL.Path[strings.LastIndexByte(r.URL.Path, '/')+1:]
		mu.Lock()
		polls[paid]++
		n := polls[paid]
		mu.Unlock()
		stamp := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC).Add(time.Duration(n) * time.Hour).Format(time.RFC3339)
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"paid":%q,"advertiser":{"companyName":"Riverside Civic Alliance"},"campaign":{"name":"Clean Rivers 2026"},`+
			`"legalAndMetadata":{"noticeVersion":"1.2","lastUpdated":%q}}`, paid, stamp)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func withVolatile(t *testing.T) *harness {
	srv := volatileService(t)
	h := newHarness(t)
	h.vars[EnvBaseURL] = srv.URL + "/v1"
	h.vars[keystore.EnvToken] = fake.DemoToken
	return h
}

// closedPipe takes ok writes, then fails every one with err, as
// stdout does once the reader of its pipe has gone.
type closedPipe struct {
	mu      sync.Mutex
	ok      int
	err     error
	written strings.Builder
}

func (w *closedPipe) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.ok == 0 {
		return 0, w.err
	}
	w.ok--
	return w.written.WriteString(string(p))
}

// jsonIDs are the "id" members of JSON lines.
func jsonIDs(t *testing.T, out string) []string {
	t.Helper()
	var ids []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if line == "" {
			continue
		}
		var ev struct{ ID string }
		if err := json.Unmarshal([]byte(line), &ev); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		ids = append(ids, ev.ID)
	}
	return ids
}

// storedIDs are the UIDs of every event the harness's database holds,
// and how many are not delivered.
func storedIDs(t *testing.T, h *harness) (ids []string, undelivered int) {
	t.Helper()
	s, err := watch.Open(h.watchDB(), h.service(t))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	evs, err := s.Events(context.Background(), watch.Query{})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range evs {
		ids = append(ids, e.UID)
	}
	undelivered, _ = s.CountUndelivered()
	return ids, undelivered
}

func (h *harness) service(t *testing.T) string {
	svc, err := watch.Service(h.vars[EnvBaseURL])
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

// TestWatchRunLeavesWhatItCouldNotPrintUndelivered: stdout that fails
// (its reader gone) stops the run at once, exit 141, naming what it did
// not deliver; nothing after the failed write is marked delivered, and
// the next run delivers it first, under the same id, saying so. Every
// event stored reaches stdout at least once.
func TestWatchRunLeavesWhatItCouldNotPrintUndelivered(t *testing.T) {
	t.Parallel() // its own service, state directory and database
	h := withVolatile(t)
	paids := []string{"AAA111", "BBB222", "CCC333", "DDD444", "EEE555"}
	h.run(append([]string{"watch", "add"}, paids...)...)
	if code, _, errs := h.run("watch", "run", "--once", "--json"); code != 0 {
		t.Fatalf("the first sweep: exit %d %s", code, errs)
	}

	env, _, errb := h.env()
	stdout := &closedPipe{ok: 1, err: syscall.EPIPE}
	env.Stdout = stdout
	code := Execute(context.Background(), env, []string{"watch", "run", "--once", "--json", "--rate", "1000"})
	errs := errb.String()
	// where the run stood when it saw the write fail depends on how far
	// the poller got ahead of the printer: mid-sweep or after its last poll
	stopped := strings.Contains(errs, "padview: stdout was closed (its reader has gone): stopped after ") ||
		strings.Contains(errs, "padview: stdout was closed (its reader has gone): stopped between sweeps")
	if code != 141 || !stopped {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	printed := jsonIDs(t, stdout.written.String())
	_, undelivered := storedIDs(t, h)
	if len(printed) != 1 || undelivered == 0 || !strings.Contains(errs, fmt.Sprintf("%s not delivered (printed): ", plural(undelivered, "event was", "events were"))) ||
		!strings.Contains(errs, "the next 'padview watch run' delivers") {
		t.Fatalf("printed %v, %d undelivered\n%s", printed, undelivered, errs)
	}

	code, out, errs := h.run("watch", "run", "--once", "--json")
	again := jsonIDs(t, out)
	if code != 1 || !strings.Contains(errs, fmt.Sprintf("padview: %s from an interrupted run, delivered first", plural(undelivered, "event", "events"))) {
		t.Fatalf("the next run: exit %d\n%s", code, errs)
	}
	ids, left := storedIDs(t, h)
	seen := append(slices.Clone(printed), again...)
	for _, id := range ids[:len(ids)-len(paids)] { // the first sweep's went to its own stdout
		if !slices.Contains(seen, id) {
			t.Errorf("event %s was stored and never printed", id)
		}
	}
	if left != 0 || len(again) <= undelivered || slices.Contains(printed, again[0]) {
		t.Errorf("%d left undelivered; the next run printed %d", left, len(again))
	}
	if code, out, errs := h.run("watch", "run", "--once", "--json"); code != 1 || strings.Contains(errs, "interrupted run") || len(jsonIDs(t, out)) != len(paids) {
		t.Errorf("the run after: exit %d\n%s%s", code, out, errs)
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// TestWatchRunDeliversAKilledRunsEventsFirst: events a run stored and
// never delivered (killed between the two) are printed first by the next
// run, oldest first, with the ids they were stored under, and their
// alerts run; a text run says the same.
func TestWatchRunDeliversAKilledRunsEventsFirst(t *testing.T) {
	t.Parallel() // its own service, state directory and database
	if runtime.GOOS == "windows" {
		t.Skip("a POSIX shell")
	}
	h := withVolatile(t)
	h.run("watch", "add", "AAA111", "BBB222")
	h.run("watch", "run", "--once")
	// What a killed run leaves: stored, not delivered.
	s, err := watch.Open(h.watchDB(), h.service(t))
	if err != nil {
		t.Fatal(err)
	}
	p := &watch.Poller{Store: s, Workers: 1, Fetch: faketest.Fetcher(t, h.vars[EnvBaseURL], advert.Standard, api.Options{})}
	p.Sweep(context.Background())
	stored, _, _ := s.Undelivered(context.Background())
	s.Close()
	if len(stored) != 2 {
		t.Fatalf("%d stored", len(stored))
	}

	alerts := filepath.Join(t.TempDir(), "alerts.jsonl")
	code, out, errs := h.run("watch", "run", "--once", "--json", "--on-change", `sh -c 'cat >> "$0"' `+alerts)
	ids := jsonIDs(t, out)
	if code != 1 || len(ids) != 4 || ids[0] != stored[0].UID || ids[1] != stored[1].UID ||
		!strings.Contains(errs, "padview: 2 events from an interrupted run, delivered first") {
		t.Fatalf("exit %d, ids %v (stored %s %s)\n%s", code, ids, stored[0].UID, stored[1].UID, errs)
	}
	b, _ := os.ReadFile(alerts)
	if got := jsonIDs(t, string(b)); !slices.Equal(got, ids) {
		t.Errorf("the alerts had %v, stdout %v", got, ids)
	}
	if _, left := storedIDs(t, h); left != 0 {
		t.Errorf("%d left undelivered", left)
	}
}

// TestWatchAlertFailureIsRecordedAndDelivered: an alert that fails is
// reported and its event delivered with the failure kept: the next run
// does not deliver it again.
func TestWatchAlertFailureIsRecordedAndDelivered(t *testing.T) {
	t.Parallel() // its own service, state directory and database
	if runtime.GOOS == "windows" {
		t.Skip("a POSIX shell")
	}
	h := withVolatile(t)
	h.run("watch", "add", "AAA111")
	h.run("watch", "run", "--once")
	code, _, errs := h.run("watch", "run", "--once", "--on-change", "sh -c 'exit 3'")
	if code != 1 || !strings.Contains(errs, "--on-change for AAA111 (changed): sh -c 'exit 3': exit status 3") {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	if _, left := storedIDs(t, h); left != 0 {
		t.Errorf("%d undelivered after a failed alert", left)
	}
	if _, _, errs := h.run("watch", "run", "--once"); strings.Contains(errs, "interrupted run") {
		t.Errorf("delivered again: %s", errs)
	}
}

// TestWatchNamesADamagedRowAndRepairsIt: a snapshot row that does not
// read skips its advertisement alone in `watch run`, and an event row that
// does not read its own line in `watch log`, each named with its PAID and
// `watch repair` (with the profile); the others are polled and listed,
// exit 1; `watch repair` then sets it right.
func TestWatchNamesADamagedRowAndRepairsIt(t *testing.T) {
	t.Parallel() // its own service, state directory and database
	h := withVolatile(t)
	h.writeConfig("[profiles.staging]\n")
	h.run("watch", "add", "AAA111", "BAD222", "--profile", "staging")
	h.run("watch", "run", "--once", "--profile", "staging")
	h.run("watch", "run", "--once", "--profile", "staging")
	db := openRaw(t, h.watchDB())
	db("UPDATE snapshots SET document = substr(document, 1, 8) WHERE id = (SELECT snapshot_id FROM watches WHERE paid = 'BAD222')")
	db("UPDATE events SET changes = '[{' WHERE paid = 'AAA111' AND event = 'first'")

	code, out, errs := h.run("watch", "run", "--once", "--profile", "staging")
	if code != 1 || !strings.Contains(out, "AAA111  changed") || strings.Contains(out, "BAD222") ||
		!strings.Contains(errs, "padview: BAD222 skipped: snapshot ") || !strings.Contains(errs, "of BAD222 does not read (unexpected EOF") ||
		!strings.Contains(errs, "'padview --profile staging watch repair BAD222' removes it") || !strings.Contains(errs, "1 skipped") {
		t.Fatalf("run: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = h.run("watch", "log", "--profile", "staging")
	if code != 1 || strings.Count(out, "AAA111  changed") != 2 || !strings.Contains(out, "BAD222  first") ||
		!strings.Contains(errs, "padview: AAA111 skipped: event 1 of AAA111 does not read") {
		t.Fatalf("log: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = h.run("watch", "repair", "--profile", "staging")
	if code != 0 || !strings.Contains(out, "AAA111: removed 0 snapshots and 1 event that did not read; its next poll compares with snapshot ") ||
		!strings.Contains(out, "BAD222: removed 1 snapshot and 0 events that did not read; its next poll compares with snapshot ") {
		t.Fatalf("repair: exit %d\n%s%s", code, out, errs)
	}
	if code, out, errs := h.run("watch", "run", "--once", "--profile", "staging"); code != 1 || !strings.Contains(out, "BAD222  changed") || strings.Contains(errs, "skipped") {
		t.Errorf("after the repair: exit %d\n%s%s", code, out, errs)
	}
	if code, out, _ := h.run("watch", "repair", "BAD222", "--profile", "staging"); code != 0 || !strings.Contains(out, "Every stored row of BAD222 on ") {
		t.Errorf("nothing left to repair: exit %d %s", code, out)
	}
}

// openRaw opens a watch database as another tool would, for a test to
// damage it: fn runs one statement.
func openRaw(t *testing.T, path string) func(string) {
	t.Helper()
	return func(q string) {
		t.Helper()
		db, err := sqlOpen(path)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// TestWatchConfigBounds: watch_max_size and watch_keep are read from the
// config file within their documented bounds; a value out of them, or not
// a size, is refused naming the file (exit 2); `watch prune` applies them
// and says what it did.
func TestWatchConfigBounds(t *testing.T) {
	t.Parallel() // its own service, state directory and database
	h := withVolatile(t)
	for _, tc := range []struct{ config, says string }{
		{`watch_max_size = "1MiB"`, "watch_max_size must be between 32 MiB and 1.0 TiB, not 1.0 MiB"},
		{`watch_max_size = "2 TiB"`, "watch_max_size must be between 32 MiB and 1.0 TiB, not 2.0 TiB"},
		{`watch_max_size = "lots"`, `"lots" is not a size such as 1GiB or 500MB`},
		{`watch_keep = 0`, "watch_keep must be between 1 and 100,000 events of each advertisement, not 0"},
		{`watch_keep = "ten"`, "watch_keep must be a whole number, not text"},
	} {
		path := h.writeConfig(tc.config + "\n")
		if code, _, errs := h.run("watch", "list"); code != ExitUsage || !strings.Contains(errs, "config file "+path) || !strings.Contains(errs, tc.says) {
			t.Errorf("%s: exit %d %s", tc.config, code, errs)
		}
	}
	h.writeConfig("watch_max_size = \"64MiB\"\nwatch_keep = 2\n")
	h.run("watch", "add", "AAA111", "BBB222")
	for range 5 {
		h.run("watch", "run", "--once")
	}
	ids, _ := storedIDs(t, h)
	if len(ids) != 4 {
		t.Errorf("with watch_keep = 2, %d events kept of two advertisements", len(ids))
	}
	h.writeConfig("watch_keep = 1\n")
	code, out, errs := h.run("watch", "prune")
	if code != 0 || !strings.Contains(out, "removed 2 events and 2 snapshots beyond the newest 1 of each advertisement on ") ||
		!strings.Contains(out, "(watch_keep) and the 1.0 GiB bound (watch_max_size)") || !strings.Contains(out, "of history in a file of ") {
		t.Errorf("prune: exit %d\n%s%s", code, out, errs)
	}
	if ids, _ := storedIDs(t, h); len(ids) != 2 {
		t.Errorf("after prune, %d events", len(ids))
	}
}

func sqlOpen(path string) (*sql.DB, error) { return sql.Open("sqlite", "file:"+path) }
