package api

import (
	"context"
	"io"
	"sync"
)

// MemoryGate bounds the memory that the lookups sharing it (a batch's)
// spend together on answers in flight: each body as it is read, and the
// document parsed from it. A lookup reserves what it is about to take
// before it takes it, and waits while the others' reservations leave no
// room. The oldest lookup holding or asking memory never waits: one answer
// larger than the whole bound still goes through, and lookups that wait
// for each other always make progress. What the gate's lookups hold is
// therefore at most its limit plus the oldest one's answer.
//
// A lookup gives its memory back when Get returns: what the caller keeps
// of the answer from then on it counts with Hold, or bounds itself.
type MemoryGate struct {
	limit   int64
	mu      sync.Mutex
	used    int64
	seq     uint64
	asking  map[uint64]bool // leases holding or asking memory
	taking  int             // TakeFirsts not yet released: older than every lease
	changed chan struct{}   // closed, and replaced, when memory is given back
}

// NewMemoryGate is a gate that lets lookups reserve limit bytes together.
func NewMemoryGate(limit int64) *MemoryGate {
	return &MemoryGate{limit: limit, asking: map[uint64]bool{}, changed: make(chan struct{})}
}

// ParseCost is what parsing an answer of n bytes may take, as a gate
// reserves it: 20 times the body, up to a ceiling. Realistic answers take
// 4 to 6 times their body once parsed (50,000 sponsors: 6 MB of JSON, 33 MB
// of document); the worst shapes inside MaxValues, a body of nothing but
// one-digit numbers, take 17 times, and no document of MaxValues values
// takes more than the ceiling.
func ParseCost(n int) int64 {
	return min(20*int64(n), parseCeiling)
}

const parseCeiling = 128 << 20

// Taken is memory counted without waiting, until Release: what is in
// memory already (Hold), or what must not wait (TakeFirst).
type Taken struct {
	g     *MemoryGate
	n     int64
	first bool
}

// Hold counts n bytes at once, over the limit if need be: an answer a
// batch holds back for its turn, which the lookups in flight must leave
// room for. A nil gate counts nothing.
func (g *MemoryGate) Hold(n int64) Taken {
	return g.take(n, false)
}

// TakeFirst is Hold for the batch's printer making the document it prints
// next. Every lookup is younger than the printer's answer, so it counts as
// the oldest: while it holds more than the limit, no lookup takes the
// oldest's way past it.
func (g *MemoryGate) TakeFirst(n int64) Taken {
	return g.take(n, true)
}

func (g *MemoryGate) take(n int64, first bool) Taken {
	if g == nil {
		return Taken{}
	}
	g.mu.Lock()
	g.used += n
	if first {
		g.taking++
	}
	g.mu.Unlock()
	return Taken{g: g, n: n, first: first}
}

// Release gives the memory back.
func (t Taken) Release() {
	if t.g == nil {
		return
	}
	g := t.g
	g.mu.Lock()
	g.used -= t.n
	if t.first {
		g.taking--
	}
	g.wake()
	g.mu.Unlock()
}

// wake tells the waiting leases that memory was given back, or the oldest
// changed; g.mu is held.
func (g *MemoryGate) wake() {
	close(g.changed)
	g.changed = make(chan struct{})
}

// Used is what the gate's lookups hold now: for tests and -v.
func (g *MemoryGate) Used() int64 {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.used
}

// memLease is one lookup's share of a gate, across its attempts. A nil
// lease (no gate) reserves nothing and never waits.
type memLease struct {
	g    *MemoryGate
	id   uint64 // its age: lower is older
	held int64
}

func (g *MemoryGate) lease() *memLease {
	if g == nil {
		return nil
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.seq++
	return &memLease{g: g, id: g.seq}
}

// grow reserves n more bytes, waiting while they do not fit and an older
// lease holds or asks memory; an error only when ctx ended first.
func (l *memLease) grow(ctx context.Context, n int64) error {
	if l == nil || n <= 0 {
		return nil
	}
	g := l.g
	g.mu.Lock()
	g.asking[l.id] = true
	for g.used+n > g.limit && !g.oldest(l.id) {
		wait := g.changed
		g.mu.Unlock()
		select {
		case <-wait:
		case <-ctx.Done():
			g.mu.Lock()
			if l.held == 0 {
				delete(g.asking, l.id) // no longer the oldest: others may be waiting for that
				g.wake()
			}
			g.mu.Unlock()
			return ctx.Err()
		}
		g.mu.Lock()
	}
	g.used += n
	l.held += n
	g.mu.Unlock()
	return nil
}

// oldest says whether id is the oldest lease holding or asking memory;
// g.mu is held.
func (g *MemoryGate) oldest(id uint64) bool {
	if g.taking > 0 {
		return false
	}
	for other := range g.asking {
		if other < id {
			return false
		}
	}
	return true
}

// release gives back everything the lease holds.
func (l *memLease) release() {
	if l == nil {
		return
	}
	g := l.g
	g.mu.Lock()
	delete(g.asking, l.id)
	g.used -= l.held
	l.held = 0
	g.wake()
	g.mu.Unlock()
}

// readBody reads a body of at most max bytes (one more, to tell a body
// over the cap), reserving its memory from l before it is taken: the
// announced length at once, or, when none was announced, in steps as the
// buffer grows. want is resp.ContentLength (-1 when unknown).
func (l *memLease) readBody(ctx context.Context, body io.Reader, want, max int64) ([]byte, error) {
	r := io.LimitReader(body, max+1)
	size := int64(64 << 10)
	if want >= 0 {
		size = want + 1 // the +1 sees EOF without growing
	}
	size = min(size, max+1)
	if err := l.grow(ctx, size); err != nil {
		return nil, err
	}
	buf := make([]byte, 0, size)
	for {
		if len(buf) == cap(buf) && int64(cap(buf)) <= max {
			next := min(2*int64(cap(buf)), max+1)
			if err := l.grow(ctx, next); err != nil { // the old buffer is garbage only once copied
				return buf, err
			}
			buf = append(make([]byte, 0, next), buf...)
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
}
