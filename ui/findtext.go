package ui

import (
	"bytes"
	"sort"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/padview/padview/api/text"
)

// maxHits caps the matches a find in a text pane counts and steps through.
const maxHits = 10000

// hit is one match: a line and byte offsets in its text without styles.
type hit struct{ line, from, to int }

// lineIndex is a text pane's lines, folded, in one buffer: finding as one
// types is then one bytes.Index pass, however long the text.
type lineIndex struct {
	buf    []byte
	starts []int // where each line begins in buf
	// offsets places the folded lines whose accents folding took off
	// (foldOffsets); a line not in it has its offsets as indexed.
	offsets map[int][]int32
}

// add appends a line, given without styles.
func (x *lineIndex) add(plain string) { addLine(x, plain) }

// addBytes is add for a line in a buffer.
func (x *lineIndex) addBytes(plain []byte) { addLine(x, plain) }

// addLine appends a line, folded, and keeps its offsets when folding
// moved them.
func addLine[T string | []byte](x *lineIndex, plain T) {
	x.starts = append(x.starts, len(x.buf))
	var offs []int32
	x.buf, offs = foldInto(x.buf, plain, true)
	x.buf = append(x.buf, '\n')
	if offs != nil {
		if x.offsets == nil {
			x.offsets = map[int][]int32{}
		}
		x.offsets[len(x.starts)-1] = offs
	}
}

// original is offset off of line i's folded text in the line as given.
func (x *lineIndex) original(i, off int) int {
	m, ok := x.offsets[i]
	if !ok || off >= len(m) {
		return off
	}
	return int(m[off])
}

// styledIndex indexes lines drawn with styles.
func styledIndex(lines []string) *lineIndex {
	x := &lineIndex{starts: make([]int, 0, len(lines))}
	for _, l := range lines {
		x.add(ansi.Strip(l))
	}
	return x
}

// find returns the matches of q (folded) in order, at most maxHits, and
// whether there were more.
func (x *lineIndex) find(q string) ([]hit, bool) {
	if q == "" {
		return nil, false
	}
	needle := []byte(q)
	var hits []hit
	line := 0
	for at := 0; ; {
		i := bytes.Index(x.buf[at:], needle)
		if i < 0 {
			return hits, false
		}
		if len(hits) == maxHits {
			return hits, true
		}
		at += i
		for line+1 < len(x.starts) && x.starts[line+1] <= at {
			line++
		}
		hits = append(hits, hit{line, at - x.starts[line], at - x.starts[line] + len(needle)})
		at += len(needle)
	}
}

// lines returns every line that holds q (folded), in order: one pass
// over the buffer, skipping to the next line at each match.
func (x *lineIndex) lines(q string) []int {
	needle := []byte(q)
	out := make([]int, 0, len(x.starts)) // one allocation, however many match
	line := 0
	for at := 0; ; {
		i := bytes.Index(x.buf[at:], needle)
		if i < 0 {
			return out
		}
		at += i
		for line+1 < len(x.starts) && x.starts[line+1] <= at {
			line++
		}
		out = append(out, line)
		if line+1 == len(x.starts) {
			return out
		}
		at = x.starts[line+1]
	}
}

// line is line i as indexed, folded, with its newline.
func (x *lineIndex) line(i int) []byte {
	end := len(x.buf)
	if i+1 < len(x.starts) {
		end = x.starts[i+1]
	}
	return x.buf[x.starts[i]:end]
}

// narrow keeps the hits of a query that q extends where q matches too.
func (x *lineIndex) narrow(hits []hit, q string) []hit {
	out := make([]hit, 0, len(hits))
	for _, h := range hits {
		at := x.starts[h.line] + h.from
		if at+len(q) <= len(x.buf) && string(x.buf[at:at+len(q)]) == q {
			out = append(out, hit{h.line, h.from, h.from + len(q)})
		}
	}
	return out
}

// textFind is the find of a text pane: the find line, the index of the
// pane's lines (built in a command when the line opens) and the matches,
// one of them current.
type textFind struct {
	finder
	index *lineIndex
	want  int // the index asked for (findIndex.id) until it comes; 0: none
	found
	past searches[found]
	cur  int
}

// found is the matches of one query.
type found struct {
	hits   []hit
	capped bool // there were more than maxHits
}

