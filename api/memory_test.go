package api

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/synctest"
)

// grown runs l.grow(n) in a goroutine and reports on the channel when it
// returned.
func grown(l *memLease, ctx context.Context, n int64) <-chan error {
	done := make(chan error, 1)
	go func() { done <- l.grow(ctx, n) }()
	return done
}

func isDone(ch <-chan error) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// A reservation that does not fit waits until memory is given back,
// unless its lookup is the oldest holding or asking: that one never waits,
// so one answer larger than the bound still goes through.
func TestMemoryGateWaitsButNeverTheOldest(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx := context.Background()
		g := NewMemoryGate(100)
		a, b, c := g.lease(), g.lease(), g.lease()
		if err := a.grow(ctx, 60); err != nil {
			t.Fatal(err)
		}
		bDone := grown(b, ctx, 60) // 120 > 100, and a is older
		synctest.Wait()
		if isDone(bDone) {
			t.Fatal("b got 60 while a held 60 of 100")
		}
		// a is the oldest: it goes over the limit rather than wait for b,
		// who waits for a.
		if err := a.grow(ctx, 80); err != nil {
			t.Fatal(err)
		}
		if got := g.Used(); got != 140 {
			t.Errorf("used %d, want 140", got)
		}
		cDone := grown(c, ctx, 10)
		synctest.Wait()
		if isDone(bDone) || isDone(cDone) {
			t.Fatal("b or c got memory while a held more than the limit")
		}
		a.release()
		synctest.Wait()
		if !isDone(bDone) || !isDone(cDone) {
			t.Fatal("b and c should have their memory once a gave it back")
		}
		if got := g.Used(); got != 70 {
			t.Errorf("used %d, want 70", got)
		}
		b.release()
		c.release()
		if got := g.Used(); got != 0 {
			t.Errorf("used %d after every release, want 0", got)
		}
	})
}

// The printer's TakeFirst never waits and counts as the oldest: while it holds
// more than the limit, no lookup goes past it.
func TestMemoryGateTakeIsOlderThanEveryLease(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := NewMemoryGate(100)
		a := g.lease()
		taken := g.TakeFirst(150)
		aDone := grown(a, context.Background(), 10) // a alone: the oldest lease, but younger than the Take
		synctest.Wait()
		if isDone(aDone) {
			t.Fatal("a got memory while the printer held more than the limit")
		}
		taken.Release()
		synctest.Wait()
		if !isDone(aDone) {
			t.Fatal("a should have its memory once the printer gave it back")
		}
		var none *MemoryGate
		none.TakeFirst(1 << 40).Release()
		none.Hold(1 << 40).Release() // no gate: nothing counted
	})
}

// What a batch holds back counts against the limit, but not as the
// oldest: the oldest lookup still goes past it (the answer the held ones
// wait for may be that lookup's).
func TestMemoryGateHoldLeavesTheOldestItsWay(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := NewMemoryGate(100)
		a, b := g.lease(), g.lease()
		held := g.Hold(90)
		if err := a.grow(context.Background(), 50); err != nil { // the oldest: past the held 90
			t.Fatal(err)
		}
		bDone := grown(b, context.Background(), 5)
		synctest.Wait()
		if isDone(bDone) {
			t.Fatal("b got memory while held answers and a filled the gate")
		}
		held.Release()
		synctest.Wait()
		if !isDone(bDone) {
			t.Fatal("b should go on once the held answers were printed")
		}
	})
}

// A lookup that gives up waiting stops counting as the oldest: else a
// younger one asking more than the whole bound would wait for ever.
func TestMemoryGateCanceledWaitLetsYoungerGo(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := NewMemoryGate(100)
		a, b, c := g.lease(), g.lease(), g.lease()
		if err := a.grow(context.Background(), 95); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		bDone := grown(b, ctx, 50)
		synctest.Wait()
		if isDone(bDone) {
			t.Fatal("b should wait behind a")
		}
		cancel()
		synctest.Wait()
		if err := <-bDone; !errors.Is(err, context.Canceled) {
			t.Errorf("b: %v, want canceled", err)
		}
		a.release()
		cDone := grown(c, context.Background(), 150) // more than the bound: only as the oldest
		synctest.Wait()
		if !isDone(cDone) {
			t.Error("c should go on as the oldest once b gave up and a was done")
		}
	})
}

// onlyReader hides a bytes.Reader's WriteTo, as a network body would.
type onlyReader struct{ r io.Reader }

func (o onlyReader) Read(p []byte) (int, error) { return o.r.Read(p) }

// readBody reserves an announced length at once, and an unannounced one
// in steps as it grows; a body over the cap comes back one byte over it.
func TestReadBodyReservesWhatItTakes(t *testing.T) {
	body := bytes.Repeat([]byte("x"), 300<<10)
	for _, c := range []struct {
		name       string
		want       int64
		maxReserve int64
	}{
		{"announced", int64(len(body)), int64(len(body)) + 1},
		{"chunked", -1, 64<<10 + 128<<10 + 256<<10 + 512<<10},
	} {
		g := NewMemoryGate(1 << 30)
		l := g.lease()
		got, err := l.readBody(context.Background(), onlyReader{bytes.NewReader(body)}, c.want, 32<<20)
		if err != nil || !bytes.Equal(got, body) {
			t.Fatalf("%s: %d bytes, %v", c.name, len(got), err)
		}
		if l.held < int64(len(body)) || l.held > c.maxReserve {
			t.Errorf("%s: reserved %d for %d bytes, want between them and %d", c.name, l.held, len(body), c.maxReserve)
		}
		l.release()
	}
	var nilLease *memLease
	got, err := nilLease.readBody(context.Background(), strings.NewReader("abcdef"), -1, 4)
	if err != nil || string(got) != "abcde" {
		t.Errorf("over the cap: %q %v, want the cap and one byte more", got, err)
	}
}

func TestParseCost(t *testing.T) {
	if ParseCost(1000) != 20000 || ParseCost(31<<20) != parseCeiling {
		t.Errorf("ParseCost: %d, %d", ParseCost(1000), ParseCost(31<<20))
	}
}
