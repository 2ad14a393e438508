package answerfile

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// exportRows writes a CSV export of n rows, one advertisement a row, with
// a quoted line break in every title (fictional data).
func exportRows(tb testing.TB, n int) string {
	tb.Helper()
	p := filepath.Join(tb.TempDir(), "export.csv")
	f, err := os.Create(p)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	fmt.Fprintln(f, "ad id;title;advertiser name;sponsor name;spend;currency;start date;end date;linked election;funding origin;targeting used;notice url")
	for i := range n {
		fmt.Fprintf(f, "AD%06d;\"Vote Yes on Measure %d\nwater quality\";Riverside Civic Alliance;Friends of the Estuary;%d;EUR;2026-09-01;2026-11-30;"+
			"Northbank Regional Referendum;private, within the EU;yes;https://transparency.example/ad%d\n", i, i%50, 1000+i%9000, i)
	}
	return p
}

// BenchmarkReadCSVExport reads a CSV export into documents, as check
// --file does before it checks them: rows/s.
func BenchmarkReadCSVExport(b *testing.B) {
	const rows = 10_000
	p := exportRows(b, rows)
	for b.Loop() {
		r, err := Open(p, nil, Options{})
		if err != nil {
			b.Fatal(err)
		}
		n := 0
		for {
			a, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil || a.Err != nil || !strings.HasPrefix(a.PAID, "AD") {
				b.Fatal(err, a.Err, a.PAID)
			}
			n++
		}
		r.Close()
		if n != rows {
			b.Fatalf("%d rows", n)
		}
	}
	b.ReportMetric(float64(rows*b.N)/b.Elapsed().Seconds(), "rows/s")
}

// TestCSVStreamsInFlatMemory: reading an export row by row keeps nothing
// of the rows read: the live heap after 20,000 rows is what it was after
// 1,000 (a row kept would add a kilobyte or more each).
func TestCSVStreamsInFlatMemory(t *testing.T) {
	p := exportRows(t, 10_000)
	r, err := Open(p, nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var early, late uint64
	for n := 1; ; n++ {
		_, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		switch n {
		case 1_000:
			early = liveHeap()
		case 10_000:
			late = liveHeap()
		}
	}
	if late > early+1<<20 {
		t.Errorf("live heap %d KiB after 1,000 rows, %d KiB after 10,000: rows are kept", early>>10, late>>10)
	}
}

func liveHeap() uint64 {
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}
