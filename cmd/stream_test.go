package cmd

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/fake"
)

// counted serves the fake's answers and counts the requests by PAID.
type counted struct {
	mu   sync.Mutex
	seen []string
	next http.Handler
	hold map[string]chan struct{} // PAIDs whose answer waits until the channel closes
}

func (c *counted) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	paid := r.PathValue("paid")
	if paid == "" {
		paid = r.URL.Path[strings.LastIndex(r.URL.Path, "/")+1:]
	}
	c.mu.Lock()
	c.seen = append(c.seen, paid)
	hold := c.hold[paid]
	c.mu.Unlock()
	if hold != nil {
		select {
		case <-hold:
		case <-r.Context().Done():
			return
		}
	}
	c.next.ServeHTTP(w, r)
}

// reset forgets the requests seen so far.
func (c *counted) reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seen = nil
}

func (c *counted) requests() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.seen...)
}

func newCounted(t *testing.T) *counted {
	return &counted{next: startFake(t, fake.Options{}).Handler(), hold: map[string]chan struct{}{}}
}

// `get -` looks the first PAID up, and prints it, before the input ends.
func TestGetStreamsStdin(t *testing.T) {
	srv := newCounted(t)
	synctest.Test(t, func(t *testing.T) {
		h := inBubble(t, srv, 0, 0)
		env, out, errb := h.env()
		pr, pw := io.Pipe()
		env.Stdin = pr
		done := make(chan int)
		go func() { done <- Execute(t.Context(), env, []string{"get", "--json", "-"}) }()
		fmt.Fprintln(pw, "AB12CD")
		synctest.Wait()
		if got := srv.requests(); len(got) != 1 || got[0] != "AB12CD" || !strings.HasPrefix(out.String(), `{"paid":"AB12CD"`) {
			t.Fatalf("with stdin still open: requests %v, stdout %q", got, out.String())
		}
		fmt.Fprintln(pw, "XK9P2M")
		pw.Close()
		if code := <-done; code != 0 || strings.Count(out.String(), "\n") != 2 {
			t.Fatalf("exit %d\n%s\n%s", code, out, errb)
		}
	})
}

// A bad line is reported when it comes, the batch goes on, and a line far
// longer than any PAID is never read into memory whole.
func TestBadLinesAreReportedAsTheyCome(t *testing.T) {
	h, _ := withService(t, fake.Options{})
	h.stdin = "AB12CD\n" + strings.Repeat("x", 3*maxListLine) + "\nbad paid\nXK9P2M\n"
	code, out, errs := h.run("get", "--json", "-")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != ExitUsage || len(lines) != 4 || !strings.Contains(lines[1], "line 2 of stdin: the line is longer than 4,096 bytes") ||
		!strings.Contains(lines[2], `"kind":"invalid_paid"`) || !strings.Contains(lines[3], `"paid":"XK9P2M"`) {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	if len(lines[1]) > 400 {
		t.Errorf("the overlong line is quoted whole: %d bytes", len(lines[1]))
	}
}

// lineReader is stdin of n PAIDs made as they are read, counting what was
// read.
type lineReader struct {
	n, i  int
	read  int
	extra []byte
}

func (l *lineReader) Read(p []byte) (int, error) {
	for len(l.extra) < len(p) && l.i < l.n {
		l.extra = fmt.Appendf(l.extra, "PAID-%07d\n", l.i)
		l.i++
	}
	if len(l.extra) == 0 {
		return 0, io.EOF
	}
	n := copy(p, l.extra)
	l.extra = l.extra[n:]
	l.read += n
	return n, nil
}

// Behind one slow answer, the batch holds at most maxAhead answers and
// reads at most maxReadAhead PAIDs ahead; the lookups pause until the slow
// one is printed, and an interruption reports each PAID read (JSON Lines)
// without reading the rest.
func TestASlowAnswerHoldsABoundedWindow(t *testing.T) {
	t.Parallel() // its own service, state directory and database
	srv := newCounted(t)
	synctest.Test(t, func(t *testing.T) {
		// The token's first request goes alone, and whichever PAID reaches
		// the budget first would be it: one lookup beforehand on the same
		// budget leaves the batch's lookups free to go together, so that
		// PAID-0000000 is answered while PAID-0000001 is held.
		h := inBubble(t, srv, 1000, time.Minute)
		if code, _, errs := h.run("get", "AB12CD"); code != 0 {
			t.Fatalf("the first lookup: exit %d\n%s", code, errs)
		}
		srv.reset()
		srv.hold["PAID-0000001"] = make(chan struct{}) // made in the bubble: waiting on it is durable
		env, out, _ := h.env()
		in := &lineReader{n: 100000}
		env.Stdin = in
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan int)
		go func() { done <- Execute(ctx, env, []string{"get", "--json", "-"}) }()
		synctest.Wait()
		const concurrency = 4
		if n := len(srv.requests()); n > 2+maxAhead+concurrency || n < maxAhead {
			t.Errorf("%d requests behind the slow answer; the window allows %d: %v", n, 2+maxAhead+concurrency, srv.requests())
		}
		if most := (maxReadAhead+maxAhead+concurrency+2)*len("PAID-0000000\n") + maxListLine; in.read > most {
			t.Errorf("read %d bytes of stdin ahead; at most %d", in.read, most)
		}
		if lines := strings.Count(out.String(), "\n"); lines != 1 {
			t.Errorf("%d lines printed before the slow answer came", lines)
		}
		cancel()
		<-done
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		last := lines[len(lines)-1]
		if read := in.i; len(lines) < maxAhead || len(lines) > read || !strings.Contains(last, `"kind":"canceled"`) {
			t.Errorf("%d lines for %d PAIDs read; the last: %s", len(lines), read, last)
		}
	})
}

