package cmd

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/semaphore"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/text"
)

// Bounds of a list of PAIDs read from a file or stdin, documented in the
// README: no line, and no amount of input read ahead, costs more memory.
const (
	maxListLine    = 4096    // bytes in one line; a longer line is reported and skipped
	maxReadAhead   = 10000   // PAIDs read ahead of the lookups (so that a batch knows its size)
	maxAheadBytes  = 1 << 20 // bytes of PAIDs read ahead
	maxBadLineText = 80      // characters of an overlong line quoted in its error
)

// listItem is one entry of a list of PAIDs: what was given, and where.
type listItem struct {
	input string
	line  int   // its line in the list; 0 for an argument
	long  bool  // the line is longer than maxListLine: input is its start
	err   error // why it cannot be looked up, when the reading already says so
}

// listLine is the item's line for the words of a failure: 0 for an
// argument, and for an overlong line, whose error names its line itself.
func (it listItem) listLine() int {
	if it.long {
		return 0
	}
	return it.line
}

// scanList calls fn with each entry of a list of PAIDs: surrounding space
// trimmed, blank lines and lines starting with # skipped, a line longer
// than maxListLine given with long set and only its start (the rest is
// read away, never into memory). fn returns false to stop. A read error
// ends the list.
func scanList(r io.Reader, fn func(listItem) bool) error {
	br := bufio.NewReaderSize(r, maxListLine)
	for n := 1; ; n++ {
		line, long, err := readLine(br)
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") || long {
			if long {
				line = clipRunes(line, maxBadLineText)
			}
			if !fn(listItem{input: line, line: n, long: long}) {
				return nil
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// tooLong says what is wrong with an overlong line.
func tooLong() string {
	return "the line is longer than " + text.Thousands(maxListLine) + " bytes: put one PAID a line"
}

// readLine reads one line of at most the reader's buffer; of a longer one
// it keeps the start and reads the rest away. err is io.EOF after the last
// line.
func readLine(br *bufio.Reader) (line string, long bool, err error) {
	b, err := br.ReadSlice('\n')
	line = string(b)
	for errors.Is(err, bufio.ErrBufferFull) {
		long = true
		_, err = br.ReadSlice('\n')
	}
	if err == io.EOF && line == "" && !long {
		return "", false, io.EOF
	}
	if err == io.EOF {
		err = nil // the last line had no line break; EOF comes with the next read
	}
	return line, long, err
}

func clipRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

// paidSource yields the PAIDs of a batch in input order: the arguments,
// with '-' standing for the lines of stdin (or of the --list file, which
// takes its place: name says which). A goroutine of its own reads
// stdin at most maxReadAhead PAIDs (maxAheadBytes) ahead of the lookups,
// so that the first is looked up before the input ends, memory does not
// grow with the input, and the batch stops reading at once when it stops,
// even while a read blocks (that read is left to end with the process).
type paidSource struct {
	name   string // what '-' reads: "stdin", or the --list file's path
	args   []string
	pos    int           // the next argument
	items  chan listItem // stdin's, nil without '-'
	ahead  *semaphore.Weighted
	ctx    context.Context // ends when the source is stopped
	stop   context.CancelFunc
	read   atomic.Int64 // PAIDs read so far, for the progress line
	ended  atomic.Bool  // stdin was read to its end, or there is no '-'
	taken  int          // PAIDs taken by the batch
	mu     sync.Mutex
	failed error // why reading stdin failed
}

// newPAIDSource starts reading args (and stdin, called name, for '-').
func newPAIDSource(args []string, stdin io.Reader, name string) (*paidSource, error) {
	s := &paidSource{name: name, args: args, ahead: semaphore.NewWeighted(maxAheadBytes)}
	s.ctx, s.stop = context.WithCancel(context.Background())
	for _, a := range args {
		switch {
		case a != "-":
			s.read.Add(1)
		case s.items != nil:
			s.stop()
			return nil, usagef("'-' may be given once")
		default:
			s.items = make(chan listItem, maxReadAhead)
		}
	}
	if s.items == nil {
		s.ended.Store(true)
		return s, nil
	}
	go s.feed(stdin)
	return s, nil
}

// feed reads stdin into items.
func (s *paidSource) feed(stdin io.Reader) {
	defer close(s.items)
	stopped := false
	err := scanList(stdin, func(it listItem) bool {
		if it.long {
			it.err = &api.Error{Kind: api.KindInvalidPAID, Message: fmt.Sprintf("line %d of %s: %s", it.line, text.CleanText(s.name), tooLong())}
		}
		stopped = !s.put(it)
		return !stopped
	})
	switch {
	case stopped:
	case err != nil:
		s.mu.Lock()
		s.failed = fmt.Errorf("reading PAIDs from %s: %w", text.CleanText(s.name), err)
		s.mu.Unlock()
	default:
		s.ended.Store(true)
	}
}

// put queues one item, waiting while too much is read ahead; false when
// the source was stopped.
func (s *paidSource) put(it listItem) bool {
	if s.ahead.Acquire(s.ctx, int64(len(it.input))) != nil {
		return false
	}
	select {
	case s.items <- it:
		s.read.Add(1)
		return true
	case <-s.ctx.Done():
		return false
	}
}

// next waits for the next item; ok is false when the input has ended or
// ctx ended first.
func (s *paidSource) next(ctx context.Context) (it listItem, ok bool) {
	for s.pos < len(s.args) {
		if a := s.args[s.pos]; a != "-" {
			s.pos++
			s.taken++
			return listItem{input: a}, true
		}
		select {
		case it, ok := <-s.items:
			if ok {
				s.take(it)
				return it, true
			}
			s.pos++ // stdin has ended
		case <-ctx.Done():
			return listItem{}, false
		}
	}
	return listItem{}, false
}

func (s *paidSource) take(it listItem) {
	s.ahead.Release(int64(len(it.input)))
	s.taken++
}

// rest stops the reading of stdin and takes what is left: the PAIDs read
// from stdin but not yet taken, and the arguments after them.
func (s *paidSource) rest() []listItem {
	s.stop()
	var out []listItem
	for ; s.pos < len(s.args); s.pos++ {
		if a := s.args[s.pos]; a != "-" {
			out = append(out, listItem{input: a})
			s.taken++
			continue
		}
		for drained := false; !drained; {
			select {
			case it, ok := <-s.items:
				if ok {
					s.take(it)
					out = append(out, it)
				} else {
					drained = true
				}
			default:
				drained = true
			}
		}
	}
	return out
}

// size is how many PAIDs were read so far, and whether that is all.
func (s *paidSource) size() (n int, all bool) {
	return int(s.read.Load()), s.ended.Load()
}

// err is why reading stdin failed, if it did.
func (s *paidSource) err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.failed
}
