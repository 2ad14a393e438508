package api

import (
	"html"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// This file finds the redactor's patterns in bytes as a service may have
// encoded them (see redactor): a decoding reader turns the bytes into the
// characters they stand for, each remembering the bytes it came from,
// and an Aho-Corasick automaton looks for every pattern at once in that
// stream. Both are linear: each layer of the reader reads each character
// of the one below a bounded number of times (an escape's longest form),
// and the automaton moves once per character. Where no escape starts
// (most of any answer) the bytes go to the automaton directly, and the
// layers above the first are asked only where an escape stood for an
// escape character (\u0026lt;): an answer dense with \u00e9 and &amp;
// is read at a sixth of the speed of plain text (docs/performance.md).

// span is a range of the input's bytes that held a pattern.
type span struct{ from, to int }

// decodeDepth is how many encodings deep the reader decodes: JSON over
// HTML (\u0026lt;) is two, one more for good measure.
const decodeDepth = 3

// unit is one character of a decoding layer: up to 4 bytes it decoded to
// (a code point's UTF-8; a plain byte is one), and the input's bytes
// [from, to) it came from.
type unit struct {
	b        [4]byte
	n        uint8
	dec      bool // decoded from an escape, not passed on as it came
	from, to int
}

func byteUnit(c byte, at int) unit { return unit{b: [4]byte{c}, n: 1, from: at, to: at + 1} }

// isIntro marks the bytes that start an escape: \ (JSON, JavaScript), %
// (percent-encoding), & (HTML).
var isIntro = [256]bool{'\\': true, '%': true, '&': true}

// source yields units.
type source interface{ next() (unit, bool) }

// firstLayer reads the input's bytes: each escape as what it stands for
// (when decode is set), every other byte as it is. It reads no further
// than the escape it reads.
type firstLayer struct {
	b      []byte
	pos    int
	decode bool
}

func (r *firstLayer) next() (unit, bool) {
	if r.pos >= len(r.b) {
		return unit{}, false
	}
	pos := r.pos
	if r.decode && isIntro[r.b[pos]] {
		if c, k := escape(rawAt{r.b, pos}); k > 0 {
			r.pos += k
			return runeUnit(c, pos, pos+k), true
		}
	}
	r.pos++
	return byteUnit(r.b[pos], pos), true
}

// layer decodes one more level of escapes in the units of src, the layer
// below; what is not a whole escape passes through as it came. It reads
// ahead at most the longest escape (see longestEntity).
type layer struct {
	src source
	// eager reads an escape wherever its first character stands; else
	// only where that character was itself an escape (see next).
	eager   bool
	q       [lookahead]unit // read ahead: n units from q[head] on, wrapping
	head, n int
}

// The longest escapes a layer reads: an HTML name of longestEntity
// characters (and its & and ;; the longest name html knows is 31), a
// numeric reference of maxDigits digits (leading zeros included); a JSON
// surrogate pair is 12. lookahead, a power of two, holds the longest.
const (
	longestEntity = 32
	maxDigits     = 12
	lookahead     = 64
)

func (l *layer) peek(i int) (unit, bool) {
	for l.n <= i {
		u, ok := l.src.next()
		if !ok {
			return unit{}, false
		}
		l.q[(l.head+l.n)%lookahead] = u
		l.n++
	}
	return l.q[(l.head+i)%lookahead], true
}

// peekByte is the i-th unit ahead when it is a single byte.
func (l *layer) peekByte(i int) (byte, bool) {
	u, ok := l.peek(i)
	if !ok || u.n != 1 {
		return 0, false
	}
	return u.b[0], true
}

func (l *layer) drop(k int) { l.head, l.n = (l.head+k)%lookahead, l.n-k }

func (l *layer) empty() bool { return l.n == 0 }

func (l *layer) next() (unit, bool) {
	u, ok := l.peek(0)
	if !ok {
		return unit{}, false
	}
	// A layer above the first reads an escape only where its first
	// character was itself an escape: the way an encoding is put over
	// another (JSON over HTML writes & as \u0026, percent-encoding twice
	// writes % as %25). An escape character that came as it was has had
	// its reading already, and costs the layers above nothing.
	if u.n == 1 && isIntro[u.b[0]] && (l.eager || u.dec) {
		if r, k := escape(layerAt{l}); k > 0 {
			last, _ := l.peek(k - 1)
			d := runeUnit(r, u.from, last.to)
			l.drop(k)
			return d, true
		}
	}
	l.drop(1)
	return u, true
}

// runeUnit is the unit of what an escape stood for (see escape).
func runeUnit(r rune, from, to int) unit {
	u := unit{from: from, to: to, dec: true}
	if r < 0 { // a byte, not a code point
		u.b[0], u.n = byte(-r-1), 1
	} else {
		u.n = uint8(utf8.EncodeRune(u.b[:], r))
	}
	return u
}

// byteAt reads the i-th byte ahead, false at the end or where a character
// of more than one byte stands. It is how the escapes below read, the
// same from the input's bytes (rawAt) as from a layer's (layerAt).
type byteAt interface{ at(i int) (byte, bool) }

type rawAt struct {
	b   []byte
	pos int
}

func (r rawAt) at(i int) (byte, bool) {
	if j := r.pos + i; j < len(r.b) {
		return r.b[j], true
	}
	return 0, false
}

type layerAt struct{ l *layer }

func (a layerAt) at(i int) (byte, bool) { return a.l.peekByte(i) }

// escape reads the escape at 0, which starts with \ % or &: what it
// stands for and its length, 0 when there is none. What it stands for is
// a code point, or for percent-encoding and \x a byte, as asByte writes
// it.
func escape[R byteAt](r R) (rune, int) {
	c, _ := r.at(0)
	switch c {
	case '\\':
		return jsonEscape(r)
	case '%':
		if v, ok := hex(r, 1, 2); ok {
			return asByte(byte(v)), 3
		}
	case '&':
		return reference(r)
	}
	return 0, 0
}

// asByte is how an escape that stands for a byte rather than a code point
// says so: -(b+1).
func asByte(b byte) rune { return -rune(b) - 1 }

func hex[R byteAt](r R, at, n int) (rune, bool) {
	var v rune
	for i := range n {
		c, ok := r.at(at + i)
		if !ok {
			return 0, false
		}
		d, ok := hexDigit(c)
		if !ok {
			return 0, false
		}
		v = v<<4 | d
	}
	return v, true
}

func hexDigit(c byte) (rune, bool) {
	switch {
	case c >= '0' && c <= '9':
		return rune(c - '0'), true
	case c >= 'a' && c <= 'f':
		return rune(c-'a') + 10, true
	case c >= 'A' && c <= 'F':
		return rune(c-'A') + 10, true
	}
	return 0, false
}

// jsonEscape reads a JSON (or JavaScript \x) escape.
func jsonEscape[R byteAt](r R) (rune, int) {
	c, ok := r.at(1)
	if !ok {
		return 0, 0
	}
	switch c {
	case '"', '\\', '/', '\'':
		return rune(c), 2
	case 'b':
		return '\b', 2
	case 'f':
		return '\f', 2
	case 'n':
		return '\n', 2
	case 'r':
		return '\r', 2
	case 't':
		return '\t', 2
	case 'x':
		if v, ok := hex(r, 2, 2); ok {
			return asByte(byte(v)), 4
		}
	case 'u':
		v, ok := hex(r, 2, 4)
		if !ok {
			return 0, 0
		}
		if !utf16.IsSurrogate(v) {
			return v, 6
		}
		if b, _ := r.at(6); b != '\\' {
			return 0, 0
		}
		if b, _ := r.at(7); b != 'u' {
			return 0, 0
		}
		if lo, ok := hex(r, 8, 4); ok {
			if d := utf16.DecodeRune(v, lo); d != utf8.RuneError {
				return d, 12
			}
		}
	}
	return 0, 0
}

// reference reads an HTML character reference: &#60; &#x3c; (the
// semicolon may be left out, as HTML allows) or &name; as html knows the
// names (the semicolon needed).
func reference[R byteAt](r R) (rune, int) {
	c, ok := r.at(1)
	if !ok {
		return 0, 0
	}
	if c == '#' {
		base, at := rune(10), 2
		if x, _ := r.at(2); x == 'x' || x == 'X' {
			base, at = 16, 3
		}
		var v rune
		n := 0
		for ; n < maxDigits; n++ {
			c, ok := r.at(at + n)
			if !ok {
				break
			}
			d, ok := hexDigit(c)
			if !ok || d >= base {
				break
			}
			if v = v*base + d; v > utf8.MaxRune {
				return 0, 0
			}
		}
		if n == 0 || n == maxDigits || utf16.IsSurrogate(v) {
			return 0, 0
		}
		k := at + n
		if c, _ := r.at(k); c == ';' {
			k++
		}
		return v, k
	}
	var name [longestEntity + 2]byte
	name[0] = '&'
	for n := 1; n <= longestEntity; n++ {
		c, ok := r.at(n)
		switch {
		case !ok:
			return 0, 0
		case c == ';' && n > 1:
			switch string(name[1:n]) { // the common ones, without html's table
			case "amp":
				return '&', n + 1
			case "lt":
				return '<', n + 1
			case "gt":
				return '>', n + 1
			case "quot":
				return '"', n + 1
			case "apos":
				return '\'', n + 1
			}
			name[n] = ';'
			s := html.UnescapeString(string(name[:n+1]))
			d, size := utf8.DecodeRuneInString(s)
			if s == string(name[:n+1]) || size != len(s) {
				return 0, 0 // not a name html knows, or more than one character
			}
			return d, n + 1
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9':
			name[n] = c
		default:
			return 0, 0
		}
	}
	return 0, 0
}

// fold is ASCII's lower case, by which the patterns are compared.
var fold = func() (t [256]byte) {
	for i := range t {
		t[i] = byte(i)
		if i >= 'A' && i <= 'Z' {
			t[i] = byte(i) + 'a' - 'A'
		}
	}
	return t
}()

// matcher is an Aho-Corasick automaton of the patterns, folded to lower
// case. State 0 is the root; a state's edges are few (the patterns share
// little), kept in one array.
type matcher struct {
	root      [256]int32 // the root's move on each folded byte
	start     [256]int32 // the root's move on each byte as written (folded here), -1 for an escape's first byte
	edgeFrom  []int32    // edges of state s: edgeByte/edgeTo[edgeFrom[s]:edgeFrom[s+1]]
	edgeByte  []byte
	edgeTo    []int32
	fail      []int32
	out       []int32 // the length of the longest pattern that ends at the state, 0 for none
	ringMask  int
	maxLength int
}

func newMatcher(patterns [][]byte) *matcher {
	// The trie, with its edges in maps while it is built.
	type node struct {
		next map[byte]int32
		out  int32
	}
	nodes := []node{{}}
	maxLen := 0
	for _, p := range patterns {
		s := int32(0)
		for _, c := range p {
			c = fold[c]
			t, ok := nodes[s].next[c]
			if !ok {
				t = int32(len(nodes))
				nodes = append(nodes, node{})
				if nodes[s].next == nil {
					nodes[s].next = map[byte]int32{}
				}
				nodes[s].next[c] = t
			}
			s = t
		}
		nodes[s].out = max(nodes[s].out, int32(len(p)))
		maxLen = max(maxLen, len(p))
	}
	m := &matcher{edgeFrom: make([]int32, len(nodes)+1), fail: make([]int32, len(nodes)), out: make([]int32, len(nodes)), maxLength: maxLen}
	for s, n := range nodes {
		m.edgeFrom[s] = int32(len(m.edgeByte))
		for c, t := range n.next {
			m.edgeByte = append(m.edgeByte, c)
			m.edgeTo = append(m.edgeTo, t)
		}
		m.out[s] = n.out
	}
	m.edgeFrom[len(nodes)] = int32(len(m.edgeByte))
	for c, t := range nodes[0].next {
		m.root[c] = t
	}
	// Failure links, breadth first; a state's output includes its
	// failure's (a pattern that ends inside a longer one).
	queue := []int32{}
	for _, t := range nodes[0].next {
		queue = append(queue, t)
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for c, t := range nodes[s].next {
			m.fail[t] = m.step(m.fail[s], c)
			m.out[t] = max(m.out[t], m.out[m.fail[t]])
			queue = append(queue, t)
		}
	}
	for c := range 256 {
		m.start[c] = m.root[fold[c]]
		if isIntro[c] {
			m.start[c] = -1
		}
	}
	ring := 1
	for ring < maxLen {
		ring <<= 1
	}
	m.ringMask = ring - 1
	return m
}

// child is s's edge on c, or -1.
func (m *matcher) child(s int32, c byte) int32 {
	for e := m.edgeFrom[s]; e < m.edgeFrom[s+1]; e++ {
		if m.edgeByte[e] == c {
			return m.edgeTo[e]
		}
	}
	return -1
}

// step moves from s on the folded byte c.
func (m *matcher) step(s int32, c byte) int32 {
	for s != 0 {
		if t := m.child(s, c); t >= 0 {
			return t
		}
		s = m.fail[s]
	}
	if t := m.root[c]; t > 0 {
		return t
	}
	return 0
}

// decoded is b read depth layers deep, eagerly: what the matcher compares
// an echo with.
func decoded(b []byte, depth int) []byte {
	top, _, _ := reader(b, depth, true)
	var out []byte
	for u, ok := top.next(); ok; u, ok = top.next() {
		out = append(out, u.b[:u.n]...)
	}
	return out
}

// reader decodes b depth layers deep (0: not at all): top yields the
// characters; first reads the input, and the layers above it.
func reader(b []byte, depth int, eager bool) (top source, first *firstLayer, layers []*layer) {
	first = &firstLayer{b: b, decode: depth > 0}
	top = first
	if depth > 1 {
		layers = make([]*layer, depth-1)
	}
	for i := range layers {
		layers[i] = &layer{src: top, eager: eager}
		top = layers[i]
	}
	return top, first, layers
}

// find returns the spans of b that hold a pattern in b's reading depth
// layers deep (see redactor and layer).
func (m *matcher) find(b []byte, depth int, eager bool) []span {
	f := finder{m: m, ring: make([]int, m.ringMask+1)}
	top, first, layers := reader(b, depth, eager)
	for {
		if allEmpty(layers) {
			first.pos = f.plain(b, first.pos) // up to the next escape character
			if first.pos >= len(b) {
				break
			}
			if !eager && f.escape(b, first) {
				continue
			}
		}
		u, ok := top.next()
		if !ok {
			break
		}
		f.unit(u)
	}
	return f.spans
}

func allEmpty(ls []*layer) bool {
	for _, l := range ls {
		if !l.empty() {
			return false
		}
	}
	return true
}

// escape reads the character at first.pos, which may start an escape, as
// the layers would, where it can tell that the layers above the first
// would pass it on unchanged: it is no escape, or it stands for a
// character that starts no escape, or for one that does but what follows
// cannot go on with it. Nearly every escape of an answer (\u00e9, %20,
// &amp; in a name) goes this way. It reports whether it read one; the
// layers read it otherwise.
func (f *finder) escape(b []byte, first *firstLayer) bool {
	pos := first.pos
	u, _ := first.next()
	if u.dec && u.n == 1 && isIntro[u.b[0]] && first.pos < len(b) && (isIntro[b[first.pos]] || continues(u.b[0], b[first.pos])) {
		first.pos = pos
		return false // it may start an escape of the next layer: \u0026lt;
	}
	f.unit(u)
	return true
}

// continues reports whether c may follow the escape character e in an
// escape: what the layer above reads after e.
func continues(e, c byte) bool {
	switch e {
	case '&':
		return c == '#' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
	case '%':
		_, ok := hexDigit(c)
		return ok
	}
	return strings.IndexByte(`"\\/'bfnrtux`, c) >= 0
}

func (f *finder) unit(u unit) {
	for i := range int(u.n) {
		f.char(u.b[i], u.from, u.to)
	}
}

// finder is the automaton's walk over one input.
type finder struct {
	m     *matcher
	s     int32
	n     int   // characters read
	ring  []int // where the latest characters started in the input, by n
	spans []span
}

// plain runs the automaton over b from pos up to the next byte that
// starts an escape, and returns where it stopped.
func (f *finder) plain(b []byte, pos int) int {
	m, s := f.m, f.s
	start := &m.start
	base := f.n - pos // the character count at b[i] is base+i
	i := pos
	for ; i < len(b); i++ {
		if s == 0 {
			// At the root, where nearly all bytes leave the automaton: a
			// tight loop to the next that starts a pattern or an escape.
			for i < len(b) && start[b[i]] == 0 {
				i++
			}
			if i == len(b) {
				break
			}
			t := start[b[i]]
			if t < 0 {
				break
			}
			s = t
		} else {
			c := b[i]
			if isIntro[c] {
				break
			}
			if s = m.step(s, fold[c]); s == 0 {
				continue
			}
		}
		n := base + i
		f.ring[n&m.ringMask] = i
		if l := m.out[s]; l > 0 {
			f.spans = append(f.spans, span{f.ring[(n-int(l)+1)&m.ringMask], i + 1})
		}
	}
	f.s, f.n = s, base+i
	return i
}

// char runs the automaton over one decoded byte, which came from the
// input's bytes [from, to).
func (f *finder) char(c byte, from, to int) {
	m := f.m
	f.s = m.step(f.s, fold[c])
	n := f.n
	f.n++
	if f.s == 0 {
		return
	}
	f.ring[n&m.ringMask] = from
	if l := m.out[f.s]; l > 0 {
		f.spans = append(f.spans, span{f.ring[(n-int(l)+1)&m.ringMask], to})
	}
}
