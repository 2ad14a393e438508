//go:build linux

package main

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
)

// Issue 17's batch memory targets: `get -` streams, whatever the input
// and however slow one answer is. Run with
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

// BenchmarkBatchPeakRSS reports padview's peak resident memory for
// `head -c 2000000 </dev/zero | tr '\0' '\n' | padview get -` (two million
// blank lines) and for 100,000 PAIDs of 1.2 MB answers behind a slow
// second answer, interrupted once the batch has moved on from it (target
// for both: under 256 MB). held-behind-slow is how many requests went out
// while the slow answer held the output back.
func BenchmarkBatchPeakRSS(b *testing.B) {
	bin := builtBinary(b)
	b.Run("blank-lines", func(b *testing.B) {
		for b.Loop() {
			r := runBatchRSS(b, bin, "blank", "", nil)
			if r.exit != 2 {
				b.Fatalf("exit %d, want 2 (no PAIDs)", r.exit)
			}
			reportRSS(b, r)
		}
	})
	b.Run("behind-a-slow-answer", func(b *testing.B) {
		for b.Loop() {
			srv := newSlowBigService()
			r := runBatchRSS(b, bin, "behind-slow", srv.URL, srv.drive)
			srv.Close()
			if r.exit != 130 {
				b.Fatalf("exit %d, want 130 (interrupted)", r.exit)
			}
			b.ReportMetric(float64(srv.heldBehind), "held-behind-slow")
			b.ReportMetric(float64(srv.served), "answers")
			reportRSS(b, r)
		}
	})
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
// gets the helper's stdin: a line "INT" there interrupts padview.
func runBatchRSS(b *testing.B, bin, name, base string, drive func(io.Writer)) batchRSS {
	helper := exec.Command(os.Args[0], "-test.run=^TestBatchRSSChild$")
	helper.Env = append(os.Environ(), batchRSSChildEnv+"="+bin, batchRSSCaseEnv+"="+name,
		"PADVIEW_BASE_URL="+base+"/v1", "PADVIEW_TOKEN=memory-test-token", "PADVIEW_CONFIG_DIR="+b.TempDir())
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
	return r
}

// TestBatchRSSChild is BenchmarkBatchPeakRSS's helper: it runs `padview
// get -` with the case's stdin, interrupts it when its own stdin says
// "INT", and prints the child's peak RSS and exit code.
func TestBatchRSSChild(t *testing.T) {
	bin := os.Getenv(batchRSSChildEnv)
	if bin == "" {
		t.Skip("run by BenchmarkBatchPeakRSS")
	}
	child := exec.Command(bin, "get", "--json", "-")
	child.Stdout = io.Discard
	child.Stderr = os.Stderr
	stdin, err := child.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		defer stdin.Close()
		w := bufio.NewWriter(stdin)
		switch os.Getenv(batchRSSCaseEnv) {
		case "blank":
			w.Write(bytes.Repeat([]byte{'\n'}, 2000000))
		case "behind-slow":
			w.WriteString("FAST\nSLOW\n")
			for i := range behindSlowPAIDs - 2 {
				fmt.Fprintf(w, "BIG-%06d\n", i)
			}
		}
		w.Flush()
	}()
	go func() {
		sc := bufio.NewScanner(os.Stdin)
		for sc.Scan() {
			if sc.Text() == "INT" {
				child.Process.Signal(syscall.SIGINT)
			}
		}
	}()
	child.Wait()
	rss := child.ProcessState.SysUsage().(*syscall.Rusage).Maxrss << 10 // KiB on Linux
	fmt.Printf("child: maxrss=%d exit=%d\n", rss, child.ProcessState.ExitCode())
}

// slowBigService answers FAST at once, SLOW only once the batch has
// stopped sending requests behind it, and every other PAID with a 1.2 MB
// advertisement.
type slowBigService struct {
	*httptest.Server
	mu         sync.Mutex
	requests   int
	last       time.Time
	release    chan struct{}
	heldBehind int // requests that came while SLOW was held
	served     int // answers sent
}

func newSlowBigService() *slowBigService {
	var big bytes.Buffer
	big.WriteString(`{"advertiser":{"companyName":"Alliance"},"basicInformation":{"title":"`)
	big.WriteString(strings.Repeat("A long title. ", bigAnswerBytes/14))
	big.WriteString(`"}}`)
	body := big.Bytes()
	s := &slowBigService{release: make(chan struct{}), last: time.Now()}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.requests++
		s.last = time.Now()
		s.mu.Unlock()
		switch {
		case strings.HasSuffix(r.URL.Path, "/SLOW"):
			select {
			case <-s.release:
			case <-r.Context().Done():
				return
			}
		case strings.HasSuffix(r.URL.Path, "/FAST"):
			w.Write([]byte(`{"advertiser":{"companyName":"Fast"}}`))
			return
		}
		w.Write(body)
		s.mu.Lock()
		s.served++
		s.mu.Unlock()
	}))
	return s
}

// drive releases SLOW once no request has come for two seconds (the batch
// waits for it), then interrupts padview once 200 more answers went out.
func (s *slowBigService) drive(helper io.Writer) {
	for {
		time.Sleep(100 * time.Millisecond)
		s.mu.Lock()
		idle, n := time.Since(s.last), s.requests
		s.mu.Unlock()
		if n >= 2 && idle > 2*time.Second {
			s.mu.Lock()
			s.heldBehind = s.requests - 2
			s.mu.Unlock()
			break
		}
	}
	close(s.release)
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
