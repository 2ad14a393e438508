package ui

import (
	"unicode/utf8"

	"github.com/padview/padview/api/text"
)

// jsonLines lays a JSON document out as json.Indent does (two spaces per
// level, empty containers kept as {} and []), one line at a time and only
// as far as someone looks: opening Raw on a 30 MB answer formats the lines
// on screen, not the document. Every markEvery lines it remembers where
// the next line starts, so any window is reached from a nearby mark.
//
// It never fails: bytes that are not JSON are laid out as tokens anyway.
type jsonLines struct {
	src   []byte
	marks []jsonMark // marks[i] is where line i*markEvery starts
	lines int        // lines counted so far
	done  bool       // counted to the end: lines is the total
	at    jsonMark   // where counting stopped
}

type jsonMark struct{ pos, depth int }

const (
	markEvery = 256
	// maxRawLine caps the bytes one line keeps (a megabyte-long string is
	// one line of JSON); the rest is skipped, with "…" to say so.
	maxRawLine = 4096
)

func newJSONLines(src []byte) *jsonLines {
	return &jsonLines{src: src, marks: []jsonMark{{}}}
}

// count makes sure lines up to need are counted (all of them when need is
// past the end) and returns how many are known.
func (j *jsonLines) count(need int) int {
	for !j.done && j.lines < need {
		next, ok := j.step(j.at, nil)
		if !ok {
			j.done = true
			break
		}
		j.at = next
		j.lines++
		if j.lines%markEvery == 0 {
			j.marks = append(j.marks, next)
		}
	}
	return j.lines
}

// total is the number of lines, counting them all.
func (j *jsonLines) total() int { return j.count(int(^uint(0) >> 1)) }

// window returns up to n lines from line from, cleaned for the terminal.
// It reads only: the caller counts far enough first (count).
func (j *jsonLines) window(from, n int) []string {
	mi := min(from/markEvery, len(j.marks)-1)
	at := j.marks[mi]
	var ok bool
	for i := mi * markEvery; i < from; i++ {
		if at, ok = j.step(at, nil); !ok {
			return nil
		}
	}
	out := make([]string, 0, n)
	buf := make([]byte, 0, 256)
	for range n {
		buf = buf[:0]
		next, ok := j.step(at, &buf)
		if !ok {
			break
		}
		out = append(out, text.CleanText(string(buf)))
		at = next
	}
	return out
}

// each calls yield with every line from the first, cleaned as window
// writes them (the slice is only good until yield returns); walking to
// the end, it counts the lines on the way.
func (j *jsonLines) each(yield func([]byte)) {
	at, n := jsonMark{}, 0
	buf := make([]byte, 0, 256)
	for {
		buf = buf[:0]
		next, ok := j.step(at, &buf)
		if !ok {
			j.lines, j.done, j.at = n, true, at
			return
		}
		if printableASCII(buf) {
			yield(buf) // nearly every line: nothing to clean, nothing to copy
		} else {
			yield([]byte(text.CleanText(string(buf))))
		}
		at = next
		n++
		if n%markEvery == 0 && n/markEvery == len(j.marks) {
			j.marks = append(j.marks, next)
		}
	}
}

func printableASCII(b []byte) bool {
	for _, c := range b {
		if c < 0x20 || c >= 0x7f {
			return false
		}
	}
	return true
}

// step lays out the line that starts at at, writing it to out when out is
// not nil, and returns where the next line starts; false at the end. It is
// the tokenizer's one step, a case a kind of token, and reads best whole.
func (j *jsonLines) step(at jsonMark, out *[]byte) (jsonMark, bool) {
	src, p, depth := j.src, skipSpace(j.src, at.pos), at.depth
	if p >= len(src) {
		return at, false
	}
	if c := src[p]; c == '}' || c == ']' {
		depth = max(0, depth-1) // a closing bracket sits one level up
	}
	w := writer{out: out}
	w.indent(depth)
	first := true
	for {
		p = skipSpace(src, p)
		if p >= len(src) {
			return jsonMark{p, depth}, true
		}
		switch c := src[p]; c {
		case '}', ']':
			if !first {
				return jsonMark{p, depth}, true
			}
			w.write(src[p : p+1])
			p++
		case '{', '[':
			q := skipSpace(src, p+1)
			if q < len(src) && src[q] == c+2 { // '{'+2 is '}', '['+2 is ']'
				w.write(src[p : p+1])
				w.write(src[q : q+1])
				p = q + 1
				break
			}
			w.write(src[p : p+1])
			return jsonMark{p + 1, depth + 1}, true
		case ',':
			w.write(src[p : p+1])
			return jsonMark{p + 1, depth}, true
		case ':':
			w.write([]byte(": "))
			p++
		case '"':
			end := p + 1
			for end < len(src) && src[end] != '"' {
				if src[end] == '\\' {
					end++
				}
				end++
			}
			end = min(end+1, len(src))
			w.write(src[p:end])
			p = end
		default:
			end := p + 1
			for end < len(src) && !delimiter[src[end]] {
				end++
			}
			w.write(src[p:end])
			p = end
		}
		first = false
	}
}

// writer collects one line, up to maxRawLine bytes.
type writer struct {
	out  *[]byte
	full bool
}

func (w *writer) indent(depth int) {
	if w.out != nil {
		for range min(depth, maxRawLine/4) {
			*w.out = append(*w.out, ' ', ' ')
		}
	}
}

func (w *writer) write(b []byte) {
	if w.out == nil || w.full {
		return
	}
	if room := maxRawLine - len(*w.out); len(b) > room {
		room = max(room, 0)
		for room > 0 && !utf8.RuneStart(b[room]) {
			room--
		}
		*w.out = append(append(*w.out, b[:room]...), "…"...)
		w.full = true
		return
	}
	*w.out = append(*w.out, b...)
}

// delimiter marks the bytes that end a number or literal.
var delimiter = func() (d [256]bool) {
	for _, c := range []byte(" \t\r\n,:[]{}\"") {
		d[c] = true
	}
	return d
}()

func skipSpace(src []byte, p int) int {
	for p < len(src) && (src[p] == ' ' || src[p] == '\n' || src[p] == '\t' || src[p] == '\r') {
		p++
	}
	return p
}