// Large answers behind a slow one are held up to maxHeldBytes of their
// bodies, not up to maxAhead of them.
func TestASlowAnswerHoldsBoundedBytes(t *testing.T) {
	t.Parallel() // its own service, state directory and database
	body := `{"advertiser":{"companyName":"` + strings.Repeat("a", 1<<20) + `"}}`
	var mu sync.Mutex
	seen := 0
	var release chan struct{}
	srv := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen++
		mu.Unlock()
		if strings.HasSuffix(r.URL.Path, "/SLOW") {
			select {
			case <-release:
			case <-r.Context().Done():
				return
			}
		}
		io.WriteString(w, body)
	})
	synctest.Test(t, func(t *testing.T) {
		release = make(chan struct{})
		// One lookup first, so that the batch's lookups go together (see
		// TestASlowAnswerHoldsABoundedWindow).
		h := inBubble(t, srv, 1000, time.Minute)
		if code, _, errs := h.run("get", "--raw", "FIRST"); code != 0 {
			t.Fatalf("the first lookup: exit %d\n%s", code, errs)
		}
		mu.Lock()
		seen = 0
		mu.Unlock()
		held := int(maxHeldBytes/weight(result{ex: &api.Exchange{Body: []byte(body)}})) + 1
		// Twice as many large answers as the byte bound lets wait: without
		// it, all of them would (maxAhead is far more).
		h.stdin = "FIRST\nSLOW\n" + strings.Repeat("BIG\n", 2*(2+held+4))
		env, out, _ := h.env()
		env.Stdout = io.Discard
		done := make(chan int)
		go func() { done <- Execute(t.Context(), env, []string{"get", "--raw", "-"}) }()
		synctest.Wait()
		mu.Lock()
		n := seen
		mu.Unlock()
		if n < 3 {
			t.Errorf("%d requests: the batch should go on behind the slow answer", n)
		}
		if n > 2+held+4 {
			t.Errorf("%d requests behind the slow answer of ~%d bytes each; the byte bound allows %d", n, len(body), 2+held+4)
		}
		close(release)
		if code := <-done; code != 0 {
			t.Fatalf("exit %d %s", code, out)
		}
	})
}
