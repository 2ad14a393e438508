package e2e

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"

	"github.com/padview/padview/api/fake"
)

// The whole-process benchmarks: the binary a user runs, timed from outside
// as a shell would see it. Run them with
//
//	go test -run '^$' -bench 'Version|GetVsCurlJq|TUI' -benchtime 15x .
//
// or `bash .ci/bench`, which adds the batch pacing and prints the targets.

// needTools skips a benchmark when a reference tool is missing, except
// under CI, where a missing tool is a broken machine.
func needTools(b *testing.B, tools ...string) {
	b.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") != "" {
				b.Fatalf("CI must install %s", tool)
			}
			b.Skipf("%s is not installed; this benchmark compares padview with it", tool)
		}
	}
}

// startDemoServer runs `padview demo-server` on a free loopback port until
// the benchmark ends, and returns its base URL.
func startDemoServer(b *testing.B, bin string) string {
	b.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	srv := exec.Command(bin, "demo-server", "--addr", addr)
	srv.Env = benchEnv(b)
	if err := srv.Start(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		_ = srv.Process.Signal(os.Interrupt)
		_ = srv.Wait()
	})
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			b.Fatalf("padview demo-server never listened on %s", addr)
		}
	}
	return "http://" + addr + "/v1"
}

// benchEnv is a clean environment: no user config, no keyring, a terminal
// type the TUI knows.
func benchEnv(b *testing.B, extra ...string) []string {
	return append([]string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + b.TempDir(), "TERM=xterm-256color",
		"PADVIEW_CONFIG_DIR=" + b.TempDir(),
	}, extra...)
}

// run is one finished process: wall clock from start to reaped, and the
// CPU time the kernel accounted to it.
type run struct{ wall, cpu time.Duration }

// timed runs cmds side by side, as a shell runs a pipeline; the parent's
// copies of the pipe between them are closed once the children hold theirs.
func timed(b *testing.B, cmds []*exec.Cmd, pipeEnds ...*os.File) run {
	b.Helper()
	start := time.Now()
	for _, c := range cmds {
		if err := c.Start(); err != nil {
			b.Fatalf("%s: %v", c.Path, err)
		}
	}
	for _, f := range pipeEnds {
		f.Close()
	}
	var r run
	for _, c := range cmds {
		if err := c.Wait(); err != nil {
			b.Fatalf("%s: %v", strings.Join(c.Args, " "), err)
		}
		r.cpu += c.ProcessState.UserTime() + c.ProcessState.SystemTime()
	}
	r.wall = time.Since(start)
	return r
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

func medianRatio(a, b []time.Duration) float64 {
	r := make([]float64, len(a))
	for i := range a {
		r[i] = float64(a[i]) / float64(b[i])
	}
	slices.Sort(r)
	return r[len(r)/2]
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// BenchmarkVersion is `padview --version`, the cost of starting at all
// (target: 10 ms).
func BenchmarkVersion(b *testing.B) {
	bin := builtBinary(b)
	devnull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		b.Fatal(err)
	}
	defer devnull.Close()
	var walls []time.Duration
	for b.Loop() {
		c := exec.Command(bin, "--version")
		c.Env, c.Stdout = benchEnv(b), devnull
		walls = append(walls, timed(b, []*exec.Cmd{c}).wall)
	}
	b.ReportMetric(ms(median(walls)), "median-ms")
}

// BenchmarkGetVsCurlJq looks up one advertisement on `padview demo-server`
// three ways, in turn: `padview get`, `curl -s -H … URL | jq .` and bare
// `curl`, and reports each median and the median of the pairwise ratios
// (target: padview ≤ 0.5× curl | jq).
func BenchmarkGetVsCurlJq(b *testing.B) {
	needTools(b, "curl", "jq")
	bin := builtBinary(b)
	base := startDemoServer(b, bin)
	url := base + "/advertisement/AB12CD"
	env := benchEnv(b, "PADVIEW_TOKEN="+fake.DemoToken)
	devnull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		b.Fatal(err)
	}
	defer devnull.Close()
	padview := func() run {
		c := exec.Command(bin, "get", "--base-url", base, "AB12CD")
		c.Env, c.Stdout = env, devnull
		return timed(b, []*exec.Cmd{c})
	}
	curl := func() *exec.Cmd {
		c := exec.Command("curl", "-s", "-f", "-H", "Authorization: Bearer "+fake.DemoToken, url)
		c.Env = env
		return c
	}
	curlJq := func() run {
		r, w, err := os.Pipe()
		if err != nil {
			b.Fatal(err)
		}
		c, jq := curl(), exec.Command("jq", ".")
		c.Stdout, jq.Stdin, jq.Stdout, jq.Env = w, r, devnull, env
		return timed(b, []*exec.Cmd{c, jq}, r, w)
	}
	bare := func() run {
		c := curl()
		c.Stdout = devnull
		return timed(b, []*exec.Cmd{c})
	}
	// Warm the page cache and the server.
	padview()
	curlJq()
	bare()
	var pv, pvCPU, cj, cjCPU, cu []time.Duration
	for b.Loop() {
		r := padview()
		pv, pvCPU = append(pv, r.wall), append(pvCPU, r.cpu)
		r = curlJq()
		cj, cjCPU = append(cj, r.wall), append(cjCPU, r.cpu)
		cu = append(cu, bare().wall)
	}
	b.ReportMetric(ms(median(pv)), "padview-ms")
	b.ReportMetric(ms(median(pvCPU)), "padview-cpu-ms")
	b.ReportMetric(ms(median(cj)), "curl|jq-ms")
	b.ReportMetric(ms(median(cjCPU)), "curl|jq-cpu-ms")
	b.ReportMetric(ms(median(cu)), "curl-ms")
	b.ReportMetric(medianRatio(pv, cj), "ratio-vs-curl|jq")
	b.ReportMetric(medianRatio(pv, cu), "ratio-vs-curl")
}

