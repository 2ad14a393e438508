package audit

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/padview/padview/api/osfile"
	"github.com/padview/padview/api/signals"
	"github.com/padview/padview/api/statedir"
)

// maxLine bounds one line when the log is read; padview writes lines well
// under 2 KiB, so a longer one was not written by padview.
const maxLine = 64 * 1024

// Line is one line of the log as read back.
type Line struct {
	N     int    // line number, from 1
	Raw   []byte // the bytes as stored, without the newline
	Entry Entry
	Err   error // set when the line is not a readable entry
	// Unterminated: the file ends inside this line (no newline after it).
	Unterminated bool
}

// Each reads the log line by line and calls fn for each; fn's error stops
// it and is returned.
func Each(r io.Reader, fn func(Line) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxLine)
	sc.Split(splitLines)
	n := 0
	for sc.Scan() {
		n++
		l := Line{N: n, Raw: bytes.TrimSuffix(sc.Bytes(), []byte{'\n'})}
		l.Unterminated = len(l.Raw) == len(sc.Bytes())
		if err := json.Unmarshal(l.Raw, &l.Entry); err != nil {
			l.Err = errors.New("not an entry padview wrote (unreadable JSON)")
		}
		if err := fn(l); err != nil {
			return err
		}
	}
	if errors.Is(sc.Err(), bufio.ErrTooLong) { // the newline counts: padview's lines are far shorter
		return &Broken{Line: n + 1, Reason: fmt.Sprintf("it is longer than the %d KiB a line may have", maxLine/1024)}
	}
	return sc.Err()
}

// splitLines splits on "\n" alone and keeps every other byte, "\r"
// included, since the chain hashes lines exactly as stored. A token keeps
// its newline, so that Each can tell a line the file ends inside.
func splitLines(data []byte, atEOF bool) (int, []byte, error) {
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		return i + 1, data[:i+1], nil
	}
	if atEOF && len(data) > 0 {
		return len(data), data, nil
	}
	return 0, nil, nil
}

// Broken says where the log breaks: the first line that is not as padview
// wrote it, and why. Line 0 is the log as a whole: its end does not match
// the head file, or one of the two files is missing.
type Broken struct {
	Line   int
	Reason string
}

func (b *Broken) Error() string {
	if b.Line == 0 {
		return b.Reason
	}
	return fmt.Sprintf("line %d: %s", b.Line, b.Reason)
}

// chainEnd is where a chain ends: the number of lines read, the last
// entry's number and its line's hash; and of the last line, where the
// chain stood before it and whether the file ends inside it, so that Check
// can tell a write padview did not finish from an edit.
type chainEnd struct {
	lines int
	seq   int
	hash  string

	lastEntry        *Entry
	lastUnterminated bool
	beforeSeq        int
	beforeHash       string
	brokenBeforeLast bool // the chain broke at a line before the last
}

// Verify checks the chain: every line is an entry, numbered one more than
// the line before, holding the SHA-256 of the line before. It returns the
// number of lines read (all of them, also past a break), and a *Broken
// error naming the first bad line. The chain alone cannot see an edit of
// the very last line or lines cut from the end: Check compares the end
// with the head file too.
func Verify(r io.Reader) (int, error) {
	end, err := verify(r)
	return end.lines, err
}

func verify(r io.Reader) (chainEnd, error) {
	end := chainEnd{hash: genesis}
	var first *Broken
	err := Each(r, func(l Line) error {
		end.lines = l.N
		end.lastUnterminated, end.lastEntry = l.Unterminated, nil
		if first != nil {
			end.brokenBeforeLast = true
			return nil // counting on: the total is the file's
		}
		end.beforeSeq, end.beforeHash = end.seq, end.hash
		if first = link(l, end.seq, end.hash); first == nil {
			end.seq, end.hash = l.Entry.Seq, hashLine(l.Raw)
			e := l.Entry
			end.lastEntry = &e
		}
		return nil
	})
	if first != nil {
		return end, first
	}
	return end, err
}

