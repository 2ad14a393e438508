//go:build linux

package e2e

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// BenchmarkCheckFileCSV runs `padview check --summary --file` and
// `padview check --file` on a CSV export of 100,000 rows, one
// advertisement a row (a quoted line break in each), and reports rows per
// second and padview's peak resident memory: the export is read a row at
// a time, so memory stays flat (target: under 256 MB, as any batch).
func BenchmarkCheckFileCSV(b *testing.B) {
	const rows = 100_000
	bin := builtBinary(b)
	csv := filepath.Join(b.TempDir(), "export.csv")
	f, err := os.Create(csv)
	if err != nil {
		b.Fatal(err)
	}
	fmt.Fprintln(f, "ad id;title;advertiser name;sponsor name;spend;currency;start date;end date;linked election;funding origin;targeting used;notice url")
	for i := range rows {
		fmt.Fprintf(f, "AD%06d;\"Vote Yes on Measure %d\nwater quality\";Riverside Civic Alliance;Friends of the Estuary;%d;EUR;2026-09-01;2026-11-30;"+
			"Northbank Regional Referendum;private, within the EU;yes;https://transparency.example/ad%d\n", i, i%50, 1000+i%9000, i)
	}
	f.Close()
	for _, args := range [][]string{{"check", "--summary"}, {"check"}} {
		name := map[int]string{1: "reports", 2: "summary"}[len(args)]
		b.Run(name, func(b *testing.B) {
			var cpu time.Duration // the machine may be shared: CPU time says what padview took
			for b.Loop() {
				c := exec.Command(bin, append(args, "--file", csv)...)
				c.Env = append(os.Environ(), "PADVIEW_CONFIG_DIR="+b.TempDir(), "PADVIEW_STATE_DIR="+b.TempDir())
				c.Stdout, c.Stderr = io.Discard, io.Discard
				err := c.Run()
				if code := c.ProcessState.ExitCode(); code != 6 { // every row lacks an item: incomplete
					b.Fatalf("exit %d: %v", code, err)
				}
				cpu += c.ProcessState.UserTime() + c.ProcessState.SystemTime()
				rss := c.ProcessState.SysUsage().(*syscall.Rusage).Maxrss << 10 // KiB on Linux
				b.ReportMetric(float64(rss)/(1<<20), "peak-RSS-MB")
				if rss > maxRSS {
					b.Errorf("peak RSS %d MiB, more than the %d MiB target", rss>>20, maxRSS>>20)
				}
			}
			b.ReportMetric(float64(rows*b.N)/b.Elapsed().Seconds(), "rows/s")
			b.ReportMetric(float64(rows*b.N)/cpu.Seconds(), "rows/cpu-s")
		})
	}
}