// fullFrameMarkers are on the first and the last line of the TUI's first
// screen, so a frame that holds both has been drawn whole.
var fullFrameMarkers = []string{"padview", "quit"}

// firstFrame starts padview with args in a pseudo-terminal of 120×40 and
// returns the time from exec to the moment its output holds a full frame.
func firstFrame(b *testing.B, bin string, env []string, args ...string) time.Duration {
	b.Helper()
	c := exec.Command(bin, args...)
	c.Env = env
	start := time.Now()
	tty, err := pty.StartWithSize(c, &pty.Winsize{Rows: 40, Cols: 120})
	if err != nil {
		b.Fatal(err)
	}
	framed := make(chan time.Duration, 1)
	var out bytes.Buffer
	var mu sync.Mutex
	go func() {
		buf := make([]byte, 64<<10)
		sent := false
		for {
			n, err := tty.Read(buf)
			if n > 0 && !sent {
				mu.Lock()
				out.Write(buf[:n])
				full := true
				for _, m := range fullFrameMarkers {
					full = full && bytes.Contains(out.Bytes(), []byte(m))
				}
				mu.Unlock()
				if full {
					framed <- time.Since(start)
					sent = true
				}
			}
			if err != nil {
				return
			}
		}
	}()
	var took time.Duration
	select {
	case took = <-framed:
	case <-time.After(10 * time.Second):
		_ = c.Process.Kill()
		_ = c.Wait()
		tty.Close()
		mu.Lock()
		defer mu.Unlock()
		b.Fatalf("no full frame (%q) in 10 s; the terminal got:\n%q", fullFrameMarkers, out.String())
	}
	_, _ = tty.Write([]byte{3}) // ctrl+c
	done := make(chan struct{})
	go func() { _ = c.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		_ = c.Process.Kill()
		<-done
	}
	tty.Close()
	return took
}