// link checks that a line follows the entry prevSeq whose line hashes to
// prevHash.
func link(l Line, prevSeq int, prevHash string) *Broken {
	if l.Err != nil {
		return &Broken{Line: l.N, Reason: l.Err.Error()}
	}
	e := l.Entry
	switch {
	case e.Seq > prevSeq+1 && l.N == 1:
		return &Broken{Line: 1, Reason: fmt.Sprintf("it is entry %d: the %d before it were removed", e.Seq, e.Seq-1)}
	case e.Seq > prevSeq+1:
		return &Broken{Line: l.N, Reason: fmt.Sprintf("it is entry %d, but the line before is entry %d: %d removed between them",
			e.Seq, prevSeq, e.Seq-prevSeq-1)}
	case e.Seq != prevSeq+1:
		return &Broken{Line: l.N, Reason: fmt.Sprintf("it is entry %d, but the line before is entry %d: a line was copied or moved", e.Seq, prevSeq)}
	case e.Prev != prevHash && l.N == 1:
		return &Broken{Line: 1, Reason: "it was changed (it does not start the chain)"}
	case e.Prev != prevHash:
		return &Broken{Line: l.N - 1, Reason: fmt.Sprintf("it does not match the hash line %d holds for it: one of the two was changed", l.N)}
	case e.HeadMismatch:
		return &Broken{Line: l.N, Reason: "when padview wrote it, the head file did not vouch for the lines before it " +
			"(it was missing, unreadable or behind the log): lines added, edited or cut before it cannot be ruled out"}
	}
	return nil
}

// Interrupted says the log ends in a write padview did not finish: it
// stopped (killed, or the machine went down) in the middle of the last
// line, or between the last line and its head file. Nothing before that
// line is affected, and Recover completes it; the next line padview
// writes does too.
type Interrupted struct {
	Line   int // the line the write left
	Reason string
}

func (i *Interrupted) Error() string { return fmt.Sprintf("line %d: %s", i.Line, i.Reason) }

// Check verifies the log in d: its chain (see Verify), then its end
// against the head file beside it (HeadPath), which finds an edited last
// line, lines cut from the end and a deleted log. It holds the file lock
// while it reads (waiting at most LockWait for it, and no longer than ctx
// allows), so that a padview writing meanwhile is not taken for a break.
// It returns the log's number of lines (all of them, also past a break)
// and a *Broken error, or an *Interrupted one when the only fault is a
// write padview did not finish at the end; an error satisfying
// errors.Is(err, fs.ErrNotExist) when neither file exists: no full view
// was logged yet.
func Check(ctx context.Context, d *statedir.Dir) (int, error) {
	path := d.File(FileName)
	head, headErr := readHead(d)
	f, err := d.OpenFile(FileName, os.O_RDONLY)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, missingLog(head, headErr, err)
	}
	if err != nil {
		return 0, accessError(path, "open", err)
	}
	defer f.Close()
	if err := lock(ctx, f, nil); err != nil {
		return 0, lockError(ctx, path, err)
	}
	defer osfile.Unlock(f)
	// Read the head again under the lock: a writer may have moved it on.
	head, headErr = readHead(d)
	if errors.Is(headErr, errUnsafeHead) {
		return 0, accessError(HeadPath(path), "read", headErr)
	}
	end, err := verify(f)
	if err != nil {
		return brokenChain(f, end, err, head, headErr)
	}
	if end.lastUnterminated && headStands(head, headErr, end.beforeSeq, end.beforeHash) {
		return end.lines, &Interrupted{Line: end.lines, Reason: "padview stopped while writing it: the line has no end " +
			"(everything before it matches the head file); its request was not sent"}
	}
	return end.lines, endAgainstHead(end, head, headErr, HeadPath(path))
}

// missingLog is Check's answer when the log file does not exist: no full
// view was logged yet (notExist) when the head file is missing too, else
// a *Broken saying the log was deleted.
func missingLog(head Head, headErr, notExist error) error {
	switch {
	case errors.Is(headErr, errNoHead):
		return notExist
	case headErr != nil:
		return &Broken{Reason: "the log is missing, and " + headErr.Error()}
	}
	return &Broken{Reason: fmt.Sprintf("the log is missing, but its head file says it held %d entries", head.Seq)}
}

// brokenChain is Check's answer when the chain breaks (err): the number
// of all the file's lines, and the break, or an *Interrupted when the only
// fault is an incomplete last line whose entry the head file never named.
func brokenChain(f io.ReadSeeker, end chainEnd, err error, head Head, headErr error) (int, error) {
	if _, serr := f.Seek(0, io.SeekStart); serr == nil {
		if n, cerr := countLines(f); cerr == nil {
			end.lines = n
		}
	}
	if b, ok := err.(*Broken); ok && b.Line == end.lines && end.lastUnterminated && !end.brokenBeforeLast &&
		headStands(head, headErr, end.beforeSeq, end.beforeHash) {
		return end.lines, &Interrupted{Line: end.lines, Reason: "padview stopped while writing it: the line is incomplete " +
			"(everything before it matches the head file); its request was not sent"}
	}
	return end.lines, err
}

