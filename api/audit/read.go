package audit

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
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
		l := Line{N: n, Raw: sc.Bytes()}
		if err := json.Unmarshal(l.Raw, &l.Entry); err != nil {
			l.Err = errors.New("not an entry padview wrote (unreadable JSON)")
		}
		if err := fn(l); err != nil {
			return err
		}
	}
	if errors.Is(sc.Err(), bufio.ErrTooLong) {
		return &Broken{Line: n + 1, Reason: fmt.Sprintf("it is longer than the %d KiB a line may have", maxLine/1024)}
	}
	return sc.Err()
}

// splitLines splits on "\n" alone and keeps every other byte, "\r"
// included, since the chain hashes lines exactly as stored.
func splitLines(data []byte, atEOF bool) (int, []byte, error) {
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		return i + 1, data[:i], nil
	}
	if atEOF && len(data) > 0 {
		return len(data), data, nil
	}
	return 0, nil, nil
}

// Broken says where the chain breaks: the first line that is not as
// padview wrote it, and why.
type Broken struct {
	Line   int
	Reason string
}

func (b *Broken) Error() string { return fmt.Sprintf("line %d: %s", b.Line, b.Reason) }

// Verify checks the chain: every line is an entry, numbered one more than
// the line before, holding the SHA-256 of the line before. It returns the
// number of lines, and a *Broken error naming the first bad line. An edit
// of the very last line, or lines cut from the end, leave no trace a chain
// can find: the count of lines is what to compare with an earlier count.
func Verify(r io.Reader) (int, error) {
	prevHash, prevSeq, n := genesis, 0, 0
	err := Each(r, func(l Line) error {
		n = l.N
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
		}
		sum := sha256.Sum256(l.Raw)
		prevHash, prevSeq = hex.EncodeToString(sum[:]), e.Seq
		return nil
	})
	return n, err
}
