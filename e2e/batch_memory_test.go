//go:build linux

package e2e

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/padview/padview/api/fake"
)

// Issue 17's batch memory targets: `get -` streams, whatever the input,
// however slow one answer is, however large the answers and however slow
// the reader of its output. Run with
//
//	go test -run '^$' -bench BatchPeakRSS -benchtime 1x .
//
// The figures are the child's own peak (see TestMemoryCeiling for why a
// helper starts it).
const (
	batchRSSChildEnv = "PADVIEW_BATCH_RSS_BINARY"
	batchRSSCaseEnv  = "PADVIEW_BATCH_RSS_CASE"
	bigAnswerBytes   = 1200 << 10 // a large advertisement, as in the 400 answers of 1.2 MB
	behindSlowPAIDs  = 100000
)

// batchRSSCase is one batch BenchmarkBatchPeakRSS measures: the arguments
// after `padview get`, the PAIDs of its stdin after SLOW (the slow first
// answer; none for "blank"), whether the output's reader stalls once SLOW
// came, whether it is interrupted once 200 answers came after SLOW, and the
// exit code it must end with.
type batchRSSCase struct {
	name      string
	args      []string
	paid      string // the PAID repeated after SLOW
	n         int    // how many times
	stall     bool
	interrupt bool
	exit      int
}

var fullViewFlags = []string{"--full", "--accept-personal-data", "--reason", "Compliance review"}

var batchRSSCases = []batchRSSCase{
	// 1.2 MB answers of one long title: interrupted, as 100,000 would take hours.
	{name: "behind-a-slow-answer", args: []string{"--json"}, paid: "BIG", n: behindSlowPAIDs - 2, interrupt: true, exit: 130},
	// Sponsor-heavy answers: a document takes four to six times its body.
	{name: "MANY5000-behind-slow-text", paid: fake.ManySponsorsPAID, n: 400},
	{name: "MANY5000-behind-slow-json", args: []string{"--json"}, paid: fake.ManySponsorsPAID, n: 400},
	{name: "MANY5000-full-behind-slow-text", args: fullViewFlags, paid: fake.ManySponsorsPAID, n: 120},
	{name: "MANY50000-behind-slow-text", paid: fake.HugeSponsorsPAID, n: 30},
	{name: "MANY50000-full-behind-slow-json", args: append([]string{"--json"}, fullViewFlags...), paid: fake.HugeSponsorsPAID, n: 30},
	// The output's reader stops reading once SLOW came, until the batch
	// stopped sending requests.
	{name: "MANY5000-stalled-reader-json", args: []string{"--json"}, paid: fake.ManySponsorsPAID, n: 400, stall: true},
	// 31 MiB answers of one-digit numbers, the most memory a body can ask
	// for per byte, four in flight: each is refused as too many values.
	{name: "31MiB-tiny-values-in-flight", args: []string{"--json"}, paid: "HOSTILE", n: 12, exit: 1},
}

// BenchmarkBatchPeakRSS reports padview's peak resident memory for `head
// -c 2000000 </dev/zero | tr '\0' '\n' | padview get -` (two million blank
// lines) and for each of batchRSSCases (target for all: under 256 MB).
// held-behind-slow is how many requests went out while the slow answer
// held the output back.
func BenchmarkBatchPeakRSS(b *testing.B) {
	bin := builtBinary(b)
	b.Run("blank-lines", func(b *testing.B) {
		for b.Loop() {
			r := runBatchRSS(b, bin, batchRSSCase{name: "blank", exit: 2}, "", nil)
			reportRSS(b, r)
		}
	})
	for _, c := range batchRSSCases {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				srv := newSlowService(b)
				r := runBatchRSS(b, bin, c, srv.URL, func(helper io.Writer) { srv.drive(helper, c) })
				srv.Close()
				if c.exit == 0 && srv.served < c.n {
					b.Errorf("%d answers served, want %d", srv.served, c.n)
				}
				b.ReportMetric(float64(srv.heldBehind), "held-behind-slow")
				b.ReportMetric(float64(srv.served), "answers")
				reportRSS(b, r)
			}
		})
	}
}

func reportRSS(b *testing.B, r batchRSS) {
	b.ReportMetric(float64(r.rss)/(1<<20), "peak-RSS-MB")
	if r.rss > maxRSS {
		b.Errorf("peak RSS %d MiB, more than the %d MiB target", r.rss>>20, maxRSS>>20)
	}
}

type batchRSS struct {
	rss  int64
	exit int
}

// runBatchRSS runs the helper for one case against base; drive, if set,
// gets the helper's stdin: a line "INT" there interrupts padview, "DRAIN"
// starts reading its stalled output.
func runBatchRSS(b *testing.B, bin string, c batchRSSCase, base string, drive func(io.Writer)) batchRSS {
	helper := exec.Command(os.Args[0], "-test.run=^TestBatchRSSChild$")
	helper.Env = append(os.Environ(), batchRSSChildEnv+"="+bin, batchRSSCaseEnv+"="+c.name,
		"PADVIEW_BASE_URL="+base+"/v1", "PADVIEW_TOKEN="+fake.DemoToken, "PADVIEW_CONFIG_DIR="+b.TempDir(),
		"PADVIEW_STATE_DIR="+b.TempDir())
	in, err := helper.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	var out bytes.Buffer
	helper.Stdout, helper.Stderr = &out, &out
	if err := helper.Start(); err != nil {
		b.Fatal(err)
	}
	if drive != nil {
		go drive(in)
	} else {
		in.Close()
	}
	if err := helper.Wait(); err != nil {
		b.Fatalf("helper: %v\n%s", err, out.String())
	}
	var r batchRSS
	if _, err := fmt.Sscanf(lineAfter(out.String(), "child:"), "maxrss=%d exit=%d", &r.rss, &r.exit); err != nil {
		b.Fatalf("helper output: %v\n%s", err, out.String())
	}
	if r.exit != c.exit {
		b.Fatalf("exit %d, want %d\n%s", r.exit, c.exit, out.String())
	}
	return r
}

