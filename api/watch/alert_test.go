package watch

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/padview/padview/api/advert"
)

func TestParseCommandSplitsWordsWithoutAShell(t *testing.T) {
	for in, want := range map[string]string{
		`notify-send "padview watch" 'an ad changed'`: "notify-send|padview watch|an ad changed",
		`./alert.sh --to ops\ team $HOME`:             "./alert.sh|--to|ops team|$HOME",
		`  curl -d @- https://hooks.example/x  `:      "curl|-d|@-|https://hooks.example/x",
	} {
		got, err := ParseCommand(in)
		if err != nil || strings.Join(got, "|") != want {
			t.Errorf("%s: %q %v, want %s", in, got, err, want)
		}
	}
	for in, why := range map[string]string{
		`echo changed | mail ops`: "without a shell",
		`notify > /tmp/x`:         "without a shell",
		`a; b`:                    "without a shell",
		`"unclosed`:               "a quote is not closed",
		`notify \`:                "a backslash ends it",
		`   `:                     "empty",
	} {
		if _, err := ParseCommand(in); err == nil || !strings.Contains(err.Error(), why) || strings.Contains(err.Error(), "unbalanced") {
			t.Errorf("%s: %v, want %q", in, err, why)
		}
	}
}

func testEvent() Event {
	return Event{PAID: "REV2026", At: time.Date(2026, 11, 1, 9, 30, 0, 0, time.UTC), Kind: Changed,
		Changes: []Change{{Path: "/campaign/totalValue", Before: advert.NumberValue("1"), After: advert.NumberValue("2")}},
		Verdict: Verdict{Before: "complete", After: "incomplete"}}
}

// TestAlertGetsTheEventOnStdin: the JSON line, and the two variables.
func TestAlertGetsTheEventOnStdin(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("a POSIX shell script")
	}
	out := filepath.Join(t.TempDir(), "got")
	a := &Alert{Argv: []string{"sh", "-c", `cat > "$1"; echo "$PADVIEW_WATCH_PAID $PADVIEW_WATCH_EVENT" >> "$1"`, "sh", out}, Env: os.Environ()}
	if err := a.Run(context.Background(), testEvent()); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(out)
	line, vars, _ := strings.Cut(string(b), "\n")
	var got map[string]any
	if err := json.Unmarshal([]byte(line), &got); err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	if got["paid"] != "REV2026" || got["event"] != "changed" || got["at"] != "2026-11-01T09:30:00.000Z" {
		t.Errorf("%v", got)
	}
	if v := got["verdict"].(map[string]any); v["before"] != "complete" || v["after"] != "incomplete" {
		t.Errorf("verdict %v", v)
	}
	if c := got["changes"].([]any)[0].(map[string]any); c["path"] != "/campaign/totalValue" || c["before"] != 1.0 || c["after"] != 2.0 {
		t.Errorf("changes %v", c)
	}
	if strings.TrimSpace(vars) != "REV2026 changed" {
		t.Errorf("variables %q", vars)
	}
}

// TestAlertThatOverrunsIsKilledWithItsChildren: at the timeout the whole
// process group goes, a child the command left in the background too.
// The child holds the output pipe: it reaches its end only when every
// holder is dead, so a survivor would leave this test hanging.
func TestAlertThatOverrunsIsKilledWithItsChildren(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Unix process groups")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	// 2 s, not less: sh must start and print before the alert's time runs
	// out, which a busy machine can take most of a second for
	a := &Alert{Argv: []string{"sh", "-c", `sleep 3600 & echo started; wait`}, Output: w, Timeout: 2 * time.Second}
	err = a.Run(context.Background(), testEvent())
	w.Close()
	if err == nil || !strings.Contains(err.Error(), "did not finish within 2 s") {
		t.Fatalf("%v", err)
	}
	out, _ := io.ReadAll(r) // EOF: sh and its sleep are gone
	if string(out) != "started\n" {
		t.Errorf("output %q", out)
	}
}

// TestAFailingAlertIsReportedAndTheRestRun: alerts run in order; each
// that ran to its end is reported, one that failed with its failure, and
// the next still runs.
func TestAFailingAlertIsReportedAndTheRestRun(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("a POSIX shell script")
	}
	var out bytes.Buffer
	var mu sync.Mutex
	var failed, ran []string
	a := &Alert{Argv: []string{"sh", "-c", `read line; case "$line" in *FAIL1*) echo boom >&2; exit 3;; esac; echo ok`}, Output: &syncWriter{w: &out, mu: &mu}}
	q := StartAlerts(context.Background(), a, func(ev Event, err error) {
		mu.Lock()
		defer mu.Unlock()
		ran = append(ran, ev.PAID)
		if err != nil {
			failed = append(failed, ev.PAID+": "+err.Error())
		}
	})
	for _, p := range []string{"FAIL1", "OK2", "OK3"} {
		ev := testEvent()
		ev.PAID = p
		q.Add(ev)
	}
	if n := q.Close(); n != 0 {
		t.Errorf("%d dropped", n)
	}
	if len(failed) != 1 || failed[0] != "FAIL1: exit status 3" || strings.Join(ran, " ") != "FAIL1 OK2 OK3" {
		t.Errorf("failed %v, ran %v", failed, ran)
	}
	if got := out.String(); strings.Count(got, "ok\n") != 2 || !strings.Contains(got, "boom") {
		t.Errorf("output %q", got)
	}
}

type syncWriter struct {
	w  *bytes.Buffer
	mu *sync.Mutex
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}
