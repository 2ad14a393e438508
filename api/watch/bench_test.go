package watch

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/fake"
)

// The numbers, measured here (not asserted by timed tests):
//
//	go test -run '^$' -bench UnchangedPoll -benchtime 2000x ./api/watch
//	go test -run '^$' -bench 'TenThousand|Pacing' -benchtime 1x ./api/watch

// sampleDocs are standard views of the fake's samples, normalized as a
// poll gets them.
func sampleDocs(b *testing.B) []*advert.Document {
	srv := startFake(b, fake.Options{})
	get := fetcher(b, srv, advert.Standard)
	var out []*advert.Document
	for _, p := range []string{"AB12CD", "TN2026", "PAD-2026-000000123456", "XK9P2M", "ZZ7Q1A", "Q4R8ST"} {
		d, err := get(context.Background(), p)
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, d)
	}
	return out
}

// checkpointedSize folds the WAL into the database and returns the size
// of every file the database has on disk.
func checkpointedSize(b *testing.B, s *Store) int64 {
	if _, err := s.db.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
		b.Fatal(err)
	}
	var n int64
	for _, f := range stateFiles(s) {
		if st, err := os.Stat(f); err == nil {
			n += st.Size()
		}
	}
	return n
}

// BenchmarkUnchangedPoll records the same answer again and again: what a
// poll costs padview beyond the request (the keyed hashes, the content
// hash, the check, the row's update), in CPU time, and how much the files
// grow for it. "running" is a `watch run` that has seen the content
// before (its check remembered); "new-process" forgets it each time, as
// each `watch run --once` starts afresh.
func BenchmarkUnchangedPoll(b *testing.B) {
	for _, fresh := range []bool{false, true} {
		name := "running"
		if fresh {
			name = "new-process"
		}
		b.Run(name, func(b *testing.B) {
			docs := sampleDocs(b)
			s := openTest(b)
			s.Add([]string{docs[1].PAID})
			if _, err := s.Record(docs[1].PAID, 1, docs[1], nil); err != nil {
				b.Fatal(err)
			}
			size := checkpointedSize(b, s)
			cpu := cpuTime()
			b.ResetTimer()
			for range b.N {
				if fresh {
					s.checked = checkMemo{}
				}
				ev, err := s.Record(docs[1].PAID, 1, docs[1], nil)
				if err != nil || ev.Kind != Unchanged {
					b.Fatal(ev.Kind, err)
				}
			}
			b.StopTimer()
			b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N)/1e3, "cpu-µs/poll")
			b.ReportMetric(float64(checkpointedSize(b, s)-size)/float64(b.N), "bytes/poll")
		})
	}
}

// BenchmarkUnchangedPollOverLoopback is a whole poll of the steady
// sample through the client and the fake over loopback, the fake's own
// CPU included.
func BenchmarkUnchangedPollOverLoopback(b *testing.B) {
	srv := startFake(b, fake.Options{Limit: 1 << 30})
	s := openTest(b)
	s.Add([]string{"TN2026"})
	p := &Poller{Store: s, Fetch: fetcher(b, srv, advert.Standard), Workers: 1}
	p.Sweep(context.Background())
	cpu := cpuTime()
	b.ResetTimer()
	for range b.N {
		if sum, err := p.Sweep(context.Background()); err != nil || sum.Counts[Unchanged] != 1 {
			b.Fatal(sum, err)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N)/1e3, "cpu-µs/poll")
}

// BenchmarkTenThousandWatchesOneChangeEach fills a database as 10,000
// watched advertisements with one change each leave it: two snapshots,
// two events; it reports the files' size.
func BenchmarkTenThousandWatchesOneChangeEach(b *testing.B) {
	const n = 10_000
	docs := sampleDocs(b)
	for range b.N {
		s, err := Open(filepath.Join(b.TempDir(), "state", FileName), testService)
		if err != nil {
			b.Fatal(err)
		}
		paids := make([]string, n)
		for i := range paids {
			paids[i] = fmt.Sprintf("PAD-2026-%012d", i)
		}
		if _, err := s.Add(paids); err != nil {
			b.Fatal(err)
		}
		for round := range 2 {
			for i, p := range paids {
				d := *docs[i%len(docs)]
				d.PAID = p
				if round == 1 { // one change: the notice's version
					lm := d.LegalAndMetadata.With()
					lm.Set("noticeVersion", advert.StringValue("2.0"))
					d.LegalAndMetadata = lm
				}
				ev, err := s.Record(p, 1, &d, nil)
				if err != nil || (round == 1 && ev.Kind != Changed) {
					b.Fatal(ev.Kind, err)
				}
			}
		}
		b.ReportMetric(float64(checkpointedSize(b, s))/1e6, "MB")
		s.Close()
	}
}