// batchRSSCaseNamed finds the helper's case; "blank" is two million blank
// lines.
func batchRSSCaseNamed(name string) batchRSSCase {
	for _, c := range batchRSSCases {
		if c.name == name {
			return c
		}
	}
	return batchRSSCase{name: name}
}

// TestBatchRSSChild is BenchmarkBatchPeakRSS's helper: it runs `padview
// get` with the case's arguments and stdin, interrupts it when its own
// stdin says "INT", stalls reading its output until "DRAIN" when the case
// says so, and prints the child's peak RSS and exit code.
func TestBatchRSSChild(t *testing.T) {
	bin := os.Getenv(batchRSSChildEnv)
	if bin == "" {
		t.Skip("run by BenchmarkBatchPeakRSS")
	}
	c := batchRSSCaseNamed(os.Getenv(batchRSSCaseEnv))
	child := exec.Command(bin, append(append([]string{"get"}, c.args...), "-")...)
	child.Stderr = io.Discard // the summary line; the exit code says enough
	stdout, err := child.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdin, err := child.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	drain := make(chan struct{})
	go func() {
		if c.stall {
			<-drain
		}
		io.Copy(io.Discard, stdout)
	}()
	go feedBatch(stdin, c)
	go func() {
		sc := bufio.NewScanner(os.Stdin)
		for sc.Scan() {
			switch sc.Text() {
			case "INT":
				child.Process.Signal(syscall.SIGINT)
			case "DRAIN":
				close(drain)
			}
		}
	}()
	child.Wait()
	rss := child.ProcessState.SysUsage().(*syscall.Rusage).Maxrss << 10 // KiB on Linux
	fmt.Printf("child: maxrss=%d exit=%d\n", rss, child.ProcessState.ExitCode())
}

// feedBatch writes the case's PAIDs: FAST, SLOW, then the case's PAID n
// times (numbered BIG-000001 … for "BIG", which each get a 1.2 MB answer).
func feedBatch(stdin io.WriteCloser, c batchRSSCase) {
	defer stdin.Close()
	w := bufio.NewWriter(stdin)
	defer w.Flush()
	if c.name == "blank" {
		w.Write(bytes.Repeat([]byte{'\n'}, 2000000))
		return
	}
	w.WriteString("FAST\nSLOW\n")
	for i := range c.n {
		if c.paid == "BIG" {
			fmt.Fprintf(w, "BIG-%06d\n", i)
		} else {
			fmt.Fprintln(w, c.paid)
		}
	}
}

// slowService answers FAST at once, SLOW only once the batch has stopped
// sending requests behind it, BIG-* with a 1.2 MB advertisement of one
// long title, HOSTILE with 31 MiB of one-digit numbers, and every other
// PAID as the fake does (MANY5000, MANY50000).
type slowService struct {
	*httptest.Server
	mu         sync.Mutex
	requests   int
	last       time.Time
	release    chan struct{}
	heldBehind int // requests that came while SLOW was held
	served     int // answers sent after FAST
}

func newSlowService(b *testing.B) *slowService {
	f, err := fake.Start(fake.Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { f.Close() })
	var big bytes.Buffer
	big.WriteString(`{"advertiser":{"companyName":"Alliance"},"basicInformation":{"title":"`)
	big.WriteString(strings.Repeat("A long title. ", bigAnswerBytes/14))
	big.WriteString(`"}}`)
	bigBody, hostileBody := big.Bytes(), repeated("[", "1", "]", bodySize/2)
	s := &slowService{release: make(chan struct{}), last: time.Now()}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.requests++
		s.last = time.Now()
		s.mu.Unlock()
		paid := r.URL.Path[strings.LastIndex(r.URL.Path, "/")+1:]
		switch {
		case paid == "FAST":
			w.Write([]byte(`{"advertiser":{"companyName":"Fast"}}`))
			return
		case paid == "SLOW":
			select {
			case <-s.release:
			case <-r.Context().Done():
				return
			}
			w.Write([]byte(`{"advertiser":{"companyName":"Slow"}}`))
		case strings.HasPrefix(paid, "BIG-"):
			w.Write(bigBody)
		case paid == "HOSTILE":
			w.Write(hostileBody)
		default:
			f.Handler().ServeHTTP(w, r)
		}
		s.mu.Lock()
		s.served++
		s.mu.Unlock()
	}))
	return s
}

// idle waits until at least n requests came and none for two seconds:
// the batch waits for something.
func (s *slowService) idle(n int) {
	for {
		time.Sleep(100 * time.Millisecond)
		s.mu.Lock()
		quiet, got := time.Since(s.last), s.requests
		s.mu.Unlock()
		if got >= n && quiet > 2*time.Second {
			return
		}
	}
}

// drive releases SLOW once the batch waits for it; with a stalled reader,
// it then lets the output be read once the batch waits again; with an
// interruption, it interrupts padview once 200 more answers went out.
func (s *slowService) drive(helper io.Writer, c batchRSSCase) {
	s.idle(2)
	s.mu.Lock()
	s.heldBehind = s.requests - 2
	s.mu.Unlock()
	close(s.release)
	if c.stall {
		s.idle(0)
		io.WriteString(helper, "DRAIN\n")
	}
	if !c.interrupt {
		return
	}
	for {
		time.Sleep(100 * time.Millisecond)
		s.mu.Lock()
		done := s.served >= s.heldBehind+200
		s.mu.Unlock()
		if done {
			break
		}
	}
	io.WriteString(helper, "INT\n")
}
