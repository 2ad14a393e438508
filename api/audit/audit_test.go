package audit

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/statedir"
)

func openTemp(t *testing.T) *Log {
	t.Helper()
	d, err := statedir.At(filepath.Join(t.TempDir(), "state", "padview"), false)
	if err != nil {
		t.Fatal(err)
	}
	l, err := OpenIn(d)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// check is Check of l's log.
func check(l *Log) (int, error) { return Check(context.Background(), l.dir) }

func record(t *testing.T, l *Log, paid string) {
	t.Helper()
	a, err := l.Begin(context.Background(), Request{Profile: "default", Host: "partner.example", PAID: paid, View: advert.Full, Reason: "Compliance review"})
	if err != nil {
		t.Fatal(err)
	}
	if err := a.End(Outcome{Status: 200, Shown: []string{"email", "phone"}}); err != nil {
		t.Fatal(err)
	}
}

func readLines(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

func verifyFile(t *testing.T, path string) (int, error) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return Verify(f)
}

func TestLogWritesRequestThenOutcome(t *testing.T) {
	l := openTemp(t)
	a, err := l.Begin(context.Background(), Request{Profile: "work", Host: "partner.example", PAID: "AB12CD", View: advert.Full, Reason: "Legal request"})
	if err != nil {
		t.Fatal(err)
	}
	lines := readLines(t, l.Path())
	if len(lines) != 1 {
		t.Fatalf("after Begin the log has %d lines", len(lines))
	}
	if err := a.End(Outcome{Status: 200, Shown: []string{"email", "address"}, Masked: true}); err != nil {
		t.Fatal(err)
	}
	var got []Entry
	f, _ := os.Open(l.Path())
	defer f.Close()
	if err := Each(f, func(l Line) error {
		if l.Err != nil {
			t.Fatalf("line %d: %v", l.N, l.Err)
		}
		got = append(got, l.Entry)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 {
		t.Fatalf("%d entries", len(got))
	}
	req, out := got[0], got[1]
	if req.Event != EventRequest || req.Seq != 1 || req.Prev != genesis || req.PAID != "AB12CD" || req.View != "full" ||
		req.Profile != "work" || req.Host != "partner.example" || req.Reason != "Legal request" || req.User == "" ||
		req.Time.IsZero() || req.Status != nil || req.ID == "" {
		t.Errorf("request line: %+v", req)
	}
	if out.Event != EventOutcome || out.Seq != 2 || out.ID != req.ID || out.Status == nil || *out.Status != 200 ||
		strings.Join(out.Shown, ",") != "email,address" || !out.Masked || out.Reason != "" || out.PAID != "AB12CD" {
		t.Errorf("outcome line: %+v", out)
	}
	if n, err := verifyFile(t, l.Path()); n != 2 || err != nil {
		t.Errorf("verify: %d lines, %v", n, err)
	}
}

func TestLogIsPrivate(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("file modes are not Windows access control")
	}
	dir := filepath.Join(t.TempDir(), "padview")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, FileName)
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	os.Chmod(dir, 0o755)
	l, err := Open(func(k string) string { return map[string]string{"XDG_STATE_HOME": filepath.Dir(dir)}[k] })
	if err != nil {
		t.Fatal(err)
	}
	record(t, l, "AB12CD")
	for p, want := range map[string]os.FileMode{dir: 0o700, path: 0o600} {
		st, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != want {
			t.Errorf("%s has mode %o; want %o", p, st.Mode().Perm(), want)
		}
	}
	shared := t.TempDir()
	os.Chmod(shared, 0o755)
	if _, err := Open(func(k string) string { return map[string]string{EnvStateDir: shared}[k] }); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(shared); st.Mode().Perm() != 0o755 {
		t.Errorf("a directory chosen with %s was changed to %o", EnvStateDir, st.Mode().Perm())
	}
	fresh := openTemp(t)
	st, _ := os.Stat(fresh.Path())
	dst, _ := os.Stat(filepath.Dir(fresh.Path()))
	if st.Mode().Perm() != 0o600 || dst.Mode().Perm() != 0o700 {
		t.Errorf("new log %o, dir %o", st.Mode().Perm(), dst.Mode().Perm())
	}
}

func TestNilLogRecordsNothing(t *testing.T) {
	var l *Log
	a, err := l.Begin(context.Background(), Request{PAID: "AB12CD"})
	if a != nil || err != nil {
		t.Fatalf("nil log: %v, %v", a, err)
	}
	if err := a.End(Outcome{Status: 200}); err != nil {
		t.Fatal(err)
	}
	if l.Path() != "" {
		t.Error("nil log has a path")
	}
}

func TestBeginFailsWhenTheLogCannotBeWritten(t *testing.T) {
	l := openTemp(t)
	// The directory gives way to a file after Open: no user, root included,
	// can write the log then.
	dir := filepath.Dir(l.Path())
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	a, err := l.Begin(context.Background(), Request{PAID: "AB12CD", View: advert.Full})
	if err == nil || a != nil {
		t.Fatalf("Begin succeeded on a log that cannot be written: %v", err)
	}
	if api.KindOf(err) != api.KindAccessLog || !strings.Contains(err.Error(), filepath.Dir(l.Path())) {
		t.Errorf("the failure is of kind %s and does not name the log: %v", api.KindOf(err), err)
	}
}

func TestVerifyIntactAndConcurrent(t *testing.T) {
	l := openTemp(t)
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			record(t, l, "PAID"+string(rune('A'+i)))
		}()
	}
	wg.Wait()
	if n, err := verifyFile(t, l.Path()); n != 40 || err != nil {
		t.Fatalf("verify: %d lines, %v", n, err)
	}
	// A second Log on the same file (another padview process) continues the chain.
	l2, err := OpenIn(l.dir)
	if err != nil {
		t.Fatal(err)
	}
	record(t, l2, "ZZ7Q1A")
	if n, err := verifyFile(t, l.Path()); n != 42 || err != nil {
		t.Fatalf("verify after a second writer: %d lines, %v", n, err)
	}
}