// BenchmarkTUIFirstFrame times exec → first full frame through a pseudo-
// terminal, in demo mode and against a server (targets: 40 and 35 ms).
func BenchmarkTUIFirstFrame(b *testing.B) {
	bin := builtBinary(b)
	b.Run("demo", func(b *testing.B) {
		env := benchEnv(b)
		firstFrame(b, bin, env, "--demo")
		var ts []time.Duration
		for b.Loop() {
			ts = append(ts, firstFrame(b, bin, env, "--demo"))
		}
		b.ReportMetric(ms(median(ts)), "first-frame-ms")
	})
	b.Run("server", func(b *testing.B) {
		base := startDemoServer(b, bin)
		env := benchEnv(b, "PADVIEW_TOKEN="+fake.DemoToken)
		firstFrame(b, bin, env, "--base-url", base)
		var ts []time.Duration
		for b.Loop() {
			ts = append(ts, firstFrame(b, bin, env, "--base-url", base))
		}
		b.ReportMetric(ms(median(ts)), "first-frame-ms")
	})
}

// BenchmarkTUIPeakRSS opens the 5,000-sponsor sample in the --demo TUI in a
// real terminal (tmux), switches to the full view, visits every pane, and
// reports the process's peak resident memory, VmHWM (target: 45 MB).
func BenchmarkTUIPeakRSS(b *testing.B) {
	needTools(b, "tmux")
	if _, err := os.Stat("/proc/self/status"); err != nil {
		b.Skip("peak memory is read from /proc, which only Linux has")
	}
	bin := builtBinary(b)
	var peaks []float64
	for i := 0; b.Loop(); i++ {
		peaks = append(peaks, peakRSSAfterMany5000(b, bin, fmt.Sprintf("padview-rss-%d-%d", os.Getpid(), i)))
	}
	slices.Sort(peaks)
	b.ReportMetric(peaks[len(peaks)/2], "peak-RSS-MB")
}

func peakRSSAfterMany5000(b *testing.B, bin, socket string) float64 {
	s := &tmuxSession{t: b, socket: socket}
	defer func() {
		path, _ := s.tmux("display-message", "-p", "#{socket_path}")
		s.tmux("kill-server")
		os.Remove(strings.TrimSpace(path))
	}()
	// The full view is recorded in the access log: a temporary one.
	cmd := fmt.Sprintf("exec env TERM=xterm-256color PADVIEW_CONFIG_DIR=%s PADVIEW_STATE_DIR=%s %s --demo", b.TempDir(), b.TempDir(), bin)
	if out, err := s.tmux("new-session", "-d", "-s", "pv", "-x", "120", "-y", "40", cmd); err != nil {
		b.Fatalf("tmux: %v %s", err, out)
	}
	pidText, err := s.tmux("display-message", "-p", "-t", "pv", "#{pane_pid}")
	if err != nil {
		b.Fatalf("tmux: %v %s", err, pidText)
	}
	pid := strings.TrimSpace(pidText)
	s.waitFor(fake.ManySponsorsPAID)
	s.text(fake.ManySponsorsPAID)
	s.keys("Enter")
	s.waitFor("Riverside Civic Alliance")
	s.keys("f")
	s.waitFor("y show personal data") // the confirmation arms itself after 400 ms
	s.keys("y")
	// Ten panes and one more: every pane is drawn with the full view open.
	sawPersonal := false
	for range 11 {
		s.keys("Tab")
		sawPersonal = sawPersonal || strings.Contains(s.settled(), "donor0001@donors.example")
	}
	if !sawPersonal {
		b.Fatalf("the full view of %s never showed a sponsor's email:\n%s", fake.ManySponsorsPAID, s.screen())
	}
	status, err := os.ReadFile(filepath.Join("/proc", pid, "status"))
	if err != nil {
		b.Fatal(err)
	}
	if !bytes.Contains(status, []byte("Name:\tpadview")) {
		b.Fatalf("process %s is not padview:\n%s", pid, status)
	}
	for _, line := range strings.Split(string(status), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			if err != nil {
				b.Fatalf("VmHWM line %q: %v", line, err)
			}
			return float64(kb) / 1024
		}
	}
	b.Fatalf("no VmHWM in /proc/%s/status", pid)
	return 0
}
