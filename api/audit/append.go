package audit

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/osfile"
	"github.com/padview/padview/api/signals"
)

// append writes e as the next line, chained to the last one, and then the
// head file, both under the file lock; when either write fails, the log
// is cut back to its length before, so that no line stands for a request
// that was not sent. The number and the hash it chains to come from the
// head file where that knows more than the log's own end: so a line
// appended after lines were cut from the end, or after the last line was
// edited, does not cover it up but shows it (a gap in the numbers, a hash
// that does not match). A write of padview's own that was interrupted is
// completed first, and the line says so (Recovered).
//
// h holds the signals meanwhile: a signal it catches ends a wait for the
// lock (errSignaled), and none ends the write.
func (l *Log) append(ctx context.Context, e Entry, h *signals.Hold) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	path := l.Path()
	f, err := l.dir.OpenFile(FileName, os.O_RDWR|os.O_CREATE|os.O_APPEND)
	if err != nil {
		return accessError(path, "open", err)
	}
	defer f.Close()
	if err := lock(ctx, f, h); err != nil {
		return lockError(ctx, path, err)
	}
	defer osfile.Unlock(f)
	t, err := readTail(f)
	if err != nil {
		return accessError(path, "read", err)
	}
	head, headErr := readHead(l.dir)
	if errors.Is(headErr, errUnsafeHead) {
		return accessError(HeadPath(path), "read", headErr)
	}
	p := planAppend(t, head, headErr)
	if p.cut >= 0 {
		if err := f.Truncate(p.cut); err != nil {
			return accessError(path, "write", err)
		}
		t.size = p.cut
	}
	e.Seq, e.Prev, e.HeadMismatch, e.Recovered = p.seq+1, p.prev, p.mismatch, p.recovered
	e.Time = l.now().UTC().Truncate(time.Millisecond)
	line, err := json.Marshal(e)
	if err != nil {
		return accessError(path, "write", err)
	}
	next := Head{Seq: e.Seq, Hash: hashLine(line)}
	if p.newline {
		line = append([]byte{'\n'}, line...)
	}
	_, err = f.Write(append(line, '\n'))
	if err == nil {
		err = f.Sync()
	}
	if err == nil {
		betweenLineAndHead()
		if err = writeHead(l.dir, next); err != nil {
			return rollback(f, t.size, accessError(HeadPath(path), "write", err))
		}
		return nil
	}
	return rollback(f, t.size, accessError(path, "write", err))
}

// rollback cuts the log back to size after a failed write, and returns
// the failure.
func rollback(f *os.File, size int64, failure error) error {
	err := f.Truncate(size)
	if err == nil {
		err = f.Sync()
	}
	if err != nil {
		var ae *api.Error
		if errors.As(failure, &ae) {
			ae.Message += "; the part of the line written could not be taken back (" + err.Error() +
				"): the next line padview writes cuts it, or `padview audit --recover`"
		}
	}
	return failure
}

// appendPlan is where the next line goes and what it chains to.
type appendPlan struct {
	cut       int64 // cut the file to this length first; -1 to leave it
	newline   bool  // the file ends inside a line that is not padview's: start a line of its own
	seq       int   // the entry number and hash the line chains to
	prev      string
	mismatch  bool   // the head file does not vouch for the lines before
	recovered string // what of an interrupted write of padview's own was completed
}

// planAppend decides, from the log's end and its head file, what the next
// line chains to.
func planAppend(t tail, h Head, headErr error) appendPlan {
	p := appendPlan{cut: -1}
	last := t.last
	switch {
	case t.torn > 0 && vouches(h, headErr, last):
		// padview stopped in the middle of a line: its request was
		// never sent (Begin had not returned), or its outcome not shown.
		p.cut = last.end
		p.recovered = fmt.Sprintf("cut %d bytes of a line padview had not finished writing", t.torn)
	case t.torn > 0:
		// Not padview's: the bytes stay, as a line of their own.
		p.newline, last = true, t.tornLine
	}
	switch {
	case headErr == nil && h.Seq >= last.seq:
		p.seq, p.prev = h.Seq, h.Hash
	case interrupted(h, headErr, last):
		p.seq, p.prev = last.seq, last.hash
		p.recovered = joinNotes(p.recovered, fmt.Sprintf("completed the head file for entry %d: padview had stopped between writing it and its head file", last.seq))
	case last.seq > 0:
		// Said in the line, so that rewriting the head covers nothing up.
		p.seq, p.prev, p.mismatch = last.seq, last.hash, true
	default:
		p.seq, p.prev = 0, genesis
	}
	return p
}