func TestVerifyFindsTheFirstBadLine(t *testing.T) {
	l := openTemp(t)
	for _, p := range []string{"AB12CD", "XK9P2M", "ZZ7Q1A", "TN2026"} {
		record(t, l, p)
	}
	lines := readLines(t, l.Path())
	write := func(ls []string) string {
		p := filepath.Join(t.TempDir(), FileName)
		if err := os.WriteFile(p, []byte(strings.Join(ls, "\n")+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	edited := append([]string(nil), lines...)
	edited[2] = strings.Replace(edited[2], "XK9P2M", "AB12CD", 1)
	reason := append([]string(nil), lines...)
	reason[4] = strings.Replace(reason[4], "Compliance review", "Routine check", 1)
	deleted := append(append([]string(nil), lines[:3]...), lines[4:]...)
	head := append([]string(nil), lines[2:]...)
	cases := []struct {
		name string
		ls   []string
		line int
		says string
	}{
		{"edited PAID", edited, 3, "changed"},
		{"edited reason", reason, 5, "changed"},
		{"deleted line", deleted, 4, "1 removed"},
		{"deleted head", head, 1, "the 2 before it were removed"},
		{"not JSON", append(append([]string(nil), lines[:5]...), "hello", lines[5]), 6, "unreadable"},
		{"duplicated line", append(append([]string(nil), lines[:2]...), lines[1:]...), 3, "copied or moved"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := verifyFile(t, write(c.ls))
			var b *Broken
			if !errors.As(err, &b) {
				t.Fatalf("verify passed: %v", err)
			}
			if b.Line != c.line || !strings.Contains(b.Reason, c.says) {
				t.Errorf("broken at line %d (%s); want line %d (%s)", b.Line, b.Reason, c.line, c.says)
			}
		})
	}
	if n, err := verifyFile(t, write(lines)); n != 8 || err != nil {
		t.Errorf("the untouched copy: %d lines, %v", n, err)
	}
}

// Bytes without a newline that padview did not write (the head file does
// not vouch for the lines before them) stay: the next line starts a line
// of its own after them, and the break is reported.
func TestForeignBytesAtTheEndStay(t *testing.T) {
	l := openTemp(t)
	record(t, l, "AB12CD")
	os.Remove(HeadPath(l.Path()))
	f, _ := os.OpenFile(l.Path(), os.O_APPEND|os.O_WRONLY, 0o600)
	f.WriteString(`{"seq":3,"time":"2026-`)
	f.Close()
	record(t, l, "XK9P2M")
	lines := readLines(t, l.Path())
	if len(lines) != 5 || lines[2] != `{"seq":3,"time":"2026-` || !strings.HasPrefix(lines[3], `{"seq":4,`) ||
		!strings.Contains(lines[3], `"headMismatch":true`) {
		t.Fatalf("lines after foreign bytes:\n%s", strings.Join(lines, "\n"))
	}
	_, err := verifyFile(t, l.Path())
	var b *Broken
	if !errors.As(err, &b) || b.Line != 3 {
		t.Fatalf("verify: %v", err)
	}
}

func TestVerifyTooLongLine(t *testing.T) {
	_, err := Verify(bytes.NewReader(bytes.Repeat([]byte("x"), maxLine+10)))
	var b *Broken
	if !errors.As(err, &b) || b.Line != 1 {
		t.Fatalf("verify: %v", err)
	}
}

func TestPath(t *testing.T) {
	p, err := Path(func(k string) string { return map[string]string{EnvStateDir: "/srv/pv"}[k] })
	if err != nil || p != filepath.Join("/srv/pv", FileName) {
		t.Errorf("Path = %q, %v", p, err)
	}
}

func TestCleanReason(t *testing.T) {
	got, err := CleanReason("  Compliance\x1b[31m   review\u202e \n ")
	if err != nil || got != "Compliance␛[31m review⟨U+202E⟩" { // control and invisible characters shown as markers
		t.Errorf("CleanReason = %q, %v", got, err)
	}
	if _, err := CleanReason(strings.Repeat("é", MaxReason)); err != nil {
		t.Errorf("a reason of %d characters refused: %v", MaxReason, err)
	}
	if _, err := CleanReason(strings.Repeat("a", MaxReason+1)); err == nil {
		t.Error("an over-long reason accepted")
	}
	if len(Purposes) < 4 {
		t.Errorf("purposes: %q", Purposes)
	}
}

// The head file finds what the chain alone cannot: an edited last line,
// lines cut from the end, a deleted log, lines added behind padview's back;
// and a line appended afterwards does not cover any of it up.
func TestCheckFindsTheEndWithTheHeadFile(t *testing.T) {
	l := openTemp(t)
	for _, p := range []string{"AB12CD", "XK9P2M", "ZZ7Q1A"} {
		record(t, l, p)
	}
	if n, err := check(l); n != 6 || err != nil {
		t.Fatalf("intact: %d lines, %v", n, err)
	}
	lines := readLines(t, l.Path())
	head, err := os.ReadFile(HeadPath(l.Path()))
	if err != nil || !strings.HasPrefix(string(head), `{"seq":6,"hash":"`) {
		t.Fatalf("head file %q, %v", head, err)
	}
	if st, err := os.Stat(HeadPath(l.Path())); runtime.GOOS != "windows" && (err != nil || st.Mode().Perm() != 0o600) {
		t.Errorf("head file mode %v, %v", st.Mode().Perm(), err)
	}
	restore := func() {
		t.Helper()
		if err := os.WriteFile(l.Path(), []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(HeadPath(l.Path()), head, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	lastEdited := append([]string(nil), lines...)
	lastEdited[5] = strings.Replace(lastEdited[5], `"status":200`, `"status":404`, 1)
	forged := strings.Replace(lines[5], `"seq":6`, `"seq":7`, 1)
	forged = strings.Replace(forged, lines[5][strings.Index(lines[5], `"prev":"`):], `"prev":"`+hashLine([]byte(lines[5]))+`"}`, 1)
	forged2 := strings.Replace(forged, `"seq":7`, `"seq":8`, 1)
	forged2 = strings.Replace(forged2, forged[strings.Index(forged, `"prev":"`):], `"prev":"`+hashLine([]byte(forged))+`"}`, 1)
	badPrev := strings.Replace(forged, `"prev":"`, `"prev":"0`, 1)
	cases := []struct {
		name   string
		lines  []string // nil: the log is deleted
		noHead bool
		line   int
		total  int
		says   string
	}{
		{"edited last line", lastEdited, false, 6, 6, "does not match the hash its head file keeps"},
		{"last line cut", lines[:5], false, 0, 5, "ends at entry 5, but its head file says entry 6 was written last: 1 cut from the end"},
		{"three lines cut", lines[:3], false, 0, 3, "3 cut from the end"},
		{"emptied", []string{}, false, 0, 0, "the log is empty, but its head file says it held 6 entries"},
		{"deleted log", nil, false, 0, 0, "the log is missing, but its head file says it held 6 entries"},
		{"deleted head", lines, true, 0, 6, "head file"},
		{"lines added behind padview's back", append(append([]string(nil), lines...), forged, forged2), false, 7, 8, "added by something other than padview"},
		{"line added with a wrong hash", append(append([]string(nil), lines...), badPrev), false, 6, 7, "does not match the hash line 7 holds"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			restore()
			switch {
			case c.lines == nil:
				os.Remove(l.Path())
			case len(c.lines) == 0:
				os.WriteFile(l.Path(), nil, 0o600)
			default:
				os.WriteFile(l.Path(), []byte(strings.Join(c.lines, "\n")+"\n"), 0o600)
			}
			if c.noHead {
				os.Remove(HeadPath(l.Path()))
			}
			n, err := check(l)
			var b *Broken
			if !errors.As(err, &b) {
				t.Fatalf("check passed: %d lines, %v", n, err)
			}
			if b.Line != c.line || n != c.total || !strings.Contains(b.Reason, c.says) {
				t.Errorf("broken at line %d of %d (%s); want line %d of %d (%s)", b.Line, n, b.Reason, c.line, c.total, c.says)
			}
			// The next request is logged, and the break stays visible.
			record(t, l, "TN2026")
			if _, err := check(l); !errors.As(err, &b) {
				t.Errorf("an append covered the break up: %v", err)
			}
		})
	}
	// Neither file: nothing logged yet.
	os.Remove(l.Path())
	os.Remove(HeadPath(l.Path()))
	if _, err := check(l); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("no files: %v", err)
	}
	// An opened log without a line yet is intact.
	l2 := openTemp(t)
	if n, err := check(l2); n != 0 || err != nil {
		t.Errorf("empty new log: %d, %v", n, err)
	}
}

// The count Verify and Check give is the file's lines, also past a break.
func TestVerifyCountsEveryLine(t *testing.T) {
	l := openTemp(t)
	for range 11 {
		record(t, l, "AB12CD")
	}
	lines := readLines(t, l.Path())
	lines[4] = strings.Replace(lines[4], "AB12CD", "AB12CE", 1)
	os.WriteFile(l.Path(), []byte(strings.Join(lines, "\n")+"\n"), 0o600)
	n, err := check(l)
	var b *Broken
	if !errors.As(err, &b) || b.Line != 5 || n != 22 {
		t.Fatalf("broken at %v, %d lines; want line 5 of 22", err, n)
	}
	if n, _ := verifyFile(t, l.Path()); n != 22 {
		t.Errorf("Verify counted %d lines", n)
	}
}