// BenchmarkPacing sweeps against the fake's limiter set to the pace
// itself, so that a single request too many would be a 429: it reports
// the pace reached as a share of --rate, the 429s, the time slots stood
// empty because no worker was ready (idle-ms), and the process's CPU as a
// share of the time (cpu-%). "minute" is the default --rate of 500 in real
// minutes (100 requests, 12 s), "minute-1000" the highest --rate (200
// requests, 12 s): the target. "scaled" is 1,000 requests in
// a window of 2 s, 30 times the pace of --rate 1000: 8 workers then have
// 16 ms for each request and its record, so a machine too busy to give
// the process that time, or a WAL checkpoint's fsync that outlasts the 8
// answers waiting for the database, shows as idle time.
func BenchmarkPacing(b *testing.B) {
	for _, tc := range []struct {
		name   string
		rate   int
		window time.Duration
		polls  int
	}{{"minute", DefaultRate, time.Minute, 100}, {"minute-1000", 1000, time.Minute, 200}, {"scaled", 1000, 2 * time.Second, 1000}} {
		b.Run(tc.name, func(b *testing.B) {
			for range b.N {
				srv := startFake(b, fake.Options{Limit: tc.rate, Window: tc.window})
				s := openTest(b)
				paids := make([]string, tc.polls)
				for i := range paids {
					paids[i] = fmt.Sprintf("P%05d", i) // unknown: 404s, every one a request
				}
				s.Add(paids)
				get := fetcher(b, srv, advert.Standard)
				var mu sync.Mutex
				var first, last time.Time
				pacer := NewPacer(tc.rate, tc.window)
				cpu, start := cpuTime(), time.Now()
				p := &Poller{Store: s, Pacer: pacer, Fetch: func(ctx context.Context, paid string) (*advert.Document, error) {
					mu.Lock()
					now := time.Now()
					if first.IsZero() {
						first = now
					}
					last = now
					mu.Unlock()
					return get(ctx, paid)
				}}
				if _, err := p.Sweep(context.Background()); err != nil {
					b.Fatal(err)
				}
				reached := float64(tc.polls-1) / float64(last.Sub(first)) * float64(tc.window)
				b.ReportMetric(100*reached/float64(tc.rate), "%-of-rate")
				b.ReportMetric(float64(srv.Stats().RateLimited), "429s")
				b.ReportMetric(float64(pacer.idle)/1e6, "idle-ms")
				b.ReportMetric(100*float64(cpuTime()-cpu)/float64(time.Since(start)), "cpu-%")
			}
		})
	}
}

// BenchmarkGrowth measures what watch.db grows by, after a checkpoint,
// under a service that changes something every poll, each event marked
// delivered as `watch run` marks it:
//
//	go test -run '^$' -bench Growth -benchtime 1x ./api/watch
//
// "volatile" is the fake's samples with a timestamp member that moves
// every poll (lastUpdated): bytes a change, and what that makes a day at
// the default --rate of 500 a minute if every poll is such a change
// (720,000 polls: MB/day-at-500/min), and for 10,000 advertisements
// swept hourly (240,000 polls: MB/day-10k-hourly), before watch_keep
// and watch_max_size bound it. "volatile-at-keep" goes on past
// watch_keep (3 here): what a change adds once the history is full.
// "3MB-member" is one member of 3 MB that changes every poll: its
// snapshot, and an event that keeps the member's hashes.
func BenchmarkGrowth(b *testing.B) {
	for _, tc := range []struct {
		name          string
		paids, sweeps int
		keep          int
		big           int // bytes of a member that changes every poll
	}{
		{"volatile", 500, 4, DefaultKeep, 0},
		{"volatile-at-keep", 500, 4, 3, 0},
		{"3MB-member", 1, 3, DefaultKeep, 3 << 20},
	} {
		b.Run(tc.name, func(b *testing.B) {
			docs := sampleDocs(b)
			for range b.N {
				s, err := Open(filepath.Join(b.TempDir(), "state", FileName), testService)
				if err != nil {
					b.Fatal(err)
				}
				s.SetBounds(Bounds{Keep: tc.keep})
				paids := make([]string, tc.paids)
				for i := range paids {
					paids[i] = fmt.Sprintf("PAD-2026-%012d", i)
				}
				if _, err := s.Add(paids); err != nil {
					b.Fatal(err)
				}
				poll := 0
				sweepAll := func() {
					poll++
					var ds []Delivery
					for i, p := range paids {
						d := *docs[i%len(docs)]
						d.PAID = p
						lm := d.LegalAndMetadata.With()
						lm.Set("lastUpdated", advert.StringValue(time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC).Add(time.Duration(poll)*time.Hour).Format(time.RFC3339)))
						if tc.big > 0 {
							lm.Set("retentionPeriod", advert.StringValue(fmt.Sprintf("%d %s", poll, strings.Repeat("x", tc.big))))
						}
						d.LegalAndMetadata = lm
						ev, err := s.Record(p, int64(poll), &d, nil)
						if err != nil || (poll > 1 && ev.Kind != Changed) {
							b.Fatal(ev.Kind, err)
						}
						ds = append(ds, Delivery{ID: ev.ID})
					}
					if err := s.MarkDelivered(ds); err != nil {
						b.Fatal(err)
					}
				}
				for range tc.keep + 1 { // the first snapshot, then a full history where one is bounded
					if tc.keep > tc.sweeps {
						break
					}
					sweepAll()
				}
				if poll == 0 {
					sweepAll()
				}
				before := checkpointedSize(b, s)
				for range tc.sweeps {
					sweepAll()
				}
				grown := float64(checkpointedSize(b, s)-before) / float64(tc.paids*tc.sweeps)
				b.ReportMetric(grown, "bytes/change")
				if tc.big == 0 {
					b.ReportMetric(grown*720_000/1e6, "MB/day-at-500/min")
					b.ReportMetric(grown*240_000/1e6, "MB/day-10k-hourly")
				}
				var event float64
				s.db.QueryRow(`SELECT avg(length(changes)) FROM events WHERE event = 'changed'`).Scan(&event)
				b.ReportMetric(event, "event-changes-bytes")
				s.Close()
			}
		})
	}
}