func joinNotes(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// vouches reports whether the head file stands for the line last: the
// log is as padview left it up to there.
func vouches(h Head, headErr error, last lineEnd) bool {
	if errors.Is(headErr, errNoHead) {
		return last.end == 0
	}
	return headErr == nil && last.entry != nil && h.Seq == last.seq && h.Hash == last.hash
}

// interrupted reports whether last is a whole line padview wrote whose
// head file it did not get to write: the entry after the one the head
// names, chained to it (or the first entry, with no head file yet).
func interrupted(h Head, headErr error, last lineEnd) bool {
	e := last.entry
	switch {
	case e == nil:
		return false
	case errors.Is(headErr, errNoHead):
		return e.Seq == 1 && e.Prev == genesis && last.start == 0
	}
	return headErr == nil && e.Seq == h.Seq+1 && e.Prev == h.Hash
}

// lineEnd is what appending needs to know of a line of the log.
type lineEnd struct {
	start, end int64  // its bytes, end past its newline; end 0 when there is no line
	seq        int    // its entry number, or its line number when it is not an entry
	hash       string // its SHA-256; genesis when there is no line
	entry      *Entry // the entry, when padview wrote it
}

// tail is the log's end: its last whole line, and the bytes after it when
// the file does not end in a newline (a line cut short).
type tail struct {
	size     int64
	last     lineEnd
	torn     int64   // bytes after the last newline
	tornLine lineEnd // those bytes taken as a line
}

// readTail finds the log's end from the end of the file, without reading
// the whole of it unless the last line is not one padview wrote.
func readTail(f *os.File) (tail, error) {
	st, err := f.Stat()
	if err != nil {
		return tail{}, err
	}
	t := tail{size: st.Size(), last: lineEnd{hash: genesis}}
	if t.size == 0 {
		return t, nil
	}
	var one [1]byte
	if _, err := f.ReadAt(one[:], t.size-1); err != nil {
		return tail{}, err
	}
	whole := t.size // where the whole lines end
	if one[0] != '\n' {
		start, err := lineStart(f, t.size)
		if err != nil {
			return tail{}, err
		}
		whole, t.torn = start, t.size-start
		if t.tornLine, err = readLine(f, start, t.size, t.size); err != nil {
			return tail{}, err
		}
	}
	if whole > 0 {
		start, err := lineStart(f, whole-1)
		if err != nil {
			return tail{}, err
		}
		if t.last, err = readLine(f, start, whole-1, whole); err != nil {
			return tail{}, err
		}
		t.last.end = whole
	}
	return t, nil
}

// readLine reads the line in [start, end) of a file of size bytes: its
// hash, and its entry when padview wrote it. A line that is not an entry
// is numbered by counting the lines up to it.
func readLine(f *os.File, start, end, size int64) (lineEnd, error) {
	l := lineEnd{start: start, end: end}
	h := sha256.New()
	if _, err := io.Copy(h, io.NewSectionReader(f, start, end-start)); err != nil {
		return l, err
	}
	l.hash = hex.EncodeToString(h.Sum(nil))
	if end-start <= maxLine {
		b := make([]byte, end-start)
		if _, err := f.ReadAt(b, start); err != nil {
			return l, err
		}
		var e Entry
		if json.Unmarshal(b, &e) == nil && e.Seq > 0 {
			l.seq, l.entry = e.Seq, &e
			return l, nil
		}
	}
	n, err := countLines(io.NewSectionReader(f, 0, min(end+1, size)))
	if err != nil {
		return l, err
	}
	l.seq = n
	return l, nil
}

// lineStart finds where the line ending at end begins.
func lineStart(f *os.File, end int64) (int64, error) {
	buf := make([]byte, 4096)
	for pos := end; pos > 0; {
		n := min(int64(len(buf)), pos)
		if _, err := f.ReadAt(buf[:n], pos-n); err != nil {
			return 0, err
		}
		for i := n - 1; i >= 0; i-- {
			if buf[i] == '\n' {
				return pos - n + i + 1, nil
			}
		}
		pos -= n
	}
	return 0, nil
}

func countLines(r io.Reader) (int, error) {
	n, lines, last := 0, 0, byte('\n')
	buf := make([]byte, 32*1024)
	for {
		k, err := r.Read(buf)
		for _, c := range buf[:k] {
			if c == '\n' {
				lines++
			}
		}
		if k > 0 {
			last = buf[k-1]
			n += k
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return 0, err
		}
	}
	if n > 0 && last != '\n' {
		lines++
	}
	return lines, nil
}

func hashLine(line []byte) string {
	sum := sha256.Sum256(line)
	return hex.EncodeToString(sum[:])
}