// handle takes a message for the find. It reports whether the find took
// it and the line to bring into sight (-1: none). top is the first line
// in sight, where a new search starts; index builds the lines' index, in
// a command: it may lay out a whole document. What is typed before the
// index comes is sought when it comes.
func (t *textFind) handle(k *kit, msg tea.Msg, top int, index func() *lineIndex) (bool, int, tea.Cmd) {
	if x, ok := msg.(findIndex); ok {
		if x.id != t.want || t.want == 0 {
			return true, -1, nil // another pane's, or one this pane gave up on
		}
		t.index, t.want = x.index, 0
		if t.query == "" {
			return true, -1, nil
		}
		t.search(top)
		return true, t.current(), nil
	}
	ev, cmd := t.update(k, msg)
	switch ev {
	case findIgnored:
		return false, -1, nil
	case findTaken:
		if t.typing {
			cmd = tea.Batch(cmd, t.ask(k, index))
		}
	case findChanged:
		if t.index == nil {
			return true, -1, tea.Batch(cmd, t.ask(k, index))
		}
		t.search(top)
		return true, t.current(), cmd
	case findDone:
		return true, t.current(), cmd
	case findCleared:
		t.index, t.want, t.found, t.past, t.cur = nil, 0, found{}, searches[found]{}, 0
	case findNext, findPrev:
		if n := len(t.hits); n > 0 {
			d := 1
			if ev == findPrev {
				d = -1
			}
			t.cur = ((t.cur+d)%n + n) % n
		}
		return true, t.current(), cmd
	}
	return true, -1, cmd
}

// ask requests the index, unless it is there or on its way.
func (t *textFind) ask(k *kit, index func() *lineIndex) tea.Cmd {
	if t.index != nil || t.want != 0 {
		return nil
	}
	t.want = k.request()
	return indexCmd(t.want, index)
}

// search finds the query again, making current the first match at or
// below top (as less does), or the first of all.
func (t *textFind) search(top int) {
	t.found = t.past.run(t.query, func() found {
		hits, capped := t.index.find(t.query)
		return found{hits, capped}
	}, func(last found) (found, bool) {
		return found{hits: t.index.narrow(last.hits, t.query)}, !last.capped
	})
	t.cur = sort.Search(len(t.hits), func(i int) bool { return t.hits[i].line >= top })
	if t.cur == len(t.hits) {
		t.cur = 0
	}
}

// reindex takes the pane's lines laid out again (a new width). It builds
// the index at once, as it costs no more than the layout that was just
// made; one on its way, of the old lines, is dropped when it comes.
func (t *textFind) reindex(index func() *lineIndex, top int) {
	if t.index == nil && t.want == 0 {
		return
	}
	t.index, t.want, t.found, t.past = index(), 0, found{}, searches[found]{}
	t.search(top)
}

func (t textFind) current() int {
	if len(t.hits) == 0 {
		return -1
	}
	return t.hits[t.cur].line
}

// count is "match 3 of 17" (where n/N are among the matches; a table's
// find counts rows instead: "625 of 5,000 rows"), "no match", or ""
// before anything is typed.
func (t textFind) count() string {
	switch {
	case t.query == "":
		return ""
	case t.index == nil:
		return findingWords
	case len(t.hits) == 0:
		return "no match"
	case t.capped:
		return "match " + text.Thousands(int64(t.cur+1)) + " of " + text.Thousands(int64(len(t.hits))) + "+"
	}
	return "match " + text.Thousands(int64(t.cur+1)) + " of " + text.Thousands(int64(len(t.hits)))
}

// spans is where line's matches are, for mark.
func (t textFind) spans(line int) []span {
	i := sort.Search(len(t.hits), func(i int) bool { return t.hits[i].line >= line })
	var out []span
	for ; i < len(t.hits) && t.hits[i].line == line; i++ {
		h := t.hits[i]
		out = append(out, span{t.index.original(line, h.from), t.index.original(line, h.to), i == t.cur})
	}
	return out
}

// marker draws the matches of the lines in sight; the match styles are
// worked out once per draw.
type marker struct {
	t             *textFind
	on, onCurrent string
}

func (t *textFind) marker(k *kit) marker {
	if len(t.hits) == 0 {
		return marker{}
	}
	on, _ := styleCodes(k.st.Match)
	cur, _ := styleCodes(k.st.MatchCurrent)
	return marker{t, on, cur}
}

// line marks line number i, drawn as s.
func (m marker) line(i int, s string) string {
	if m.t == nil {
		return s
	}
	return mark(s, m.t.spans(i), m.on, m.onCurrent)
}

// reveal scrolls so that line shows, a third of the way down when it
// was out of sight.
func (s *scroller) reveal(line int, lines func(need int) int) {
	if line < 0 || line >= s.offset && line < s.offset+s.height {
		return
	}
	s.offset = 0
	s.move(max(0, line-s.height/3), lines)
}