// endAgainstHead holds the end of an intact chain against the head file
// (at headPath): nil when it names the last entry, else what is wrong. One
// case for each way the two can disagree, in the order they are told
// apart, so the function is better whole: split, the order that decides
// between the cases would no longer show.
func endAgainstHead(end chainEnd, head Head, headErr error, headPath string) error {
	switch {
	case errors.Is(headErr, errNoHead) && end.lines == 0:
		return nil // opened, nothing written yet
	case errors.Is(headErr, errNoHead) && end.lines == 1 && end.seq == 1:
		return &Interrupted{Line: 1, Reason: "padview stopped between writing the first line and its head file"}
	case errors.Is(headErr, errNoHead):
		return &Broken{Reason: fmt.Sprintf("its head file %s is missing, so an edit of the last line "+
			"or lines cut from the end cannot be ruled out", headPath)}
	case headErr != nil:
		return &Broken{Reason: headErr.Error()}
	case end.seq < head.Seq && end.lines == 0:
		return &Broken{Reason: fmt.Sprintf("the log is empty, but its head file says it held %d entries", head.Seq)}
	case end.seq < head.Seq:
		return &Broken{Reason: fmt.Sprintf("it ends at entry %d, but its head file says entry %d was written last: "+
			"%d cut from the end", end.seq, head.Seq, head.Seq-end.seq)}
	case end.seq == head.Seq+1 && end.lastEntry != nil && end.lastEntry.Prev == head.Hash:
		return &Interrupted{Line: end.lines, Reason: fmt.Sprintf("padview stopped between writing entry %d and its head file, "+
			"which still names entry %d", end.seq, head.Seq)}
	case end.seq > head.Seq:
		first := end.lines - (end.seq - head.Seq) + 1
		return &Broken{Line: first, Reason: fmt.Sprintf("its head file says entry %d was written last: "+
			"this line and those after it were added by something other than padview", head.Seq)}
	case end.hash != head.Hash:
		return &Broken{Line: end.lines, Reason: "it was changed: it does not match the hash its head file keeps for the last line"}
	}
	return nil
}

// headStands reports whether the head file names the entry seq whose line
// hashes to hash (or is missing, with no entry before).
func headStands(h Head, headErr error, seq int, hash string) bool {
	if errors.Is(headErr, errNoHead) {
		return seq == 0
	}
	return headErr == nil && h.Seq == seq && h.Hash == hash
}

// Recover completes a write padview did not finish at the end of the log
// in d (what Check reports as *Interrupted): it cuts a line left
// incomplete, or writes the head file for a last line that has none. It
// says what it did; a log that is intact, or broken otherwise, is left as
// it is and Recover returns Check's verdict as its error (nil when
// intact, with nothing done).
func Recover(ctx context.Context, d *statedir.Dir) (string, error) {
	_, err := Check(ctx, d)
	var in *Interrupted
	if !errors.As(err, &in) {
		return "", err
	}
	path := d.File(FileName)
	f, err := d.OpenFile(FileName, os.O_RDWR)
	if err != nil {
		return "", accessError(path, "open", err)
	}
	defer f.Close()
	h := signals.NewHold()
	defer h.Release()
	if err := lock(ctx, f, h); err != nil {
		return "", lockError(ctx, path, err)
	}
	defer osfile.Unlock(f)
	t, err := readTail(f)
	if err != nil {
		return "", accessError(path, "read", err)
	}
	head, headErr := readHead(d)
	p := planAppend(t, head, headErr)
	if p.recovered == "" || p.mismatch {
		return "", &Broken{Reason: "the log changed while it was being recovered: verify it again"}
	}
	if p.cut >= 0 {
		if err := f.Truncate(p.cut); err != nil {
			return "", accessError(path, "write", err)
		}
		if err := f.Sync(); err != nil {
			return "", accessError(path, "write", err)
		}
	}
	if p.seq > 0 && (headErr != nil || head.Seq != p.seq) {
		if err := writeHead(d, Head{Seq: p.seq, Hash: p.prev}); err != nil {
			return "", accessError(HeadPath(path), "write", err)
		}
	}
	return p.recovered, nil
}
